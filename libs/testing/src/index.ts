export * from './lib/stack';
