import { QUESTION_TYPES } from '../folders';
import { defaultFeedback } from './feedback';
import { gradeAnswer, pairwiseAgreement } from './grade';
import {
  DEFAULT_WIZARD_QUESTION_TYPE_IDS,
  QUESTION_TYPE_LABELS,
  QUESTION_TYPE_TO_WIZARD_ID,
  WIZARD_ID_TO_QUESTION_TYPE,
  WIZARD_QUESTION_TYPE_IDS,
  questionTypeFromWizardId,
} from './labels';
import { learnerView, revealsAnswerByOrder, shuffleForLearner, unshuffleResponse } from './learner';
import type { Question, QuestionOfType } from './types';
import { normaliseGapAnswer, validateQuestion } from './validate';

const base = {
  question: 'Which statement is right?',
  timestamp: 95,
  topicTitle: 'Light Dependent Reactions',
  topicStartTime: 60,
  feedback: { correct: 'Well recalled.', incorrect: 'Have another look at this chapter.', explanation: 'ATP is made by ATP synthase.' },
};

const EXAMPLES: { [T in Question['type']]: QuestionOfType<T> } = {
  single_choice: { ...base, type: 'single_choice', options: ['Stroma', 'Thylakoid membrane', 'Nucleus'], correctAnswer: 1 },
  multiple_choice: { ...base, type: 'multiple_choice', options: ['ATP', 'NADPH', 'Glucose', 'Oxygen'], correctAnswer: [0, 1, 3] },
  true_false: { ...base, type: 'true_false', options: ['True', 'False'], correctAnswer: false },
  scenario: {
    ...base,
    type: 'scenario',
    scenario: 'A farmer sees slow growth in a warm, bright greenhouse in winter.',
    options: ['Add more light', 'Raise the carbon dioxide concentration', 'Cool the greenhouse'],
    correctAnswer: 1,
  },
  matching: { ...base, type: 'matching', options: { left: ['Rubisco', 'Chlorophyll', 'ATP synthase'], right: ['Makes ATP', 'Fixes carbon', 'Absorbs light'] }, correctAnswer: [1, 2, 0] },
  ordering: { ...base, type: 'ordering', options: ['Electrons excited', 'Light hits photosystem II', 'NADP reduced', 'Electron transport chain'], correctAnswer: [1, 0, 3, 2] },
  sorting_groups: {
    ...base,
    type: 'sorting_groups',
    options: { groups: ['Light dependent', 'Calvin cycle'], items: ['Water is split', 'Carbon is fixed', 'Oxygen released', 'RuBP regenerated'] },
    correctAnswer: [0, 1, 0, 1],
  },
  fill_gaps: {
    ...base,
    type: 'fill_gaps',
    options: { text: 'Photosynthesis happens in the {{1}} and releases {{2}}.', wordBank: ['chloroplast', 'oxygen', 'nitrogen'] },
    correctAnswer: [['chloroplast', 'chloroplasts'], ['oxygen', 'O2']],
  },
  drag_drop: { ...base, type: 'drag_drop', options: { items: ['Thylakoid', 'Stroma', 'Grana'], targets: ['Light reactions', 'Calvin cycle'] }, correctAnswer: [0, 1, 0] },
  priority_ranking: {
    ...base,
    type: 'priority_ranking',
    options: ['Check the casualty is breathing', 'Call for help', 'Make the area safe', 'Fill in the report'],
    correctAnswer: [2, 0, 1, 3],
  },
};

const errorsOf = (input: unknown): string[] => {
  const result = validateQuestion(input);
  return result.ok ? [] : result.errors;
};
const withChange = (type: Question['type'], change: Record<string, unknown>) => ({ ...EXAMPLES[type], ...change });

