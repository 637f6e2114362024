// Browser tests drive a whole stack and Chromium on a two-core machine; a test that fails is run
// once more, and its first failure is printed in full (so a flaky test stays visible in the log).
// A test that fails twice fails the run.
jest.retryTimes(1, { logErrorsBeforeRetry: true });
