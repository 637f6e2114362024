export * from './lib/scorm-constants';
export * from './lib/scorm-time';
export * from './lib/xml';
export * from './lib/xml-reader';
export * from './lib/scorm-manifest.util';
export * from './lib/scorm-package.util';
export * from './lib/scorm-interactions';
export * from './lib/scorm-runtime';
