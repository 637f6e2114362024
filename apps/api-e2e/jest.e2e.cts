module.exports = {
  displayName: 'api-e2e',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.e2e-spec.ts'],
  transform: { '^.+\\.[tj]s$': ['@swc/jest', require('../../jest.swc.cjs')] },
  moduleNameMapper: require('../../jest.paths.cjs'),
  testTimeout: 60_000,
};
