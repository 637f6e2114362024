import { gradeAnswer, type Question } from '@veolearn/domain';
import type { PlaybackQuestion } from '../api/player-api';
import {
  describeAnswer,
  type Draft,
  gapCount,
  gapParts,
  initialDraft,
  isComplete,
  moveItem,
  shuffleQuestion,
  storedResponse,
  toLearnerQuestion,
} from './responses';

const base = { timestamp: 3, topicTitle: 'Cells', topicStartTime: 1 };
const feedback = { correct: 'Yes', incorrect: 'No' };

/** Stored questions with their answers: the player only ever gets them without answers. */
const QUESTIONS: Question[] = [
  { ...base, id: 1, type: 'single_choice', question: 'Which?', options: ['A', 'B', 'C', 'D'], correctAnswer: 2, feedback },
  { ...base, id: 2, type: 'multiple_choice', question: 'Which ones?', options: ['A', 'B', 'C', 'D'], correctAnswer: [0, 3], feedback },
  { ...base, id: 3, type: 'true_false', question: 'True?', options: ['True', 'False'], correctAnswer: false, feedback },
  { ...base, id: 4, type: 'scenario', scenario: 'A lab', question: 'Do?', options: ['X', 'Y', 'Z'], correctAnswer: 1, feedback },
  { ...base, id: 5, type: 'matching', question: 'Match', options: { left: ['a', 'b', 'c'], right: ['3', '1', '2'] }, correctAnswer: [1, 2, 0], feedback },
  { ...base, id: 6, type: 'ordering', question: 'Order', options: ['third', 'first', 'second'], correctAnswer: [1, 2, 0], feedback },
  { ...base, id: 7, type: 'sorting_groups', question: 'Sort', options: { groups: ['odd', 'even'], items: ['1', '2', '3', '4'] }, correctAnswer: [0, 1, 0, 1], feedback },
  { ...base, id: 8, type: 'fill_gaps', question: 'Fill', options: { text: 'The {{1}} makes {{2}}.', wordBank: ['ATP', 'nucleus', 'mitochondrion'] }, correctAnswer: [['mitochondrion'], ['ATP']], feedback },
  { ...base, id: 9, type: 'drag_drop', question: 'Drop', options: { items: ['cat', 'oak', 'dog'], targets: ['animal', 'plant'] }, correctAnswer: [0, 1, 0], feedback },
  { ...base, id: 10, type: 'priority_ranking', question: 'Rank', options: ['low', 'high', 'mid'], correctAnswer: [1, 2, 0], feedback },
];

function asPlayback(q: Question): PlaybackQuestion {
  const { correctAnswer: _answer, feedback: _feedback, ...rest } = q;
  return { ...rest, id: q.id ?? 0 } as PlaybackQuestion;
}

/** The draft a learner who knows the answer builds against the shuffled view. */
function rightDraft(question: Question, attemptId: string): { draft: Draft; mapping: ReturnType<typeof shuffleQuestion>['mapping'] } {
  const view = toLearnerQuestion(asPlayback(question));
  if (!view) throw new Error('not shown');
  const { view: shown, mapping } = shuffleQuestion(view, attemptId);
  const shownOf = (list: number[] | undefined, stored: number) => (list ? list.indexOf(stored) : stored);
  const draft = initialDraft(shown);
  switch (question.type) {
    case 'single_choice':
    case 'scenario':
      return { draft: { kind: 'choice', value: shownOf(mapping.options, question.correctAnswer) }, mapping };
    case 'multiple_choice':
      return { draft: { kind: 'multi', value: question.correctAnswer.map((i) => shownOf(mapping.options, i)) }, mapping };
    case 'true_false':
      return { draft: { kind: 'boolean', value: question.correctAnswer }, mapping };
    case 'ordering':
    case 'priority_ranking':
      return { draft: { kind: 'order', value: question.correctAnswer.map((i) => shownOf(mapping.options, i)) }, mapping };
    case 'matching':
      return {
        draft: { kind: 'assign', value: (mapping.left ?? []).map((storedLeft) => shownOf(mapping.right, question.correctAnswer[storedLeft])) },
        mapping,
      };
    case 'sorting_groups':
    case 'drag_drop':
      return { draft: { kind: 'assign', value: (mapping.items ?? []).map((storedItem) => question.correctAnswer[storedItem]) }, mapping };
    case 'fill_gaps':
      expect(draft).toEqual({ kind: 'gaps', value: ['', ''] });
      return { draft: { kind: 'gaps', value: [' Mitochondrion ', 'ATP'] }, mapping };
  }
}

