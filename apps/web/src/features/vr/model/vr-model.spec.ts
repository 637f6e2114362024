import { clock, DEFAULT_FEEDBACK, doneChecker, feedbackMessage, progressStates, responseFor, sanitize, spherePosition, toVrQuestions, triggeredQuestion, truncate } from './vr-model';

const q = (id: number, timestamp: number) => ({ id, timestamp });

describe('sanitising and truncating (spec section 5)', () => {
  it('strips angle brackets and quotes', () => {
    expect(sanitize(`<script>alert("x")</script> it's`)).toBe('scriptalert(x)/script its');
    expect(sanitize(null)).toBe('');
  });

  it('cuts to the limit with an ellipsis as the last character', () => {
    expect(truncate('a'.repeat(60), 50)).toHaveLength(50);
    expect(truncate('a'.repeat(60), 50).endsWith('…')).toBe(true);
    expect(truncate('  short   text ', 50)).toBe('short text');
  });

  it('makes VR questions: playing order, 200/50/50 characters, four options, Question N without a topic', () => {
    const questions = toVrQuestions([
      { id: 7, type: 'single_choice', question: 'Q'.repeat(300), options: ['1', '2', '3', '4', '5', 'o'.repeat(80)], timestamp: 9, topicTitle: null },
      { id: 3, type: 'true_false', question: 'Is <b>water</b> "wet"?', options: [true, false], timestamp: 2, topicTitle: 'T'.repeat(70) },
      { id: 5, type: 'ordering', question: 'Order', options: ['a', 'b'], timestamp: 9, topicTitle: 'Order' },
    ]);
    expect(questions.map((v) => v.id)).toEqual([3, 5, 7]);
    expect(questions[0]).toMatchObject({ number: 1, question: 'Is bwater/b wet?', options: ['True', 'False'], kind: 'boolean' });
    expect(questions[0].label).toHaveLength(50);
    expect(questions[1]).toMatchObject({ kind: 'unsupported', options: [], label: 'Order' });
    expect(questions[2].question).toHaveLength(200);
    expect(questions[2].options).toEqual(['1', '2', '3', '4']);
    expect(questions[2].label).toBe('Question 3');
  });
});

describe('responses for the attempts API', () => {
  it('answers the stored index, a boolean, or sorted indexes', () => {
    expect(responseFor('single', [2])).toBe(2);
    expect(responseFor('boolean', [0])).toBe(true);
    expect(responseFor('boolean', [1])).toBe(false);
    expect(responseFor('multi', [3, 0, 3])).toEqual([0, 3]);
    expect(responseFor('multi', [])).toBeNull();
    expect(responseFor('unsupported', [0])).toBeNull();
  });
});

describe('trigger window (0.5 s before to 1 s after)', () => {
  const questions = [q(1, 10), q(2, 20), q(3, 20.5)];
  const none = () => false;
  it.each([
    [9.4, null],
    [9.5, 1],
    [10, 1],
    [11, 1],
    [11.01, null],
    [20.2, 2],
  ])('at %p s asks %p', (time, id) => {
    expect(triggeredQuestion(questions, time, none, new Set())?.id ?? null).toBe(id);
  });

  it('skips done questions and ones already asked at this pass', () => {
    expect(triggeredQuestion(questions, 20.2, (id) => id === 2, new Set())?.id).toBe(3);
    expect(triggeredQuestion(questions, 20.2, none, new Set([2]))?.id).toBe(3);
    expect(triggeredQuestion(questions, 10, none, new Set([1]))).toBeNull();
  });
});

describe('progress states', () => {
  const questions = [q(1, 1), q(2, 2), q(3, 3)];
  it('is done, then the first open one current, then the rest', () => {
    expect([...progressStates(questions, (id) => id === 1, null).values()]).toEqual(['done', 'current', 'todo']);
  });
  it('makes the open question current', () => {
    expect([...progressStates(questions, () => false, 3).values()]).toEqual(['todo', 'todo', 'current']);
    // Answered while its feedback still shows: the next open one is current.
    expect([...progressStates(questions, (id) => id === 1, 1).values()]).toEqual(['done', 'current', 'todo']);
  });
  it('counts a wrong answer as done unless the lesson requires a correct one', () => {
    const answers = [{ interactionId: 1, status: 'incorrect' as const }, { interactionId: 2, status: 'skipped' as const }];
    expect([1, 2, 3].map(doneChecker(answers, false))).toEqual([true, true, false]);
    expect([1, 2, 3].map(doneChecker(answers, true))).toEqual([false, true, false]);
    expect(doneChecker([{ interactionId: 1, status: 'incorrect', secondTry: true }], false)(1)).toBe(false);
  });
});

describe('texts and layout', () => {
  it('formats m:ss', () => {
    expect(clock(0)).toBe('0:00');
    expect(clock(65.9)).toBe('1:05');
    expect(clock(4200)).toBe('70:00');
  });
  it('uses the default feedback when the question has none', () => {
    expect(feedbackMessage(true, {})).toEqual({ title: 'Correct Answer!', description: DEFAULT_FEEDBACK.correct });
    expect(feedbackMessage(false, { incorrect: ' ' })).toEqual({ title: 'Incorrect Answer', description: 'Not quite right. Try reviewing the content.' });
    expect(feedbackMessage(true, { correct: 'Yes!' }).description).toBe('Yes!');
  });
  it('places one sphere straight ahead, and caps the layout index at 10', () => {
    expect(spherePosition(0, 1, 4)).toEqual({ x: 0, y: 0.9, z: -4 });
    expect(spherePosition(12, 14, 4).x).toBe(spherePosition(10, 14, 4).x);
  });
});
