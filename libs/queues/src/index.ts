export * from './lib/connections';
export * from './lib/generation';
