/// <reference types="node" />
module.exports = {
  displayName: 'outbox',
  preset: '../../jest.preset.js',
  testEnvironment: 'node',
  transform: { '^.+\\.[tj]s$': ['@swc/jest', require('../../jest.swc.cjs')] },
  moduleNameMapper: require('../../jest.paths.cjs'),
  moduleFileExtensions: ['ts', 'js'],
  coverageDirectory: '../../coverage/libs/outbox',
};
