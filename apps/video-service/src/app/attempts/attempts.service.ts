import { randomUUID } from 'node:crypto';
import { emit } from '../events';
import { learnerKeyOf } from '../gamification/gamification.service';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type {
  AnswerQuestionMessage,
  AnswerResult,
  AttemptRef,
  AttemptResults,
  AttemptView,
  LearnerRef,
  ProgressOutcome,
  ReportProgressMessage,
  RevealAnswerMessage,
  SkipQuestionMessage,
  StartAttemptMessage,
} from '@veolearn/contracts';
import {
  ALREADY_ANSWERED,
  ANSWER_REMAINING_FIRST,
  canAnswer,
  canSkip,
  checkPosition,
  creditedWatchSeconds,
  formatClock,
  gradeAnswer,
  isLearnerId,
  isSettled,
  LEARNER_ID_MESSAGE,
  maxAllowedPosition,
  MUST_ANSWER_EVERY_QUESTION,
  mustAnswerEveryQuestion,
  normalizeDisplayName,
  responseShapeMessage,
} from '@veolearn/domain';
import { rpcError } from '@veolearn/nest-common';
import { INTERACTION_COLUMNS, INTERACTION_ORDER, type InteractionRow, toQuestion } from '../interactions/interaction-views';
import { Clock } from '../gamification/clock';
import { GamificationService } from '../gamification/gamification.service';
import { canView } from '../library-views';
import {
  ANSWER_COLUMNS,
  ATTEMPT_COLUMNS,
  type AnswerRow,
  type AttemptRow,
  type AttemptState,
  questionStates,
  reveals,
  ruleStatus,
  secondsSinceLastProgress,
  toAttemptResults,
  toAttemptView,
  toRules,
  type VideoRulesRow,
  visibleFeedback,
} from './attempt-views';

const VIDEO_NOT_FOUND = 'Video not found';
const ATTEMPT_NOT_FOUND = 'Attempt not found';
const QUESTION_NOT_FOUND = 'Question not found';
const ATTEMPT_COMPLETE = 'This attempt is already complete. Start a new one to try again.';
const ATTEMPT_ABANDONED = 'This attempt was restarted. Continue in the new one.';
const RESPONSE_TOO_LONG = 'The response is too long.';
const ANSWER_BEFORE_REVEAL = 'Answer this question before its answer can be shown.';
const ANSWER_CORRECTLY_BEFORE_REVEAL = 'This video asks for a correct answer before moving on.';

function notReachedMessage(timestamp: number): string {
  return `You have not reached this question yet: it comes at ${formatClock(timestamp)} in the video.`;
}
/** A learner's response is small (indexes or a few words per gap); anything bigger is refused. */
const MAX_RESPONSE_JSON_LENGTH = 20_000;
/** First key of the two-key advisory lock that serialises one learner's attempt starts on one video. */
const ATTEMPT_START_LOCK = 0x61747430; // 'att0'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function positiveId(value: unknown, notFound: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 2_147_483_647) throw rpcError(404, notFound);
  return value;
}

function learnerOf(message: LearnerRef | undefined): LearnerRef {
  if (!isLearnerId(message?.learnerId)) throw rpcError(400, LEARNER_ID_MESSAGE);
  const userId = message.userId;
  return { learnerId: message.learnerId, userId: typeof userId === 'number' && Number.isSafeInteger(userId) && userId >= 1 ? userId : null };
}

/** Who the teacher's results name for a new or resumed attempt: the typed display name, the LMS user of a verified launch. */
function startedBy(message: StartAttemptMessage): { displayName: string | null; lmsUserName: string | null; lmsCourse: string | null } {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 200) : null);
  return { displayName: normalizeDisplayName(message.displayName), lmsUserName: text(message.lms?.userName), lmsCourse: text(message.lms?.course) };
}

function attemptIdOf(message: AttemptRef | undefined): string {
  const id = message?.attemptId;
  if (typeof id !== 'string' || !UUID.test(id)) throw rpcError(404, ATTEMPT_NOT_FOUND);
  return id.toLowerCase();
}

function timeTaken(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 86_400_000 ? value : null;
}

function seconds(value: unknown, label: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 86_400) {
    throw rpcError(400, `${label} must be a number of seconds from 0 to 86400`);
  }
  return value;
}

/** The response as JSON text for a jsonb column, or 400 when it is not JSON or far too big. */
function responseJson(response: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(response);
  } catch {
    text = undefined;
  }
  if (text === undefined) throw rpcError(400, "response is required: send the learner's answer");
  if (text.length > MAX_RESPONSE_JSON_LENGTH) throw rpcError(400, RESPONSE_TOO_LONG);
  return text;
}

