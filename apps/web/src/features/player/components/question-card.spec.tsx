import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { gradeAnswer, type Question } from '@veolearn/domain';
import type { AnswerResult, PlaybackQuestion } from '../api/player-api';
import type { OpenQuestion } from '../hooks/use-player-engine';
import { shuffleQuestion, toLearnerQuestion } from '../model/responses';
import { PARTLY_CORRECT_TITLE, QuestionCard, WRONG_ANSWER_TITLE } from './question-card';

const base = { timestamp: 12, topicTitle: 'Chapter', topicStartTime: 5 };
const feedback = { correct: 'Well done.', incorrect: 'Not quite.', explanation: 'Because.' };

/** One question of each type (with its answer, which the card never gets). */
const QUESTIONS: Question[] = [
  { ...base, id: 1, type: 'single_choice', question: 'Largest planet?', options: ['Mars', 'Jupiter', 'Venus'], correctAnswer: 1, feedback },
  { ...base, id: 2, type: 'multiple_choice', question: 'Gases in air?', options: ['Oxygen', 'Gold', 'Nitrogen', 'Iron'], correctAnswer: [0, 2], feedback },
  { ...base, id: 3, type: 'true_false', question: 'The Moon makes light.', options: ['True', 'False'], correctAnswer: false, feedback },
  { ...base, id: 4, type: 'scenario', scenario: 'A fire alarm rings.', question: 'What first?', options: ['Leave', 'Finish email'], correctAnswer: 0, feedback },
  { ...base, id: 5, type: 'matching', question: 'Match', options: { left: ['Cat', 'Dog', 'Cow'], right: ['Moo', 'Meow', 'Woof'] }, correctAnswer: [1, 2, 0], feedback },
  { ...base, id: 6, type: 'ordering', question: 'Order', options: ['Bake', 'Mix', 'Serve', 'Buy'], correctAnswer: [3, 1, 0, 2], feedback },
  { ...base, id: 7, type: 'sorting_groups', question: 'Sort', options: { groups: ['Fruit', 'Vegetable'], items: ['Apple', 'Carrot', 'Pear'] }, correctAnswer: [0, 1, 0], feedback },
  { ...base, id: 8, type: 'fill_gaps', question: 'Fill', options: { text: 'Plants need {{1}} and {{2}}.', wordBank: ['water', 'light', 'salt'] }, correctAnswer: [['light'], ['water']], feedback },
  {
    ...base,
    id: 9,
    type: 'drag_drop',
    question: 'Where?',
    options: { items: ['Lungs', 'Brain'], targets: ['Chest', 'Head', 'Foot', 'Hand', 'Knee'] },
    correctAnswer: [0, 1],
    feedback,
  },
  { ...base, id: 10, type: 'priority_ranking', question: 'Rank', options: ['Email', 'Fire', 'Lunch'], correctAnswer: [1, 0, 2], feedback },
];

function playback(q: Question): PlaybackQuestion {
  const { correctAnswer: _a, feedback: _f, ...rest } = q;
  return { ...rest, id: q.id ?? 0 } as PlaybackQuestion;
}

function openOf(q: Question, review: OpenQuestion['review'] = null, secondTry = false): OpenQuestion {
  const question = playback(q);
  const learner = toLearnerQuestion(question);
  if (!learner) throw new Error('cannot show');
  return { question, learner, shown: shuffleQuestion(learner, 'attempt-x'), number: 2, openedAt: 0, tryNumber: 1, secondTry, review };
}

function renderCard(open: OpenQuestion, overrides: Partial<Parameters<typeof QuestionCard>[0]> = {}) {
  const onAnswer = jest.fn<Promise<void>, [unknown]>().mockResolvedValue(undefined);
  const props = {
    open,
    total: 10,
    canSkip: true,
    requireCorrect: false,
    onAnswer,
    onSkip: jest.fn<Promise<void>, []>().mockResolvedValue(undefined),
    onReviewChapter: jest.fn(),
    onContinue: jest.fn<Promise<void>, []>().mockResolvedValue(undefined),
    onTryAgain: jest.fn(),
    ...overrides,
  };
  render(<QuestionCard {...props} />);
  return { ...props, onAnswer };
}

const card = () => within(screen.getByRole('dialog'));

