import {
  ALREADY_ANSWERED,
  ANSWER_REMAINING_FIRST,
  type AnswerStatus,
  type AttemptRules,
  canAnswer,
  canSkip,
  checkPosition,
  creditedWatchSeconds,
  gradeAnswer,
  isSettled,
  isSkippingMode,
  maxAllowedPosition,
  MUST_ANSWER_EVERY_QUESTION,
  mustAnswerEveryQuestion,
  type Question,
  type QuestionState,
  responseShapeMessage,
  scorePercent,
} from '@veolearn/domain';
import { ApiError } from '../lib/session-client';
import type { AttemptBackend, ProgressReport } from '../features/player/api/attempt-backend';
import type { AnswerResult, AnswerView, AttemptResults, AttemptView, FeedbackView, ProgressOutcome } from '../features/player/api/player-api';
import { randomUuid } from '../features/player/model/learner-id';
import { inPlayingOrder } from '../features/player/model/timeline';
import { type ScormLesson, type ScormLessonQuestion, toDomainQuestion } from './lesson';
import type { PackageSession } from './package-session';

/** The LMS is asked to store what it has at most this often while the video plays (and always on leaving). */
export const COMMIT_INTERVAL_MS = 30_000;

/** One question's answer in the attempt (the attempts API's library.answers row). */
interface LocalAnswer {
  interactionId: number;
  response: unknown;
  status: AnswerStatus;
  /** The first try's credit. */
  credit: number;
  tries: number;
  timeTakenMs: number | null;
  answeredAt: number;
  /** No tries left (SCORM 2004: 3 per question): settled even when wrong. */
  final: boolean;
}

interface LocalAttempt {
  id: string;
  status: 'in_progress' | 'completed';
  startedAt: number;
  completedAt: number | null;
  lastPosition: number;
  watchTimeSeconds: number;
  lastProgressAt: number;
  answers: Map<number, LocalAnswer>;
}

/** The attempt as saved in suspend data (`x`), short keys: 1.2 allows 4096 characters in all. */
interface SavedAttempt {
  a: string;
  c: 0 | 1;
  s: number;
  d: number | null;
  l: number;
  w: number;
  /** [interactionId, status c|i|s, credit, tries, response, timeTakenMs, answeredAt, final 0|1] */
  n: Array<[number, 'c' | 'i' | 's', number, number, unknown, number | null, number, 0 | 1]>;
}

const STATUS_CODE: Record<AnswerStatus, 'c' | 'i' | 's'> = { correct: 'c', incorrect: 'i', skipped: 's' };
const CODE_STATUS: Record<string, AnswerStatus> = { c: 'correct', i: 'incorrect', s: 'skipped' };

function conflict(message: string): ApiError {
  return new ApiError(409, JSON.stringify({ statusCode: 409, message }), 'Conflict');
}

function refused(status: number, message: string): ApiError {
  return new ApiError(status, JSON.stringify({ statusCode: status, message }), status === 404 ? 'Not Found' : 'Bad Request');
}

export interface LocalBackendOptions {
  lesson: ScormLesson;
  /** Initialised by the launch page (or never connected: no LMS). */
  session: PackageSession;
  /** A session for Start Over when there is no LMS (with one, a new attempt is the LMS's to start). */
  newSession?: () => PackageSession;
  /** Milliseconds clock. */
  now?: () => number;
  newId?: () => string;
}

/**
 * The SCORM package's backend: the attempts API's rules (apps/video-service attempts) run in the
 * browser against the lesson bundled in the package, graded with the domain graders, with SCORM
 * 2004's limit of 3 tries per question; every answer goes to the LMS through the PackageSession
 * (interactions, score, status, suspend data, commit) and the session ends on finishing the lesson
 * or leaving the page (see exit()).
 */
export class LocalAttemptBackend implements AttemptBackend {
  readonly key: readonly unknown[];
  private session: PackageSession;
  private readonly lesson: ScormLesson;
  private readonly questions: ScormLessonQuestion[];
  private readonly domain: Map<number, { question: Question; index: number; source: ScormLessonQuestion }>;
  private readonly rules: AttemptRules;
  private readonly now: () => number;
  private readonly newId: () => string;
  private readonly newSession?: () => PackageSession;
  private state: LocalAttempt | null = null;
  private lastCommit = 0;
  private readPosition: (() => number | null) | null = null;

