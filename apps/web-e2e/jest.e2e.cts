module.exports = {
  displayName: 'web-e2e',
  rootDir: __dirname,
  testEnvironment: 'node',
  // The migrated template database the stacks copy, built before any spec starts (once per build).
  globalSetup: '<rootDir>/../../libs/process-stack/src/test-template-setup.cjs',
  testMatch: ['<rootDir>/src/**/*.e2e-spec.ts'],
  transform: { '^.+\\.[tj]s$': ['@swc/jest', require('../../jest.swc.cjs')] },
  moduleNameMapper: require('../../jest.paths.cjs'),
  // Starting the stack and a browser takes a while on a cold machine.
  testTimeout: 120_000,
  // One more run for a failed test, its first error printed (retry-setup.cjs).
  setupFilesAfterEnv: ['<rootDir>/retry-setup.cjs'],
};
