export * from './lib/claims';
export * from './lib/scores';
export * from './lib/deep-linking';
export * from './lib/dynamic-registration';