  constructor(options: LocalBackendOptions) {
    this.lesson = options.lesson;
    this.session = options.session;
    this.newSession = options.newSession;
    this.now = options.now ?? (() => Date.now());
    this.newId = options.newId ?? (() => randomUuid());
    this.questions = inPlayingOrder(options.lesson.questions);
    this.domain = new Map(this.questions.map((q, index) => [q.id, { question: toDomainQuestion(q), index, source: q }]));
    const video = options.lesson.video;
    this.rules = { skippingMode: isSkippingMode(video.skippingMode) ? video.skippingMode : 'free', requireCorrect: video.requireCorrect === true };
    this.key = ['scorm', 'attempt', video.id];
    this.attach(this.session);
  }

  /** The LMS session answers go to (replaced by Start Over without an LMS). */
  get currentSession(): PackageSession {
    return this.session;
  }

  async start(restart = false): Promise<AttemptView> {
    if (restart) {
      if (this.session.connected) throw conflict('Start a new attempt from your LMS.');
      if (this.newSession) {
        this.session = this.newSession();
        this.session.initialize();
        this.attach(this.session);
      }
      this.state = this.fresh();
      return this.view();
    }
    if (!this.state) this.state = this.restore() ?? this.fresh();
    return this.view();
  }

  async answer(_attempt: AttemptView, interactionId: number, response: unknown, timeTakenMs: number): Promise<AnswerResult> {
    const state = this.open();
    const entry = this.question(interactionId);
    const existing = state.answers.get(interactionId) ?? null;
    if (existing?.final || !canAnswer(existing?.status ?? null, this.rules)) throw conflict(ALREADY_ANSWERED);
    const left = this.session.attemptsLeft(entry.question, entry.index);
    if (left === 0) throw conflict(ALREADY_ANSWERED);
    const graded = gradeAnswer(entry.question, response);
    if (graded.normalizedResponse === null) throw refused(400, responseShapeMessage(entry.question.type));
    const status: AnswerStatus = graded.correct ? 'correct' : 'incorrect';
    const final = !graded.correct && left === 1;
    const ms = Number.isFinite(timeTakenMs) && timeTakenMs >= 0 ? Math.round(timeTakenMs) : null;
    const now = this.now();
    if (existing) {
      existing.response = response;
      existing.status = status;
      existing.tries += 1;
      existing.final = final;
      if (ms !== null) existing.timeTakenMs = (existing.timeTakenMs ?? 0) + ms;
    } else {
      state.answers.set(interactionId, { interactionId, response, status, credit: graded.score, tries: 1, timeTakenMs: ms, answeredAt: now, final });
    }
    state.lastProgressAt = now;
    // Grades again, records the interaction, reports the score, saves the progress (with the state above) and commits.
    this.session.recordAnswer({ question: entry.question, index: entry.index, response, latencySeconds: ms === null ? undefined : ms / 1000 });
    this.lastCommit = now;
    const shown = this.reveals(status, final);
    return {
      correct: graded.correct,
      credit: graded.score,
      correctAnswer: shown ? entry.question.correctAnswer : null,
      feedback: this.feedback(entry.source, shown),
      attempt: this.view(),
      ...(final ? { final: true } : {}),
    };
  }

  async skip(_attempt: AttemptView, interactionId: number): Promise<AnswerResult> {
    const state = this.open();
    const entry = this.question(interactionId);
    if (!canSkip(this.rules)) throw conflict(MUST_ANSWER_EVERY_QUESTION);
    if (state.answers.has(interactionId)) throw conflict(ALREADY_ANSWERED);
    const now = this.now();
    state.answers.set(interactionId, this.skipped(interactionId, now));
    state.lastProgressAt = now;
    this.save(true);
    return { correct: false, credit: 0, correctAnswer: entry.question.correctAnswer, feedback: this.feedback(entry.source, true), attempt: this.view() };
  }

  async progress(_attempt: AttemptView, report: ProgressReport): Promise<ProgressOutcome> {
    const state = this.open();
    const outcome = this.record(state, report);
    if (outcome) return { refused: outcome };
    this.save(this.now() - this.lastCommit >= COMMIT_INTERVAL_MS);
    return { attempt: this.view() };
  }

  progressOnLeave(_attempt: AttemptView, report: ProgressReport): void {
    const state = this.state;
    if (!state || state.status !== 'in_progress') return;
    this.record(state, report);
    this.save(true);
  }

  async complete(_attempt: AttemptView): Promise<AttemptView> {
    const state = this.current();
    if (state.status === 'completed') return this.view();
    const open = this.states().filter((q) => !isSettled(q.status, this.rules));
    if (open.length > 0 && mustAnswerEveryQuestion(this.rules)) throw conflict(ANSWER_REMAINING_FIRST);
    const now = this.now();
    for (const q of open) if (q.status === null) state.answers.set(q.id, this.skipped(q.id, now));
    state.status = 'completed';
    state.completedAt = now;
    this.session.setPosition(state.lastPosition);
    // Completed, score and status, saved and committed; then the session ends (exit normal).
    this.session.complete();
    this.session.finish();
    return this.view();
  }

