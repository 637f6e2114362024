export * from './lib/stack';
export * from './lib/oauth-mock';
export * from './lib/youtube-stub';
export * from './lib/openai-stub';
export * from './lib/private-redis';
export * from './lib/lti-platform';
