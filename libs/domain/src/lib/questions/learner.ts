import type { QuestionType } from '../folders';
import type { LearnerQuestion, Question } from './types';

/**
 * What a learner sees before answering: the question without correctAnswer and feedback (a fresh copy).
 * Options keep the stored order. For ordering and priority_ranking (and matching's right column) the stored
 * order must therefore not be the answer order: players show shuffleForLearner's result instead.
 */
export function learnerView(question: Question): LearnerQuestion {
  const copy = JSON.parse(JSON.stringify(question)) as Record<string, unknown>;
  delete copy['correctAnswer'];
  delete copy['feedback'];
  return copy as unknown as LearnerQuestion;
}

/**
 * True when the options are stored in the answer order (ordering, priority_ranking, matching), so that
 * showing them unshuffled would give the answer away. Editors can warn; generators should scramble.
 */
export function revealsAnswerByOrder(question: Question): boolean {
  switch (question.type) {
    case 'ordering':
    case 'priority_ranking':
    case 'matching':
      return question.correctAnswer.every((v, i) => v === i);
    default:
      return false;
  }
}

/**
 * How shown positions map back to stored ones: mapping.x[shownIndex] = storedIndex.
 * options: choice options / ordering items; left, right: matching columns; items: sorting_groups and
 * drag_drop items; wordBank: fill_gaps word bank. Groups and targets keep their order.
 */
export interface ShuffleMapping {
  type: QuestionType;
  options?: number[];
  left?: number[];
  right?: number[];
  items?: number[];
  wordBank?: number[];
}

export interface ShuffledQuestion {
  /** What to show: shuffled, without correctAnswer or feedback. */
  view: LearnerQuestion;
  /** The full question in shown order with correctAnswer remapped: gradeAnswer(question, shownResponse) works. */
  question: Question;
  mapping: ShuffleMapping;
}

function hashSeed(seed: number | string): number {
  const text = String(seed);
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** mulberry32: a small deterministic PRNG. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffledIndexes(n: number, next: () => number): number[] {
  const p = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [p[i], p[j]] = [p[j], p[i]];
  }
  return p;
}

/** A shuffle that differs from `avoid` (a stored-index sequence) whenever n ≥ 2. */
function shuffleAvoiding(n: number, next: () => number, avoid: readonly number[] | null): number[] {
  let p = shuffledIndexes(n, next);
  for (let attempt = 0; avoid && n >= 2 && attempt < 10 && p.every((v, i) => v === avoid[i]); attempt++) p = shuffledIndexes(n, next);
  if (avoid && n >= 2 && p.every((v, i) => v === avoid[i])) p = [...p.slice(1), p[0]];
  return p;
}

function inverse(p: readonly number[]): number[] {
  const q = new Array<number>(p.length);
  p.forEach((stored, shown) => (q[stored] = shown));
  return q;
}

const pick = <T>(list: readonly T[], p: readonly number[]): T[] => p.map((i) => list[i]);

/**
 * Deterministic per-seed shuffle for a learner (use e.g. `${questionId}:${learnerId}`). Choice options,
 * ordering/ranking items, matching columns, sorting and drag-drop items and the word bank are shuffled;
 * true_false is left alone. Ordering and ranking items never come out in the answer order, and matching's
 * columns never line up with the answer. Grade with gradeAnswer(result.question, shownResponse), or map
 * a shown response back with unshuffleResponse and grade against the stored question.
 */
export function shuffleForLearner(question: Question, seed: number | string): ShuffledQuestion {
  const next = random(hashSeed(seed));
  const q = JSON.parse(JSON.stringify(question)) as Question;
  const mapping: ShuffleMapping = { type: q.type };
  switch (q.type) {
    case 'single_choice':
    case 'scenario': {
      const p = shuffledIndexes(q.options.length, next);
      mapping.options = p;
      q.correctAnswer = inverse(p)[q.correctAnswer];
      q.options = pick(q.options, p);
      break;
    }
    case 'multiple_choice': {
      const p = shuffledIndexes(q.options.length, next);
      const inv = inverse(p);
      mapping.options = p;
      q.correctAnswer = q.correctAnswer.map((i) => inv[i]).sort((a, b) => a - b);
      q.options = pick(q.options, p);
      break;
    }
    case 'ordering':
    case 'priority_ranking': {
      const p = shuffleAvoiding(q.options.length, next, q.correctAnswer);
      const inv = inverse(p);
      mapping.options = p;
      q.correctAnswer = q.correctAnswer.map((i) => inv[i]);
      q.options = pick(q.options, p);
      break;
    }
    case 'matching': {
      const left = shuffledIndexes(q.options.left.length, next);
      // The right column must not line up with the shown left column: right[k] ≠ match of left[k].
      const lineUp = left.map((l) => q.correctAnswer[l]);
      const right = shuffleAvoiding(q.options.right.length, next, lineUp);
      const invRight = inverse(right);
      mapping.left = left;
      mapping.right = right;
      q.correctAnswer = left.map((l) => invRight[q.correctAnswer[l]]);
      q.options = { left: pick(q.options.left, left), right: pick(q.options.right, right) };
      break;
    }
    case 'sorting_groups':
    case 'drag_drop': {
      const p = shuffledIndexes(q.options.items.length, next);
      mapping.items = p;
      q.correctAnswer = pick(q.correctAnswer, p);
      q.options = { ...q.options, items: pick(q.options.items, p) } as typeof q.options;
      break;
    }
    case 'fill_gaps':
      if (q.options.wordBank) {
        const p = shuffledIndexes(q.options.wordBank.length, next);
        mapping.wordBank = p;
        q.options = { ...q.options, wordBank: pick(q.options.wordBank, p) };
      }
      break;
    case 'true_false':
      break;
  }
  return { view: learnerView(q), question: q, mapping };
}

const isIndexIn = (v: unknown, p: readonly number[] | undefined): v is number => !!p && typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < p.length;

/**
 * Turns a response given against shuffleForLearner's view (shown indexes) into one against the stored
 * question (stored indexes). Anything malformed is returned unchanged, for gradeAnswer to reject. Never throws.
 */
export function unshuffleResponse(mapping: ShuffleMapping, response: unknown): unknown {
  try {
    switch (mapping.type) {
      case 'single_choice':
      case 'scenario':
        return isIndexIn(response, mapping.options) ? (mapping.options as number[])[response] : response;
      case 'multiple_choice':
      case 'ordering':
      case 'priority_ranking': {
        const p = mapping.options;
        if (!Array.isArray(response) || !response.every((v) => isIndexIn(v, p))) return response;
        const stored = (response as number[]).map((v) => (p as number[])[v]);
        return mapping.type === 'multiple_choice' ? stored.sort((a, b) => a - b) : stored;
      }
      case 'matching': {
        const { left, right } = mapping;
        if (!left || !right || !Array.isArray(response) || response.length !== left.length || !response.every((v) => isIndexIn(v, right))) return response;
        const stored = new Array<number>(left.length);
        (response as number[]).forEach((shownRight, shownLeft) => (stored[left[shownLeft]] = right[shownRight]));
        return stored;
      }
      case 'sorting_groups':
      case 'drag_drop': {
        const p = mapping.items;
        if (!p || !Array.isArray(response) || response.length !== p.length) return response;
        const stored = new Array<unknown>(p.length);
        response.forEach((value, shown) => (stored[p[shown]] = value));
        return stored;
      }
      default:
        return response;
    }
  } catch {
    return response;
  }
}
