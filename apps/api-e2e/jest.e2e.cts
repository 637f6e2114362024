/**
 * Over TCP every spec runs. Over NATS (TEST_TRANSPORT=nats) the specs run that carry each
 * service's messages (auth, library, questions, attempts, generation, export, LTI), the errors
 * mapped back through the transport (bad input), the transport's own failure modes (transport,
 * service outage) and the request id carried in every message (observability). The rest test the
 * gateway, Redis or an outside server (rate limits, headers, Redis outage, school load, lockouts,
 * Google, YouTube, uploads, plans, lesson results): the transport plays no part in them, so they
 * run once, over TCP. (A results CSV chunk is kept under 256 KB, far below NATS's 1 MB message
 * limit.) `API_E2E_ALL=1` runs every spec over NATS too.
 */
const TCP_ONLY = [
  'account',
  'admin-and-schema',
  'auth-security',
  'gateway-security',
  'google',
  'lti-instructor',
  'plan-writes',
  'rate-limit',
  'redis-outage',
  'results',
  'school-load',
  'transcripts',
  'upload',
  'youtube',
];
const natsSubset = process.env.TEST_TRANSPORT === 'nats' && process.env.API_E2E_ALL !== '1';

/**
 * The specs that measure time, fire bursts that need the CPU within a service-call timeout (60
 * parallel sign-ins hash 60 passwords: under the other transport's run the auth-service missed the
 * gateway's 5 s timeout once), or take services and Redis down: in a full `npm test` they run alone
 * (API_E2E_PART=serial), after the rest of both transports ran side by side (API_E2E_PART=parallel),
 * so a busy CPU never decides them. Without API_E2E_PART a run includes them, as before.
 */
const SERIAL = ['auth-security', 'observability', 'rate-limit', 'redis-outage', 'school-load', 'service-outage', 'transport'];
const part = process.env.API_E2E_PART;
const specPattern = (name: string) => `/src/${name}\\.e2e-spec\\.ts$`;
/**
 * API_E2E_ONLY and API_E2E_SKIP (comma-separated spec names) split one transport's specs between two
 * runs: `npm test` runs a few TCP-only specs after the NATS run, beside the rest of TCP (tools/ci/test-all.cjs).
 */
const names = (value: string | undefined) => (value ?? '').split(',').map((name) => name.trim()).filter(Boolean);
const only = names(process.env.API_E2E_ONLY);
const skipped = names(process.env.API_E2E_SKIP);

module.exports = {
  displayName: 'api-e2e',
  rootDir: __dirname,
  testEnvironment: 'node',
  // The migrated template database the stacks copy, built before any spec starts (once per build).
  globalSetup: '<rootDir>/../../libs/process-stack/src/test-template-setup.cjs',
  testMatch: only.length
    ? only.map((name) => `<rootDir>/src/${name}.e2e-spec.ts`)
    : part === 'serial'
      ? SERIAL.map((name) => `<rootDir>/src/${name}.e2e-spec.ts`)
      : ['<rootDir>/src/**/*.e2e-spec.ts'],
  testPathIgnorePatterns: [
    '/node_modules/',
    ...(natsSubset ? TCP_ONLY.map(specPattern) : []),
    ...(part === 'parallel' ? SERIAL.map(specPattern) : []),
    ...skipped.map(specPattern),
  ],
  // One more run for a failed test, its first error printed (retry-setup.cjs).
  setupFilesAfterEnv: ['<rootDir>/retry-setup.cjs'],
  transform: { '^.+\\.[tj]s$': ['@swc/jest', require('../../jest.swc.cjs')] },
  moduleNameMapper: require('../../jest.paths.cjs'),
  testTimeout: 60_000,
};
