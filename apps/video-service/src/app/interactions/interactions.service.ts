import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type {
  CreateInteractionMessage,
  DeleteInteractionResult,
  InteractionList,
  InteractionRef,
  InteractionView,
  ListInteractionsMessage,
  MarkGenerationFailedMessage,
  MarkGenerationFailedResult,
  Owner,
  SaveGeneratedQuestionsMessage,
  SaveGeneratedQuestionsResult,
  UpdateInteractionMessage,
  VideoStatus,
} from '@veolearn/contracts';
import { type Question, validateQuestion } from '@veolearn/domain';
import { assertLibraryWritable, rpcError } from '@veolearn/nest-common';
import {
  EDITABLE_COLUMNS,
  INTERACTION_COLUMNS,
  INTERACTION_ORDER,
  type InteractionRow,
  interactionParams,
  toInteractionColumns,
  toInteractionView,
  toLearnerQuestionView,
} from './interaction-views';
import { type EarlierQuestion, timestampOf, withQuestionDefaults } from './question-defaults';
import { GENERATED_CAPTIONS_PREFIX, generatedCaptionsOrNull, transcriptOrNull } from '../media/media-rules';
import { canView } from '../library-views';

/** The most questions one video holds; more would crowd the timeline and the player. */
export const MAX_QUESTIONS_PER_VIDEO = 50;

const VIDEO_NOT_FOUND = 'Video not found';
const QUESTION_NOT_FOUND = 'Question not found';
const NOT_AN_OBJECT = 'The question must be a JSON object with its fields (type, question, options, correctAnswer, timestamp, …)';
const TOO_MANY = `A video can hold at most ${MAX_QUESTIONS_PER_VIDEO} questions. Delete one before adding another.`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** jsonb parameters are cast explicitly: they arrive as JSON text. */
const JSONB_COLUMNS = new Set<string>(['options', 'correct_answer', 'feedback']);

interface LockedVideo {
  id: number;
  duration: number | null;
  status: VideoStatus;
  generation_job_id: string | null;
}

function isUserId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1;
}

function ownerIdOf(owner: Owner | undefined): number {
  const id = owner?.userId;
  if (!isUserId(id)) throw rpcError(401, 'Sign in to continue.');
  return id;
}

/** The owner named by a worker message (no session behind it). */
function workerOwnerId(value: unknown): number {
  if (!isUserId(value)) throw rpcError(400, 'ownerId must be a positive whole number');
  return value;
}

function positiveId(value: unknown, notFound: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 2_147_483_647) throw rpcError(404, notFound);
  return value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The question body as a plain object; anything else answers 400. */
function questionBody(value: unknown): Record<string, unknown> {
  if (!isRecord(value)) throw rpcError(400, NOT_AN_OBJECT);
  return value;
}

/**
 * The body's id and videoId, when sent, must name the question and video of the path: a question
 * cannot move to another video or take another's id. Both are dropped before validation.
 */
function withoutFixedFields(input: Record<string, unknown>, fixed: { id?: number; videoId: number }): Record<string, unknown> {
  const { id, videoId, ...rest } = input;
  if (videoId !== undefined && videoId !== null && videoId !== fixed.videoId) {
    throw rpcError(400, `videoId must be ${fixed.videoId} (the question's video) or left out; a question cannot move to another video`);
  }
  if (fixed.id !== undefined && id !== undefined && id !== null && id !== fixed.id) {
    throw rpcError(400, `id must be ${fixed.id} (the question being edited) or left out`);
  }
  return rest;
}

/** The domain validator's clean question, or 400 with every problem it found. */
function validated(input: unknown, duration: number | null, label = ''): Question {
  const result = validateQuestion(input, { durationSeconds: duration ?? undefined });
  if (!result.ok) throw rpcError(400, `${label}${result.errors.join('; ')}`);
  return result.question;
}