/** Moves list items with the Move up buttons until they read `wanted` top to bottom. */
function arrange(wanted: string[]) {
  wanted.forEach((item, target) => {
    const current = () => card().getAllByRole('listitem').map((li) => li.textContent ?? '');
    let from = current().findIndex((t) => t.includes(item));
    while (from > target) {
      fireEvent.click(card().getByRole('button', { name: `Move "${item}" up` }));
      from -= 1;
    }
    expect(current()[target]).toContain(item);
  });
}

/** Answers a question rightly through the card, as a learner would with a pointer. */
function answerRightly(q: Question) {
  switch (q.type) {
    case 'single_choice':
    case 'scenario':
      fireEvent.click(card().getByLabelText(q.options[q.correctAnswer], { exact: false }));
      break;
    case 'true_false':
      fireEvent.click(card().getByLabelText(q.correctAnswer ? 'True' : 'False', { exact: false }));
      break;
    case 'multiple_choice':
      q.correctAnswer.forEach((i) => fireEvent.click(card().getByLabelText(q.options[i], { exact: false })));
      break;
    case 'ordering':
    case 'priority_ranking':
      arrange(q.correctAnswer.map((i) => q.options[i]));
      break;
    case 'matching':
      q.options.left.forEach((left, i) => {
        fireEvent.click(within(card().getByRole('group', { name: left })).getByLabelText(q.options.right[q.correctAnswer[i]]));
      });
      break;
    case 'sorting_groups':
      q.options.items.forEach((item, i) => {
        fireEvent.click(within(card().getByRole('group', { name: item })).getByLabelText(q.options.groups[q.correctAnswer[i]]));
      });
      break;
    case 'drag_drop':
      // Five targets: a select per item.
      q.options.items.forEach((item, i) => {
        fireEvent.change(card().getByLabelText(item), { target: { value: String(q.correctAnswer[i]) } });
      });
      break;
    case 'fill_gaps':
      fireEvent.change(card().getByLabelText('Gap 1'), { target: { value: 'Light ' } });
      // The word bank fills the next empty gap.
      fireEvent.click(card().getByRole('button', { name: 'water' }));
      break;
  }
}