  async results(_attempt: AttemptView): Promise<AttemptResults> {
    const view = this.view();
    const state = this.current();
    const rows = this.questions.map((q) => {
      const answer = state.answers.get(q.id);
      return {
        interactionId: q.id,
        question: q.question,
        type: q.type,
        topicTitle: q.topicTitle || null,
        timestamp: q.timestamp,
        status: answer?.status ?? ('unanswered' as const),
        response: answer ? answer.response : null,
        correctAnswer: answer && this.reveals(answer.status, answer.final) ? q.correctAnswer : null,
        credit: answer?.credit ?? 0,
        timeTakenMs: answer?.timeTakenMs ?? null,
      };
    });
    return { ...view, rows };
  }

  reportDuration(): void {
    // The package's lesson data is fixed: nothing to tell anyone.
  }

  watchPosition(read: () => number | null): () => void {
    this.readPosition = read;
    return () => {
      if (this.readPosition === read) this.readPosition = null;
    };
  }

  /**
   * The page goes away (pagehide / beforeunload): the last position is saved (when the rules allow it)
   * and the LMS session ends (session time, exit suspend while the lesson is not finished, commit,
   * LMSFinish / Terminate). Later calls do nothing.
   */
  exit(): void {
    const state = this.state;
    const position = this.readPosition?.() ?? null;
    if (state && state.status === 'in_progress' && position !== null) this.record(state, { position, watchedSeconds: 0 });
    if (state) this.session.setPosition(state.lastPosition);
    this.session.finish();
  }

  // ---------------------------------------------------------------- helpers

  private attach(session: PackageSession): void {
    session.extras = () => this.saved(false);
    session.compactExtras = () => this.saved(true);
    session.credits = () => [...(this.state?.answers.values() ?? [])].filter((a) => a.status !== 'skipped').map((a) => a.credit);
  }

  private fresh(): LocalAttempt {
    const now = this.now();
    return { id: this.newId(), status: 'in_progress', startedAt: now, completedAt: null, lastPosition: 0, watchTimeSeconds: 0, lastProgressAt: now, answers: new Map() };
  }

  /** The attempt the previous launch saved, or null (none, or not ours). */
  private restore(): LocalAttempt | null {
    const saved = this.session.savedExtras() as Partial<SavedAttempt> | null;
    if (!saved || typeof saved !== 'object' || typeof saved.a !== 'string' || !Array.isArray(saved.n)) return null;
    const answers = new Map<number, LocalAnswer>();
    for (const row of saved.n) {
      if (!Array.isArray(row)) continue;
      const [interactionId, code, credit, tries, response, timeTakenMs, answeredAt, final] = row;
      const status = CODE_STATUS[code];
      if (!this.domain.has(interactionId) || !status) continue;
      answers.set(interactionId, {
        interactionId,
        status,
        credit: Number(credit) || 0,
        tries: Number(tries) || 0,
        response: response ?? null,
        timeTakenMs: typeof timeTakenMs === 'number' ? timeTakenMs : null,
        answeredAt: Number(answeredAt) || this.now(),
        final: final === 1,
      });
    }
    const position = typeof saved.l === 'number' && saved.l >= 0 ? saved.l : this.session.progress.position;
    return {
      id: saved.a,
      status: saved.c === 1 ? 'completed' : 'in_progress',
      startedAt: Number(saved.s) || this.now(),
      completedAt: typeof saved.d === 'number' ? saved.d : null,
      lastPosition: position,
      watchTimeSeconds: Number(saved.w) || 0,
      // Coming back restarts the no_seek clock: time away is not time watched.
      lastProgressAt: this.now(),
      answers,
    };
  }

  private saved(compact: boolean): SavedAttempt | null {
    const s = this.state;
    if (!s) return null;
    return {
      a: s.id,
      c: s.status === 'completed' ? 1 : 0,
      s: s.startedAt,
      d: s.completedAt,
      l: Math.round(s.lastPosition * 10) / 10,
      w: s.watchTimeSeconds,
      n: [...s.answers.values()].map((a) => [
        a.interactionId,
        STATUS_CODE[a.status],
        Math.round(a.credit * 1e4) / 1e4,
        a.tries,
        compact ? null : a.response,
        a.timeTakenMs,
        a.answeredAt,
        a.final ? 1 : 0,
      ]),
    };
  }

