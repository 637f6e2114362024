import type { AnswerView, AttemptResultRow, AttemptResults, AttemptStatus, AttemptView, QuestionFeedbackView } from '@veolearn/contracts';
import {
  type AnswerStatus,
  type AttemptRules,
  isSkippingMode,
  maxAllowedPosition,
  type Question,
  type QuestionState,
  scorePercent,
} from '@veolearn/domain';
import { type InteractionRow, toQuestion } from '../interactions/interaction-views';

/** A row of library.attempts as pg returns it. */
export interface AttemptRow {
  id: string;
  video_id: number;
  learner_id: string;
  user_id: number | null;
  status: AttemptStatus;
  started_at: Date | string;
  completed_at: Date | string | null;
  last_position: number;
  watch_time_seconds: number;
  score: number | null;
  last_progress_at: Date | string | null;
}

export const ATTEMPT_COLUMNS =
  'id, video_id, learner_id, user_id, status, started_at, completed_at, last_position, watch_time_seconds, score, last_progress_at';

/** A row of library.answers as pg returns it (response already parsed). */
export interface AnswerRow {
  interaction_id: number;
  response: unknown;
  /** The first try was right. */
  correct: boolean;
  status: AnswerStatus;
  /** The first try's credit. */
  credit: number;
  tries: number;
  /** The correct answer has been shown (false after a wrong first try until a second try or Continue Video). */
  revealed: boolean;
  time_taken_ms: number | null;
  answered_at: Date | string;
}

export const ANSWER_COLUMNS = 'interaction_id, response, correct, status, credit, tries, revealed, time_taken_ms, answered_at';

/** The video's rules as pg returns them. */
export interface VideoRulesRow {
  skipping_mode: string;
  require_correct: boolean;
}

/** Everything an attempt's view is built from, read in one transaction. */
export interface AttemptState {
  attempt: AttemptRow;
  rules: AttemptRules;
  /** The video's questions in playing order. */
  questions: InteractionRow[];
  answers: AnswerRow[];
}

function iso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

function time(value: Date | string): number {
  return value instanceof Date ? value.getTime() : new Date(value).getTime();
}

/** Unknown or legacy values fall back to the most lenient rules. */
export function toRules(row: VideoRulesRow): AttemptRules {
  return { skippingMode: isSkippingMode(row.skipping_mode) ? row.skipping_mode : 'free', requireCorrect: row.require_correct === true };
}

/** What of an answer decides whether its correct answer may be shown. */
export type RevealFacts = Pick<AnswerRow, 'status' | 'revealed'>;

/**
 * A wrong first try without "require correct" whose answer is not shown yet: the learner reviews the
 * chapter and is asked again (one more try), or continues (POST /reveal). The rules treat it as open.
 */
export function awaitsSecondTry(answer: RevealFacts | null | undefined, rules: Pick<AttemptRules, 'requireCorrect'>): boolean {
  return !!answer && answer.status === 'incorrect' && !answer.revealed && !rules.requireCorrect;
}

/** Where a question stands for the attempt rules: a wrong first try awaiting its second try is still open (null). */
export function ruleStatus(answer: RevealFacts | null | undefined, rules: Pick<AttemptRules, 'requireCorrect'>): AnswerStatus | null {
  if (!answer || awaitsSecondTry(answer, rules)) return null;
  return answer.status;
}

/**
 * Whether the learner may see a question's correct answer and full feedback: once it is answered right
 * or skipped; a wrong answer only after the second try or Continue Video, and never while it must still
 * be corrected ("require correct"). Everything once the attempt is complete.
 */
export function reveals(answer: RevealFacts | null | undefined, rules: Pick<AttemptRules, 'requireCorrect'>, complete = false): boolean {
  if (!answer) return false;
  if (answer.status !== 'incorrect' || complete) return true;
  return !rules.requireCorrect && answer.revealed;
}

/** The question's feedback a learner may see now (only `incorrect` while the correct answer is withheld). */
export function visibleFeedback(question: Question, shown: boolean): Partial<QuestionFeedbackView> {
  return shown ? { ...question.feedback } : { incorrect: question.feedback.incorrect };
}

