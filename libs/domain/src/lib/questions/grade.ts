import type { AnswerOf, FillGapsQuestion, Question, ResponseOf } from './types';
import { normaliseGapAnswer } from './validate';

/**
 * The outcome of one answer. `expected` is the question's correctAnswer; `normalizedResponse` is the
 * response in its clean shape (multiple_choice indexes de-duplicated and sorted, true_false as a boolean,
 * fill_gaps one normalised text per gap), or null when the response was malformed.
 */
export interface GradeResult<Q extends Question = Question> {
  correct: boolean;
  /** 0..1; partial credit for multi-part types, 1 exactly when correct. */
  score: number;
  expected: AnswerOf<Q['type']>;
  normalizedResponse: ResponseOf<Q['type']> | null;
}

const isIndex = (v: unknown, size: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < size;

function indexList(response: unknown, length: number, size: number): number[] | null {
  return Array.isArray(response) && response.length === length && response.every((v) => isIndex(v, size)) ? [...(response as number[])] : null;
}

function permutation(response: unknown, size: number): number[] | null {
  const list = indexList(response, size, size);
  return list && new Set(list).size === size ? list : null;
}

function share(hits: number, total: number): number {
  return total === 0 ? 0 : hits / total;
}

/** Share of item pairs whose relative order agrees with the expected ranking (1 − normalised Kendall tau distance). */
export function pairwiseAgreement(expected: readonly number[], response: readonly number[]): number {
  const n = expected.length;
  if (n < 2) return response.length === n && expected.every((v, i) => v === response[i]) ? 1 : 0;
  const rank = new Map<number, number>();
  response.forEach((item, position) => rank.set(item, position));
  let agree = 0;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if ((rank.get(expected[i]) ?? -1) < (rank.get(expected[j]) ?? -1)) agree++;
    }
  }
  return agree / ((n * (n - 1)) / 2);
}

function clone<T>(value: T): T {
  try {
    return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
  } catch {
    return value;
  }
}

function round(score: number): number {
  return Math.round(Math.min(1, Math.max(0, score)) * 10000) / 10000;
}

/**
 * Grades a learner's response. The response mirrors correctAnswer's shape (true_false also takes the option
 * index, 0 = True, 1 = False; fill_gaps takes one text per gap). Single answers score 0 or 1; multiple_choice is an exact set match (0 or 1);
 * matching, sorting_groups, drag_drop, fill_gaps and ordering earn the share of parts placed right;
 * priority_ranking earns the share of pairs in the right relative order. Malformed responses score 0. Never throws.
 */
export function gradeAnswer<Q extends Question>(question: Q, response: unknown): GradeResult<Q> {
  const expected = clone(question?.correctAnswer) as AnswerOf<Q['type']>;
  let normalized: unknown = null;
  let score = 0;
  try {
    const q = question as Question;
    switch (q.type) {
      case 'single_choice':
      case 'scenario':
        if (isIndex(response, q.options.length)) {
          normalized = response;
          score = response === q.correctAnswer ? 1 : 0;
        }
        break;
      case 'true_false': {
        const value = typeof response === 'boolean' ? response : response === 0 ? true : response === 1 ? false : null;
        if (value !== null) {
          normalized = value;
          score = value === q.correctAnswer ? 1 : 0;
        }
        break;
      }
      case 'multiple_choice':
        if (Array.isArray(response) && response.every((v) => isIndex(v, q.options.length))) {
          const chosen = [...new Set(response as number[])].sort((a, b) => a - b);
          normalized = chosen;
          score = chosen.length === q.correctAnswer.length && chosen.every((v, i) => v === q.correctAnswer[i]) ? 1 : 0;
        }
        break;
      case 'matching': {
        const list = indexList(response, q.options.left.length, q.options.right.length);
        if (list) {
          normalized = list;
          score = share(list.filter((v, i) => v === q.correctAnswer[i]).length, list.length);
        }
        break;
      }
      case 'sorting_groups':
      case 'drag_drop': {
        const size = q.type === 'sorting_groups' ? q.options.groups.length : q.options.targets.length;
        const list = indexList(response, q.options.items.length, size);
        if (list) {
          normalized = list;
          score = share(list.filter((v, i) => v === q.correctAnswer[i]).length, list.length);
        }
        break;
      }
      case 'ordering': {
        const list = permutation(response, q.options.length);
        if (list) {
          normalized = list;
          score = share(list.filter((v, i) => v === q.correctAnswer[i]).length, list.length);
        }
        break;
      }
      case 'priority_ranking': {
        const list = permutation(response, q.options.length);
        if (list) {
          normalized = list;
          score = pairwiseAgreement(q.correctAnswer, list);
        }
        break;
      }
      case 'fill_gaps': {
        const gaps = gradeGaps(q, response);
        if (gaps) {
          normalized = gaps.normalized;
          score = share(gaps.hits, gaps.normalized.length);
        }
        break;
      }
    }
  } catch {
    normalized = null;
    score = 0;
  }
  if (normalized === null) score = 0;
  score = round(score);
  return { correct: score === 1, score, expected, normalizedResponse: normalized as ResponseOf<Q['type']> | null };
}

/** fill_gaps responses: one text per gap (a one-text list per gap, mirroring correctAnswer, is accepted too). */
function gradeGaps(q: FillGapsQuestion, response: unknown): { normalized: string[]; hits: number } | null {
  if (!Array.isArray(response) || response.length !== q.correctAnswer.length) return null;
  const texts = response.map((v) => (Array.isArray(v) && v.length === 1 ? v[0] : v));
  if (!texts.every((v) => typeof v === 'string')) return null;
  let hits = 0;
  const normalized = (texts as string[]).map((answer, g) => {
    const value = normaliseGapAnswer(answer);
    if (value !== '' && q.correctAnswer[g].some((a) => normaliseGapAnswer(a) === value)) hits++;
    return value;
  });
  return { normalized, hits };
}
