import type { AttemptRules } from '@veolearn/domain';
import {
  completedCount,
  decideSeek,
  dueQuestion,
  finiteDuration,
  inPlayingOrder,
  reviewPosition,
  ruleStatusMap,
  statusMap,
  timelineLength,
} from './timeline';

const questions = inPlayingOrder([
  { id: 3, timestamp: 12, topicStartTime: 9 },
  { id: 1, timestamp: 3, topicStartTime: 1 },
  { id: 2, timestamp: 6, topicStartTime: null },
]);
const FREE: AttemptRules = { skippingMode: 'free', requireCorrect: false };
const REQUIRE: AttemptRules = { skippingMode: 'free', requireCorrect: true };
const NO_SKIP: AttemptRules = { skippingMode: 'no_skip_forward', requireCorrect: false };
const NO_SEEK: AttemptRules = { skippingMode: 'no_seek', requireCorrect: false };

describe('dueQuestion', () => {
  it('asks nothing before the first timestamp and the question once its time is reached', () => {
    const none = statusMap([]);
    expect(dueQuestion(questions, none, FREE, 2.99)).toBeNull();
    expect(dueQuestion(questions, none, FREE, 3)?.id).toBe(1);
  });

  it('asks a question the learner seeked past, the earliest first', () => {
    const firstAnswered = statusMap([{ interactionId: 1, status: 'correct' }]);
    expect(dueQuestion(questions, firstAnswered, FREE, 14)?.id).toBe(2);
    expect(dueQuestion(questions, statusMap([]), FREE, 14)?.id).toBe(1);
  });

  it('never asks an answered or skipped question again, nor a wrong one unless a correct answer is required', () => {
    const settled = statusMap([
      { interactionId: 1, status: 'incorrect' },
      { interactionId: 2, status: 'skipped' },
      { interactionId: 3, status: 'correct' },
    ]);
    expect(dueQuestion(questions, settled, FREE, 100)).toBeNull();
    expect(dueQuestion(questions, settled, REQUIRE, 100)?.id).toBe(1);
    expect(completedCount(questions, settled, FREE)).toBe(3);
    expect(completedCount(questions, settled, REQUIRE)).toBe(2);
  });
});

describe('reviewPosition', () => {
  it('goes to the chapter start, 0 without one, never past the question', () => {
    expect(reviewPosition(questions[0])).toBe(1);
    expect(reviewPosition(questions[1])).toBe(0);
    expect(reviewPosition({ id: 9, timestamp: 4, topicStartTime: 10 })).toBe(4);
  });
});

describe('decideSeek', () => {
  const none = statusMap([]);

  it('lets a free learner go anywhere, and everyone go back', () => {
    expect(decideSeek(15, 2, questions, none, FREE, null)).toEqual({ position: 15, message: null });
    expect(decideSeek(1, 10, questions, none, NO_SEEK, 10)).toEqual({ position: 1, message: null });
    expect(decideSeek(-5, 10, questions, none, NO_SKIP, null)).toEqual({ position: 0, message: null });
  });

  it('stops no_skip_forward at the first open question', () => {
    expect(decideSeek(15, 1, questions, none, NO_SKIP, 4)).toEqual({
      position: 3,
      message: 'Answer the question at 0:03 before moving on.',
    });
    const first = statusMap([{ interactionId: 1, status: 'correct' }]);
    expect(decideSeek(5, 3.1, questions, first, NO_SKIP, null)).toEqual({ position: 5, message: null });
    expect(decideSeek(8, 3.1, questions, first, NO_SKIP, null).position).toBe(6);
  });

  it('refuses any forward seek in no_seek', () => {
    expect(decideSeek(4, 2, questions, none, NO_SEEK, 5)).toEqual({
      position: 2,
      message: 'This video does not allow skipping ahead.',
    });
  });

  it('holds a wrong answer that must be corrected, and caps by the server limit', () => {
    const wrong = statusMap([{ interactionId: 1, status: 'incorrect' }]);
    expect(decideSeek(10, 3, questions, wrong, REQUIRE, null)).toEqual({
      position: 3,
      message: 'Answer the question at 0:03 correctly before moving on.',
    });
    expect(decideSeek(10, 3, questions, none, FREE, 7)).toEqual({ position: 7, message: 'This video does not allow skipping ahead.' });
  });
});

describe('durations', () => {
  it('treats Infinity, NaN and 0 as unknown', () => {
    expect(finiteDuration(Number.POSITIVE_INFINITY)).toBeNull();
    expect(finiteDuration(Number.NaN)).toBeNull();
    expect(finiteDuration(0)).toBeNull();
    expect(finiteDuration(20.04)).toBe(20.04);
  });

  it('draws the timeline to the known duration, else past the last question or the position', () => {
    expect(timelineLength(20, questions, 5)).toBe(20);
    expect(timelineLength(null, questions, 5)).toBe(13);
    expect(timelineLength(null, questions, 17.5)).toBe(17.5);
    expect(timelineLength(null, [], 0)).toBe(1);
  });
});

describe('ruleStatusMap', () => {
  it('settles a wrong answer with no tries left (like a skip) and keeps every other status', () => {
    const answers = [
      { interactionId: 1, status: 'incorrect' as const, final: true },
      { interactionId: 2, status: 'incorrect' as const },
      { interactionId: 3, status: 'correct' as const, final: false },
    ];
    expect([...ruleStatusMap(answers)]).toEqual([
      [1, 'skipped'],
      [2, 'incorrect'],
      [3, 'correct'],
    ]);
    const rules: AttemptRules = { skippingMode: 'no_skip_forward', requireCorrect: true };
    const questions = [1, 2, 3].map((id) => ({ id, timestamp: id * 10, topicStartTime: 0 }));
    expect(completedCount(questions, ruleStatusMap(answers), rules)).toBe(2);
    expect(dueQuestion(questions, ruleStatusMap(answers), rules, 35)?.id).toBe(2);
  });

  it('keeps a wrong first try awaiting its second try open, so it is asked again when its time comes', () => {
    const answers = [
      { interactionId: 1, status: 'incorrect' as const, secondTry: true },
      { interactionId: 2, status: 'incorrect' as const, secondTry: false },
    ];
    const rules: AttemptRules = { skippingMode: 'free', requireCorrect: false };
    const questions = [1, 2].map((id) => ({ id, timestamp: id * 10, topicStartTime: 5 }));
    expect([...ruleStatusMap(answers)]).toEqual([[2, 'incorrect']]);
    expect(completedCount(questions, ruleStatusMap(answers), rules)).toBe(1);
    // Review Chapter replays from 5 s: nothing is asked before 10 s, then the same question again.
    expect(dueQuestion(questions, ruleStatusMap(answers), rules, 9.9)).toBeNull();
    expect(dueQuestion(questions, ruleStatusMap(answers), rules, 10)?.id).toBe(1);
  });
});
