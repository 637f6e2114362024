import type { Question } from '@veolearn/domain';

const base = { timestamp: 10, topicTitle: 'Topic', topicStartTime: 0, feedback: { correct: 'Yes', incorrect: 'No' } };

/** One question of every type, with ids 1–10, for the SCORM tests (not exported from the library). */
export const SAMPLE_QUESTIONS: Question[] = [
  { ...base, id: 1, type: 'single_choice', question: 'Pick B', options: ['A', 'B', 'C'], correctAnswer: 1 },
  { ...base, id: 2, type: 'multiple_choice', question: 'Pick A and C', options: ['A', 'B', 'C', 'D'], correctAnswer: [0, 2] },
  { ...base, id: 3, type: 'true_false', question: 'Sky is blue', options: ['True', 'False'], correctAnswer: true },
  { ...base, id: 4, type: 'scenario', question: 'What now?', scenario: 'A fire', options: ['Run', 'Call 000'], correctAnswer: 1 },
  { ...base, id: 5, type: 'matching', question: 'Match', options: { left: ['cat', 'dog', 'cow'], right: ['moo', 'meow', 'woof'] }, correctAnswer: [1, 2, 0] },
  { ...base, id: 6, type: 'ordering', question: 'Order', options: ['second', 'first', 'third'], correctAnswer: [1, 0, 2] },
  {
    ...base,
    id: 7,
    type: 'sorting_groups',
    question: 'Sort',
    options: { groups: ['fruit', 'veg'], items: ['apple', 'carrot', 'pear', 'leek', 'plum', 'kale', 'fig', 'pea', 'kiwi', 'bean', 'lime', 'okra'] },
    correctAnswer: [0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1],
  },
  {
    ...base,
    id: 8,
    type: 'fill_gaps',
    question: 'Fill',
    options: { text: 'The {{1}} is {{2}}.' },
    correctAnswer: [['Sky', 'heaven'], ['Blue']],
  },
  { ...base, id: 9, type: 'drag_drop', question: 'Drop', options: { items: ['a', 'b'], targets: ['x', 'y'] }, correctAnswer: [1, 0] },
  { ...base, id: 10, type: 'priority_ranking', question: 'Rank', options: ['low', 'high', 'mid'], correctAnswer: [1, 2, 0] },
];

/** A right response for each of SAMPLE_QUESTIONS, in the same order. */
export const RIGHT_RESPONSES: unknown[] = [1, [2, 0], true, 1, [1, 2, 0], [1, 0, 2], [0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1], ['sky', 'BLUE'], [1, 0], [1, 2, 0]];
/** A wrong response for each of SAMPLE_QUESTIONS. */
export const WRONG_RESPONSES: unknown[] = [0, [0], false, 0, [0, 1, 2], [0, 1, 2], [1, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1], ['sea', 'green'], [0, 1], [0, 1, 2]];