/** `(…placeholders…)` for one row of EDITABLE_COLUMNS whose values start at parameter `first`. */
function editablePlaceholders(first: number): string[] {
  return EDITABLE_COLUMNS.map((column, k) => `$${first + k}${JSONB_COLUMNS.has(column) ? '::jsonb' : ''}`);
}

/** A whole number of seconds (rounded up, so a question at the very end still fits), or null when not given. */
function durationSeconds(value: unknown): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value > 2_147_483_647) {
    throw rpcError(400, 'duration must be a positive number of seconds');
  }
  return Math.ceil(value);
}

/**
 * Questions on a video's timeline: the owner's editor (list, create, update, delete) and the
 * generation worker's writes (one question set per job).
 */
@Injectable()
export class InteractionsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The owner sees every field; anyone else, signed in or not, the learner view. */
  async listForVideo(message: ListInteractionsMessage): Promise<InteractionList> {
    const videoId = positiveId(message?.videoId, VIDEO_NOT_FOUND);
    const [videos, rows] = await Promise.all([
      this.dataSource.query('SELECT owner_id, published_at FROM library.videos WHERE id = $1', [videoId]) as Promise<
        Array<{ owner_id: number; published_at: Date | null }>
      >,
      this.rows(this.dataSource.manager, videoId),
    ]);
    // A private lesson's questions are its owner's until it is shared.
    if (!videos[0] || !canView(videos[0], { userId: message.userId, isAdmin: false, signed: false })) throw rpcError(404, VIDEO_NOT_FOUND);
    if (typeof message.userId === 'number' && message.userId === videos[0].owner_id) {
      return { videoId, view: 'owner', items: rows.map(toInteractionView) };
    }
    return { videoId, view: 'learner', items: rows.map(toLearnerQuestionView) };
  }

  /** Adds one question, under the video's row lock so the cap holds against parallel creations. */
  async create(message: CreateInteractionMessage): Promise<InteractionView> {
    const owner = ownerIdOf(message.owner);
    assertLibraryWritable(message.owner);
    const videoId = positiveId(message.videoId, VIDEO_NOT_FOUND);
    const input = withoutFixedFields(questionBody(message.question), { videoId });
    return this.dataSource.transaction(async (manager) => {
      const video = await this.lockVideo(manager, videoId, owner);
      const [{ n }]: Array<{ n: number }> = await manager.query('SELECT count(*)::int AS n FROM library.interactions WHERE video_id = $1', [videoId]);
      if (n >= MAX_QUESTIONS_PER_VIDEO) throw rpcError(409, TOO_MANY);
      const previous = await this.earlierQuestion(manager, videoId, timestampOf(input), null);
      const question = validated(withQuestionDefaults(input, { previous, otherQuestions: n }), video.duration);
      const rows: InteractionRow[] = await manager.query(
        `INSERT INTO library.interactions (video_id, position, ${EDITABLE_COLUMNS.join(', ')})
         VALUES ($1, (SELECT COALESCE(max(position) + 1, 0) FROM library.interactions WHERE video_id = $1), ${editablePlaceholders(2).join(', ')})
         RETURNING ${INTERACTION_COLUMNS}`,
        [videoId, ...interactionParams(toInteractionColumns(question))],
      );
      return toInteractionView(rows[0]);
    });
  }

  /** Replaces every editable field (the type may change); the id and the video stay. */
  async update(message: UpdateInteractionMessage): Promise<InteractionView> {
    const owner = ownerIdOf(message.owner);
    assertLibraryWritable(message.owner);
    const interactionId = positiveId(message.interactionId, QUESTION_NOT_FOUND);
    const body = questionBody(message.question);
    return this.dataSource.transaction(async (manager) => {
      const current = await this.lockInteraction(manager, interactionId, owner);
      const input = withoutFixedFields(body, { id: interactionId, videoId: current.video_id });
      const [{ n }]: Array<{ n: number }> = await manager.query(
        'SELECT count(*)::int AS n FROM library.interactions WHERE video_id = $1 AND id <> $2',
        [current.video_id, interactionId],
      );
      const previous = await this.earlierQuestion(manager, current.video_id, timestampOf(input), interactionId);
      const question = validated(withQuestionDefaults(input, { previous, otherQuestions: n }), current.duration);
      const placeholders = editablePlaceholders(2);
      const sets = EDITABLE_COLUMNS.map((column, k) => `${column} = ${placeholders[k]}`);
      // For an UPDATE, TypeORM's Postgres driver answers [rows, affected count].
      const [rows]: [InteractionRow[], number] = await manager.query(
        `UPDATE library.interactions SET ${sets.join(', ')}, updated_at = now() WHERE id = $1 RETURNING ${INTERACTION_COLUMNS}`,
        [interactionId, ...interactionParams(toInteractionColumns(question))],
      );
      return toInteractionView(rows[0]);
    });
  }

  /** Removes the question and the answers learners gave to it. */
  async delete(message: InteractionRef): Promise<DeleteInteractionResult> {
    const owner = ownerIdOf(message.owner);
    assertLibraryWritable(message.owner);
    const interactionId = positiveId(message.interactionId, QUESTION_NOT_FOUND);
    await this.dataSource.transaction(async (manager) => {
      await this.lockInteraction(manager, interactionId, owner);
      await manager.query('DELETE FROM library.answers WHERE interaction_id = $1', [interactionId]);
      await manager.query('DELETE FROM library.interactions WHERE id = $1', [interactionId]);
    });
    return { deleted: true, id: interactionId };
  }

  /**
   * Writes a generation job's question set in one transaction under the video's row lock: the
   * previous questions (and their answers) go, the new ones come, the video becomes ready. A job
   * whose set is already stored changes nothing, so a retried or concurrent save writes one set.
   */
  async saveGenerated(message: SaveGeneratedQuestionsMessage): Promise<SaveGeneratedQuestionsResult> {
    const owner = workerOwnerId(message?.ownerId);
    const videoId = positiveId(message.videoId, VIDEO_NOT_FOUND);
    const jobId = this.jobId(message.jobId);
    const learnedDuration = durationSeconds(message.duration);
    if (!Array.isArray(message.questions) || message.questions.length === 0) {
      throw rpcError(400, 'questions must list at least one generated question');
    }
    if (message.questions.length > MAX_QUESTIONS_PER_VIDEO) throw rpcError(400, TOO_MANY);
    return this.dataSource.transaction(async (manager) => {
      const video = await this.lockVideo(manager, videoId, owner);
      if (video.generation_job_id === jobId) {
        return { videoId, created: false, interactions: (await this.rows(manager, videoId)).map(toInteractionView) };
      }
      const duration = video.duration ?? learnedDuration;
      const questions = message.questions.map((q, i) => validated(isRecord(q) ? withoutFixedFields(q, { videoId }) : q, duration, `Question ${i + 1}: `));
      // The old set and its answers in one statement (answers have no foreign key to cascade).
      await manager.query(
        'WITH gone AS (DELETE FROM library.interactions WHERE video_id = $1 RETURNING id) DELETE FROM library.answers WHERE interaction_id IN (SELECT id FROM gone)',
        [videoId],
      );
      await this.insertSet(manager, videoId, questions);
      // Captions from this generation replace earlier generated ones, never captions the owner uploaded.
      await manager.query(
        `UPDATE library.videos SET generation_job_id = $2, status = 'ready', duration = COALESCE(duration, $3), updated_at = now(),
                captions_vtt = CASE WHEN captions_vtt IS NULL OR starts_with(captions_vtt, $5) THEN $4 ELSE captions_vtt END,
                transcript = COALESCE($6, transcript)
         WHERE id = $1`,
        [videoId, jobId, learnedDuration, generatedCaptionsOrNull(message.captionsVtt), GENERATED_CAPTIONS_PREFIX, transcriptOrNull(message.transcript)],
      );
      return { videoId, created: true, interactions: (await this.rows(manager, videoId)).map(toInteractionView) };
    });
  }

  /** The video is marked failed, unless this job's question set was saved (then it stays as it is). */
  async markGenerationFailed(message: MarkGenerationFailedMessage): Promise<MarkGenerationFailedResult> {
    const owner = workerOwnerId(message?.ownerId);
    const videoId = positiveId(message.videoId, VIDEO_NOT_FOUND);
    const jobId = this.jobId(message.jobId);
    return this.dataSource.transaction(async (manager) => {
      const video = await this.lockVideo(manager, videoId, owner);
      if (video.generation_job_id === jobId) return { videoId, status: video.status };
      await manager.query(`UPDATE library.videos SET status = 'failed', updated_at = now() WHERE id = $1`, [videoId]);
      return { videoId, status: 'failed' };
    });
  }

  // ---------------------------------------------------------------- helpers

  private jobId(value: unknown): string {
    if (typeof value !== 'string' || !UUID.test(value)) throw rpcError(400, 'jobId must be a UUID');
    return value.toLowerCase();
  }

  private rows(manager: EntityManager, videoId: number): Promise<InteractionRow[]> {
    return manager.query(`SELECT ${INTERACTION_COLUMNS} FROM library.interactions WHERE video_id = $1 ORDER BY ${INTERACTION_ORDER}`, [videoId]);
  }

  /** The owner's video, locked for the rest of the transaction; 404 for anyone else's or a deleted one. */
  private async lockVideo(manager: EntityManager, videoId: number, owner: number): Promise<LockedVideo> {
    const rows: LockedVideo[] = await manager.query(
      'SELECT id, duration, status, generation_job_id FROM library.videos WHERE id = $1 AND owner_id = $2 FOR UPDATE',
      [videoId, owner],
    );
    if (!rows[0]) throw rpcError(404, VIDEO_NOT_FOUND);
    return rows[0];
  }

  /** The owner's question with its video's duration, locked; 404 for anyone else's. */
  private async lockInteraction(manager: EntityManager, interactionId: number, owner: number): Promise<{ video_id: number; duration: number | null }> {
    const rows: Array<{ video_id: number; duration: number | null }> = await manager.query(
      `SELECT i.video_id, v.duration FROM library.interactions i JOIN library.videos v ON v.id = i.video_id
       WHERE i.id = $1 AND v.owner_id = $2 FOR UPDATE OF i`,
      [interactionId, owner],
    );
    if (!rows[0]) throw rpcError(404, QUESTION_NOT_FOUND);
    return rows[0];
  }

  /** The latest question at or before `timestamp` (other than `except`), for topic defaults. */
  private async earlierQuestion(manager: EntityManager, videoId: number, timestamp: number | undefined, except: number | null): Promise<EarlierQuestion | null> {
    if (timestamp === undefined) return null;
    const rows: Array<{ topic_title: string | null; topic_start_time: number | null; timestamp: number }> = await manager.query(
      `SELECT topic_title, topic_start_time, "timestamp" FROM library.interactions
       WHERE video_id = $1 AND "timestamp" <= $2 AND id <> $3
       ORDER BY "timestamp" DESC, position DESC, id DESC LIMIT 1`,
      [videoId, timestamp, except ?? 0],
    );
    const row = rows[0];
    return row ? { topicTitle: row.topic_title, topicStartTime: row.topic_start_time, timestamp: row.timestamp } : null;
  }

  /** Inserts a whole set in one statement; positions follow the given order. */
  private async insertSet(manager: EntityManager, videoId: number, questions: Question[]): Promise<void> {
    const params: unknown[] = [videoId];
    const tuples = questions.map((question, index) => {
      params.push(index, ...interactionParams(toInteractionColumns(question)));
      const first = params.length - EDITABLE_COLUMNS.length + 1;
      return `($1, $${first - 1}, ${editablePlaceholders(first).join(', ')})`;
    });
    await manager.query(`INSERT INTO library.interactions (video_id, position, ${EDITABLE_COLUMNS.join(', ')}) VALUES ${tuples.join(', ')}`, params);
  }
}
