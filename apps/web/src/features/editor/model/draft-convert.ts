import { QUESTION_LIMITS, defaultFeedback, type QuestionType } from '@veolearn/domain';
import type { InteractionView, QuestionPayload } from '../api/editor-api';
import type { AnswerDraft, PlacedItem } from './question-draft';

/** The fewest and most entries each list of a type may hold (libs/domain QUESTION_LIMITS). */
export const LIST_LIMITS = {
  single_choice: QUESTION_LIMITS.single_choice.options,
  scenario: QUESTION_LIMITS.scenario.options,
  multiple_choice: QUESTION_LIMITS.multiple_choice.options,
  matching: QUESTION_LIMITS.matching.pairs,
  ordering: QUESTION_LIMITS.ordering.options,
  priority_ranking: QUESTION_LIMITS.priority_ranking.options,
  groups: QUESTION_LIMITS.sorting_groups.groups,
  sortingItems: QUESTION_LIMITS.sorting_groups.items,
  targets: QUESTION_LIMITS.drag_drop.targets,
  dragItems: QUESTION_LIMITS.drag_drop.items,
} as const;

/** `${prefix} n` with the smallest n (from `from`) not already in `taken` (entries must be distinct). */
export function freshLabel(prefix: string, taken: readonly string[], from = 1): string {
  const used = new Set(taken.map((t) => t.trim().toLowerCase()));
  for (let n = from; ; n++) {
    const label = `${prefix} ${n}`;
    if (!used.has(label.toLowerCase())) return label;
  }
}

/** `texts` cut to `max` entries and padded with fresh `prefix n` labels up to `min`. */
function fit(texts: readonly string[], [min, max]: readonly [number, number], prefix: string): string[] {
  const out = texts.filter((t) => t.trim() !== '').slice(0, max);
  while (out.length < min) out.push(freshLabel(prefix, out, out.length + 1));
  return out;
}

/** The texts a draft lists (options, items, left column), in the order shown. */
function textsOf(answer: AnswerDraft): string[] {
  switch (answer.type) {
    case 'single_choice':
    case 'scenario':
    case 'multiple_choice':
      return answer.options;
    case 'true_false':
      return [];
    case 'matching':
      return answer.pairs.map((p) => p.left);
    case 'ordering':
    case 'priority_ranking':
      return answer.items;
    case 'sorting_groups':
    case 'drag_drop':
      return answer.items.map((i) => i.text);
    case 'fill_gaps':
      return answer.gaps.map((g) => g[0] ?? '').filter((t) => t.trim() !== '');
  }
}

/** Positions among textsOf() the draft marks right (choices), so a choice type keeps its right answer. */
function rightOf(answer: AnswerDraft): number[] {
  switch (answer.type) {
    case 'single_choice':
    case 'scenario':
      return [answer.correct];
    case 'multiple_choice':
      return answer.correct;
    default:
      return [0];
  }
}

/** The group names or drop targets a draft already has, for a switch between sorting and drag-and-drop. */
function placesOf(answer: AnswerDraft): string[] {
  if (answer.type === 'sorting_groups') return answer.groups;
  if (answer.type === 'drag_drop') return answer.targets;
  return [];
}

function spread(items: string[], places: number, from: AnswerDraft): PlacedItem[] {
  const kept = from.type === 'sorting_groups' || from.type === 'drag_drop' ? from.items : [];
  return items.map((text, i) => ({ text, place: kept[i] && kept[i].text === text && kept[i].place < places ? kept[i].place : i % places }));
}

/**
 * Changing the question type: the answer takes the new type's shape, valid as it stands, keeping what
 * carries over (option texts become items or left entries, the right option stays right, groups become
 * targets). Missing entries get numbered placeholder labels the creator then rewrites.
 */
export function convertAnswer(answer: AnswerDraft, type: QuestionType): AnswerDraft {
  if (answer.type === type) return answer;
  const texts = textsOf(answer);
  const right = rightOf(answer).filter((i) => i < texts.length);
  switch (type) {
    case 'single_choice':
    case 'scenario': {
      const options = fit(texts, LIST_LIMITS[type], 'Option');
      return { type, options, correct: right[0] !== undefined && right[0] < options.length ? right[0] : 0 };
    }
    case 'multiple_choice': {
      const options = fit(texts, LIST_LIMITS.multiple_choice, 'Option');
      const correct = right.filter((i) => i < options.length);
      return { type, options, correct: correct.length > 0 ? correct : [0] };
    }
    case 'true_false':
      return { type, correct: true };
    case 'matching': {
      const left = fit(texts, LIST_LIMITS.matching, 'Term');
      return { type, pairs: left.map((l, i) => ({ left: l, right: `Match ${i + 1}` })) };
    }
    case 'ordering':
    case 'priority_ranking':
      return { type, items: fit(texts, LIST_LIMITS[type], type === 'ordering' ? 'Step' : 'Item') };
    case 'sorting_groups': {
      const groups = fit(placesOf(answer), LIST_LIMITS.groups, 'Group');
      return { type, groups, items: spread(fit(texts, LIST_LIMITS.sortingItems, 'Item'), groups.length, answer) };
    }
    case 'drag_drop': {
      const targets = fit(placesOf(answer), LIST_LIMITS.targets, 'Target');
      return { type, targets, items: spread(fit(texts, LIST_LIMITS.dragItems, 'Item'), targets.length, answer) };
    }
    case 'fill_gaps': {
      const word = texts[right[0] ?? 0] ?? texts[0] ?? 'answer';
      return { type, text: 'Complete the sentence: the missing word is {{1}}.', gaps: [[word]], wordBank: null };
    }
  }
}

/** The length of a video for the editor: its duration, or an hour while unknown (spec section 5). */
export const UNKNOWN_DURATION_SECONDS = 3600;

export function timelineMax(duration: number | null | undefined): number {
  return typeof duration === 'number' && Number.isFinite(duration) && duration > 0 ? duration : UNKNOWN_DURATION_SECONDS;
}

/** Gap between the last question and an added one. */
const ADD_STEP_SECONDS = 30;

/**
 * 'Add Question': a valid single-choice question after the last one (capped at the end of the video), in
 * the last question's topic. The server fills anything left out the same way.
 */
export function newQuestionPayload(items: readonly InteractionView[], duration: number | null | undefined): QuestionPayload {
  const last = items.reduce<InteractionView | null>((a, b) => (a === null || b.timestamp >= a.timestamp ? b : a), null);
  const max = timelineMax(duration);
  const timestamp = Math.min(last ? Math.round(last.timestamp) + ADD_STEP_SECONDS : ADD_STEP_SECONDS, max);
  const feedback = defaultFeedback('single_choice');
  return {
    type: 'single_choice',
    question: 'New question',
    options: ['Option 1', 'Option 2'],
    correctAnswer: 0,
    timestamp,
    ...(last ? { topicTitle: last.topicTitle, topicStartTime: Math.min(last.topicStartTime, timestamp) } : {}),
    feedback,
  };
}