/**
 * A learner's attempts: start or resume, answer (graded here, never trusting the player), skip,
 * progress under the video's skipping mode, complete, and the results screen. Every write runs
 * under the attempt's row lock, so two requests for one attempt never interleave.
 */
@Injectable()
export class AttemptsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly gamification: GamificationService,
  ) {}

  /** Resumes the learner's latest in-progress attempt on the video, or starts one (restart: abandons it first). */
  async start(message: StartAttemptMessage): Promise<AttemptView> {
    const learner = learnerOf(message);
    const videoId = positiveId(message?.videoId, VIDEO_NOT_FOUND);
    const who = startedBy(message);
    const now = this.clock.now();
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [ATTEMPT_START_LOCK, `${videoId}:${learner.learnerId}`]);
      const videos: Array<VideoRulesRow & { owner_id: number; published_at: Date | null }> = await manager.query(
        'SELECT skipping_mode, require_correct, owner_id, published_at FROM library.videos WHERE id = $1',
        [videoId],
      );
      if (!videos[0] || !canView(videos[0], message.viewer)) throw rpcError(404, VIDEO_NOT_FOUND);
      const current: Array<{ id: string }> = await manager.query(
        `SELECT id FROM library.attempts WHERE video_id = $1 AND learner_id = $2 AND status = 'in_progress'
         ORDER BY started_at DESC LIMIT 1 FOR UPDATE`,
        [videoId, learner.learnerId],
      );
      let attemptId: string;
      if (current[0] && message.restart !== true) {
        attemptId = current[0].id;
        // Coming back restarts the no_seek clock: time away is not time watched.
        await manager.query(
          `UPDATE library.attempts SET last_progress_at = $2, user_id = COALESCE(user_id, $3), display_name = COALESCE($4, display_name),
             lms_user_name = COALESCE($5, lms_user_name), lms_course = COALESCE($6, lms_course) WHERE id = $1`,
          [attemptId, now, learner.userId, who.displayName, who.lmsUserName, who.lmsCourse],
        );
      } else {
        if (current[0]) {
          await manager.query(`UPDATE library.attempts SET status = 'abandoned' WHERE video_id = $1 AND learner_id = $2 AND status = 'in_progress'`, [
            videoId,
            learner.learnerId,
          ]);
        }
        attemptId = randomUUID();
        await manager.query(
          `INSERT INTO library.attempts (id, video_id, learner_id, user_id, status, started_at, last_progress_at, display_name, lms_user_name, lms_course)
           VALUES ($1, $2, $3, $4, 'in_progress', $5, $5, $6, $7, $8)`,
          [attemptId, videoId, learner.learnerId, learner.userId, now, who.displayName, who.lmsUserName, who.lmsCourse],
        );
      }
      const state = await this.load(manager, attemptId);
      return this.withGamification(manager, state.attempt, toAttemptView(state, now), now);
    });
  }

  /**
   * Grades an answer with the domain rules against the stored question. The first try is what scores.
   * A wrong first try keeps its correct answer hidden and may be followed by one second try (the player
   * asks again after Review Chapter) or by /reveal (Continue Video); with "require correct" a wrong
   * answer may be retried until right. In no_skip_forward and no_seek a question the learner cannot
   * have reached yet is refused.
   */
  async answer(message: AnswerQuestionMessage): Promise<AnswerResult> {
    const learner = learnerOf(message);
    const attemptId = attemptIdOf(message);
    const interactionId = positiveId(message.interactionId, QUESTION_NOT_FOUND);
    const responseText = responseJson(message.response);
    const now = this.clock.now();
    return this.dataSource.transaction(async (manager) => {
      const attempt = await this.lockOpenAttempt(manager, attemptId, learner);
      const state = await this.load(manager, attempt.id);
      const row = this.questionOf(state, interactionId);
      const existing = state.answers.find((a) => a.interaction_id === interactionId) ?? null;
      if (!canAnswer(ruleStatus(existing, state.rules), state.rules)) throw rpcError(409, ALREADY_ANSWERED);
      this.checkReached(state, row, now);
      const question = toQuestion(row);
      const graded = gradeAnswer(question, message.response);
      if (graded.normalizedResponse === null) throw rpcError(400, responseShapeMessage(question.type));
      const status = graded.correct ? 'correct' : 'incorrect';
      const ms = timeTaken(message.timeTakenMs);
      // A wrong first try keeps the answer hidden; any later try shows it (the score keeps the first).
      const revealed = existing !== null || graded.correct;
      if (existing) {
        await manager.query(
          `UPDATE library.answers SET response = $3::jsonb, status = $4, tries = tries + 1, revealed = true,
             time_taken_ms = CASE WHEN $5::int IS NULL THEN time_taken_ms ELSE COALESCE(time_taken_ms, 0) + $5::int END
           WHERE attempt_id = $1 AND interaction_id = $2`,
          [attempt.id, interactionId, responseText, status, ms],
        );
      } else {
        await manager.query(
          `INSERT INTO library.answers (attempt_id, interaction_id, response, first_response, correct, status, credit, tries, revealed, time_taken_ms, answered_at)
           VALUES ($1, $2, $3::jsonb, $3::jsonb, $4, $5, $6, 1, $7, $8, $9)`,
          [attempt.id, interactionId, responseText, graded.correct, status, graded.score, revealed, ms, now],
        );
      }
      await this.restartClock(manager, attempt.id, now);
      await this.gamification.recordAnswer(manager, attempt, interactionId, { correct: graded.correct, firstTry: existing === null }, now);
      const view = await this.withGamification(manager, attempt, await this.viewAfterWrite(manager, attempt.id, now), now);
      const shown = reveals({ status, revealed }, state.rules);
      return {
        correct: graded.correct,
        credit: graded.score,
        correctAnswer: shown ? question.correctAnswer : null,
        feedback: visibleFeedback(question, shown),
        attempt: view,
      };
    });
  }

  /**
   * Continue Video after a wrong first try: the question is settled (no second try) and its correct
   * answer and full feedback are shown. Answering again the same for a question already shown.
   */
  async reveal(message: RevealAnswerMessage): Promise<AnswerResult> {
    const learner = learnerOf(message);
    const attemptId = attemptIdOf(message);
    const interactionId = positiveId(message.interactionId, QUESTION_NOT_FOUND);
    const now = this.clock.now();
    return this.dataSource.transaction(async (manager) => {
      const attempt = await this.lockOpenAttempt(manager, attemptId, learner);
      const state = await this.load(manager, attempt.id);
      const row = this.questionOf(state, interactionId);
      const existing = state.answers.find((a) => a.interaction_id === interactionId);
      if (!existing) throw rpcError(409, ANSWER_BEFORE_REVEAL);
      if (state.rules.requireCorrect && existing.status === 'incorrect') throw rpcError(409, ANSWER_CORRECTLY_BEFORE_REVEAL);
      if (!existing.revealed) {
        await manager.query('UPDATE library.answers SET revealed = true WHERE attempt_id = $1 AND interaction_id = $2', [attempt.id, interactionId]);
      }
      const question = toQuestion(row);
      return {
        correct: existing.status === 'correct',
        credit: existing.credit,
        correctAnswer: question.correctAnswer,
        feedback: { ...question.feedback },
        attempt: await this.withGamification(manager, attempt, await this.viewAfterWrite(manager, attempt.id, now), now),
      };
    });
  }

  /** Skips a question (free mode without "require correct" only); its answer and feedback are then shown. */
  async skip(message: SkipQuestionMessage): Promise<AnswerResult> {
    const learner = learnerOf(message);
    const attemptId = attemptIdOf(message);
    const interactionId = positiveId(message.interactionId, QUESTION_NOT_FOUND);
    const now = this.clock.now();
    return this.dataSource.transaction(async (manager) => {
      const attempt = await this.lockOpenAttempt(manager, attemptId, learner);
      const state = await this.load(manager, attempt.id);
      const row = this.questionOf(state, interactionId);
      if (!canSkip(state.rules)) throw rpcError(409, MUST_ANSWER_EVERY_QUESTION);
      if (state.answers.some((a) => a.interaction_id === interactionId)) throw rpcError(409, ALREADY_ANSWERED);
      await this.insertSkipped(manager, attempt.id, [interactionId], now);
      await this.restartClock(manager, attempt.id, now);
      const question = toQuestion(row);
      return {
        correct: false,
        credit: 0,
        correctAnswer: question.correctAnswer,
        feedback: { ...question.feedback },
        attempt: await this.withGamification(manager, attempt, await this.viewAfterWrite(manager, attempt.id, now), now),
      };
    });
  }

  /**
   * Records where the player is and how long it played. A position the video's mode does not allow
   * is refused (nothing recorded) with the position to go back to.
   */
  async progress(message: ReportProgressMessage): Promise<ProgressOutcome> {
    const learner = learnerOf(message);
    const attemptId = attemptIdOf(message);
    const position = seconds(message.position, 'position');
    const watched = seconds(message.watchedSeconds, 'watchedSeconds');
    const now = this.clock.now();
    return this.dataSource.transaction(async (manager) => {
      const attempt = await this.lockOpenAttempt(manager, attemptId, learner);
      const state = await this.load(manager, attempt.id);
      const elapsed = secondsSinceLastProgress(state.attempt, now);
      const check = checkPosition(position, questionStates(state), state.rules, {
        lastPosition: state.attempt.last_position,
        secondsSinceLastProgress: elapsed,
      });
      if (!check.allowed) return { refused: { message: check.message, allowedPosition: check.allowedPosition } };
      await manager.query(
        'UPDATE library.attempts SET last_position = $2, watch_time_seconds = watch_time_seconds + $3, last_progress_at = $4 WHERE id = $1',
        [attempt.id, position, creditedWatchSeconds(watched, elapsed), now],
      );
      return { attempt: toAttemptView(await this.load(manager, attempt.id), now) };
    });
  }

  /**
   * Finishes the attempt and stores its score. Modes that ask for every question refuse while one is
   * open; in free mode the unanswered questions are recorded as skipped. Completing twice answers the same.
   */
  async complete(message: AttemptRef): Promise<AttemptView> {
    const learner = learnerOf(message);
    const attemptId = attemptIdOf(message);
    const now = this.clock.now();
    return this.dataSource.transaction(async (manager) => {
      const attempt = await this.lockAttempt(manager, attemptId, learner);
      if (attempt.status === 'completed') return this.withGamification(manager, attempt, toAttemptView(await this.load(manager, attempt.id), now), now);
      if (attempt.status !== 'in_progress') throw rpcError(409, ATTEMPT_ABANDONED);
      const state = await this.load(manager, attempt.id);
      const open = questionStates(state).filter((q) => !isSettled(q.status, state.rules));
      if (open.length > 0 && mustAnswerEveryQuestion(state.rules)) throw rpcError(409, ANSWER_REMAINING_FIRST);
      // A wrong first try still waiting for its second try keeps its answer (it scores as given).
      const answered = new Set(state.answers.map((a) => a.interaction_id));
      await this.insertSkipped(
        manager,
        attempt.id,
        open.filter((q) => q.status === null && !answered.has(q.id)).map((q) => q.id),
        now,
      );
      await manager.query(`UPDATE library.attempts SET status = 'completed', completed_at = $2 WHERE id = $1`, [attempt.id, now]);
      const view = await this.viewAfterWrite(manager, attempt.id, now);
      await emit(manager, 'attempt.completed', {
        attemptId: attempt.id,
        videoId: Number(attempt.video_id),
        learnerKey: learnerKeyOf(attempt).replace(/^learner:/, 'anon:'),
        score: view.score,
        maxScore: 100,
        questionCount: view.totalQuestions,
        durationSeconds: Math.max(0, Math.round((now.getTime() - new Date(view.startedAt).getTime()) / 1000)),
      });
      // After the score is stored, and apart from it: the LMS gets the score, never the points.
      await this.gamification.recordCompletion(manager, attempt, view, now);
      return this.withGamification(manager, attempt, view, now);
    });
  }

  /** The attempt with one row per question, for the results screen (read-only, any status). */
  async results(message: AttemptRef): Promise<AttemptResults> {
    const learner = learnerOf(message);
    const attemptId = attemptIdOf(message);
    const now = this.clock.now();
    return this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      const rows: AttemptRow[] = await manager.query(`SELECT ${ATTEMPT_COLUMNS} FROM library.attempts WHERE id = $1`, [attemptId]);
      if (!rows[0] || rows[0].learner_id !== learner.learnerId) throw rpcError(404, ATTEMPT_NOT_FOUND);
      const results = toAttemptResults(await this.load(manager, attemptId), now);
      return { ...results, gamification: await this.gamification.view(manager, rows[0], now) };
    });
  }

  // ---------------------------------------------------------------- helpers

  /** The view with the learner's points, streaks, level and achievements (null when the lesson has them off). */
  private async withGamification(manager: EntityManager, attempt: AttemptRow, view: AttemptView, now: Date): Promise<AttemptView> {
    return { ...view, gamification: await this.gamification.view(manager, attempt, now) };
  }

  /** The attempt under its row lock, or 404 when it does not exist or belongs to another learner. */
  private async lockAttempt(manager: EntityManager, attemptId: string, learner: LearnerRef): Promise<AttemptRow> {
    const rows: AttemptRow[] = await manager.query(`SELECT ${ATTEMPT_COLUMNS} FROM library.attempts WHERE id = $1 FOR UPDATE`, [attemptId]);
    if (!rows[0] || rows[0].learner_id !== learner.learnerId) throw rpcError(404, ATTEMPT_NOT_FOUND);
    return rows[0];
  }

  /** Like lockAttempt, but a completed or abandoned attempt answers 409. */
  private async lockOpenAttempt(manager: EntityManager, attemptId: string, learner: LearnerRef): Promise<AttemptRow> {
    const attempt = await this.lockAttempt(manager, attemptId, learner);
    if (attempt.status === 'completed') throw rpcError(409, ATTEMPT_COMPLETE);
    if (attempt.status !== 'in_progress') throw rpcError(409, ATTEMPT_ABANDONED);
    return attempt;
  }

  /** The attempt, its video's rules, the video's questions in playing order and the attempt's answers. */
  private async load(manager: EntityManager, attemptId: string): Promise<AttemptState> {
    const attempts: AttemptRow[] = await manager.query(`SELECT ${ATTEMPT_COLUMNS} FROM library.attempts WHERE id = $1`, [attemptId]);
    const attempt = attempts[0];
    if (!attempt) throw rpcError(404, ATTEMPT_NOT_FOUND);
    // One after the other: the queries share the transaction's connection.
    const videos: VideoRulesRow[] = await manager.query('SELECT skipping_mode, require_correct FROM library.videos WHERE id = $1', [attempt.video_id]);
    const questions: InteractionRow[] = await manager.query(
      `SELECT ${INTERACTION_COLUMNS} FROM library.interactions WHERE video_id = $1 ORDER BY ${INTERACTION_ORDER}`,
      [attempt.video_id],
    );
    const answers: AnswerRow[] = await manager.query(`SELECT ${ANSWER_COLUMNS} FROM library.answers WHERE attempt_id = $1`, [attemptId]);
    if (!videos[0]) throw rpcError(404, VIDEO_NOT_FOUND);
    return { attempt, rules: toRules(videos[0]), questions, answers };
  }

  /**
   * no_skip_forward and no_seek: the question must be within the position the learner may be at now
   * (held at the first open question; in no_seek also by real time since the last progress report).
   */
  private checkReached(state: AttemptState, row: InteractionRow, now: Date): void {
    if (state.rules.skippingMode === 'free') return;
    const limit = maxAllowedPosition(questionStates(state), state.rules, {
      lastPosition: state.attempt.last_position,
      secondsSinceLastProgress: secondsSinceLastProgress(state.attempt, now),
    });
    if (limit !== null && row.timestamp > limit) throw rpcError(409, notReachedMessage(row.timestamp));
  }

  private questionOf(state: AttemptState, interactionId: number): InteractionRow {
    const row = state.questions.find((q) => q.id === interactionId);
    if (!row) throw rpcError(404, QUESTION_NOT_FOUND);
    return row;
  }

  private async insertSkipped(manager: EntityManager, attemptId: string, interactionIds: number[], now: Date): Promise<void> {
    if (interactionIds.length === 0) return;
    await manager.query(
      `INSERT INTO library.answers (attempt_id, interaction_id, response, correct, status, credit, tries, answered_at)
       SELECT $1, unnest($2::int[]), 'null'::jsonb, false, 'skipped', 0, 0, $3`,
      [attemptId, interactionIds, now],
    );
  }

  /** Time spent on a question is not time played: the no_seek clock starts again after an answer or a skip. */
  private async restartClock(manager: EntityManager, attemptId: string, now: Date): Promise<void> {
    await manager.query('UPDATE library.attempts SET last_progress_at = $2 WHERE id = $1', [attemptId, now]);
  }

  /** The fresh view, with the attempt's stored counts and score brought in line with it (analytics read them). */
  private async viewAfterWrite(manager: EntityManager, attemptId: string, now: Date): Promise<AttemptView> {
    const view = toAttemptView(await this.load(manager, attemptId), now);
    await manager.query('UPDATE library.attempts SET answered_count = $2, correct_count = $3, skipped_count = $4, score = $5 WHERE id = $1', [
      attemptId,
      view.answeredCount,
      view.correctCount,
      view.skippedCount,
      view.score,
    ]);
    return view;
  }
}
