import { parseCsv } from '@veolearn/domain';
import type { InteractionRow } from '../interactions/interaction-views';
import { toQuestion } from '../interactions/interaction-views';
import {
  answerResult,
  csvHeader,
  csvRecord,
  decodeCursor,
  encodeCursor,
  type LessonAnswerRow,
  type LessonAttemptRow,
  type LessonQuestion,
  learnerLabel,
  toLessonAttempt,
  toQuestionResults,
  toSummary,
} from './lesson-results-views';

const NOW = new Date('2026-05-01T10:00:00Z');

function question(id: number, timestamp: number, overrides: Partial<InteractionRow> = {}): LessonQuestion {
  const row: InteractionRow = {
    id,
    video_id: 7,
    type: 'single_choice',
    question: `Question ${id}`,
    scenario: null,
    options: ['Mars', 'Jupiter', 'Venus'],
    correct_answer: 1,
    timestamp,
    topic_title: 'Planets',
    topic_start_time: 0,
    feedback: { correct: 'Yes', incorrect: 'No' },
    position: id,
    created_at: NOW,
    updated_at: NOW,
    ...overrides,
  };
  return { row, question: toQuestion(row) };
}

const QUESTIONS = [question(1, 10), question(2, 75, { type: 'ordering', question: 'Order, please', options: ['A', 'B', 'C', 'D'], correct_answer: [0, 1, 2, 3] }), question(3, 90)];

const attempt: LessonAttemptRow = {
  id: '0b6c7c1e-2a5e-4c39-9d4f-0f1b7b1f0c11',
  status: 'completed',
  display_name: null,
  lms_user_name: 'Jo Bloggs',
  lms_course: 'Astronomy 101',
  user_id: null,
  anonymous_id: 'a1b2c3d4',
  score: 66.69999694824219,
  correct_count: 1,
  answered_count: 2,
  skipped_count: 1,
  watch_time_seconds: 95,
  started_at: '2026-05-01T09:58:00.123Z',
  completed_at: NOW,
};

function answer(interactionId: number, overrides: Partial<LessonAnswerRow>): LessonAnswerRow {
  return { attempt_id: attempt.id, interaction_id: interactionId, status: 'correct', correct: true, credit: 1, tries: 1, response: 1, first_response: 1, ...overrides };
}

const ANSWERS = [
  answer(1, { status: 'correct', correct: false, credit: 0, tries: 2, response: 1, first_response: 0 }),
  answer(2, { status: 'incorrect', correct: false, credit: 0.5, response: [1, 0, 2, 3], first_response: [1, 0, 2, 3] }),
  answer(3, { status: 'skipped', correct: false, credit: 0, tries: 0, response: null, first_response: null }),
];

describe('the teacher view of an attempt', () => {
  it('names the learner by display name, else LMS user, else a short anonymous tag', () => {
    expect(learnerLabel({ display_name: 'Ada', lms_user_name: 'Jo', anonymous_id: 'ff00ff00' })).toBe('Ada');
    expect(learnerLabel({ display_name: null, lms_user_name: 'Jo', anonymous_id: 'ff00ff00' })).toBe('Jo');
    expect(learnerLabel({ display_name: null, lms_user_name: null, anonymous_id: 'ff00ff00' })).toBe('Anonymous ff00ff00');
  });

  it('rounds the stored score, and gives each first try in words', () => {
    const view = toLessonAttempt(attempt, QUESTIONS, ANSWERS);
    expect(view).toMatchObject({ learner: 'Jo Bloggs', lmsUser: 'Jo Bloggs', lmsCourse: 'Astronomy 101', score: 66.7, totalQuestions: 3, timeSpentSeconds: 95, startedAt: '2026-05-01T09:58:00.123Z' });
    // The first try counts: Mars, though the second try was right.
    expect(view.answers).toEqual([
      { interactionId: 1, result: 'incorrect', credit: 0, tries: 2, answer: 'Mars' },
      { interactionId: 2, result: 'partly_correct', credit: 0.5, tries: 1, answer: 'B > A > C > D' },
      { interactionId: 3, result: 'skipped', credit: 0, tries: 0, answer: '' },
    ]);
    expect(view.answers.map(answerResult)).toEqual(['incorrect (2 tries)', 'partly correct (50%)', 'skipped']);
  });

  it('writes one CSV record per attempt under a header of two columns per question', () => {
    const text = csvHeader(QUESTIONS) + csvRecord(attempt, QUESTIONS, ANSWERS);
    const [header, record] = parseCsv(text);
    expect(header.slice(15)).toEqual(['Q1 (0:10) Question 1', 'Q1 answer', 'Q2 (1:15) Order, please', 'Q2 answer', 'Q3 (1:30) Question 3', 'Q3 answer']);
    expect(record).toEqual([
      'Jo Bloggs',
      '',
      'a1b2c3d4',
      'Jo Bloggs',
      'Astronomy 101',
      'no',
      'completed',
      '66.7',
      '1',
      '2',
      '1',
      '3',
      '95',
      '2026-05-01 09:58:00',
      '2026-05-01 10:00:00',
      'incorrect (2 tries)',
      'Mars',
      'partly correct (50%)',
      'B > A > C > D',
      'skipped',
      '',
    ]);
  });

  it('summarises no attempts as zeros without averages', () => {
    expect(toSummary(undefined)).toEqual({ attempts: 0, completed: 0, inProgress: 0, learners: 0, averageScore: null, averageTimeSpentSeconds: null });
    expect(toSummary({ attempts: 3, completed: 2, in_progress: 1, learners: 2, average_score: 71.875, average_time: 40.4 })).toMatchObject({ averageScore: 71.9, averageTimeSpentSeconds: 40 });
  });

  it('gives every question statistics, those nobody answered too', () => {
    const results = toQuestionResults(QUESTIONS, [{ interaction_id: 1, answered: 4, first_try_correct: 1, skipped: 0, tries: 6, credit: 1 }], [{ interaction_id: 1, response: 2, count: 3 }]);
    expect(results.map((r) => [r.number, r.answered, r.firstTryCorrectShare, r.mostChosenWrongOption?.text ?? null])).toEqual([
      [1, 4, 0.25, 'Venus'],
      [2, 0, null, null],
      [3, 0, null, null],
    ]);
    expect(results[0]).toMatchObject({ correctAnswer: 'Jupiter', averageTries: 1.5, topicTitle: 'Planets' });
  });
});

describe('the CSV cursor', () => {
  it('round-trips, and refuses anything it did not write', () => {
    const cursor = { startedKey: '2026-05-01 09:58:00.123456+00', id: attempt.id, questionIds: [1, 2, 3] };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    expect(decodeCursor('not a cursor')).toBeNull();
    expect(decodeCursor(Buffer.from(JSON.stringify({ t: "'; DROP TABLE x; --", i: attempt.id, q: [] })).toString('base64url'))).toBeNull();
    expect(decodeCursor(Buffer.from(JSON.stringify({ t: cursor.startedKey, i: 'x', q: [] })).toString('base64url'))).toBeNull();
    expect(decodeCursor(Buffer.from(JSON.stringify({ t: cursor.startedKey, i: attempt.id, q: [-1] })).toString('base64url'))).toBeNull();
    expect(decodeCursor(42)).toBeNull();
  });
});
