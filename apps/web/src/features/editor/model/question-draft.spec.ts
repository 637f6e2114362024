import { QUESTION_TYPES, gradeAnswer, revealsAnswerByOrder, validateQuestion, type Question, type QuestionType } from '@veolearn/domain';
import type { InteractionView } from '../api/editor-api';
import { convertAnswer, freshLabel, newQuestionPayload, timelineMax } from './draft-convert';
import { friendlyMessage, parseSeconds, validateDraft } from './draft-validation';
import { INITIAL_EDITOR_STATE, editorReducer } from './editor-state';
import { answerFromStored, draftFromInteraction, draftToPayload, scramble, type QuestionDraft } from './question-draft';

const FEEDBACK = { correct: 'Well done.', incorrect: 'Not quite.', explanation: 'Because.' };

/** One stored question of each type, as the server answers them (ordering and matching scrambled). */
const STORED: Record<QuestionType, Pick<InteractionView, 'options' | 'correctAnswer'> & { scenario?: string }> = {
  single_choice: { options: ['Mars', 'Jupiter', 'Venus'], correctAnswer: 1 },
  multiple_choice: { options: ['Oxygen', 'Gold', 'Nitrogen'], correctAnswer: [0, 2] },
  true_false: { options: ['True', 'False'], correctAnswer: false },
  scenario: { scenario: 'A patient arrives.', options: ['Wait', 'Check airway'], correctAnswer: 1 },
  matching: { options: { left: ['Cat', 'Dog', 'Cow'], right: ['Moo', 'Meow', 'Woof'] }, correctAnswer: [1, 2, 0] },
  ordering: { options: ['Bake', 'Mix', 'Serve'], correctAnswer: [1, 0, 2] },
  sorting_groups: { options: { groups: ['Fruit', 'Vegetable'], items: ['Apple', 'Carrot', 'Pear'] }, correctAnswer: [0, 1, 0] },
  fill_gaps: { options: { text: 'Water boils at {{1}} degrees, freezes at {{2}}.', wordBank: ['100', '0', '50'] }, correctAnswer: [['100'], ['0', 'zero']] },
  drag_drop: { options: { items: ['Lungs', 'Heart', 'Brain'], targets: ['Chest', 'Head'] }, correctAnswer: [0, 0, 1] },
  priority_ranking: { options: ['Email', 'Fire alarm', 'Lunch'], correctAnswer: [1, 0, 2] },
};

function interaction(type: QuestionType, id = 7): InteractionView {
  return {
    id,
    videoId: 3,
    type,
    question: `A ${type} question?`,
    timestamp: 40,
    topicTitle: 'Topic',
    topicStartTime: 20,
    feedback: FEEDBACK,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    ...STORED[type],
  };
}

function validQuestion(payload: Record<string, unknown>, durationSeconds?: number): Question {
  const result = validateQuestion(payload, { durationSeconds });
  if (!result.ok) throw new Error(result.errors.join('; '));
  return result.question;
}

