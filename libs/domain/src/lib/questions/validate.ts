import type { QuestionType } from '../folders';
import { isQuestionType } from './labels';
import {
  FEEDBACK_TEXT_MAX_LENGTH,
  FILL_GAPS_MAX_GAPS,
  FILL_GAPS_TEXT_MAX_LENGTH,
  OPTION_TEXT_MAX_LENGTH,
  QUESTION_LIMITS,
  QUESTION_TEXT_MAX_LENGTH,
  Question,
  QuestionBase,
  QuestionFeedback,
  SCENARIO_TEXT_MAX_LENGTH,
  TOPIC_TITLE_MAX_LENGTH,
  TRUE_FALSE_OPTIONS,
  WORD_BANK_MAX_ENTRIES,
} from './types';

export type ValidationResult = { ok: true; question: Question } | { ok: false; errors: string[] };

export interface ValidateQuestionOptions {
  /** When known, the timestamp must not be past the end of the video. */
  durationSeconds?: number;
}

type Fields = Record<string, unknown>;

function isRecord(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Placeholders such as {{1}} in a fill_gaps text, in order of appearance. */
export function gapPlaceholders(text: string): number[] {
  return [...text.matchAll(/\{\{\s*(\d+)\s*\}\}/g)].map((m) => parseInt(m[1], 10));
}

class Checker {
  readonly errors: string[] = [];

  fail(message: string): undefined {
    this.errors.push(message);
    return undefined;
  }

  text(value: unknown, field: string, max: number): string | undefined {
    if (typeof value !== 'string') return this.fail(`${field} must be a string`);
    const trimmed = value.trim();
    if (trimmed === '') return this.fail(`${field} must not be empty`);
    if (trimmed.length > max) return this.fail(`${field} must be at most ${max} characters`);
    return trimmed;
  }

  seconds(value: unknown, field: string): number | undefined {
    if (typeof value !== 'number' || !Number.isFinite(value)) return this.fail(`${field} must be a finite number of seconds`);
    if (value < 0) return this.fail(`${field} must be 0 or more`);
    return value;
  }

  /** A list of distinct non-empty texts with a bounded count. */
  texts(value: unknown, field: string, [min, max]: readonly [number, number], maxLength = OPTION_TEXT_MAX_LENGTH): string[] | undefined {
    if (!Array.isArray(value)) return this.fail(`${field} must be a list of texts`);
    if (value.length < min || value.length > max) return this.fail(`${field} must have between ${min} and ${max} entries`);
    const before = this.errors.length;
    const out = value.map((v, i) => this.text(v, `${field}[${i}]`, maxLength) ?? '');
    if (this.errors.length > before) return undefined;
    const seen = new Set<string>();
    for (const [i, t] of out.entries()) {
      const key = t.toLowerCase().replace(/\s+/g, ' ');
      if (seen.has(key)) return this.fail(`${field}[${i}] repeats an earlier entry; entries must be distinct`);
      seen.add(key);
    }
    return out;
  }

  index(value: unknown, field: string, size: number, what: string): number | undefined {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value >= size) {
      return this.fail(`${field} must be the index of one ${what} (0 to ${size - 1})`);
    }
    return value;
  }

  /** One index per entry, each into a list of `size`. */
  indexes(value: unknown, field: string, length: number, size: number, per: string, what: string): number[] | undefined {
    if (!Array.isArray(value) || value.length !== length) return this.fail(`${field} must list one ${what} index for each ${per} (${length} entries)`);
    const before = this.errors.length;
    const out = value.map((v, i) => this.index(v, `${field}[${i}]`, size, what) ?? -1);
    return this.errors.length > before ? undefined : out;
  }

  permutation(value: unknown, field: string, size: number, what: string): number[] | undefined {
    if (!Array.isArray(value) || value.length !== size || !value.every((v) => typeof v === 'number' && Number.isInteger(v))) {
      return this.fail(`${field} must list every ${what} index exactly once (${size} whole numbers)`);
    }
    const ints = value as number[];
    const sorted = [...ints].sort((a, b) => a - b);
    if (!sorted.every((v, i) => v === i)) return this.fail(`${field} must be a permutation of 0 to ${size - 1}: each ${what} index exactly once`);
    return ints;
  }
}

function validateFeedback(value: unknown, c: Checker): QuestionFeedback | undefined {
  if (!isRecord(value)) return c.fail('feedback must be an object with correct and incorrect texts');
  const correct = c.text(value['correct'], 'feedback.correct', FEEDBACK_TEXT_MAX_LENGTH);
  const incorrect = c.text(value['incorrect'], 'feedback.incorrect', FEEDBACK_TEXT_MAX_LENGTH);
  const raw = value['explanation'];
  let explanation: string | undefined;
  if (raw !== undefined && raw !== null && !(typeof raw === 'string' && raw.trim() === '')) {
    explanation = c.text(raw, 'feedback.explanation', FEEDBACK_TEXT_MAX_LENGTH);
  }
  if (correct === undefined || incorrect === undefined) return undefined;
  return explanation === undefined ? { correct, incorrect } : { correct, incorrect, explanation };
}

