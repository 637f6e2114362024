export { parseTranscript, WORDS_PER_MINUTE } from './parse-transcript';
export type { ParsedTranscript, ParseTranscriptOptions, TranscriptFormat, TranscriptSegment } from './parse-transcript';
export { buildChapters, CHAPTER_TITLE_MAX_LENGTH, MAX_CHAPTERS, MIN_CHAPTER_SECONDS, MIN_CHAPTER_WORDS } from './chapters';
export type { BuildChaptersOptions, Chapter } from './chapters';
export { paragraphs, readingChapters } from './reading-chapters';
export type { ReadingChapter, ReadingQuestion } from './reading-chapters';
