import { gapPlaceholders, shuffleForLearner, type QuestionType } from '@veolearn/domain';
import type { InteractionView, QuestionPayload } from '../api/editor-api';

/**
 * What the editor edits: each type's answer in the shape a person thinks in (pairs, a list in the right
 * order, items with their group), converted to and from the stored question shape of libs/domain.
 */
export type AnswerDraft =
  | { type: 'single_choice' | 'scenario'; options: string[]; correct: number }
  | { type: 'multiple_choice'; options: string[]; correct: number[] }
  | { type: 'true_false'; correct: boolean }
  | { type: 'matching'; pairs: MatchingPair[] }
  /** items in the correct order (ordering) or from highest to lowest priority (priority_ranking). */
  | { type: 'ordering' | 'priority_ranking'; items: string[] }
  | { type: 'sorting_groups'; groups: string[]; items: PlacedItem[] }
  | { type: 'drag_drop'; targets: string[]; items: PlacedItem[] }
  /** gaps[k]: accepted answers of gap {{k+1}}; wordBank null when the learner types freely. */
  | { type: 'fill_gaps'; text: string; gaps: string[][]; wordBank: string[] | null };

export interface MatchingPair {
  left: string;
  right: string;
}

/** An item and the index of its group (sorting_groups) or target (drag_drop). */
export interface PlacedItem {
  text: string;
  place: number;
}

export type AnswerDraftOf<T extends QuestionType> = Extract<AnswerDraft, { type: T }>;

export interface QuestionDraft {
  id: number;
  question: string;
  /** Kept across type changes; sent only for scenario questions. */
  scenario: string;
  timestamp: number;
  topicTitle: string;
  topicStartTime: number;
  feedback: { correct: string; incorrect: string; explanation: string };
  answer: AnswerDraft;
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isIndex = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.map((v) => (isString(v) ? v : String(v ?? ''))) : [];
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;
}

function indexes(value: unknown): number[] {
  return Array.isArray(value) ? value.filter(isIndex) : [];
}

/** Each stored item with the group or target index the answer gives it (0 when missing or out of range). */
function placed(items: string[], answer: unknown, places: number): PlacedItem[] {
  const list = Array.isArray(answer) ? answer : [];
  return items.map((text, i) => ({ text, place: isIndex(list[i]) && list[i] < places ? list[i] : 0 }));
}

/**
 * The stored answer as an editor draft. Stored data was validated by the server, but the reading is lenient
 * (a missing or odd field becomes an empty default) so that an old or hand-written row still opens.
 */
export function answerFromStored(type: QuestionType, options: unknown, correctAnswer: unknown): AnswerDraft {
  switch (type) {
    case 'single_choice':
    case 'scenario': {
      const list = strings(options);
      return { type, options: list, correct: isIndex(correctAnswer) && correctAnswer < list.length ? correctAnswer : 0 };
    }
    case 'multiple_choice': {
      const list = strings(options);
      return { type, options: list, correct: indexes(correctAnswer).filter((i) => i < list.length) };
    }
    case 'true_false':
      return { type, correct: correctAnswer !== false };
    case 'matching': {
      const left = strings(field(options, 'left'));
      const right = strings(field(options, 'right'));
      const answer = Array.isArray(correctAnswer) ? correctAnswer : [];
      return { type, pairs: left.map((l, i) => ({ left: l, right: isIndex(answer[i]) ? (right[answer[i]] ?? '') : '' })) };
    }
    case 'ordering':
    case 'priority_ranking': {
      const list = strings(options);
      const order = indexes(correctAnswer).filter((i) => i < list.length);
      const complete = order.length === list.length && new Set(order).size === list.length;
      return { type, items: complete ? order.map((i) => list[i]) : list };
    }
    case 'sorting_groups': {
      const groups = strings(field(options, 'groups'));
      return { type, groups, items: placed(strings(field(options, 'items')), correctAnswer, groups.length) };
    }
    case 'drag_drop': {
      const targets = strings(field(options, 'targets'));
      return { type, targets, items: placed(strings(field(options, 'items')), correctAnswer, targets.length) };
    }
    case 'fill_gaps': {
      const bank = field(options, 'wordBank');
      const gaps = Array.isArray(correctAnswer) ? correctAnswer.map((g) => (Array.isArray(g) ? strings(g) : [String(g ?? '')])) : [];
      return { type, text: String(field(options, 'text') ?? ''), gaps, wordBank: Array.isArray(bank) ? strings(bank) : null };
    }
  }
}

