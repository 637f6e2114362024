export * from './lib/app-config.module';
export * from './lib/redis.module';
export * from './lib/transport';
export * from './lib/rpc-exception.filter';
export * from './lib/instance-id';
export * from './lib/service-cli';
export * from './lib/probe';
export * from './lib/service-call';
