export * from './lib/subscription';
export * from './lib/credentials';
