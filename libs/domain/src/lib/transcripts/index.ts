export * from './parse-transcript';
export * from './chapters';
export { STOP_WORDS, isStopWord } from './stop-words';
export { tokenize, stem, countWords } from './tokenizer';
export type { Token } from './tokenizer';
export { decodeEntities } from './text';
