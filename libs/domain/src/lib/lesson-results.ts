import { gradeAnswer } from './questions/grade';
import type { Question } from './questions/types';

/**
 * A lesson's results for its teacher: per-question statistics over the learners' answers, the score
 * distribution, and the words a learner's response stands for. The video-service aggregates the
 * answers in SQL and folds the aggregates here, so these rules are tested without a database.
 */

/** What SQL counts for one question over the attempts that count (completed and in progress). */
export interface QuestionTally {
  /** Answers given (skips excluded). */
  answered: number;
  /** Answers whose first try was right. */
  firstTryCorrect: number;
  skipped: number;
  /** Tries summed over the answers given. */
  tries: number;
  /** First-try credits (0..1) summed over the answers given. */
  credit: number;
}

/** A distinct wrong first-try response and how many learners gave it. */
export interface ResponseCount {
  response: unknown;
  count: number;
}

export interface WrongOptionStat {
  /** The option's index in the question's options (true_false: 0 True, 1 False). */
  index: number;
  text: string;
  /** Learners who chose it on a wrong first try. */
  count: number;
  /** count over the learners who answered the question, 0..1. */
  share: number;
}

export interface QuestionStatistics {
  answered: number;
  skipped: number;
  firstTryCorrect: number;
  /** Share of the learners who answered that were right on the first try, 0..1; null when nobody answered. */
  firstTryCorrectShare: number | null;
  /** Mean first-try credit of the answers, 0..1 (partial credit counts); null when nobody answered. */
  averageCredit: number | null;
  /** Mean number of tries of the answers; null when nobody answered. */
  averageTries: number | null;
  /** Choice questions only (single and multiple choice, true or false, scenario); null otherwise or when no wrong option was chosen. */
  mostChosenWrongOption: WrongOptionStat | null;
}

export interface ScoreBin {
  /** Lowest score of the bin, percent. */
  from: number;
  /** Highest score of the bin, percent (the last bin includes 100). */
  to: number;
  count: number;
}

/** The question types whose wrong answers are options one can name. */
export const CHOICE_TYPES = ['single_choice', 'multiple_choice', 'true_false', 'scenario'] as const;

export function isChoiceQuestion(question: Question): boolean {
  return (CHOICE_TYPES as readonly string[]).includes(question.type);
}

function ratio(part: number, whole: number, digits = 4): number | null {
  if (!(whole > 0)) return null;
  const f = 10 ** digits;
  return Math.round((part / whole) * f) / f;
}

/** The option names of a choice question (true_false: True, False). */
function optionTexts(question: Question): string[] {
  if (question.type === 'true_false') return ['True', 'False'];
  return Array.isArray(question.options) ? (question.options as string[]) : [];
}

/**
 * The wrong options a wrong first try chose: the chosen option of single choice, scenario and true or
 * false; for multiple choice each chosen option that is not one of the right ones. Responses that do
 * not fit the question (it was edited since) choose nothing.
 */
export function wrongOptionsChosen(question: Question, response: unknown): number[] {
  const graded = gradeAnswer(question, response);
  const value = graded.normalizedResponse as unknown;
  if (value === null || graded.correct) return [];
  switch (question.type) {
    case 'single_choice':
    case 'scenario':
      return typeof value === 'number' && value !== question.correctAnswer ? [value] : [];
    case 'true_false':
      return typeof value === 'boolean' ? [value ? 0 : 1] : [];
    case 'multiple_choice':
      return Array.isArray(value) ? (value as number[]).filter((i) => !question.correctAnswer.includes(i)) : [];
    default:
      return [];
  }
}

/** The wrong option chosen most often on a wrong first try (ties: the earlier option), or null. */
export function mostChosenWrongOption(question: Question, wrong: readonly ResponseCount[], answered: number): WrongOptionStat | null {
  if (!isChoiceQuestion(question)) return null;
  const counts = new Map<number, number>();
  for (const { response, count } of wrong) {
    if (!(count > 0)) continue;
    for (const index of wrongOptionsChosen(question, response)) counts.set(index, (counts.get(index) ?? 0) + count);
  }
  let best: { index: number; count: number } | null = null;
  for (const [index, count] of counts) {
    if (!best || count > best.count || (count === best.count && index < best.index)) best = { index, count };
  }
  if (!best) return null;
  return { index: best.index, text: optionTexts(question)[best.index] ?? `Option ${best.index + 1}`, count: best.count, share: ratio(best.count, answered) ?? 0 };
}

