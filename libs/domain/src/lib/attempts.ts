import type { QuestionType } from './folders';

/**
 * Rules of a learner's attempt at an interactive video, shared by the video-service (which enforces
 * them) and the web player (which shows the same limits before the server has to refuse anything).
 */

/** How far a learner may move through a video: anywhere, not past an open question, or not jump at all. */
export type SkippingMode = 'free' | 'no_skip_forward' | 'no_seek';
export const SKIPPING_MODES: readonly SkippingMode[] = ['free', 'no_skip_forward', 'no_seek'];

/** Where a question stands in an attempt: 'correct' once a try was right (with "require correct", any try). */
export type AnswerStatus = 'correct' | 'incorrect' | 'skipped';

/** How far past an open question's time a no_skip_forward learner may be (the player pauses there). */
export const QUESTION_GRACE_SECONDS = 1;
/** no_seek: the position may run ahead of real time by this factor (1.5× playback speed)… */
export const NO_SEEK_SPEED_FACTOR = 1.5;
/** …plus this many seconds (buffering, report timing). */
export const NO_SEEK_SLACK_SECONDS = 3;

export const MUST_ANSWER_EVERY_QUESTION = 'This video asks you to answer every question.';
export const ALREADY_ANSWERED = 'You have already answered this question.';
export const ANSWER_REMAINING_FIRST = 'Answer the remaining questions first.';

export function isSkippingMode(value: unknown): value is SkippingMode {
  return typeof value === 'string' && (SKIPPING_MODES as readonly string[]).includes(value);
}

/** A video's attempt rules. */
export interface AttemptRules {
  skippingMode: SkippingMode;
  requireCorrect: boolean;
}

/** A question's place on the timeline and, when the learner reached it, where it stands. */
export interface QuestionState {
  id: number;
  /** Seconds into the video at which it is asked. */
  timestamp: number;
  /** null while the learner has neither answered nor skipped it. */
  status: AnswerStatus | null;
}

/** Skipping a question is only offered in free mode without "require correct". */
export function canSkip(rules: AttemptRules): boolean {
  return rules.skippingMode === 'free' && !rules.requireCorrect;
}

/**
 * Whether a question may be answered (again): always when it has no answer yet; afterwards only with
 * "require correct" while the answer is still wrong. A skipped question stays skipped.
 */
export function canAnswer(status: AnswerStatus | null, rules: Pick<AttemptRules, 'requireCorrect'>): boolean {
  if (status === null) return true;
  return rules.requireCorrect && status === 'incorrect';
}

/** Settled: nothing more is expected of the learner (right, skipped, or wrong without "require correct"). */
export function isSettled(status: AnswerStatus | null, rules: Pick<AttemptRules, 'requireCorrect'>): boolean {
  if (status === null) return false;
  return status !== 'incorrect' || !rules.requireCorrect;
}

/** Every question must be settled before the attempt completes, unless the mode lets the learner skip. */
export function mustAnswerEveryQuestion(rules: AttemptRules): boolean {
  return !canSkip(rules);
}

/**
 * The earliest question (by time) that holds the learner back: in no_skip_forward and no_seek every
 * unsettled question; in free mode only a wrong answer still to be corrected ("require correct").
 */
export function blockingQuestion(questions: readonly QuestionState[], rules: AttemptRules): QuestionState | null {
  let first: QuestionState | null = null;
  for (const q of questions) {
    const blocks = rules.skippingMode === 'free' ? rules.requireCorrect && q.status === 'incorrect' : !isSettled(q.status, rules);
    if (blocks && (first === null || q.timestamp < first.timestamp)) first = q;
  }
  return first;
}

/** Where the learner was at the last accepted progress report, and how many real seconds ago. */
export interface PlaybackClock {
  lastPosition: number;
  secondsSinceLastProgress: number;
}

/**
 * Seconds the learner may seek or play to right now; null = no limit.
 * - a blocking question (see blockingQuestion) caps the position at its time + QUESTION_GRACE_SECONDS;
 * - no_seek also caps it at the last position + real seconds since then × 1.5 + 3.
 */