describe('shuffled questions and the responses sent', () => {
  it.each(QUESTIONS.map((q) => [q.type, q] as const))('a right answer to %s, given in shown order, grades correct on the server', (_type, question) => {
    const { draft, mapping } = rightDraft(question, 'attempt-1');
    expect(isComplete(draft)).toBe(true);
    expect(gradeAnswer(question, storedResponse(draft, mapping)).correct).toBe(true);
  });

  it('shows no answer and keeps the order for one attempt while another attempt may differ', () => {
    const view = toLearnerQuestion(asPlayback(QUESTIONS[5]));
    if (!view) throw new Error('not shown');
    const a = shuffleQuestion(view, 'attempt-1');
    expect(shuffleQuestion(view, 'attempt-1')).toEqual(a);
    expect(a.view).not.toHaveProperty('correctAnswer');
    expect(a.view).not.toHaveProperty('feedback');
    // Ordering items never show up in the stored order.
    expect(a.view.options).not.toEqual(['third', 'first', 'second']);
    const orders = new Set(['b', 'c', 'd', 'e', 'f', 'g'].map((s) => JSON.stringify(shuffleQuestion(view, s).view.options)));
    expect(orders.size).toBeGreaterThan(1);
  });

  it('refuses options of the wrong shape', () => {
    expect(toLearnerQuestion({ ...asPlayback(QUESTIONS[0]), options: 'A, B' })).toBeNull();
    expect(toLearnerQuestion({ ...asPlayback(QUESTIONS[4]), options: { left: ['a', 'b'], right: ['1'] } })).toBeNull();
    expect(toLearnerQuestion({ ...asPlayback(QUESTIONS[7]), options: { text: 'no gaps here' } })).toBeNull();
  });
});

describe('drafts', () => {
  it('is complete only when every part is answered', () => {
    expect(isComplete({ kind: 'choice', value: null })).toBe(false);
    expect(isComplete({ kind: 'boolean', value: false })).toBe(true);
    expect(isComplete({ kind: 'multi', value: [] })).toBe(false);
    expect(isComplete({ kind: 'assign', value: [0, null] })).toBe(false);
    expect(isComplete({ kind: 'gaps', value: ['a', '  '] })).toBe(false);
    expect(isComplete({ kind: 'order', value: [1, 0] })).toBe(true);
  });

  it('moves ordering items up and down, not past the ends', () => {
    expect(moveItem([0, 1, 2], 1, -1)).toEqual([1, 0, 2]);
    expect(moveItem([0, 1, 2], 1, 1)).toEqual([0, 2, 1]);
    expect(moveItem([0, 1, 2], 0, -1)).toEqual([0, 1, 2]);
    expect(moveItem([0, 1, 2], 2, 1)).toEqual([0, 1, 2]);
  });

  it('splits a fill-gaps text into pieces and gaps', () => {
    expect(gapParts('The {{1}} makes {{2}}.')).toEqual([
      { kind: 'text', text: 'The ' },
      { kind: 'gap', index: 0 },
      { kind: 'text', text: ' makes ' },
      { kind: 'gap', index: 1 },
      { kind: 'text', text: '.' },
    ]);
    expect(gapCount('{{2}} then {{1}}')).toBe(2);
  });
});

describe('describeAnswer', () => {
  const view = (i: number) => {
    const v = toLearnerQuestion(asPlayback(QUESTIONS[i]));
    if (!v) throw new Error('not shown');
    return v;
  };

  it('writes answers in stored indexes as text for every type', () => {
    expect(describeAnswer(view(0), 2)).toBe('C');
    expect(describeAnswer(view(1), [0, 3])).toBe('A, D');
    expect(describeAnswer(view(2), false)).toBe('False');
    expect(describeAnswer(view(4), [1, 2, 0])).toBe('a → 1; b → 2; c → 3');
    expect(describeAnswer(view(5), [1, 2, 0])).toBe('first → second → third');
    expect(describeAnswer(view(6), [0, 1, 0, 1])).toBe('1: odd; 2: even; 3: odd; 4: even');
    expect(describeAnswer(view(7), [['mitochondrion', 'mitochondria'], ['ATP']])).toBe('mitochondrion / mitochondria, ATP');
    expect(describeAnswer(view(7), ['nucleus', 'ATP'])).toBe('nucleus, ATP');
    expect(describeAnswer(view(8), [0, 1, 0])).toBe('cat: animal; oak: plant; dog: animal');
  });

  it('says — for no answer or a malformed one', () => {
    expect(describeAnswer(view(0), null)).toBe('—');
    expect(describeAnswer(view(1), 'x')).toBe('—');
    expect(describeAnswer(view(2), 'maybe')).toBe('—');
  });
});
