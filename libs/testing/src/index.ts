export * from './lib/testing';
