export * from './lib/data-source';
export * from './lib/database-admin';
export * from './lib/returning-rows';
