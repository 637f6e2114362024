import {
  type LearnerQuestion,
  type Question,
  type ShuffleMapping,
  shuffleForLearner,
  unshuffleResponse,
} from '@veolearn/domain';
import type { PlaybackQuestion } from '../api/player-api';

const isText = (v: unknown): v is string => typeof v === 'string';
const isTextList = (v: unknown, min = 1): v is string[] => Array.isArray(v) && v.length >= min && v.every(isText);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Options in the shape their type needs, or false for anything the player cannot show. */
function optionsFit(q: PlaybackQuestion): boolean {
  const o = q.options;
  switch (q.type) {
    case 'single_choice':
    case 'multiple_choice':
    case 'scenario':
    case 'ordering':
    case 'priority_ranking':
    case 'true_false':
      return isTextList(o, 2);
    case 'matching':
      return isRecord(o) && isTextList(o['left'], 2) && isTextList(o['right'], 2) && o['left'].length === o['right'].length;
    case 'sorting_groups':
      return isRecord(o) && isTextList(o['groups'], 2) && isTextList(o['items'], 1);
    case 'drag_drop':
      return isRecord(o) && isTextList(o['items'], 1) && isTextList(o['targets'], 2);
    case 'fill_gaps':
      return isRecord(o) && isText(o['text']) && gapCount(o['text']) > 0 && (o['wordBank'] === undefined || isTextList(o['wordBank'], 0));
    default:
      return false;
  }
}

/** The question as a typed learner view (stored option order), or null when its options are malformed. */
export function toLearnerQuestion(q: PlaybackQuestion): LearnerQuestion | null {
  if (!optionsFit(q)) return null;
  return {
    id: q.id,
    type: q.type,
    question: q.question,
    ...(q.scenario !== undefined ? { scenario: q.scenario } : {}),
    options: q.options,
    timestamp: q.timestamp,
    topicTitle: q.topicTitle ?? '',
    topicStartTime: q.topicStartTime ?? 0,
  } as LearnerQuestion;
}

const identity = (n: number) => Array.from({ length: n }, (_, i) => i);

/**
 * shuffleForLearner wants a whole question; the learner has no answer, so a stand-in of the right shape
 * takes its place. Only the shown order matters here: the server grades the unshuffled response.
 */
function withStandInAnswer(view: LearnerQuestion): Question {
  const feedback = { correct: '', incorrect: '' };
  switch (view.type) {
    case 'single_choice':
    case 'scenario':
      return { ...view, feedback, correctAnswer: 0 };
    case 'multiple_choice':
      return { ...view, feedback, correctAnswer: [0] };
    case 'true_false':
      return { ...view, feedback, correctAnswer: true };
    case 'ordering':
    case 'priority_ranking':
      return { ...view, feedback, correctAnswer: identity(view.options.length) };
    case 'matching':
      return { ...view, feedback, correctAnswer: identity(view.options.left.length) };
    case 'sorting_groups':
    case 'drag_drop':
      return { ...view, feedback, correctAnswer: view.options.items.map(() => 0) };
    case 'fill_gaps':
      return { ...view, feedback, correctAnswer: [] };
  }
}

export interface ShownQuestion {
  /** What the learner sees (shuffled options). */
  view: LearnerQuestion;
  /** How shown positions map back to stored ones. */
  mapping: ShuffleMapping;
}

/** The learner's order of a question: stable for one attempt (seed = attempt id + question id). */
export function shuffleQuestion(view: LearnerQuestion, attemptId: string): ShownQuestion {
  const shuffled = shuffleForLearner(withStandInAnswer(view), `${attemptId}:${view.id ?? ''}`);
  return { view: shuffled.view, mapping: shuffled.mapping };
}

/** The learner's answer in progress, in shown positions. */
export type Draft =
  | { kind: 'choice'; value: number | null }
  | { kind: 'boolean'; value: boolean | null }
  | { kind: 'multi'; value: number[] }
  | { kind: 'order'; value: number[] }
  | { kind: 'assign'; value: Array<number | null> }
  | { kind: 'gaps'; value: string[] };