/**
 * Checks an untrusted question (from the generator, the editor or an import) and returns a clean copy:
 * texts trimmed, only known fields kept, multiple_choice answers sorted. Every problem is reported, each
 * naming its field. `topic` is accepted in place of `topicTitle` (older payloads).
 */
export function validateQuestion(input: unknown, options: ValidateQuestionOptions = {}): ValidationResult {
  const c = new Checker();
  if (!isRecord(input)) return { ok: false, errors: ['question must be an object'] };
  const type = input['type'];
  if (!isQuestionType(type)) {
    return { ok: false, errors: [`type must be one of single_choice, multiple_choice, true_false, scenario, matching, ordering, sorting_groups, fill_gaps, drag_drop, priority_ranking`] };
  }

  let id: number | undefined;
  if (input['id'] !== undefined && input['id'] !== null) {
    const raw = input['id'];
    if (typeof raw !== 'number' || !Number.isSafeInteger(raw) || raw <= 0) c.fail('id must be a positive whole number when present');
    else id = raw;
  }
  const question = c.text(input['question'], 'question', QUESTION_TEXT_MAX_LENGTH);
  const timestamp = c.seconds(input['timestamp'], 'timestamp');
  const duration = options?.durationSeconds;
  if (timestamp !== undefined && typeof duration === 'number' && Number.isFinite(duration) && timestamp > duration) {
    c.fail(`timestamp must not be after the end of the video (${duration} s)`);
  }
  const topicTitle = c.text(input['topicTitle'] ?? input['topic'], 'topicTitle', TOPIC_TITLE_MAX_LENGTH);
  const topicStartTime = c.seconds(input['topicStartTime'], 'topicStartTime');
  if (timestamp !== undefined && topicStartTime !== undefined && topicStartTime > timestamp) {
    c.fail('topicStartTime must not be after timestamp (the chapter starts before its question)');
  }
  const feedback = validateFeedback(input['feedback'], c);

  const specific = validateSpecific(type, input, c);
  if (c.errors.length > 0 || !specific || question === undefined || timestamp === undefined || topicTitle === undefined || topicStartTime === undefined || !feedback) {
    return { ok: false, errors: c.errors.length > 0 ? c.errors : ['question is invalid'] };
  }
  const base: QuestionBase = { ...(id !== undefined ? { id } : {}), type, question, timestamp, topicTitle, topicStartTime, feedback };
  return { ok: true, question: { ...base, ...specific } as Question };
}

type Specific = Fields;

