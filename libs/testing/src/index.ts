export * from './lib/stack';
export * from './lib/oauth-mock';
