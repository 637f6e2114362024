/// <reference types="node" />
module.exports = {
  displayName: 'admin-metrics-service',
  preset: '../../jest.preset.js',
  testEnvironment: 'node',
  transform: { '^.+\\.[tj]s$': ['@swc/jest', require('../../jest.swc.cjs')] },
  moduleNameMapper: require('../../jest.paths.cjs'),
  moduleFileExtensions: ['ts', 'js'],
  coverageDirectory: '../../coverage/apps/admin-metrics-service',
};