describe('question types', () => {
  it('have one example per type, labels and wizard ids in both directions', () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual([...QUESTION_TYPES].sort());
    for (const type of QUESTION_TYPES) {
      expect(QUESTION_TYPE_LABELS[type]).toMatch(/^[A-Z]/);
      expect(WIZARD_ID_TO_QUESTION_TYPE[QUESTION_TYPE_TO_WIZARD_ID[type]]).toBe(type);
    }
    expect(WIZARD_QUESTION_TYPE_IDS).toHaveLength(10);
    expect(questionTypeFromWizardId('fillGap')).toBe('fill_gaps');
    expect(questionTypeFromWizardId('sortingGroups')).toBe('sorting_groups');
    expect(questionTypeFromWizardId('typeAnswer')).toBeNull();
    expect(questionTypeFromWizardId('toString')).toBeNull();
    expect(DEFAULT_WIZARD_QUESTION_TYPE_IDS.map(questionTypeFromWizardId)).toEqual(['single_choice', 'multiple_choice', 'true_false']);
  });

  it('default feedback uses learning framing without figures or studies', () => {
    for (const type of QUESTION_TYPES) {
      const fb = defaultFeedback(type);
      const all = `${fb.correct} ${fb.incorrect} ${fb.explanation}`;
      expect(all).not.toMatch(/\d|%|percent|stud(y|ies)|research|according to|et al/i);
      expect(fb.correct).toMatch(/memory|recall/i);
      expect(validateQuestion({ ...EXAMPLES[type], feedback: fb }).ok).toBe(true);
    }
  });
});

