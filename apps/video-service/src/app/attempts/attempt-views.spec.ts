import type { InteractionRow } from '../interactions/interaction-views';
import { type AnswerRow, type AttemptRow, type AttemptState, questionStates, reveals, secondsSinceLastProgress, toAttemptResults, toAttemptView, toRules } from './attempt-views';

const NOW = new Date('2026-05-01T10:00:00Z');

function question(id: number, timestamp: number): InteractionRow {
  return {
    id,
    video_id: 7,
    type: 'single_choice',
    question: `Question ${id}`,
    scenario: null,
    options: ['A', 'B', 'C'],
    correct_answer: 2,
    timestamp,
    topic_title: 'Topic',
    topic_start_time: 0,
    feedback: { correct: `right ${id}`, incorrect: `wrong ${id}`, explanation: `why ${id}` },
    position: id,
    created_at: NOW,
    updated_at: NOW,
  };
}

const attempt: AttemptRow = {
  id: '0b6c7c1e-2a5e-4c39-9d4f-0f1b7b1f0c11',
  video_id: 7,
  learner_id: 'learner-0001',
  user_id: null,
  status: 'in_progress',
  started_at: '2026-05-01T09:59:00Z',
  completed_at: null,
  last_position: 12,
  watch_time_seconds: 40,
  score: null,
  last_progress_at: new Date('2026-05-01T09:59:50Z'),
};

function answerRow(interactionId: number, status: AnswerRow['status'], correct: boolean, credit: number, tries = 1, revealed = true): AnswerRow {
  return { interaction_id: interactionId, response: 2, correct, status, credit, tries, revealed, time_taken_ms: 900, answered_at: NOW };
}

function state(overrides: Partial<AttemptState> = {}): AttemptState {
  return {
    attempt,
    rules: { skippingMode: 'free', requireCorrect: false },
    questions: [question(1, 10), question(2, 20), question(3, 30)],
    answers: [],
    ...overrides,
  };
}

describe('attempt views', () => {
  it('falls back to free mode for unknown stored rules', () => {
    expect(toRules({ skipping_mode: 'no_seek', require_correct: true })).toEqual({ skippingMode: 'no_seek', requireCorrect: true });
    expect(toRules({ skipping_mode: 'sideways', require_correct: false })).toEqual({ skippingMode: 'free', requireCorrect: false });
  });

  it('reveals a question once it is answered right or skipped, a wrong answer only once revealed, and not while it must be corrected', () => {
    expect(reveals(null, { requireCorrect: false })).toBe(false);
    expect(reveals({ status: 'incorrect', revealed: true }, { requireCorrect: false })).toBe(true);
    expect(reveals({ status: 'incorrect', revealed: false }, { requireCorrect: false })).toBe(false);
    expect(reveals({ status: 'incorrect', revealed: false }, { requireCorrect: false }, true)).toBe(true);
    expect(reveals({ status: 'incorrect', revealed: true }, { requireCorrect: true })).toBe(false);
    expect(reveals({ status: 'skipped', revealed: true }, { requireCorrect: true })).toBe(true);
    expect(reveals({ status: 'correct', revealed: false }, { requireCorrect: false })).toBe(true);
  });

  it('keeps a wrong first try open for a second one until it is revealed, without changing the score', () => {
    const pending = state({ rules: { skippingMode: 'no_skip_forward', requireCorrect: false }, answers: [answerRow(1, 'incorrect', false, 0.5, 1, false)] });
    const view = toAttemptView(pending, NOW);
    expect(view.answers[0]).toMatchObject({ status: 'incorrect', secondTry: true, correctAnswer: null, credit: 0.5 });
    expect(Object.keys(view.answers[0].feedback)).toEqual(['incorrect']);
    expect(questionStates(pending)[0].status).toBeNull();
    // Still open: no_skip_forward holds the learner at it.
    expect(view.maxAllowedPosition).toBe(11);
    expect(view.score).toBe(16.7);
    const revealed = toAttemptView({ ...pending, answers: [answerRow(1, 'incorrect', false, 0.5, 1, true)] }, NOW);
    expect(revealed.answers[0]).toMatchObject({ secondTry: false, correctAnswer: 2, feedback: { explanation: 'why 1' } });
    expect(revealed.maxAllowedPosition).toBe(21);
  });

  it('measures real time since the last progress report, or since the start', () => {
    expect(secondsSinceLastProgress(attempt, NOW)).toBe(10);
    expect(secondsSinceLastProgress({ ...attempt, last_progress_at: null }, NOW)).toBe(60);
  });

  it('builds the learner view with counts, score and only the answered questions', () => {
    const view = toAttemptView(state({ answers: [answerRow(3, 'skipped', false, 0, 0), answerRow(1, 'correct', true, 1)] }), NOW);
    expect(view).toEqual({
      id: attempt.id,
      videoId: 7,
      status: 'in_progress',
      startedAt: '2026-05-01T09:59:00.000Z',
      completedAt: null,
      lastPosition: 12,
      watchTimeSeconds: 40,
      totalQuestions: 3,
      answeredCount: 1,
      correctCount: 1,
      skippedCount: 1,
      score: 33.3,
      skippingMode: 'free',
      requireCorrect: false,
      maxAllowedPosition: null,
      answers: [
        {
          interactionId: 1,
          status: 'correct',
          response: 2,
          correctAnswer: 2,
          feedback: { correct: 'right 1', incorrect: 'wrong 1', explanation: 'why 1' },
          credit: 1,
          attempts: 1,
          secondTry: false,
          answeredAt: NOW.toISOString(),
          timeTakenMs: 900,
        },
        expect.objectContaining({ interactionId: 3, status: 'skipped', correctAnswer: 2 }),
      ],
    });
    expect(JSON.stringify(view)).not.toMatch(/right 2|why 2|Question 2/);
  });

  it('hides the answer of a wrong try under "require correct" and limits the position', () => {
    const view = toAttemptView(
      state({ rules: { skippingMode: 'no_skip_forward', requireCorrect: true }, answers: [answerRow(1, 'incorrect', false, 0)] }),
      NOW,
    );
    expect(view.answers[0]).toMatchObject({ correctAnswer: null, feedback: { incorrect: 'wrong 1' } });
    expect(Object.keys(view.answers[0].feedback)).toEqual(['incorrect']);
    expect(view.maxAllowedPosition).toBe(11);
  });

  it('has no position limit once the attempt is complete', () => {
    const done = { ...attempt, status: 'completed' as const, completed_at: NOW };
    expect(toAttemptView(state({ attempt: done, rules: { skippingMode: 'no_seek', requireCorrect: false } }), NOW).maxAllowedPosition).toBeNull();
  });

  it('lists one results row per question, unanswered ones without their answer', () => {
    const results = toAttemptResults(state({ answers: [answerRow(2, 'incorrect', false, 0)] }), NOW);
    expect(results.rows).toEqual([
      { interactionId: 1, question: 'Question 1', type: 'single_choice', topicTitle: 'Topic', timestamp: 10, status: 'unanswered', response: null, correctAnswer: null, credit: 0, timeTakenMs: null },
      { interactionId: 2, question: 'Question 2', type: 'single_choice', topicTitle: 'Topic', timestamp: 20, status: 'incorrect', response: 2, correctAnswer: 2, credit: 0, timeTakenMs: 900 },
      expect.objectContaining({ interactionId: 3, status: 'unanswered', correctAnswer: null }),
    ]);
    expect(results.score).toBe(0);
  });
});
