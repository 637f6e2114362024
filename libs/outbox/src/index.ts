export * from './lib/outbox-table';
export * from './lib/write-event';
export * from './lib/outbox-relay';
export * from './lib/events-history';
export * from './lib/outbox.module';
