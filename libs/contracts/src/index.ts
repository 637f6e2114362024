export * from './lib/auth.patterns';
export * from './lib/auth.dto';
export * from './lib/auth.messages';
export * from './lib/rpc-error';
export * from './lib/matches-property.validator';
export * from './lib/no-control-characters.validator';