  private save(commit: boolean): void {
    this.session.saveProgress();
    if (commit) {
      this.session.commit();
      this.lastCommit = this.now();
    }
  }

  /** Applies a progress report under the rules; the refusal when the position is not allowed. */
  private record(state: LocalAttempt, report: ProgressReport): { message: string; allowedPosition: number } | null {
    const now = this.now();
    const elapsed = Math.max(0, (now - state.lastProgressAt) / 1000);
    const position = Number.isFinite(report.position) ? Math.max(0, report.position) : state.lastPosition;
    const check = checkPosition(position, this.states(), this.rules, { lastPosition: state.lastPosition, secondsSinceLastProgress: elapsed });
    if (!check.allowed) return { message: check.message, allowedPosition: check.allowedPosition };
    state.lastPosition = position;
    state.watchTimeSeconds += creditedWatchSeconds(report.watchedSeconds, elapsed);
    state.lastProgressAt = now;
    this.session.setPosition(position);
    return null;
  }

  private skipped(interactionId: number, now: number): LocalAnswer {
    return { interactionId, response: null, status: 'skipped', credit: 0, tries: 0, timeTakenMs: null, answeredAt: now, final: false };
  }

  private current(): LocalAttempt {
    if (!this.state) throw new Error('The activity has not started yet.');
    return this.state;
  }

  private open(): LocalAttempt {
    const state = this.current();
    if (state.status !== 'in_progress') throw conflict('This attempt is already complete. Start a new one to try again.');
    return state;
  }

  private question(interactionId: number) {
    const entry = this.domain.get(interactionId);
    if (!entry) throw refused(404, 'Question not found');
    return entry;
  }

  /** Statuses the rules go by: a wrong answer with no tries left is settled (like a skip). */
  private states(): QuestionState[] {
    const answers = this.state?.answers;
    return this.questions.map((q) => {
      const a = answers?.get(q.id);
      return { id: q.id, timestamp: q.timestamp, status: a ? (a.final && a.status === 'incorrect' ? 'skipped' : a.status) : null };
    });
  }

  /** The correct answer and full feedback show once settled (never while a wrong answer may still be corrected). */
  private reveals(status: AnswerStatus, final: boolean): boolean {
    return final || !(this.rules.requireCorrect && status === 'incorrect');
  }

  private feedback(q: ScormLessonQuestion, full: boolean): FeedbackView {
    const f = q.feedback ?? { correct: '', incorrect: '' };
    return full ? { ...f } : { incorrect: f.incorrect };
  }

  private view(): AttemptView {
    const state = this.current();
    const answers = this.questions.flatMap((q) => {
      const a = state.answers.get(q.id);
      return a ? [a] : [];
    });
    const answered = answers.filter((a) => a.status !== 'skipped');
    const inProgress = state.status === 'in_progress';
    const views: AnswerView[] = answers.map((a) => {
      const entry = this.domain.get(a.interactionId);
      const shown = this.reveals(a.status, a.final);
      return {
        interactionId: a.interactionId,
        status: a.status,
        response: a.response,
        correctAnswer: shown && entry ? entry.question.correctAnswer : null,
        feedback: entry ? this.feedback(entry.source, shown) : {},
        credit: a.credit,
        attempts: a.tries,
        answeredAt: new Date(a.answeredAt).toISOString(),
        timeTakenMs: a.timeTakenMs,
        ...(a.final ? { final: true } : {}),
      };
    });
    return {
      id: state.id,
      videoId: this.lesson.video.id,
      status: state.status,
      startedAt: new Date(state.startedAt).toISOString(),
      completedAt: state.completedAt === null ? null : new Date(state.completedAt).toISOString(),
      lastPosition: state.lastPosition,
      watchTimeSeconds: state.watchTimeSeconds,
      totalQuestions: this.questions.length,
      answeredCount: answered.length,
      correctCount: answered.filter((a) => a.credit === 1).length,
      skippedCount: answers.length - answered.length,
      score: scorePercent(
        answered.map((a) => a.credit),
        this.questions.length,
      ),
      skippingMode: this.rules.skippingMode,
      requireCorrect: this.rules.requireCorrect,
      maxAllowedPosition: inProgress
        ? maxAllowedPosition(this.states(), this.rules, {
            lastPosition: state.lastPosition,
            secondsSinceLastProgress: Math.max(0, (this.now() - state.lastProgressAt) / 1000),
          })
        : null,
      answers: views,
    };
  }
}