/** One question's statistics from its tally and its wrong first-try responses. */
export function questionStatistics(question: Question, tally: QuestionTally, wrong: readonly ResponseCount[] = []): QuestionStatistics {
  const answered = Math.max(0, tally.answered);
  return {
    answered,
    skipped: Math.max(0, tally.skipped),
    firstTryCorrect: Math.max(0, tally.firstTryCorrect),
    firstTryCorrectShare: ratio(tally.firstTryCorrect, answered),
    averageCredit: ratio(tally.credit, answered),
    averageTries: ratio(tally.tries, answered, 2),
    mostChosenWrongOption: mostChosenWrongOption(question, wrong, answered),
  };
}

/**
 * Scores (percent) in `bins` equal bins from 0 to 100: with 10, 0–9, 10–19, … 90–100. A score sits in
 * the bin of its whole part (9.9 in 0–9); out-of-range scores are clamped.
 */
export function scoreDistribution(scores: ReadonlyArray<{ score: number; count: number }>, bins = 10): ScoreBin[] {
  const width = 100 / bins;
  const result: ScoreBin[] = Array.from({ length: bins }, (_, i) => ({
    from: Math.round(i * width),
    to: i === bins - 1 ? 100 : Math.round((i + 1) * width) - 1,
    count: 0,
  }));
  for (const { score, count } of scores) {
    if (!Number.isFinite(score) || !(count > 0)) continue;
    const whole = Math.floor(Math.min(100, Math.max(0, score)));
    const bin = result.findIndex((b) => whole >= b.from && whole <= b.to);
    result[bin === -1 ? bins - 1 : bin].count += count;
  }
  return result;
}

function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/**
 * A response (or a correct answer) in words, for a teacher's table or a CSV cell: the chosen option,
 * the options joined with '; ', the order as 'a > b > c', pairs as 'left → right', gaps joined with ' | '.
 * Empty for a skip; '?' for a value that no longer fits the question.
 */
export function describeResponse(question: Question, response: unknown): string {
  if (response === null || response === undefined) return '';
  const graded = gradeAnswer(question, response);
  const value = (question.type === 'fill_gaps' ? response : graded.normalizedResponse) as unknown;
  if (value === null || value === undefined) return '?';
  const pick = (texts: readonly string[], i: unknown) => (typeof i === 'number' && texts[i] !== undefined ? texts[i] : '?');
  switch (question.type) {
    case 'single_choice':
    case 'scenario':
      return pick(question.options, value);
    case 'true_false':
      return value === true ? 'True' : value === false ? 'False' : '?';
    case 'multiple_choice':
      return listOf(value)
        .map((i) => pick(question.options, i))
        .join('; ');
    case 'ordering':
    case 'priority_ranking':
      return listOf(value)
        .map((i) => pick(question.options, i))
        .join(' > ');
    case 'matching':
      return listOf(value)
        .map((r, i) => `${pick(question.options.left, i)} → ${pick(question.options.right, r)}`)
        .join('; ');
    case 'sorting_groups':
      return listOf(value)
        .map((g, i) => `${pick(question.options.items, i)} → ${pick(question.options.groups, g)}`)
        .join('; ');
    case 'drag_drop':
      return listOf(value)
        .map((t, i) => `${pick(question.options.items, i)} → ${pick(question.options.targets, t)}`)
        .join('; ');
    case 'fill_gaps':
      return listOf(value)
        .map((v) => (Array.isArray(v) ? String(v[0] ?? '') : String(v ?? '')))
        .join(' | ');
    default:
      return '?';
  }
}

/** The correct answer in words (fill_gaps: the first accepted answer of each gap). */
export function describeCorrectAnswer(question: Question): string {
  return describeResponse(question, question.correctAnswer);
}

/** A lesson title as a file-name part: lower case ASCII letters, digits and dashes, at most 60 characters. */
export function lessonSlug(title: string, fallback = 'lesson'): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return slug || fallback;
}

/** veolearn-<lesson-slug>-results-<yyyy-mm-dd>.csv, the date in UTC. */
export function lessonResultsFileName(title: string, videoId: number, date: Date): string {
  return `veolearn-${lessonSlug(title, `lesson-${videoId}`)}-results-${date.toISOString().slice(0, 10)}.csv`;
}

export const DISPLAY_NAME_MAX_LENGTH = 60;
export const DISPLAY_NAME_MESSAGE = `displayName must be text of at most ${DISPLAY_NAME_MAX_LENGTH} characters`;

/**
 * A learner's display name as stored: spaces trimmed and collapsed, control characters removed, at
 * most 60 characters; null for nothing (or not text).
 */
export function normalizeDisplayName(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  // eslint-disable-next-line no-control-regex
  const text = value.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069]/g, ' ').replace(/\s+/g, ' ').trim();
  return text === '' ? null : Array.from(text).slice(0, DISPLAY_NAME_MAX_LENGTH).join('').trim();
}
