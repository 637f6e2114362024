import type { LessonAttemptAnswer, LessonAttemptView, LessonQuestionResult, LessonResultsSummary } from '@veolearn/contracts';
import {
  describeCorrectAnswer,
  describeResponse,
  formatClock,
  type Question,
  questionStatistics,
  type QuestionTally,
  type ResponseCount,
} from '@veolearn/domain';
import { csvLine } from '@veolearn/nest-common';
import type { InteractionRow } from '../interactions/interaction-views';

/** A question of the lesson: its row and the domain question made of it. */
export interface LessonQuestion {
  row: InteractionRow;
  question: Question;
}

/** An attempt row of the teacher's list as pg returns it. */
export interface LessonAttemptRow {
  id: string;
  status: 'completed' | 'in_progress';
  display_name: string | null;
  lms_user_name: string | null;
  lms_course: string | null;
  user_id: number | null;
  anonymous_id: string;
  score: number | null;
  correct_count: number;
  answered_count: number;
  skipped_count: number;
  watch_time_seconds: number;
  started_at: Date | string;
  completed_at: Date | string | null;
}

/**
 * The columns of LessonAttemptRow. The learner id itself never leaves the service (it is what acts for
 * the learner on the attempts API): a hash of it tells anonymous learners apart.
 */
export const LESSON_ATTEMPT_COLUMNS = `id, status, display_name, lms_user_name, lms_course, user_id, left(md5(learner_id), 8) AS anonymous_id,
  score, correct_count, answered_count, skipped_count, watch_time_seconds, started_at, completed_at`;

/** The summary aggregates as pg returns them (the averages may be null). */
export interface SummaryRow {
  attempts: number;
  completed: number;
  in_progress: number;
  learners: number;
  average_score: number | null;
  average_time: number | null;
}

/** One question's answers counted by SQL. */
export interface TallyRow {
  interaction_id: number;
  answered: number;
  first_try_correct: number;
  skipped: number;
  tries: number;
  credit: number;
}

/** A distinct wrong first-try response to a question, counted. */
export interface WrongResponseRow {
  interaction_id: number;
  response: unknown;
  count: number;
}

/** One answer of an attempt, for the attempt list and the CSV. */
export interface LessonAnswerRow {
  attempt_id: string;
  interaction_id: number;
  status: 'correct' | 'incorrect' | 'skipped';
  correct: boolean;
  credit: number;
  tries: number;
  response: unknown;
  first_response: unknown;
}

function iso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

function oneDecimal(value: number | null | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.round(value * 10) / 10 : 0;
}

/** The name the teacher sees for an attempt. */
export function learnerLabel(row: Pick<LessonAttemptRow, 'display_name' | 'lms_user_name' | 'anonymous_id'>): string {
  return row.display_name ?? row.lms_user_name ?? `Anonymous ${row.anonymous_id}`;
}

/** How a question's first try went. */
export function answerOutcome(answer: Pick<LessonAnswerRow, 'status' | 'correct' | 'credit'>): LessonAttemptAnswer['result'] {
  if (answer.status === 'skipped') return 'skipped';
  if (answer.correct) return 'correct';
  return answer.credit > 0 ? 'partly_correct' : 'incorrect';
}

/** The attempt's answers in the questions' playing order, each first try in words. */
export function toAttemptAnswers(questions: readonly LessonQuestion[], answers: readonly LessonAnswerRow[]): LessonAttemptAnswer[] {
  const byQuestion = new Map(answers.map((a) => [a.interaction_id, a]));
  const result: LessonAttemptAnswer[] = [];
  for (const { row, question } of questions) {
    const a = byQuestion.get(row.id);
    if (!a) continue;
    const outcome = answerOutcome(a);
    result.push({
      interactionId: row.id,
      result: outcome,
      credit: a.credit,
      tries: a.tries,
      answer: outcome === 'skipped' ? '' : describeResponse(question, a.first_response ?? a.response),
    });
  }
  return result;
}

export function toLessonAttempt(row: LessonAttemptRow, questions: readonly LessonQuestion[], answers: readonly LessonAnswerRow[] = []): LessonAttemptView {
  const totalQuestions = questions.length;
  return {
    id: row.id,
    learner: learnerLabel(row),
    displayName: row.display_name,
    anonymousId: row.anonymous_id,
    lmsUser: row.lms_user_name,
    lmsCourse: row.lms_course,
    signedIn: row.user_id !== null,
    status: row.status,
    score: oneDecimal(row.score),
    correctCount: row.correct_count,
    answeredCount: row.answered_count,
    skippedCount: row.skipped_count,
    totalQuestions,
    timeSpentSeconds: row.watch_time_seconds,
    startedAt: iso(row.started_at),
    completedAt: row.completed_at === null ? null : iso(row.completed_at),
    answers: toAttemptAnswers(questions, answers),
  };
}

export function toSummary(row: SummaryRow | undefined): LessonResultsSummary {
  return {
    attempts: row?.attempts ?? 0,
    completed: row?.completed ?? 0,
    inProgress: row?.in_progress ?? 0,
    learners: row?.learners ?? 0,
    averageScore: row?.average_score === null || row?.average_score === undefined ? null : oneDecimal(row.average_score),
    averageTimeSpentSeconds: row?.average_time === null || row?.average_time === undefined ? null : Math.round(row.average_time),
  };
}