describe('draftFromInteraction and draftToPayload', () => {
  it('shows matching as pairs and ordering in the answer order', () => {
    expect(draftFromInteraction(interaction('matching')).answer).toEqual({
      type: 'matching',
      pairs: [
        { left: 'Cat', right: 'Meow' },
        { left: 'Dog', right: 'Woof' },
        { left: 'Cow', right: 'Moo' },
      ],
    });
    expect(draftFromInteraction(interaction('ordering')).answer).toEqual({ type: 'ordering', items: ['Mix', 'Bake', 'Serve'] });
    expect(draftFromInteraction(interaction('sorting_groups')).answer).toEqual({
      type: 'sorting_groups',
      groups: ['Fruit', 'Vegetable'],
      items: [
        { text: 'Apple', place: 0 },
        { text: 'Carrot', place: 1 },
        { text: 'Pear', place: 0 },
      ],
    });
  });

  it.each(QUESTION_TYPES)('%s: the saved payload is valid, grades its own answer right and reads back the same', (type) => {
    const draft = draftFromInteraction(interaction(type));
    const payload = draftToPayload(draft);
    const question = validQuestion(payload, 120);
    expect(question.feedback).toEqual(FEEDBACK);
    const response = question.type === 'fill_gaps' ? question.correctAnswer.map((g) => g[0]) : question.correctAnswer;
    expect(gradeAnswer(question, response).correct).toBe(true);
    expect(revealsAnswerByOrder(question)).toBe(false);
    const again = draftFromInteraction({ ...interaction(type), ...payload } as InteractionView);
    expect(again).toEqual(draft);
  });

  it('stores ordering items and the matching right column out of answer order, the same way every time', () => {
    const draft = draftFromInteraction(interaction('ordering'));
    const first = draftToPayload(draft);
    expect(first.options).not.toEqual(['Mix', 'Bake', 'Serve']);
    expect(draftToPayload(draft)).toEqual(first);
    const unscrambled = draftToPayload(draft, { scramble: false });
    expect(unscrambled.options).toEqual(['Mix', 'Bake', 'Serve']);
    expect(unscrambled.correctAnswer).toEqual([0, 1, 2]);
  });

  it('never keeps the given order when scrambling two or more texts', () => {
    for (let n = 2; n <= 8; n++) {
      for (const word of ['a', 'b', 'step', 'x y']) {
        const texts = Array.from({ length: n }, (_, i) => `${word} ${i}`);
        const { options, answer } = scramble(texts);
        expect(options).not.toEqual(texts);
        expect(answer.map((k) => options[k])).toEqual(texts);
      }
    }
  });

  it('leaves out a blank explanation and keeps the scenario only for scenario questions', () => {
    const draft: QuestionDraft = { ...draftFromInteraction(interaction('single_choice')), scenario: 'Kept for later' };
    draft.feedback = { ...draft.feedback, explanation: '   ' };
    const payload = draftToPayload(draft);
    expect(payload.feedback).toEqual({ correct: 'Well done.', incorrect: 'Not quite.' });
    expect(payload).not.toHaveProperty('scenario');
    expect(draftToPayload({ ...draft, answer: convertAnswer(draft.answer, 'scenario') }).scenario).toBe('Kept for later');
  });

  it('reads damaged stored answers leniently', () => {
    expect(answerFromStored('single_choice', ['A', 'B'], 9)).toEqual({ type: 'single_choice', options: ['A', 'B'], correct: 0 });
    expect(answerFromStored('ordering', ['A', 'B'], [0])).toEqual({ type: 'ordering', items: ['A', 'B'] });
    expect(answerFromStored('matching', { left: ['A'], right: [] }, [3])).toEqual({ type: 'matching', pairs: [{ left: 'A', right: '' }] });
    expect(answerFromStored('fill_gaps', null, ['x'])).toEqual({ type: 'fill_gaps', text: '', gaps: [['x']], wordBank: null });
  });

  it('drops blank extra accepted answers of a gap', () => {
    const draft = draftFromInteraction(interaction('fill_gaps'));
    draft.answer = { type: 'fill_gaps', text: 'A {{1}} and {{2}}', gaps: [['cat', ' '], ['', 'dog'], ['unused']], wordBank: null };
    expect(draftToPayload(draft).correctAnswer).toEqual([['cat'], ['dog']]);
  });
});

describe('convertAnswer', () => {
  it.each(QUESTION_TYPES.flatMap((from) => QUESTION_TYPES.map((to) => [from, to] as const)))('%s → %s gives a valid question', (from, to) => {
    const draft = draftFromInteraction(interaction(from));
    const converted: QuestionDraft = { ...draft, scenario: draft.scenario || 'A situation.', answer: convertAnswer(draft.answer, to) };
    expect(converted.answer.type).toBe(to);
    expect(validateDraft(converted, 120)).toEqual([]);
  });

  it('keeps the texts and the right option where they carry over', () => {
    const single = draftFromInteraction(interaction('single_choice')).answer;
    expect(convertAnswer(single, 'multiple_choice')).toEqual({ type: 'multiple_choice', options: ['Mars', 'Jupiter', 'Venus'], correct: [1] });
    expect(convertAnswer(single, 'ordering')).toEqual({ type: 'ordering', items: ['Mars', 'Jupiter', 'Venus'] });
    const sorting = draftFromInteraction(interaction('sorting_groups')).answer;
    expect(convertAnswer(sorting, 'drag_drop')).toEqual({ type: 'drag_drop', targets: ['Fruit', 'Vegetable'], items: (sorting as { items: unknown }).items });
    expect(convertAnswer(single, 'fill_gaps')).toMatchObject({ gaps: [['Jupiter']] });
  });

  it('pads short lists with fresh numbered labels', () => {
    expect(convertAnswer({ type: 'true_false', correct: true }, 'single_choice')).toEqual({ type: 'single_choice', options: ['Option 1', 'Option 2'], correct: 0 });
    expect(freshLabel('Option', ['Option 1', 'option 2'])).toBe('Option 3');
  });
});

describe('newQuestionPayload', () => {
  const items = [interaction('single_choice', 1), { ...interaction('ordering', 2), timestamp: 90, topicTitle: 'Late', topicStartTime: 80 }];

  it('adds a valid single-choice question 30 s after the last one, in its topic', () => {
    const payload = newQuestionPayload(items, 600);
    expect(payload).toMatchObject({ type: 'single_choice', timestamp: 120, topicTitle: 'Late', topicStartTime: 80 });
    validQuestion(payload, 600);
  });

  it('stays inside the video and starts at 30 s on an empty video', () => {
    expect(newQuestionPayload(items, 100).timestamp).toBe(100);
    expect(newQuestionPayload([], null)).toMatchObject({ timestamp: 30 });
    expect(newQuestionPayload([], null)).not.toHaveProperty('topicTitle');
  });
});

