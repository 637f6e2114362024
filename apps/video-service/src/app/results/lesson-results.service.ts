import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import {
  type LessonResultsCsvChunk,
  type LessonResultsCsvMessage,
  type LessonResultsMessage,
  type LessonResultsView,
  RESULTS_PAGE_SIZE_DEFAULT,
  RESULTS_PAGE_SIZE_MAX,
} from '@veolearn/contracts';
import { CHOICE_TYPES, CSV_BOM, lessonResultsFileName, scoreDistribution } from '@veolearn/domain';
import { rpcError } from '@veolearn/nest-common';
import { ownerId } from '../library.service';
import { INTERACTION_COLUMNS, INTERACTION_ORDER, type InteractionRow, toQuestion } from '../interactions/interaction-views';
import {
  type LessonAnswerRow,
  csvHeader,
  csvRecord,
  decodeCursor,
  encodeCursor,
  LESSON_ATTEMPT_COLUMNS,
  type LessonAttemptRow,
  type LessonQuestion,
  type SummaryRow,
  type TallyRow,
  toLessonAttempt,
  toQuestionResults,
  toSummary,
  type WrongResponseRow,
} from './lesson-results-views';

const VIDEO_NOT_FOUND = 'Video not found';
/** Attempts per CSV chunk: one round trip to the service each, small enough for one message. */
export const CSV_CHUNK_ATTEMPTS = 500;
/** …and at most about this many characters, far below NATS's 1 MB message limit whatever the answers hold. */
export const CSV_CHUNK_CHARS = 256_000;
/** A restarted attempt is replaced by its new one: only these count. */
const COUNTED = `status IN ('completed', 'in_progress')`;

interface VideoRow {
  id: number;
  title: string;
  published_at: Date | string | null;
}

function videoIdOf(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 2_147_483_647) throw rpcError(404, VIDEO_NOT_FOUND);
  return value;
}

function whole(value: unknown, fallback: number, max: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 ? Math.min(value, max) : fallback;
}

/**
 * A lesson's results for its owner: the attempts that count (completed and in progress), each
 * question's statistics (aggregated in SQL, folded by the domain rules) and the score distribution,
 * and the same attempts as CSV in chunks the gateway streams. Anyone but the owner gets 404.
 */
