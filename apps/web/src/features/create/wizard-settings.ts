import {
  DEFAULT_WIZARD_QUESTION_TYPE_IDS,
  MAX_INTERACTIONS,
  MAX_QUESTIONS_PER_CHAPTER,
  MIN_QUESTIONS_PER_CHAPTER,
  WIZARD_QUESTION_TYPE_IDS,
  type WizardQuestionTypeId,
} from '@veolearn/domain';

/** Generation settings as the wizard keeps them (spec section 3), saved in local storage. */
export interface WizardSettings {
  questionTypes: WizardQuestionTypeId[];
  /** 1 to 3. */
  questionsPerChapter: number;
  /** What the creator chose; the value sent is never above 8 (see interactionCountToSend). */
  interactionCount: number;
  feedbackEnabled: boolean;
  animationsEnabled: boolean;
  detailedSummary: boolean;
  smartTopicReturn: boolean;
}

export const SETTINGS_STORAGE_KEY = 'veolearn-create-settings';
export const SEARCH_STORAGE_KEY = 'veolearn-create-search';

/** The wizard shows at most 10 chapters (spec section 5). */
export const MAX_CHAPTERS = 10;

export const DEFAULT_WIZARD_SETTINGS: Readonly<WizardSettings> = Object.freeze({
  questionTypes: [...DEFAULT_WIZARD_QUESTION_TYPE_IDS],
  questionsPerChapter: 2,
  interactionCount: MAX_INTERACTIONS,
  feedbackEnabled: true,
  animationsEnabled: true,
  detailedSummary: false,
  smartTopicReturn: true,
});

/** The interaction count sent to the server: the smaller of the chosen value and 8, at least 1. */
export function interactionCountToSend(chosen: number): number {
  if (!Number.isFinite(chosen)) return MAX_INTERACTIONS;
  return Math.max(1, Math.min(Math.floor(chosen), MAX_INTERACTIONS));
}

/** Spec section 5: the most questions the chosen per-chapter count could give over 10 chapters. */
export function maxInteractionsShown(questionsPerChapter: number): number {
  return questionsPerChapter * MAX_CHAPTERS;
}

function wholeIn(value: unknown, min: number, max: number, fallback: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, Math.floor(value)));
}

function flag(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

/** Known wizard ids in the wizard's own order, each once. An empty list stays empty (the form then asks for one). */
function questionTypes(value: unknown): WizardQuestionTypeId[] {
  if (!Array.isArray(value)) return [...DEFAULT_WIZARD_QUESTION_TYPE_IDS];
  return WIZARD_QUESTION_TYPE_IDS.filter((id) => value.includes(id));
}

/** Settings from anything (stored JSON of an older version, a hand-edited value): unknown or broken fields take the defaults. */
export function normaliseSettings(value: unknown): WizardSettings {
  const input = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const d = DEFAULT_WIZARD_SETTINGS;
  return {
    questionTypes: questionTypes(input['questionTypes']),
    questionsPerChapter: wholeIn(input['questionsPerChapter'], MIN_QUESTIONS_PER_CHAPTER, MAX_QUESTIONS_PER_CHAPTER, d.questionsPerChapter),
    interactionCount: wholeIn(input['interactionCount'], 1, MAX_INTERACTIONS, d.interactionCount),
    feedbackEnabled: flag(input['feedbackEnabled'], d.feedbackEnabled),
    animationsEnabled: flag(input['animationsEnabled'], d.animationsEnabled),
    detailedSummary: flag(input['detailedSummary'], d.detailedSummary),
    smartTopicReturn: flag(input['smartTopicReturn'], d.smartTopicReturn),
  };
}

/** Parses the stored text; the defaults when it is missing or not JSON. */
export function parseStoredSettings(text: string | null): WizardSettings {
  if (!text) return normaliseSettings(undefined);
  try {
    return normaliseSettings(JSON.parse(text));
  } catch {
    return normaliseSettings(undefined);
  }
}

/** Local storage can be unavailable (private windows, blocked storage): the wizard then simply forgets. */
export function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Nothing to do: the value is only a convenience.
  }
}

export function loadSettings(): WizardSettings {
  return parseStoredSettings(readStorage(SETTINGS_STORAGE_KEY));
}

export function saveSettings(settings: WizardSettings): void {
  writeStorage(SETTINGS_STORAGE_KEY, JSON.stringify(settings));
}
