import {
  type AnswerStatus,
  type AttemptRules,
  blockingQuestion,
  formatClock,
  isSettled,
  type QuestionState,
} from '@veolearn/domain';

/** What the timeline needs of a question. */
export interface TimedQuestion {
  id: number;
  timestamp: number;
  topicStartTime: number | null;
}

/** Each question's status in the attempt (absent = not answered yet). */
export type StatusMap = ReadonlyMap<number, AnswerStatus>;

export function statusMap(answers: ReadonlyArray<{ interactionId: number; status: AnswerStatus }>): Map<number, AnswerStatus> {
  return new Map(answers.map((a) => [a.interactionId, a.status]));
}

/**
 * The statuses the attempt rules go by: like statusMap, except that a wrong answer with no tries left
 * (AnswerView.final, the SCORM 2004 limit) is settled like a skip, even with "require correct", and a
 * wrong first try waiting for its second try (AnswerView.secondTry) is still open, so it is asked again.
 */
export function ruleStatusMap(
  answers: ReadonlyArray<{ interactionId: number; status: AnswerStatus; final?: boolean; secondTry?: boolean }>,
): Map<number, AnswerStatus> {
  const entries: Array<[number, AnswerStatus]> = [];
  for (const a of answers) {
    if (a.secondTry && a.status === 'incorrect') continue;
    entries.push([a.interactionId, a.final && a.status === 'incorrect' ? 'skipped' : a.status]);
  }
  return new Map(entries);
}

/** The questions in playing order (by time, then id), without changing the given list. */
export function inPlayingOrder<Q extends TimedQuestion>(questions: readonly Q[]): Q[] {
  return [...questions].sort((a, b) => a.timestamp - b.timestamp || a.id - b.id);
}

/** Still waiting for the learner: never answered, or wrong while the video asks for a correct answer. */
export function isOpen(id: number, statuses: StatusMap, rules: Pick<AttemptRules, 'requireCorrect'>): boolean {
  return !isSettled(statuses.get(id) ?? null, rules);
}

/**
 * The question to ask at `time`: the earliest open one whose timestamp has been reached. A question the
 * learner seeked past is therefore asked as soon as playback goes on, never skipped silently.
 */
export function dueQuestion<Q extends TimedQuestion>(
  questions: readonly Q[],
  statuses: StatusMap,
  rules: Pick<AttemptRules, 'requireCorrect'>,
  time: number,
): Q | null {
  let due: Q | null = null;
  for (const q of questions) {
    if (q.timestamp <= time && isOpen(q.id, statuses, rules) && (due === null || q.timestamp < due.timestamp)) due = q;
  }
  return due;
}

/** "n of m questions completed": questions nothing more is expected of. */
export function completedCount(questions: readonly TimedQuestion[], statuses: StatusMap, rules: Pick<AttemptRules, 'requireCorrect'>): number {
  return questions.filter((q) => !isOpen(q.id, statuses, rules)).length;
}

/** Where "Review Chapter" goes: the start of the question's chapter (never after the question itself). */
export function reviewPosition(question: TimedQuestion): number {
  const start = question.topicStartTime ?? 0;
  return Math.max(0, Math.min(start, question.timestamp));
}

export interface SeekDecision {
  /** Where the player goes. */
  position: number;
  /** Why it did not go where the learner asked (null when it did). */
  message: string | null;
}

function toStates(questions: readonly TimedQuestion[], statuses: StatusMap): QuestionState[] {
  return questions.map((q) => ({ id: q.id, timestamp: q.timestamp, status: statuses.get(q.id) ?? null }));
}

/**
 * Whether the player may go to `target` under the video's rules (the server checks again from the recorded
 * progress). Going back is always allowed. Going forward is refused past an open question in
 * no_skip_forward (and past a wrong answer still to be corrected with "require correct"), and entirely in
 * no_seek; the server's last maxAllowedPosition caps it too.
 */
export function decideSeek(
  target: number,
  current: number,
  questions: readonly TimedQuestion[],
  statuses: StatusMap,
  rules: AttemptRules,
  serverLimit: number | null,
): SeekDecision {
  const wanted = Math.max(0, target);
  if (wanted <= current) return { position: wanted, message: null };
  const blocking = blockingQuestion(toStates(questions, statuses), rules);
  const limits: number[] = [];
  if (blocking) limits.push(blocking.timestamp);
  if (rules.skippingMode === 'no_seek') limits.push(current);
  if (serverLimit !== null) limits.push(serverLimit);
  if (limits.length === 0) return { position: wanted, message: null };
  const limit = Math.max(current, Math.min(...limits));
  if (wanted <= limit) return { position: wanted, message: null };
  if (blocking && blocking.timestamp <= limit) {
    const how = rules.requireCorrect ? ' correctly' : '';
    return { position: limit, message: `Answer the question at ${formatClock(blocking.timestamp)}${how} before moving on.` };
  }
  return { position: limit, message: 'This video does not allow skipping ahead.' };
}

/**
 * The length to draw the timeline with: the known duration, else (a recording without one in its
 * header) the last question's time or the current position, whichever is later.
 */
export function timelineLength(duration: number | null, questions: readonly TimedQuestion[], current: number): number {
  if (duration !== null && Number.isFinite(duration) && duration > 0) return duration;
  const lastQuestion = questions.reduce((max, q) => Math.max(max, q.timestamp), 0);
  return Math.max(lastQuestion + 1, current, 1);
}

/** A duration the media reported, or null for Infinity/NaN/0 (a MediaRecorder WebM before its end is read). */
export function finiteDuration(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}
