export * from './lib/subscription';
export * from './lib/credentials';
export * from './lib/plans';
export * from './lib/youtube-url';
export * from './lib/folders';
export * from './lib/transcripts';
export * from './lib/questions';
