export * from './lib/persistence';