describe('validateQuestion', () => {
  it.each(QUESTION_TYPES)('accepts a valid %s question and returns a clean copy', (type) => {
    const result = validateQuestion({ ...EXAMPLES[type], extra: 'dropped', question: `  ${base.question}  ` });
    expect(result).toEqual({ ok: true, question: EXAMPLES[type] });
  });

  it('rejects non-objects and unknown types', () => {
    expect(errorsOf(null)).toEqual(['question must be an object']);
    expect(errorsOf([])).toEqual(['question must be an object']);
    expect(errorsOf({ ...base, type: 'essay' })[0]).toMatch(/^type must be one of single_choice/);
  });

  it('reports every common-field problem by name', () => {
    const errors = errorsOf({
      type: 'single_choice',
      id: 1.5,
      question: '   ',
      timestamp: Infinity,
      topicTitle: 7,
      topicStartTime: -1,
      feedback: { correct: '', explanation: 3 },
      options: ['a', 'b'],
      correctAnswer: 0,
    });
    expect(errors).toEqual([
      'id must be a positive whole number when present',
      'question must not be empty',
      'timestamp must be a finite number of seconds',
      'topicTitle must be a string',
      'topicStartTime must be 0 or more',
      'feedback.correct must not be empty',
      'feedback.incorrect must be a string',
      'feedback.explanation must be a string',
    ]);
    expect(errorsOf(withChange('single_choice', { question: 'x'.repeat(1001) }))).toEqual(['question must be at most 1000 characters']);
    expect(errorsOf(withChange('single_choice', { feedback: 'nice' }))).toEqual(['feedback must be an object with correct and incorrect texts']);
    expect(errorsOf(withChange('single_choice', { topicStartTime: 96 }))).toEqual(['topicStartTime must not be after timestamp (the chapter starts before its question)']);
    expect(errorsOf(withChange('single_choice', { timestamp: '95' }))).toEqual(['timestamp must be a finite number of seconds']);
    const late = validateQuestion(EXAMPLES.single_choice, { durationSeconds: 90 });
    expect(late).toEqual({ ok: false, errors: ['timestamp must not be after the end of the video (90 s)'] });
  });

  it('accepts a missing explanation, a legacy topic field and a positive id', () => {
    const { feedback, topicTitle, ...rest } = EXAMPLES.true_false;
    const result = validateQuestion({ ...rest, id: 12, topic: topicTitle, feedback: { correct: feedback.correct, incorrect: feedback.incorrect, explanation: ' ' } });
    expect(result.ok && result.question).toMatchObject({ id: 12, topicTitle, feedback: { correct: feedback.correct, incorrect: feedback.incorrect } });
    expect(result.ok && 'explanation' in result.question.feedback).toBe(false);
  });

  it('checks choice options and indexes', () => {
    expect(errorsOf(withChange('single_choice', { options: ['only one'] }))).toEqual(['options must have between 2 and 6 entries']);
    expect(errorsOf(withChange('single_choice', { options: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] }))).toEqual(['options must have between 2 and 6 entries']);
    expect(errorsOf(withChange('single_choice', { options: 'a,b' }))).toEqual(['options must be a list of texts']);
    expect(errorsOf(withChange('single_choice', { options: ['a', ' '] }))).toEqual(['options[1] must not be empty']);
    expect(errorsOf(withChange('single_choice', { options: ['a', 'y'.repeat(301)] }))).toEqual(['options[1] must be at most 300 characters']);
    expect(errorsOf(withChange('single_choice', { options: ['Same', 'same '] }))).toEqual(['options[1] repeats an earlier entry; entries must be distinct']);
    expect(errorsOf(withChange('single_choice', { correctAnswer: 3 }))).toEqual(['correctAnswer must be the index of one option (0 to 2)']);
    expect(errorsOf(withChange('single_choice', { correctAnswer: '1' }))).toEqual(['correctAnswer must be the index of one option (0 to 2)']);
    expect(errorsOf(withChange('scenario', { scenario: '' }))).toEqual(['scenario must not be empty']);
    expect(errorsOf(withChange('scenario', { options: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] }))).toEqual(['options must have between 2 and 6 entries']);
  });

  it('checks multiple choice answers', () => {
    expect(errorsOf(withChange('multiple_choice', { correctAnswer: [] }))).toEqual(['correctAnswer must list the index of at least one correct option']);
    expect(errorsOf(withChange('multiple_choice', { correctAnswer: 1 }))).toEqual(['correctAnswer must list the index of at least one correct option']);
    expect(errorsOf(withChange('multiple_choice', { correctAnswer: [0, 4] }))).toEqual(['correctAnswer[1] must be the index of one option (0 to 3)']);
    expect(errorsOf(withChange('multiple_choice', { correctAnswer: [1, 1] }))).toEqual(['correctAnswer must not list the same option twice']);
    expect(errorsOf(withChange('multiple_choice', { options: Array.from({ length: 9 }, (_, i) => `o${i}`) }))).toEqual(['options must have between 2 and 8 entries']);
    const sorted = validateQuestion(withChange('multiple_choice', { correctAnswer: [3, 0] }));
    expect(sorted.ok && sorted.question.correctAnswer).toEqual([0, 3]);
  });

  it('checks true/false', () => {
    expect(errorsOf(withChange('true_false', { correctAnswer: 'false' }))).toEqual(['correctAnswer must be true or false']);
    expect(errorsOf(withChange('true_false', { options: ['Yes', 'No'] }))).toEqual(["options must be ['True', 'False'] (or left out)"]);
    const noOptions = validateQuestion(withChange('true_false', { options: undefined }));
    expect(noOptions.ok && noOptions.question.options).toEqual(['True', 'False']);
  });

  it('checks matching columns and the permutation', () => {
    expect(errorsOf(withChange('matching', { options: ['a', 'b'] }))).toEqual(['options must be an object with left and right lists']);
    expect(errorsOf(withChange('matching', { options: { left: ['a', 'b'], right: ['x', 'y', 'z'] }, correctAnswer: [0, 1] }))).toEqual([
      'options.left and options.right must have the same number of entries',
    ]);
    expect(errorsOf(withChange('matching', { options: { left: ['a'], right: ['x'] }, correctAnswer: [0] }))).toEqual([
      'options.left must have between 2 and 8 entries',
      'options.right must have between 2 and 8 entries',
    ]);
    expect(errorsOf(withChange('matching', { correctAnswer: [1, 1, 0] }))).toEqual(['correctAnswer must be a permutation of 0 to 2: each right-hand entry index exactly once']);
    expect(errorsOf(withChange('matching', { correctAnswer: [1, 2] }))).toEqual(['correctAnswer must list every right-hand entry index exactly once (3 whole numbers)']);
  });

  it('checks ordering and priority permutations', () => {
    for (const type of ['ordering', 'priority_ranking'] as const) {
      expect(errorsOf(withChange(type, { correctAnswer: [0, 1, 2, 4] }))).toEqual(['correctAnswer must be a permutation of 0 to 3: each option index exactly once']);
      expect(errorsOf(withChange(type, { correctAnswer: [0, 1, 2, 2.5] }))).toEqual(['correctAnswer must list every option index exactly once (4 whole numbers)']);
      expect(errorsOf(withChange(type, { options: ['one'], correctAnswer: [0] }))).toEqual(['options must have between 2 and 8 entries']);
    }
  });

  it('checks sorting groups and drag and drop', () => {
    expect(errorsOf(withChange('sorting_groups', { options: { groups: ['a', 'b', 'c', 'd', 'e'], items: ['x', 'y'] }, correctAnswer: [0, 1] }))).toEqual([
      'options.groups must have between 2 and 4 entries',
    ]);
    expect(errorsOf(withChange('sorting_groups', { correctAnswer: [0, 1, 2, 1] }))).toEqual(['correctAnswer[2] must be the index of one group (0 to 1)']);
    expect(errorsOf(withChange('sorting_groups', { correctAnswer: [0, 1] }))).toEqual(['correctAnswer must list one group index for each item (4 entries)']);
    expect(errorsOf(withChange('sorting_groups', { options: null }))).toEqual(['options must be an object with groups and items lists']);
    expect(errorsOf(withChange('drag_drop', { options: { items: Array.from({ length: 13 }, (_, i) => `i${i}`), targets: ['a', 'b'] } }))).toEqual([
      'options.items must have between 2 and 12 entries',
    ]);
    expect(errorsOf(withChange('drag_drop', { correctAnswer: [0, 1, 5] }))).toEqual(['correctAnswer[2] must be the index of one target (0 to 1)']);
    expect(errorsOf(withChange('drag_drop', { options: {} }))).toEqual(['options.items must be a list of texts', 'options.targets must be a list of texts']);
  });

  it('checks fill-the-gaps placeholders, answers and word bank', () => {
    const text = (t: string) => ({ options: { text: t } });
    expect(errorsOf(withChange('fill_gaps', text('No gaps here.')))).toEqual(['options.text must contain at least one gap written {{1}}']);
    expect(errorsOf(withChange('fill_gaps', text('A {{1}} and {{3}}.')))).toEqual(['options.text gaps must be numbered {{1}} to {{2}}, each used once']);
    expect(errorsOf(withChange('fill_gaps', text('A {{1}} and {{1}}.')))).toEqual(['options.text gaps must be numbered {{1}} to {{2}}, each used once']);
    expect(errorsOf(withChange('fill_gaps', text('Only {{1}}.')))).toEqual(['correctAnswer must list accepted answers for each of the 1 gaps in options.text']);
    expect(errorsOf(withChange('fill_gaps', { correctAnswer: [[], ['oxygen']] }))).toEqual(['correctAnswer[0] must list at least one accepted answer for gap {{1}}']);
    expect(errorsOf(withChange('fill_gaps', { correctAnswer: [['chloroplast'], ['']] }))).toEqual(['correctAnswer[1][0] must not be empty']);
    expect(errorsOf(withChange('fill_gaps', { correctAnswer: [['chloroplast'], ['carbon']] }))).toEqual(['correctAnswer[1] must include a word from options.wordBank for gap {{2}}']);
    expect(errorsOf(withChange('fill_gaps', { options: { text: 'x {{1}}', wordBank: [] }, correctAnswer: [['x']] }))).toEqual(['options.wordBank must have between 1 and 30 entries']);
    const loose = validateQuestion(withChange('fill_gaps', { options: { text: 'The {{ 1 }} is green.' }, correctAnswer: ['leaf'] }));
    expect(loose.ok && loose.question.correctAnswer).toEqual([['leaf']]);
  });
});

