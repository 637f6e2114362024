import { QUESTION_TYPES, QuestionType } from '../folders';

/**
 * Generation settings after defaults and limits (spec sections 3, 5 and 9). Structurally the same as
 * GenerationSettings in libs/contracts, which the domain library cannot import.
 */
export interface GenerationSettingsShape {
  questionTypes: QuestionType[];
  /** 1 to MAX_INTERACTIONS. */
  interactionCount: number;
  /** MIN_QUESTIONS_PER_CHAPTER to MAX_QUESTIONS_PER_CHAPTER. */
  questionsPerChapter: number;
  feedbackEnabled: boolean;
  animationsEnabled: boolean;
  detailedSummary: boolean;
  smartTopicReturn: boolean;
}

/** The interaction count sent is never above 8. */
export const MAX_INTERACTIONS = 8;
export const MIN_QUESTIONS_PER_CHAPTER = 1;
export const MAX_QUESTIONS_PER_CHAPTER = 3;
/** A transcript must be longer than this many characters before questions are generated from it. */
export const MIN_TRANSCRIPT_CHARS_FOR_GENERATION = 50;

export const DEFAULT_GENERATION_QUESTION_TYPES: readonly QuestionType[] = ['single_choice', 'multiple_choice', 'true_false'];

export const GENERATION_DEFAULTS: Readonly<GenerationSettingsShape> = Object.freeze({
  questionTypes: [...DEFAULT_GENERATION_QUESTION_TYPES],
  interactionCount: MAX_INTERACTIONS,
  questionsPerChapter: 2,
  feedbackEnabled: true,
  animationsEnabled: true,
  detailedSummary: false,
  smartTopicReturn: true,
});

function wholeNumberIn(value: unknown, min: number, max: number, fallback: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, Math.floor(value)));
}

function flag(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

/** Known question types in the order given, each once; the defaults when none is known. */
function questionTypes(value: unknown): QuestionType[] {
  if (!Array.isArray(value)) return [...DEFAULT_GENERATION_QUESTION_TYPES];
  const known = new Set<string>(QUESTION_TYPES);
  const out: QuestionType[] = [];
  for (const entry of value) {
    if (typeof entry === 'string' && known.has(entry) && !out.includes(entry as QuestionType)) out.push(entry as QuestionType);
  }
  return out.length > 0 ? out : [...DEFAULT_GENERATION_QUESTION_TYPES];
}

/**
 * A complete settings object from a partial (or untrusted) one: missing or invalid fields take the
 * defaults, counts are clamped (interactionCount 1–8, questionsPerChapter 1–3, fractions rounded down),
 * unknown and repeated question types are dropped.
 */
export function resolveGenerationSettings(partial: Partial<GenerationSettingsShape> | null | undefined = {}): GenerationSettingsShape {
  const p: Partial<GenerationSettingsShape> = partial && typeof partial === 'object' ? partial : {};
  const d = GENERATION_DEFAULTS;
  return {
    questionTypes: questionTypes(p.questionTypes),
    interactionCount: wholeNumberIn(p.interactionCount, 1, MAX_INTERACTIONS, d.interactionCount),
    questionsPerChapter: wholeNumberIn(p.questionsPerChapter, MIN_QUESTIONS_PER_CHAPTER, MAX_QUESTIONS_PER_CHAPTER, d.questionsPerChapter),
    feedbackEnabled: flag(p.feedbackEnabled, d.feedbackEnabled),
    animationsEnabled: flag(p.animationsEnabled, d.animationsEnabled),
    detailedSummary: flag(p.detailedSummary, d.detailedSummary),
    smartTopicReturn: flag(p.smartTopicReturn, d.smartTopicReturn),
  };
}