function toAnswerView(answer: AnswerRow, question: Question, rules: AttemptRules, complete: boolean): AnswerView {
  const shown = reveals(answer, rules, complete);
  return {
    interactionId: answer.interaction_id,
    status: answer.status,
    response: answer.response,
    correctAnswer: shown ? question.correctAnswer : null,
    feedback: visibleFeedback(question, shown),
    credit: answer.credit,
    attempts: answer.tries,
    secondTry: !complete && awaitsSecondTry(answer, rules),
    answeredAt: iso(answer.answered_at),
    timeTakenMs: answer.time_taken_ms,
  };
}

/** Each question's place on the timeline and where it stands in this attempt (for the rules: see ruleStatus). */
export function questionStates(state: Pick<AttemptState, 'questions' | 'answers' | 'rules'>): QuestionState[] {
  const byQuestion = new Map(state.answers.map((a) => [a.interaction_id, a]));
  return state.questions.map((q) => ({ id: q.id, timestamp: q.timestamp, status: ruleStatus(byQuestion.get(q.id), state.rules) }));
}

/** Real seconds since the last accepted progress report (or since the attempt began or resumed). */
export function secondsSinceLastProgress(attempt: AttemptRow, now: Date): number {
  return Math.max(0, (now.getTime() - time(attempt.last_progress_at ?? attempt.started_at)) / 1000);
}

/**
 * The learner's view of an attempt at `now`. Only answered or skipped questions appear in `answers`,
 * so nothing of an open question's answer or feedback is ever included.
 */
export function toAttemptView(state: AttemptState, now: Date): AttemptView {
  const { attempt, rules } = state;
  const questions = new Map(state.questions.map((row) => [row.id, toQuestion(row)]));
  const order = new Map(state.questions.map((row, index) => [row.id, index]));
  const answers = state.answers
    .filter((a) => questions.has(a.interaction_id))
    .sort((a, b) => (order.get(a.interaction_id) ?? 0) - (order.get(b.interaction_id) ?? 0));
  const answered = answers.filter((a) => a.status !== 'skipped');
  const inProgress = attempt.status === 'in_progress';
  return {
    id: attempt.id,
    videoId: attempt.video_id,
    status: attempt.status,
    startedAt: iso(attempt.started_at),
    completedAt: attempt.completed_at === null ? null : iso(attempt.completed_at),
    lastPosition: attempt.last_position,
    watchTimeSeconds: attempt.watch_time_seconds,
    totalQuestions: state.questions.length,
    answeredCount: answered.length,
    correctCount: answered.filter((a) => a.correct).length,
    skippedCount: answers.length - answered.length,
    score: scorePercent(
      answered.map((a) => a.credit),
      state.questions.length,
    ),
    skippingMode: rules.skippingMode,
    requireCorrect: rules.requireCorrect,
    maxAllowedPosition: inProgress
      ? maxAllowedPosition(questionStates(state), rules, {
          lastPosition: attempt.last_position,
          secondsSinceLastProgress: secondsSinceLastProgress(attempt, now),
        })
      : null,
    answers: answers.map((a) => toAnswerView(a, questions.get(a.interaction_id) as Question, rules, attempt.status === 'completed')),
  };
}

/** The results screen: the attempt plus one row per question of the video, in playing order. */
export function toAttemptResults(state: AttemptState, now: Date): AttemptResults {
  const view = toAttemptView(state, now);
  const answers = new Map(state.answers.map((a) => [a.interaction_id, a]));
  const rows: AttemptResultRow[] = state.questions.map((row) => {
    const question = toQuestion(row);
    const answer = answers.get(row.id);
    return {
      interactionId: row.id,
      question: row.question,
      type: row.type,
      topicTitle: row.topic_title,
      timestamp: row.timestamp,
      status: answer?.status ?? 'unanswered',
      response: answer ? answer.response : null,
      correctAnswer: reveals(answer, state.rules, state.attempt.status === 'completed') ? question.correctAnswer : null,
      credit: answer?.credit ?? 0,
      timeTakenMs: answer?.time_taken_ms ?? null,
    };
  });
  return { ...view, rows };
}
