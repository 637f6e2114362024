// API tests drive whole stacks side by side on a two-core machine (TCP and NATS at once); a test that
// fails is run once more, and its first failure is printed in full, so a flaky test stays visible in
// the log. A test that fails twice fails the run.
jest.retryTimes(1, { logErrorsBeforeRetry: true });