@Injectable()
export class LessonResultsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async results(message: LessonResultsMessage): Promise<LessonResultsView> {
    const owner = ownerId(message?.owner);
    const videoId = videoIdOf(message?.videoId);
    const pageSize = whole(message.pageSize, RESULTS_PAGE_SIZE_DEFAULT, RESULTS_PAGE_SIZE_MAX);
    const page = whole(message.page, 1, 100_000);
    // One snapshot: the list, the counts and the statistics agree with each other.
    return this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      const video = await this.ownedVideo(manager, videoId, owner);
      const questions = await this.questions(manager, videoId);
      const [summary]: SummaryRow[] = await manager.query(
        `SELECT count(*)::int AS attempts, count(*) FILTER (WHERE status = 'completed')::int AS completed,
           count(*) FILTER (WHERE status = 'in_progress')::int AS in_progress, count(DISTINCT learner_id)::int AS learners,
           (avg(COALESCE(score, 0)) FILTER (WHERE status = 'completed'))::float8 AS average_score,
           (avg(watch_time_seconds) FILTER (WHERE status = 'completed'))::float8 AS average_time
         FROM library.attempts WHERE video_id = $1 AND ${COUNTED}`,
        [videoId],
      );
      const attempts: LessonAttemptRow[] = await manager.query(
        `SELECT ${LESSON_ATTEMPT_COLUMNS} FROM library.attempts WHERE video_id = $1 AND ${COUNTED}
         ORDER BY started_at DESC, id DESC LIMIT $2 OFFSET $3`,
        [videoId, pageSize, (page - 1) * pageSize],
      );
      const answers = await this.answersOf(manager, attempts.map((a) => a.id));
      const tallies: TallyRow[] = await manager.query(
        `SELECT a.interaction_id,
           count(*) FILTER (WHERE a.status <> 'skipped')::int AS answered,
           count(*) FILTER (WHERE a.status <> 'skipped' AND a.correct)::int AS first_try_correct,
           count(*) FILTER (WHERE a.status = 'skipped')::int AS skipped,
           COALESCE(sum(a.tries) FILTER (WHERE a.status <> 'skipped'), 0)::int AS tries,
           COALESCE(sum(a.credit) FILTER (WHERE a.status <> 'skipped'), 0)::float8 AS credit
         FROM library.answers a JOIN library.attempts t ON t.id = a.attempt_id
         WHERE t.video_id = $1 AND t.${COUNTED}
         GROUP BY a.interaction_id`,
        [videoId],
      );
      const choiceIds = questions.filter((q) => (CHOICE_TYPES as readonly string[]).includes(q.row.type)).map((q) => q.row.id);
      const wrong: WrongResponseRow[] = choiceIds.length
        ? await manager.query(
            `SELECT a.interaction_id, a.first_response AS response, count(*)::int AS count
             FROM library.answers a JOIN library.attempts t ON t.id = a.attempt_id
             WHERE t.video_id = $1 AND t.${COUNTED} AND a.interaction_id = ANY($2::int[])
               AND a.status <> 'skipped' AND NOT a.correct AND a.first_response IS NOT NULL
             GROUP BY a.interaction_id, a.first_response`,
            [videoId, choiceIds],
          )
        : [];
      const scores: Array<{ score: number; count: number }> = await manager.query(
        `SELECT COALESCE(score, 0)::float8 AS score, count(*)::int AS count FROM library.attempts
         WHERE video_id = $1 AND status = 'completed' GROUP BY 1`,
        [videoId],
      );
      const stats = toSummary(summary);
      return {
        video: { id: video.id, title: video.title, questionCount: questions.length, published: video.published_at !== null },
        summary: stats,
        attempts: { items: attempts.map((a) => toLessonAttempt(a, questions, answers.get(a.id))), total: stats.attempts, page, pageSize },
        questions: toQuestionResults(questions, tallies, wrong),
        scoreDistribution: scoreDistribution(scores),
      };
    });
  }

  /**
   * The next chunk of the results CSV, oldest attempt first: the first (cursor null) starts with the
   * byte order mark and the header; each answers the cursor of the next, null after the last. The
   * first chunk's questions make the columns of every chunk, so an edit during a download cannot
   * shift them.
   */
  async csvChunk(message: LessonResultsCsvMessage): Promise<LessonResultsCsvChunk> {
    const owner = ownerId(message?.owner);
    const videoId = videoIdOf(message?.videoId);
    const cursor = message.cursor === null || message.cursor === undefined ? null : decodeCursor(message.cursor);
    if (message.cursor && !cursor) throw rpcError(400, 'The CSV cursor is not valid: start the download again.');
    return this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      const video = await this.ownedVideo(manager, videoId, owner);
      let questions = await this.questions(manager, videoId);
      if (cursor) {
        const byId = new Map(questions.map((q) => [q.row.id, q]));
        // A question deleted since the first chunk keeps its (now empty) columns.
        questions = cursor.questionIds.map((id) => byId.get(id) ?? deletedQuestion(id));
      }
      const rows: Array<LessonAttemptRow & { started_key: string }> = await manager.query(
        `SELECT ${LESSON_ATTEMPT_COLUMNS}, started_at::text AS started_key FROM library.attempts
         WHERE video_id = $1 AND ${COUNTED} AND ($2::timestamptz IS NULL OR (started_at, id) > ($2::timestamptz, $3::uuid))
         ORDER BY started_at, id LIMIT $4`,
        [videoId, cursor?.startedKey ?? null, cursor?.id ?? null, CSV_CHUNK_ATTEMPTS],
      );
      const byAttempt = await this.answersOf(manager, rows.map((r) => r.id));
      let csv = cursor ? '' : CSV_BOM + csvHeader(questions);
      let written = 0;
      for (const row of rows) {
        csv += csvRecord(row, questions, byAttempt.get(row.id) ?? []);
        written++;
        if (csv.length >= CSV_CHUNK_CHARS) break;
      }
      const last = rows[written - 1];
      const more = written < rows.length || rows.length === CSV_CHUNK_ATTEMPTS;
      return {
        fileName: lessonResultsFileName(video.title, video.id, new Date()),
        csv,
        cursor: more && last ? encodeCursor({ startedKey: last.started_key, id: last.id, questionIds: questions.map((q) => q.row.id) }) : null,
      };
    });
  }

  /** The answers of these attempts, by attempt. */
  private async answersOf(manager: EntityManager, attemptIds: string[]): Promise<Map<string, LessonAnswerRow[]>> {
    const rows: LessonAnswerRow[] = attemptIds.length
      ? await manager.query(
          `SELECT attempt_id, interaction_id, status, correct, credit, tries, response, first_response
           FROM library.answers WHERE attempt_id = ANY($1::uuid[])`,
          [attemptIds],
        )
      : [];
    const byAttempt = new Map<string, LessonAnswerRow[]>();
    for (const a of rows) {
      const list = byAttempt.get(a.attempt_id) ?? [];
      list.push(a);
      byAttempt.set(a.attempt_id, list);
    }
    return byAttempt;
  }

  private async ownedVideo(manager: EntityManager, videoId: number, owner: number): Promise<VideoRow> {
    const rows: VideoRow[] = await manager.query('SELECT id, title, published_at FROM library.videos WHERE id = $1 AND owner_id = $2', [videoId, owner]);
    if (!rows[0]) throw rpcError(404, VIDEO_NOT_FOUND);
    return rows[0];
  }

  private async questions(manager: EntityManager, videoId: number): Promise<LessonQuestion[]> {
    const rows: InteractionRow[] = await manager.query(
      `SELECT ${INTERACTION_COLUMNS} FROM library.interactions WHERE video_id = $1 ORDER BY ${INTERACTION_ORDER}`,
      [videoId],
    );
    return rows.map((row) => ({ row, question: toQuestion(row) }));
  }
}

/** The columns of a question deleted between two chunks of one download. */
function deletedQuestion(id: number): LessonQuestion {
  const now = new Date(0);
  const row: InteractionRow = {
    id,
    video_id: 0,
    type: 'single_choice',
    question: '(deleted question)',
    scenario: null,
    options: ['', ''],
    correct_answer: 0,
    timestamp: 0,
    topic_title: null,
    topic_start_time: 0,
    feedback: null,
    position: 0,
    created_at: now,
    updated_at: now,
  };
  return { row, question: toQuestion(row) };
}