describe('parseSeconds and timelineMax', () => {
  it.each([
    ['42', 42],
    ['12.5', 12.5],
    ['12,5', 12.5],
    ['', 0],
    ['abc', 0],
    ['-5', 0],
    ['99999', 600],
  ])('%p → %p', (text, expected) => expect(parseSeconds(text, 600)).toBe(expected));

  it('uses an hour while the duration is unknown', () => {
    expect(timelineMax(null)).toBe(3600);
    expect(timelineMax(0)).toBe(3600);
    expect(timelineMax(125)).toBe(125);
  });
});

describe('validateDraft', () => {
  it('names fields the way the editor labels them', () => {
    const draft = draftFromInteraction(interaction('ordering'));
    draft.answer = { type: 'ordering', items: ['One', '', 'one'] };
    draft.question = ' ';
    draft.timestamp = 500;
    expect(validateDraft(draft, 120)).toEqual([
      'The question text must not be empty',
      'The timeline position must not be after the end of the video (120 s)',
      'Item 2 must not be empty',
    ]);
  });

  it.each([
    ['matching', 'options.right[2] repeats an earlier entry; entries must be distinct', 'Right entry 3 repeats an earlier entry; entries must be distinct'],
    ['fill_gaps', 'correctAnswer[1][0] must not be empty', 'Gap 2, accepted answer 1 must not be empty'],
    ['fill_gaps', 'options.text must contain at least one gap written {{1}}', 'The text with gaps must contain at least one gap written {{1}}'],
    ['sorting_groups', 'options.groups must have between 2 and 4 entries', 'Groups must have between 2 and 4 entries'],
    ['single_choice', 'feedback.incorrect must not be empty', 'The incorrect-answer message must not be empty'],
    ['single_choice', 'topicStartTime must not be after timestamp', 'The topic start time must not be after timestamp'],
  ] as const)('%s: %p', (type, message, expected) => expect(friendlyMessage(type, message)).toBe(expected));
});

describe('editorReducer (spec section 4)', () => {
  const a = interaction('single_choice', 1);
  const b = interaction('true_false', 2);

  it('selecting copies the question and clears dirty; an edit sets dirty; cancel clears everything', () => {
    let state = editorReducer(INITIAL_EDITOR_STATE, { type: 'select', question: a });
    expect(state).toMatchObject({ selectedId: 1, dirty: false, draft: { question: a.question } });
    state = editorReducer(state, { type: 'edit', update: (d) => ({ ...d, question: 'Changed?' }) });
    expect(state).toMatchObject({ dirty: true, draft: { question: 'Changed?' } });
    expect(a.question).not.toBe('Changed?');
    state = editorReducer(state, { type: 'select', question: b });
    expect(state).toMatchObject({ selectedId: 2, dirty: false });
    state = editorReducer(state, { type: 'edit', update: (d) => d });
    expect(editorReducer(state, { type: 'cancel' })).toMatchObject({ selectedId: null, draft: null, dirty: false });
  });

  it('a save clears dirty unless edits came in meanwhile', () => {
    let state = editorReducer(INITIAL_EDITOR_STATE, { type: 'select', question: a });
    state = editorReducer(state, { type: 'edit', update: (d) => ({ ...d, question: 'Saved?' }) });
    state = editorReducer(state, { type: 'invalid', errors: ['x'] });
    const sentAt = state.revision;
    const saved = editorReducer(state, { type: 'saved', question: { ...a, question: 'Saved?' }, revision: sentAt });
    expect(saved).toMatchObject({ dirty: false, errors: [], draft: { question: 'Saved?' } });

    const later = editorReducer(state, { type: 'edit', update: (d) => ({ ...d, question: 'Later?' }) });
    expect(editorReducer(later, { type: 'saved', question: { ...a, question: 'Saved?' }, revision: sentAt })).toMatchObject({
      dirty: true,
      draft: { question: 'Later?' },
    });
    expect(editorReducer(editorReducer(state, { type: 'cancel' }), { type: 'saved', question: a, revision: sentAt }).selectedId).toBeNull();
  });

  it('deleting the selected question deselects it; deleting another keeps the draft', () => {
    const state = editorReducer(editorReducer(INITIAL_EDITOR_STATE, { type: 'select', question: a }), { type: 'edit', update: (d) => d });
    expect(editorReducer(state, { type: 'deleted', id: 2 })).toBe(state);
    expect(editorReducer(state, { type: 'deleted', id: 1 })).toMatchObject({ selectedId: null, dirty: false });
  });
});
