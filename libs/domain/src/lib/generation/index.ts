export {
  DEFAULT_GENERATION_QUESTION_TYPES,
  GENERATION_DEFAULTS,
  MAX_INTERACTIONS,
  MAX_QUESTIONS_PER_CHAPTER,
  MIN_QUESTIONS_PER_CHAPTER,
  MIN_TRANSCRIPT_CHARS_FOR_GENERATION,
  resolveGenerationSettings,
} from './settings';
export type { GenerationSettingsShape } from './settings';
export { CROSS_CHAPTER_TYPES, planQuestionSlots } from './plan';
export type { QuestionSlot } from './plan';
export { DEFAULT_MIN_QUESTION_GAP_SECONDS, WHOLE_VIDEO_TOPIC, finaliseQuestions } from './timing';
export type { FinaliseOptions } from './timing';
export { hashText, seededRng } from './random';
