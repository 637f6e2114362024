export * from './lib/video-storage';
export * from './lib/local-disk-storage';
export * from './lib/sniff';
export * from './lib/range';
export * from './lib/captions';
