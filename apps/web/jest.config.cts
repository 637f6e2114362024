/// <reference types="node" />
module.exports = {
  displayName: 'web',
  preset: '../../jest.preset.js',
  testEnvironment: 'jsdom',
  // A component test renders and waits on a whole screen; on a busy two-core machine that can take
  // several seconds, so 5 s per test and 1 s per findBy/waitFor were too tight (CI timeouts under load).
  testTimeout: 20_000,
  setupFilesAfterEnv: ['<rootDir>/src/test/testing-library.cjs'],
  transform: {
    '^(?!.*\\.(js|jsx|ts|tsx|css|json)$)': '@nx/react/plugins/jest',
    '^.+\\.[tj]sx?$': ['babel-jest', { presets: ['@nx/react/babel'] }],
  },
  moduleNameMapper: {
    '\\.css$': '<rootDir>/src/test/style-mock.cjs',
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'jsx'],
  coverageDirectory: '../../coverage/apps/web',
};
