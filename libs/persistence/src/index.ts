export * from './lib/data-source';
export * from './lib/database-admin';
