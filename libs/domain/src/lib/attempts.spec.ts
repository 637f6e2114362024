import {
  type AttemptRules,
  blockingQuestion,
  canAnswer,
  canSkip,
  checkPosition,
  creditedWatchSeconds,
  formatClock,
  isLearnerId,
  isSettled,
  isSkippingMode,
  maxAllowedPosition,
  mustAnswerEveryQuestion,
  type QuestionState,
  responseShapeMessage,
  scorePercent,
} from './attempts';

const free: AttemptRules = { skippingMode: 'free', requireCorrect: false };
const noSkip: AttemptRules = { skippingMode: 'no_skip_forward', requireCorrect: false };
const noSeek: AttemptRules = { skippingMode: 'no_seek', requireCorrect: false };
const still = { lastPosition: 0, secondsSinceLastProgress: 0 };

const questions = (...states: Array<[number, QuestionState['status']]>): QuestionState[] =>
  states.map(([timestamp, status], i) => ({ id: i + 1, timestamp, status }));

describe('attempt rules', () => {
  it('accepts a browser learner id (a UUID) and nothing odd', () => {
    expect(isLearnerId('3f2b8c1e-9a4d-4e2f-8b7a-1c2d3e4f5a6b')).toBe(true);
    expect(isLearnerId('short')).toBe(false);
    expect(isLearnerId('a'.repeat(101))).toBe(false);
    expect(isLearnerId('has spaces inside')).toBe(false);
    expect(isLearnerId(42)).toBe(false);
  });

  it('knows the three skipping modes', () => {
    expect(isSkippingMode('free')).toBe(true);
    expect(isSkippingMode('no_seek')).toBe(true);
    expect(isSkippingMode('no-seek')).toBe(false);
    expect(isSkippingMode(undefined)).toBe(false);
  });

  it('offers skipping only in free mode without "require correct"', () => {
    expect(canSkip(free)).toBe(true);
    expect(canSkip(noSkip)).toBe(false);
    expect(canSkip(noSeek)).toBe(false);
    expect(canSkip({ ...free, requireCorrect: true })).toBe(false);
    expect(mustAnswerEveryQuestion(free)).toBe(false);
    expect(mustAnswerEveryQuestion({ ...free, requireCorrect: true })).toBe(true);
  });

  it('lets a question be answered once, or retried while wrong with "require correct"', () => {
    expect(canAnswer(null, free)).toBe(true);
    expect(canAnswer('incorrect', free)).toBe(false);
    expect(canAnswer('correct', free)).toBe(false);
    expect(canAnswer('incorrect', { requireCorrect: true })).toBe(true);
    expect(canAnswer('correct', { requireCorrect: true })).toBe(false);
    expect(canAnswer('skipped', { requireCorrect: true })).toBe(false);
  });

  it('settles a question once answered, but a wrong answer only without "require correct"', () => {
    expect(isSettled(null, free)).toBe(false);
    expect(isSettled('incorrect', free)).toBe(true);
    expect(isSettled('incorrect', { requireCorrect: true })).toBe(false);
    expect(isSettled('skipped', { requireCorrect: true })).toBe(true);
  });

  it('finds the earliest question that holds the learner back', () => {
    const qs = questions([30, 'correct'], [90, null], [60, null]);
    expect(blockingQuestion(qs, noSkip)?.timestamp).toBe(60);
    expect(blockingQuestion(qs, free)).toBeNull();
    expect(blockingQuestion(questions([30, 'incorrect'], [60, null]), { ...free, requireCorrect: true })?.timestamp).toBe(30);
    expect(blockingQuestion(questions([30, 'incorrect']), noSkip)).toBeNull();
  });
});

describe('allowed positions', () => {
  it('has no limit in free mode', () => {
    expect(maxAllowedPosition(questions([10, null]), free, still)).toBeNull();
    expect(checkPosition(5000, questions([10, null]), free, still)).toEqual({ allowed: true });
  });

  it('stops no_skip_forward one second past the first open question, and frees it once answered', () => {
    const open = questions([30, null], [60, null]);
    expect(maxAllowedPosition(open, noSkip, still)).toBe(31);
    expect(checkPosition(31, open, noSkip, still)).toEqual({ allowed: true });
    expect(checkPosition(45, open, noSkip, still)).toEqual({ allowed: false, allowedPosition: 31, message: 'Answer the question at 0:30 before moving on.' });
    const firstDone = questions([30, 'incorrect'], [60, null]);
    expect(maxAllowedPosition(firstDone, noSkip, still)).toBe(61);
    expect(maxAllowedPosition(questions([30, 'correct'], [60, 'skipped']), noSkip, still)).toBeNull();
  });

  it('keeps a wrong answer blocking with "require correct" until it is right', () => {
    const rules: AttemptRules = { skippingMode: 'no_skip_forward', requireCorrect: true };
    const check = checkPosition(40, questions([30, 'incorrect']), rules, { lastPosition: 30, secondsSinceLastProgress: 5 });
    expect(check).toEqual({ allowed: false, allowedPosition: 31, message: 'Answer the question at 0:30 correctly before moving on.' });
    expect(checkPosition(40, questions([30, 'correct']), rules, still)).toEqual({ allowed: true });
  });

  it('lets no_seek advance with real time only (×1.5 + 3 s)', () => {
    const clock = { lastPosition: 100, secondsSinceLastProgress: 10 };
    expect(maxAllowedPosition([], noSeek, clock)).toBe(118);
    expect(checkPosition(118, [], noSeek, clock)).toEqual({ allowed: true });
    expect(checkPosition(200, [], noSeek, clock)).toEqual({ allowed: false, allowedPosition: 118, message: 'This video does not allow skipping ahead.' });
  });

  it('lets no_seek never pass an open question either', () => {
    expect(maxAllowedPosition(questions([105, null]), noSeek, { lastPosition: 100, secondsSinceLastProgress: 10 })).toBe(106);
  });

  it('always allows going back', () => {
    expect(checkPosition(5, questions([1, null]), noSkip, { lastPosition: 50, secondsSinceLastProgress: 0 })).toEqual({ allowed: true });
    expect(checkPosition(0, [], noSeek, { lastPosition: 50, secondsSinceLastProgress: 0 })).toEqual({ allowed: true });
  });
});

describe('watch time and score', () => {
  it('credits reported watch time up to the real time that passed', () => {
    expect(creditedWatchSeconds(5, 5.2)).toBe(5);
    expect(creditedWatchSeconds(600, 6)).toBe(6);
    expect(creditedWatchSeconds(-3, 10)).toBe(0);
    expect(creditedWatchSeconds(Number.NaN, 10)).toBe(0);
  });

  it('scores first-try credits over every question, one decimal', () => {
    expect(scorePercent([1, 0, 1], 3)).toBe(66.7);
    expect(scorePercent([1, 0.5], 4)).toBe(37.5);
    expect(scorePercent([], 5)).toBe(0);
    expect(scorePercent([1, 1], 2)).toBe(100);
    expect(scorePercent([], 0)).toBe(0);
    expect(scorePercent([2], 1)).toBe(100);
  });

  it('formats times and explains response shapes', () => {
    expect(formatClock(65)).toBe('1:05');
    expect(formatClock(3725)).toBe('1:02:05');
    expect(responseShapeMessage('fill_gaps')).toBe('The response does not fit this question: send one text per gap.');
  });
});