function validateSpecific(type: QuestionType, input: Fields, c: Checker): Specific | undefined {
  const options = input['options'];
  const answer = input['correctAnswer'];
  switch (type) {
    case 'single_choice':
    case 'scenario': {
      let scenario: string | undefined;
      if (type === 'scenario') scenario = c.text(input['scenario'], 'scenario', SCENARIO_TEXT_MAX_LENGTH);
      const list = c.texts(options, 'options', QUESTION_LIMITS[type].options);
      if (!list) return undefined;
      const correctAnswer = c.index(answer, 'correctAnswer', list.length, 'option');
      if (correctAnswer === undefined || (type === 'scenario' && scenario === undefined)) return undefined;
      return type === 'scenario' ? { scenario, options: list, correctAnswer } : { options: list, correctAnswer };
    }
    case 'multiple_choice': {
      const list = c.texts(options, 'options', QUESTION_LIMITS.multiple_choice.options);
      if (!list) return undefined;
      if (!Array.isArray(answer) || answer.length === 0) return c.fail('correctAnswer must list the index of at least one correct option');
      const before = c.errors.length;
      const indexes = answer.map((v, i) => c.index(v, `correctAnswer[${i}]`, list.length, 'option') ?? -1);
      if (c.errors.length > before) return undefined;
      if (new Set(indexes).size !== indexes.length) return c.fail('correctAnswer must not list the same option twice');
      return { options: list, correctAnswer: [...indexes].sort((a, b) => a - b) };
    }
    case 'true_false': {
      if (options !== undefined && options !== null) {
        const ok = Array.isArray(options) && options.length === 2 && options[0] === 'True' && options[1] === 'False';
        if (!ok) c.fail("options must be ['True', 'False'] (or left out)");
      }
      if (typeof answer !== 'boolean') return c.fail('correctAnswer must be true or false');
      return { options: [...TRUE_FALSE_OPTIONS], correctAnswer: answer };
    }
    case 'matching': {
      if (!isRecord(options)) return c.fail('options must be an object with left and right lists');
      const left = c.texts(options['left'], 'options.left', QUESTION_LIMITS.matching.pairs);
      const right = c.texts(options['right'], 'options.right', QUESTION_LIMITS.matching.pairs);
      if (!left || !right) return undefined;
      if (left.length !== right.length) return c.fail('options.left and options.right must have the same number of entries');
      const correctAnswer = c.permutation(answer, 'correctAnswer', left.length, 'right-hand entry');
      return correctAnswer ? { options: { left, right }, correctAnswer } : undefined;
    }
    case 'ordering':
    case 'priority_ranking': {
      const list = c.texts(options, 'options', QUESTION_LIMITS[type].options);
      if (!list) return undefined;
      const correctAnswer = c.permutation(answer, 'correctAnswer', list.length, 'option');
      return correctAnswer ? { options: list, correctAnswer } : undefined;
    }
    case 'sorting_groups': {
      if (!isRecord(options)) return c.fail('options must be an object with groups and items lists');
      const groups = c.texts(options['groups'], 'options.groups', QUESTION_LIMITS.sorting_groups.groups);
      const items = c.texts(options['items'], 'options.items', QUESTION_LIMITS.sorting_groups.items);
      if (!groups || !items) return undefined;
      const correctAnswer = c.indexes(answer, 'correctAnswer', items.length, groups.length, 'item', 'group');
      return correctAnswer ? { options: { groups, items }, correctAnswer } : undefined;
    }
    case 'drag_drop': {
      if (!isRecord(options)) return c.fail('options must be an object with items and targets lists');
      const items = c.texts(options['items'], 'options.items', QUESTION_LIMITS.drag_drop.items);
      const targets = c.texts(options['targets'], 'options.targets', QUESTION_LIMITS.drag_drop.targets);
      if (!items || !targets) return undefined;
      const correctAnswer = c.indexes(answer, 'correctAnswer', items.length, targets.length, 'item', 'target');
      return correctAnswer ? { options: { items, targets }, correctAnswer } : undefined;
    }
    case 'fill_gaps':
      return validateFillGaps(options, answer, c);
  }
}

function validateFillGaps(options: unknown, answer: unknown, c: Checker): Specific | undefined {
  if (!isRecord(options)) return c.fail('options must be an object with a text containing {{1}}-style gaps');
  const text = c.text(options['text'], 'options.text', FILL_GAPS_TEXT_MAX_LENGTH);
  let wordBank: string[] | undefined;
  if (options['wordBank'] !== undefined && options['wordBank'] !== null) {
    wordBank = c.texts(options['wordBank'], 'options.wordBank', [1, WORD_BANK_MAX_ENTRIES], 100);
    if (!wordBank) return undefined;
  }
  if (text === undefined) return undefined;
  const gaps = gapPlaceholders(text);
  if (gaps.length === 0) return c.fail('options.text must contain at least one gap written {{1}}');
  if (gaps.length > FILL_GAPS_MAX_GAPS) return c.fail(`options.text must have at most ${FILL_GAPS_MAX_GAPS} gaps`);
  const sorted = [...gaps].sort((a, b) => a - b);
  if (!sorted.every((g, i) => g === i + 1)) return c.fail(`options.text gaps must be numbered {{1}} to {{${gaps.length}}}, each used once`);
  if (!Array.isArray(answer) || answer.length !== gaps.length) {
    return c.fail(`correctAnswer must list accepted answers for each of the ${gaps.length} gaps in options.text`);
  }
  const before = c.errors.length;
  const accepted = answer.map((entry, g) => {
    const list = typeof entry === 'string' ? [entry] : entry;
    if (!Array.isArray(list) || list.length === 0) {
      c.fail(`correctAnswer[${g}] must list at least one accepted answer for gap {{${g + 1}}}`);
      return [];
    }
    return list.map((v, k) => c.text(v, `correctAnswer[${g}][${k}]`, 100) ?? '');
  });
  if (c.errors.length > before) return undefined;
  if (wordBank) {
    const bank = new Set(wordBank.map(normaliseGapAnswer));
    accepted.forEach((list, g) => {
      if (!list.some((a) => bank.has(normaliseGapAnswer(a)))) c.fail(`correctAnswer[${g}] must include a word from options.wordBank for gap {{${g + 1}}}`);
    });
    if (c.errors.length > before) return undefined;
  }
  return { options: wordBank ? { text, wordBank } : { text }, correctAnswer: accepted };
}

/** How a gap answer is compared: case-insensitive, spaces collapsed, punctuation at either end ignored. */
export function normaliseGapAnswer(value: string): string {
  return value
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[\p{P}\p{S}\s]+|[\p{P}\p{S}\s]+$/gu, '');
}