export function maxAllowedPosition(questions: readonly QuestionState[], rules: AttemptRules, clock: PlaybackClock): number | null {
  const limits: number[] = [];
  const blocking = blockingQuestion(questions, rules);
  if (blocking) limits.push(blocking.timestamp + QUESTION_GRACE_SECONDS);
  if (rules.skippingMode === 'no_seek') {
    const elapsed = Math.max(0, clock.secondsSinceLastProgress);
    limits.push(clock.lastPosition + elapsed * NO_SEEK_SPEED_FACTOR + NO_SEEK_SLACK_SECONDS);
  }
  if (limits.length === 0) return null;
  return Math.round(Math.min(...limits) * 1000) / 1000;
}

export type PositionCheck = { allowed: true } | { allowed: false; allowedPosition: number; message: string };

/** m:ss (h:mm:ss past an hour), for messages. */
export function formatClock(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/**
 * Whether a reported position keeps to the video's rules. Going back (to or before the last position)
 * is always allowed; going forward past maxAllowedPosition is refused with the position to return to.
 */
export function checkPosition(position: number, questions: readonly QuestionState[], rules: AttemptRules, clock: PlaybackClock): PositionCheck {
  if (position <= clock.lastPosition) return { allowed: true };
  const limit = maxAllowedPosition(questions, rules, clock);
  if (limit === null || position <= limit) return { allowed: true };
  const allowedPosition = Math.max(limit, clock.lastPosition);
  const blocking = blockingQuestion(questions, rules);
  if (blocking && blocking.timestamp + QUESTION_GRACE_SECONDS <= limit) {
    const how = rules.requireCorrect ? ' correctly' : '';
    return { allowed: false, allowedPosition, message: `Answer the question at ${formatClock(blocking.timestamp)}${how} before moving on.` };
  }
  return { allowed: false, allowedPosition, message: 'This video does not allow skipping ahead.' };
}

/**
 * Seconds of watch time a progress report may add: what the player reports, never more than the real
 * time since the previous report (so a faked report cannot inflate it), whole seconds.
 */
export function creditedWatchSeconds(reported: number, secondsSinceLastProgress: number): number {
  if (!Number.isFinite(reported) || reported <= 0) return 0;
  const cap = Math.max(0, secondsSinceLastProgress);
  return Math.round(Math.min(reported, cap));
}

/**
 * The attempt's score in percent with one decimal: the sum of the first-try credits (0..1 each) over
 * every question of the video; unanswered and skipped questions count 0. 0 for a video without questions.
 */
export function scorePercent(credits: readonly number[], totalQuestions: number): number {
  if (totalQuestions <= 0) return 0;
  const sum = credits.reduce((acc, c) => acc + (Number.isFinite(c) ? Math.min(1, Math.max(0, c)) : 0), 0);
  return Math.round(Math.min(100, (sum * 100) / totalQuestions) * 10) / 10;
}

/** What a learner's response to each question type looks like (stored option indexes, 0-based). */
export const RESPONSE_SHAPES: Record<QuestionType, string> = {
  single_choice: 'the index of the chosen option',
  scenario: 'the index of the chosen option',
  multiple_choice: 'a list of the chosen option indexes',
  true_false: 'true or false',
  matching: 'for each left item, the index of its right item',
  ordering: 'the item indexes in the chosen order',
  priority_ranking: 'the item indexes from highest to lowest priority',
  sorting_groups: 'for each item, the index of its group',
  drag_drop: 'for each item, the index of its target',
  fill_gaps: 'one text per gap',
};

/** The 400 message for a response that does not fit its question. */
export function responseShapeMessage(type: QuestionType): string {
  return `The response does not fit this question: send ${RESPONSE_SHAPES[type] ?? 'an answer in the shape of the question'}.`;
}

/** The learner id a browser keeps (a random UUID) or a similar opaque key: 8–100 letters, digits, '-' or '_'. */
export const LEARNER_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{7,99}$/;
export const LEARNER_ID_MESSAGE = 'learnerId must be the learner id the player keeps (8 to 100 letters, digits, "-" or "_")';

export function isLearnerId(value: unknown): value is string {
  return typeof value === 'string' && LEARNER_ID_PATTERN.test(value);
}