describe('QuestionCard', () => {
  it.each(QUESTIONS.map((q) => [q.type, q] as const))('%s: answered with the pointer, sends a response the server grades correct', async (_type, q) => {
    const props = renderCard(openOf(q));
    const submit = card().getByRole('button', { name: 'Submit Answer' });
    if (q.type !== 'ordering' && q.type !== 'priority_ranking') expect(submit).toHaveProperty('disabled', true);
    answerRightly(q);
    expect(submit).toHaveProperty('disabled', false);
    await act(async () => {
      fireEvent.click(submit);
    });
    expect(props.onAnswer).toHaveBeenCalledTimes(1);
    const response = props.onAnswer.mock.calls[0][0];
    expect(gradeAnswer(q, response).correct).toBe(true);
  });

  it('takes focus on its question, shows the scenario, and works from the keyboard', async () => {
    const q = QUESTIONS[3];
    const props = renderCard(openOf(q));
    expect(document.activeElement).toBe(card().getByRole('heading', { name: 'What first?' }));
    expect(card().getByText('A fire alarm rings.')).toBeTruthy();
    expect(card().getByText('Question 2 of 10')).toBeTruthy();
    // Radios answer to the keyboard (a click is what a Space press on a radio dispatches).
    const leave = card().getByRole('radio', { name: /Leave/ });
    leave.focus();
    fireEvent.click(leave);
    await act(async () => {
      fireEvent.submit(card().getByRole('button', { name: 'Submit Answer' }).closest('form') as HTMLFormElement);
    });
    expect(props.onAnswer).toHaveBeenCalled();
  });

  it('offers Skip Question only when the mode allows it', async () => {
    const props = renderCard(openOf(QUESTIONS[0]));
    await act(async () => {
      fireEvent.click(card().getByRole('button', { name: 'Skip Question' }));
    });
    expect(props.onSkip).toHaveBeenCalled();
  });

  it('hides Skip Question in a mode that asks for every answer', () => {
    renderCard(openOf(QUESTIONS[0]), { canSkip: false });
    expect(card().queryByRole('button', { name: 'Skip Question' })).toBeNull();
  });

  it('shows the server message when sending fails and lets the learner try again', async () => {
    const onAnswer = jest.fn().mockRejectedValue(new Error('503: Service unavailable'));
    renderCard(openOf(QUESTIONS[0]), { onAnswer });
    answerRightly(QUESTIONS[0]);
    await act(async () => {
      fireEvent.click(card().getByRole('button', { name: 'Submit Answer' }));
    });
    expect(card().getByRole('alert').textContent).toContain('Service unavailable');
    expect(card().getByRole('button', { name: 'Submit Answer' })).toHaveProperty('disabled', false);
  });

  const wrong: AnswerResult = {
    correct: false,
    credit: 0,
    correctAnswer: 1,
    feedback: { incorrect: 'Not quite.', explanation: 'Because.' },
    attempt: {} as AnswerResult['attempt'],
  };

  it('after a wrong first try: the hint and the answer given, Review Chapter and Continue Video, and nothing that gives the answer away', () => {
    // Even a backend that sends the answer with the try (the SCORM package) does not get it shown yet.
    const props = renderCard(openOf(QUESTIONS[0], { result: wrong, response: 2, last: false }));
    expect(document.activeElement).toBe(card().getByRole('heading', { name: WRONG_ANSWER_TITLE }));
    expect(card().getByText('Not quite.')).toBeTruthy();
    expect(card().queryByText('Because.')).toBeNull();
    expect(card().getByText('Venus')).toBeTruthy();
    expect(card().queryByText('Jupiter')).toBeNull();
    expect(card().queryByText('Correct answer')).toBeNull();
    fireEvent.click(card().getByRole('button', { name: 'Review Chapter' }));
    fireEvent.click(card().getByRole('button', { name: 'Continue Video' }));
    expect(props.onReviewChapter).toHaveBeenCalled();
    expect(props.onContinue).toHaveBeenCalled();
    expect(card().queryByRole('button', { name: 'Try Again' })).toBeNull();
  });

  it('calls partial credit "partly correct", never "not quite right"', () => {
    renderCard(openOf(QUESTIONS[1], { result: { ...wrong, credit: 0.5, correctAnswer: null }, response: [0] , last: false }));
    expect(card().getByRole('heading', { name: PARTLY_CORRECT_TITLE })).toBeTruthy();
    expect(card().queryByText(/not quite right/i)).toBeNull();
  });

  it('asked again: says it is the second try, offers no skip, and after a wrong second try shows the answer with Continue Video only', () => {
    renderCard(openOf(QUESTIONS[0], null, true));
    expect(card().getByTestId('second-try').textContent).toBe('Second try');
    expect(card().queryByRole('button', { name: 'Skip Question' })).toBeNull();
    cleanup();
    renderCard(openOf(QUESTIONS[0], { result: wrong, response: 2, last: true }, true));
    expect(card().getByText('Correct answer')).toBeTruthy();
    expect(card().getByText('Jupiter')).toBeTruthy();
    expect(card().getByText('Because.')).toBeTruthy();
    expect(card().queryByRole('button', { name: 'Review Chapter' })).toBeNull();
    expect(card().getByRole('button', { name: 'Continue Video' })).toBeTruthy();
  });

  it('shows an error when Continue Video cannot reach the server, and lets the learner try again', async () => {
    const onContinue = jest.fn<Promise<void>, []>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
    renderCard(openOf(QUESTIONS[0], { result: wrong, response: 2, last: false }), { onContinue });
    await act(async () => {
      fireEvent.click(card().getByRole('button', { name: 'Continue Video' }));
    });
    expect(card().getByRole('alert').textContent).toContain('offline');
    await act(async () => {
      fireEvent.click(card().getByRole('button', { name: 'Continue Video' }));
    });
    expect(onContinue).toHaveBeenCalledTimes(2);
  });

  it('with "answer correctly to continue": Review Chapter and Try Again, and no answer given away', () => {
    const props = renderCard(openOf(QUESTIONS[0], { result: { ...wrong, correctAnswer: null }, response: 2, last: false }), { requireCorrect: true });
    expect(card().queryByRole('button', { name: 'Continue Video' })).toBeNull();
    expect(card().queryByText('Correct answer')).toBeNull();
    fireEvent.click(card().getByRole('button', { name: 'Try Again' }));
    expect(props.onTryAgain).toHaveBeenCalled();
  });

  it('after the last try allowed (SCORM 2004): says so and shows the answer (the player then offers Continue Video)', () => {
    renderCard(openOf(QUESTIONS[0], { result: { ...wrong, final: true }, response: 2, last: true }), { requireCorrect: false });
    expect(card().getByTestId('no-tries-left').textContent).toBe('That was your last try for this question.');
    expect(card().getByText('Correct answer')).toBeTruthy();
    expect(card().getByRole('button', { name: 'Continue Video' })).toBeTruthy();
  });
});
