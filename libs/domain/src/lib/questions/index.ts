export * from './types';
export * from './labels';
export * from './feedback';
export * from './validate';
export * from './grade';
export * from './learner';