export function initialDraft(view: LearnerQuestion): Draft {
  switch (view.type) {
    case 'single_choice':
    case 'scenario':
      return { kind: 'choice', value: null };
    case 'true_false':
      return { kind: 'boolean', value: null };
    case 'multiple_choice':
      return { kind: 'multi', value: [] };
    case 'ordering':
    case 'priority_ranking':
      return { kind: 'order', value: identity(view.options.length) };
    case 'matching':
      return { kind: 'assign', value: view.options.left.map(() => null) };
    case 'sorting_groups':
    case 'drag_drop':
      return { kind: 'assign', value: view.options.items.map(() => null) };
    case 'fill_gaps':
      return { kind: 'gaps', value: Array.from({ length: gapCount(view.options.text) }, () => '') };
  }
}

/** Whether Submit Answer can be pressed: every part answered. */
export function isComplete(draft: Draft): boolean {
  switch (draft.kind) {
    case 'choice':
    case 'boolean':
      return draft.value !== null;
    case 'multi':
      return draft.value.length > 0;
    case 'order':
      return true;
    case 'assign':
      return draft.value.every((v) => v !== null);
    case 'gaps':
      return draft.value.every((v) => v.trim() !== '');
  }
}

/** The response to send: the draft mapped back to stored option indexes (fill_gaps: one text per gap). */
export function storedResponse(draft: Draft, mapping: ShuffleMapping): unknown {
  switch (draft.kind) {
    case 'choice':
    case 'boolean':
      return unshuffleResponse(mapping, draft.value);
    case 'multi':
      return unshuffleResponse(mapping, [...draft.value].sort((a, b) => a - b));
    case 'order':
    case 'assign':
      return unshuffleResponse(mapping, [...draft.value]);
    case 'gaps':
      return draft.value.map((v) => v.trim());
  }
}

/** Moves the item at `from` one place up (-1) or down (+1) in an order; unchanged at the ends. */
export function moveItem(order: readonly number[], from: number, step: -1 | 1): number[] {
  const to = from + step;
  if (from < 0 || from >= order.length || to < 0 || to >= order.length) return [...order];
  const next = [...order];
  [next[from], next[to]] = [next[to], next[from]];
  return next;
}

export type GapPart = { kind: 'text'; text: string } | { kind: 'gap'; index: number };

const GAP = /\{\{(\d+)\}\}/g;

/** A fill-gaps text as text pieces and gaps ({{1}} is gap 0). */
export function gapParts(text: string): GapPart[] {
  const parts: GapPart[] = [];
  let last = 0;
  for (const match of text.matchAll(GAP)) {
    const at = match.index ?? 0;
    if (at > last) parts.push({ kind: 'text', text: text.slice(last, at) });
    parts.push({ kind: 'gap', index: Number(match[1]) - 1 });
    last = at + match[0].length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

/** The number of answers a fill-gaps text takes: its highest placeholder number. */
export function gapCount(text: string): number {
  let max = 0;
  for (const match of text.matchAll(GAP)) max = Math.max(max, Number(match[1]));
  return max;
}

const at = (list: readonly string[], i: unknown): string => (typeof i === 'number' && list[i] !== undefined ? list[i] : '?');

/**
 * An answer (a learner's response or the correct answer, in stored indexes) as text for the review and
 * results screens; '—' when there is none.
 */
export function describeAnswer(question: LearnerQuestion, value: unknown): string {
  if (value === null || value === undefined) return '—';
  try {
    switch (question.type) {
      case 'single_choice':
      case 'scenario':
        return at(question.options, value);
      case 'true_false':
        return value === true || value === 0 ? 'True' : value === false || value === 1 ? 'False' : '—';
      case 'multiple_choice':
        return Array.isArray(value) ? value.map((i) => at(question.options, i)).join(', ') : '—';
      case 'ordering':
      case 'priority_ranking':
        return Array.isArray(value) ? value.map((i) => at(question.options, i)).join(' → ') : '—';
      case 'matching': {
        const { left, right } = question.options;
        return Array.isArray(value) ? left.map((l, i) => `${l} → ${at(right, value[i])}`).join('; ') : '—';
      }
      case 'sorting_groups': {
        const { items, groups } = question.options;
        return Array.isArray(value) ? items.map((item, i) => `${item}: ${at(groups, value[i])}`).join('; ') : '—';
      }
      case 'drag_drop': {
        const { items, targets } = question.options;
        return Array.isArray(value) ? items.map((item, i) => `${item}: ${at(targets, value[i])}`).join('; ') : '—';
      }
      case 'fill_gaps':
        return Array.isArray(value)
          ? value.map((gap) => (Array.isArray(gap) ? (gap.map(String).join(' / ') || '—') : String(gap) || '—')).join(', ')
          : '—';
    }
  } catch {
    return '—';
  }
}
