export * from './lib/connections';
export * from './lib/generation';
export * from './lib/export';
export * from './lib/lti';
export * from './lib/row-queue';