/** Each question of the video (in playing order) with its statistics. */
export function toQuestionResults(
  questions: readonly LessonQuestion[],
  tallies: readonly TallyRow[],
  wrong: readonly WrongResponseRow[],
): LessonQuestionResult[] {
  const byQuestion = new Map(tallies.map((t) => [t.interaction_id, t]));
  const wrongBy = new Map<number, ResponseCount[]>();
  for (const w of wrong) {
    const list = wrongBy.get(w.interaction_id) ?? [];
    list.push({ response: w.response, count: w.count });
    wrongBy.set(w.interaction_id, list);
  }
  return questions.map(({ row, question }, index) => {
    const t = byQuestion.get(row.id);
    const tally: QuestionTally = {
      answered: t?.answered ?? 0,
      firstTryCorrect: t?.first_try_correct ?? 0,
      skipped: t?.skipped ?? 0,
      tries: t?.tries ?? 0,
      credit: t?.credit ?? 0,
    };
    return {
      interactionId: row.id,
      number: index + 1,
      question: row.question,
      type: row.type,
      timestamp: row.timestamp,
      topicTitle: row.topic_title,
      correctAnswer: describeCorrectAnswer(question),
      ...questionStatistics(question, tally, wrongBy.get(row.id) ?? []),
    };
  });
}

// ---------------------------------------------------------------- CSV

/** 2026-05-01 09:59:00, UTC: what spreadsheets read as a date and time. */
function spreadsheetTime(value: Date | string | null): string {
  return value === null ? '' : iso(value).slice(0, 19).replace('T', ' ');
}

const QUESTION_HEADER_TEXT = 80;

export function csvHeader(questions: ReadonlyArray<Pick<LessonQuestion, 'row'>>): string {
  const fixed = [
    'Learner',
    'Display name',
    'Anonymous ID',
    'LMS user',
    'LMS course',
    'Signed in',
    'Status',
    'Score (%)',
    'Correct first try',
    'Answered',
    'Skipped',
    'Questions',
    'Time spent (s)',
    'Started (UTC)',
    'Finished (UTC)',
  ];
  const perQuestion = questions.flatMap(({ row }, i) => {
    const text = row.question.length > QUESTION_HEADER_TEXT ? `${row.question.slice(0, QUESTION_HEADER_TEXT - 1)}…` : row.question;
    return [`Q${i + 1} (${formatClock(row.timestamp)}) ${text}`, `Q${i + 1} answer`];
  });
  return csvLine([...fixed, ...perQuestion]);
}

const OUTCOME_WORDS: Record<LessonAttemptAnswer['result'], string> = {
  correct: 'correct',
  partly_correct: 'partly correct',
  incorrect: 'incorrect',
  skipped: 'skipped',
};

/** A question's first try in a word or two: correct, partly correct (60%), incorrect or skipped; the tries when more than one. */
export function answerResult(answer: LessonAttemptAnswer | undefined): string {
  if (!answer) return '';
  if (answer.result === 'skipped') return 'skipped';
  const first = answer.result === 'partly_correct' ? `partly correct (${Math.round(answer.credit * 100)}%)` : OUTCOME_WORDS[answer.result];
  return answer.tries > 1 ? `${first} (${answer.tries} tries)` : first;
}

/** One attempt's CSV record: the attempt's figures, then each question's result and first-try answer in words. */
export function csvRecord(row: LessonAttemptRow, questions: readonly LessonQuestion[], answers: readonly LessonAnswerRow[]): string {
  const view = toLessonAttempt(row, questions, answers);
  const byQuestion = new Map(view.answers.map((a) => [a.interactionId, a]));
  const cells: unknown[] = [
    view.learner,
    view.displayName,
    view.anonymousId,
    view.lmsUser,
    view.lmsCourse,
    view.signedIn ? 'yes' : 'no',
    view.status === 'completed' ? 'completed' : 'in progress',
    view.score,
    view.correctCount,
    view.answeredCount,
    view.skippedCount,
    view.totalQuestions,
    view.timeSpentSeconds,
    spreadsheetTime(row.started_at),
    spreadsheetTime(row.completed_at),
  ];
  for (const { row: q } of questions) {
    const answer = byQuestion.get(q.id);
    cells.push(answerResult(answer));
    cells.push(answer?.answer ?? '');
  }
  return csvLine(cells);
}

// ---------------------------------------------------------------- cursor

/** Where the next CSV chunk starts: after this attempt (started_at as Postgres wrote it, id), with the first chunk's questions. */
export interface CsvCursor {
  startedKey: string;
  id: string;
  questionIds: number[];
}

export function encodeCursor(cursor: CsvCursor): string {
  return Buffer.from(JSON.stringify({ t: cursor.startedKey, i: cursor.id, q: cursor.questionIds }), 'utf8').toString('base64url');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PG_TIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/;

/** The cursor back, or null when it is not one this service wrote. */
export function decodeCursor(text: unknown): CsvCursor | null {
  if (typeof text !== 'string' || text.length > 20_000) return null;
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as { t?: unknown; i?: unknown; q?: unknown };
    if (typeof value.t !== 'string' || !PG_TIME.test(value.t) || typeof value.i !== 'string' || !UUID.test(value.i)) return null;
    if (!Array.isArray(value.q) || !value.q.every((id) => Number.isInteger(id) && id > 0 && id <= 2_147_483_647)) return null;
    return { startedKey: value.t, id: value.i, questionIds: value.q as number[] };
  } catch {
    return null;
  }
}