describe('gradeAnswer', () => {
  const right: { [T in Question['type']]: unknown } = {
    single_choice: 1,
    multiple_choice: [3, 1, 0, 1],
    true_false: false,
    scenario: 1,
    matching: [1, 2, 0],
    ordering: [1, 0, 3, 2],
    sorting_groups: [0, 1, 0, 1],
    fill_gaps: ['  Chloroplasts. ', 'OXYGEN!'],
    drag_drop: [0, 1, 0],
    priority_ranking: [2, 0, 1, 3],
  };
  const wrong: { [T in Question['type']]: unknown } = {
    single_choice: 0,
    multiple_choice: [0, 1],
    true_false: true,
    scenario: 2,
    matching: [0, 1, 2],
    ordering: [0, 1, 2, 3],
    sorting_groups: [1, 0, 1, 0],
    fill_gaps: ['nucleus', 'nitrogen'],
    drag_drop: [1, 0, 1],
    priority_ranking: [3, 1, 0, 2],
  };
  const malformed: unknown[] = [undefined, null, 'a', {}, [], [null], -1, 99, NaN, [0.5], { 0: 1 }];

  it.each(QUESTION_TYPES)('grades a right %s answer', (type) => {
    const result = gradeAnswer(EXAMPLES[type], right[type]);
    expect(result).toMatchObject({ correct: true, score: 1, expected: EXAMPLES[type].correctAnswer });
    expect(result.normalizedResponse).not.toBeNull();
  });

  it.each(QUESTION_TYPES)('grades a wrong %s answer', (type) => {
    const result = gradeAnswer(EXAMPLES[type], wrong[type]);
    expect(result.correct).toBe(false);
    expect(result.score).toBeLessThan(1);
  });

  it.each(QUESTION_TYPES)('scores malformed %s responses 0 without throwing', (type) => {
    for (const response of malformed) {
      if (type === 'multiple_choice' && Array.isArray(response) && response.length === 0) continue; // an empty selection is an answer
      expect(gradeAnswer(EXAMPLES[type], response)).toMatchObject({ correct: false, score: 0, normalizedResponse: null });
    }
  });

  it('does not throw on a broken question either', () => {
    expect(gradeAnswer({ type: 'ordering' } as unknown as Question, [0])).toMatchObject({ correct: false, score: 0, normalizedResponse: null });
    expect(gradeAnswer(null as unknown as Question, 0)).toMatchObject({ correct: false, score: 0 });
  });

  it('normalises responses', () => {
    expect(gradeAnswer(EXAMPLES.multiple_choice, [])).toMatchObject({ correct: false, score: 0, normalizedResponse: [] });
    expect(gradeAnswer(EXAMPLES.multiple_choice, [3, 1, 0, 1]).normalizedResponse).toEqual([0, 1, 3]);
    expect(gradeAnswer(EXAMPLES.fill_gaps, ['  Chloroplasts. ', 'OXYGEN!']).normalizedResponse).toEqual(['chloroplasts', 'oxygen']);
    expect(gradeAnswer(EXAMPLES.fill_gaps, [['oxygen'], ['o2']]).score).toBe(0.5);
    expect(gradeAnswer(EXAMPLES.true_false, 1)).toMatchObject({ correct: true, normalizedResponse: false });
    expect(gradeAnswer(EXAMPLES.true_false, 0)).toMatchObject({ correct: false, normalizedResponse: true });
    expect(normaliseGapAnswer('  “Light   energy”, ')).toBe('light energy');
  });

  it('gives partial credit where parts can be right', () => {
    expect(gradeAnswer(EXAMPLES.multiple_choice, [0, 1])).toMatchObject({ correct: false, score: 0 });
    expect(gradeAnswer(EXAMPLES.matching, [1, 0, 2])).toMatchObject({ correct: false, score: 0.3333 });
    expect(gradeAnswer(EXAMPLES.sorting_groups, [0, 1, 1, 1])).toMatchObject({ correct: false, score: 0.75 });
    expect(gradeAnswer(EXAMPLES.drag_drop, [0, 0, 0])).toMatchObject({ correct: false, score: 0.6667 });
    expect(gradeAnswer(EXAMPLES.ordering, [1, 0, 2, 3])).toMatchObject({ correct: false, score: 0.5 });
    expect(gradeAnswer(EXAMPLES.fill_gaps, ['chloroplast', ''])).toMatchObject({ correct: false, score: 0.5 });
  });

  it('scores priority ranking by pairwise agreement', () => {
    // one adjacent swap: 5 of 6 pairs agree
    expect(gradeAnswer(EXAMPLES.priority_ranking, [0, 2, 1, 3])).toMatchObject({ correct: false, score: 0.8333 });
    // fully reversed: no pair agrees
    expect(gradeAnswer(EXAMPLES.priority_ranking, [3, 1, 0, 2])).toMatchObject({ correct: false, score: 0 });
    expect(pairwiseAgreement([0, 1, 2], [0, 1, 2])).toBe(1);
    expect(pairwiseAgreement([0, 1, 2], [1, 0, 2])).toBeCloseTo(2 / 3);
    // not a permutation: malformed
    expect(gradeAnswer(EXAMPLES.priority_ranking, [2, 2, 1, 3]).score).toBe(0);
  });

  it('returns a copy of the expected answer', () => {
    const result = gradeAnswer(EXAMPLES.ordering, []);
    result.expected.push(9);
    expect(EXAMPLES.ordering.correctAnswer).toEqual([1, 0, 3, 2]);
  });
});