/** Selecting a question: a copy of it in editor form. */
export function draftFromInteraction(item: InteractionView): QuestionDraft {
  return {
    id: item.id,
    question: item.question ?? '',
    scenario: item.scenario ?? '',
    timestamp: item.timestamp ?? 0,
    topicTitle: item.topicTitle ?? '',
    topicStartTime: item.topicStartTime ?? 0,
    feedback: {
      correct: item.feedback?.correct ?? '',
      incorrect: item.feedback?.incorrect ?? '',
      explanation: item.feedback?.explanation ?? '',
    },
    answer: answerFromStored(item.type, item.options, item.correctAnswer),
  };
}

/** How many gaps {{n}} the fill_gaps text holds (each placeholder counted once). */
export function gapCount(text: string): number {
  return new Set(gapPlaceholders(text)).size;
}

/** The gap numbers of the text, ascending and without repeats. */
export function gapNumbers(text: string): number[] {
  return [...new Set(gapPlaceholders(text))].sort((a, b) => a - b);
}

const identity = (n: number) => Array.from({ length: n }, (_, i) => i);

/**
 * A deterministic scramble of `texts` that never keeps the given order (for two or more): the stored
 * options, with `answer[j]` the stored index of texts[j]. Built on the domain's learner shuffle so the
 * guarantee (never the answer order) is the one the players rely on.
 */
export function scramble(texts: string[]): { options: string[]; answer: number[] } {
  const seed = `editor:${texts.join('\u0001')}`;
  const shuffled = shuffleForLearner(
    { type: 'ordering', question: '', options: texts, correctAnswer: identity(texts.length), timestamp: 0, topicTitle: '', topicStartTime: 0, feedback: { correct: '', incorrect: '' } },
    seed,
  ).question;
  return { options: shuffled.options as string[], answer: shuffled.correctAnswer as number[] };
}

export interface PayloadOptions {
  /**
   * Store ordering/ranking items and matching's right column in a scrambled order (what is saved). Without
   * it the answer order is kept, so that validation messages name entries as the editor lists them.
   */
  scramble: boolean;
}

/** The type-specific part of a question: options, correctAnswer and, for scenario questions, scenario. */
export function answerPayload(answer: AnswerDraft, scenario: string, { scramble: mix }: PayloadOptions): QuestionPayload {
  switch (answer.type) {
    case 'single_choice':
      return { options: answer.options, correctAnswer: answer.correct };
    case 'scenario':
      return { scenario, options: answer.options, correctAnswer: answer.correct };
    case 'multiple_choice':
      return { options: answer.options, correctAnswer: [...answer.correct].sort((a, b) => a - b) };
    case 'true_false':
      return { options: ['True', 'False'], correctAnswer: answer.correct };
    case 'matching': {
      const left = answer.pairs.map((p) => p.left);
      const rights = answer.pairs.map((p) => p.right);
      const right = mix ? scramble(rights) : { options: rights, answer: identity(rights.length) };
      return { options: { left, right: right.options }, correctAnswer: right.answer };
    }
    case 'ordering':
    case 'priority_ranking': {
      const stored = mix ? scramble(answer.items) : { options: answer.items, answer: identity(answer.items.length) };
      return { options: stored.options, correctAnswer: stored.answer };
    }
    case 'sorting_groups':
      return { options: { groups: answer.groups, items: answer.items.map((i) => i.text) }, correctAnswer: answer.items.map((i) => i.place) };
    case 'drag_drop':
      return { options: { items: answer.items.map((i) => i.text), targets: answer.targets }, correctAnswer: answer.items.map((i) => i.place) };
    case 'fill_gaps': {
      const count = gapCount(answer.text);
      const gaps = identity(count).map((k) => (answer.gaps[k] ?? ['']).filter((a, i, all) => a.trim() !== '' || all.length === 1));
      return { options: answer.wordBank ? { text: answer.text, wordBank: answer.wordBank } : { text: answer.text }, correctAnswer: gaps };
    }
  }
}

/** The full question body for PUT/POST (and for validateQuestion). A blank explanation is left out. */
export function draftToPayload(draft: QuestionDraft, options: PayloadOptions = { scramble: true }): QuestionPayload {
  const explanation = draft.feedback.explanation.trim();
  return {
    id: draft.id,
    type: draft.answer.type,
    question: draft.question,
    timestamp: draft.timestamp,
    topicTitle: draft.topicTitle,
    topicStartTime: draft.topicStartTime,
    feedback: { correct: draft.feedback.correct, incorrect: draft.feedback.incorrect, ...(explanation ? { explanation } : {}) },
    ...answerPayload(draft.answer, draft.scenario, options),
  };
}