describe('learnerView and shuffleForLearner', () => {
  it.each(QUESTION_TYPES)('%s learner view hides correctAnswer and feedback', (type) => {
    const view = learnerView(EXAMPLES[type]);
    const json = JSON.stringify(view);
    expect(json).not.toMatch(/correctAnswer|feedback|Well recalled|another look|ATP synthase\./);
    expect(view).toMatchObject({ type, question: base.question, timestamp: 95, topicTitle: base.topicTitle, topicStartTime: 60 });
    expect((view as { options: unknown }).options).toEqual(EXAMPLES[type].options);
  });

  it('flags ordering questions stored in the answer order', () => {
    expect(revealsAnswerByOrder(EXAMPLES.ordering)).toBe(false);
    expect(revealsAnswerByOrder({ ...EXAMPLES.ordering, correctAnswer: [0, 1, 2, 3] })).toBe(true);
    expect(revealsAnswerByOrder({ ...EXAMPLES.matching, correctAnswer: [0, 1, 2] })).toBe(true);
    expect(revealsAnswerByOrder(EXAMPLES.single_choice)).toBe(false);
  });

  it.each(QUESTION_TYPES)('%s shuffle is deterministic, hides the answer and stays gradable', (type) => {
    const q = EXAMPLES[type];
    const a = shuffleForLearner(q, 'q7:learner42');
    const b = shuffleForLearner(q, 'q7:learner42');
    expect(a).toEqual(b);
    expect(JSON.stringify(a.view)).not.toMatch(/correctAnswer|feedback/);
    expect(validateQuestion(a.question).ok).toBe(true);
    // the shuffled question's own answer, mapped back, is the stored answer
    const shownRight = type === 'fill_gaps' ? right(q) : a.question.correctAnswer;
    expect(gradeAnswer(a.question, shownRight).correct).toBe(true);
    expect(gradeAnswer(q, unshuffleResponse(a.mapping, shownRight)).correct).toBe(true);
    expect(q).toEqual(EXAMPLES[type]); // input untouched
  });

  it('shuffles differently per seed and never shows ordering items in the answer order', () => {
    const sorted: QuestionOfType<'ordering'> = { ...EXAMPLES.ordering, options: ['a', 'b', 'c'], correctAnswer: [0, 1, 2] };
    const seen = new Set<string>();
    for (let seed = 0; seed < 40; seed++) {
      const s = shuffleForLearner(sorted, seed);
      const q = s.question as QuestionOfType<'ordering'>;
      expect(q.correctAnswer).not.toEqual([0, 1, 2]);
      expect(q.correctAnswer.map((i) => q.options[i])).toEqual(['a', 'b', 'c']);
      seen.add(JSON.stringify(s.mapping.options));
    }
    expect(seen.size).toBeGreaterThan(2);
    const pairs: QuestionOfType<'matching'> = { ...EXAMPLES.matching, options: { left: ['1', '2'], right: ['one', 'two'] }, correctAnswer: [0, 1] };
    for (let seed = 0; seed < 20; seed++) expect((shuffleForLearner(pairs, seed).question as QuestionOfType<'matching'>).correctAnswer).toEqual([1, 0]);
  });

  it('maps wrong and malformed shown responses back safely', () => {
    const s = shuffleForLearner(EXAMPLES.priority_ranking, 3);
    const reversed = [...(s.question.correctAnswer as number[])].reverse();
    expect(gradeAnswer(EXAMPLES.priority_ranking, unshuffleResponse(s.mapping, reversed)).score).toBe(0);
    expect(unshuffleResponse(s.mapping, 'junk')).toBe('junk');
    expect(unshuffleResponse(s.mapping, [0, 99])).toEqual([0, 99]);
    expect(gradeAnswer(EXAMPLES.priority_ranking, unshuffleResponse(s.mapping, [0, 99])).score).toBe(0);
  });
});

function right(q: Question): unknown {
  return q.type === 'fill_gaps' ? q.correctAnswer.map((accepted) => accepted[0]) : q.correctAnswer;
}
