import { Injectable } from '@nestjs/common';
import { emit } from './events';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type {
  CreateFolderMessage,
  CreateVideoMessage,
  DeleteFolderResult,
  FolderRef,
  FolderView,
  LibraryAnalytics,
  ListFoldersMessage,
  ListVideosMessage,
  MoveVideoMessage,
  Owner,
  Page,
  PlaybackMessage,
  PlaybackView,
  ReadingView,
  RenameVideoMessage,
  SetSharingMessage,
  UpdateFolderMessage,
  VideoRef,
  VideoStatus,
  VideoView,
} from '@veolearn/contracts';
import { DEFAULT_FOLDER_COLOR, DEFAULT_FOLDER_ICON, parseTranscript, readingChapters, videoCreationDecision, youtubeWatchUrl } from '@veolearn/domain';
import { assertLibraryWritable, rpcError } from '@veolearn/nest-common';
import { isGeneratedCaptions } from '@veolearn/storage';
import {
  type AnalyticsTotalsRow,
  canView,
  captionsUrl,
  type FolderRow,
  mediaUrl,
  posterUrl,
  QUESTION_COUNT,
  toFolderView,
  toLibraryAnalytics,
  toVideoView,
  VIDEO_COLUMNS,
  type VideoRow,
  youtubeThumbnailUrl,
} from './library-views';

const VIDEO_NOT_FOUND = 'Video not found';
const FOLDER_NOT_FOUND = 'Folder not found';
const FOLDER_CYCLE = 'A folder cannot be moved into itself or one of its subfolders';
/** First key of the two-key advisory locks: serialises one owner's video creations. */
const VIDEO_CREATE_LOCK = 0x76696430; // 'vid0'
/** Serialises one owner's folder-tree changes, so two moves cannot build a cycle together. */
const FOLDER_TREE_LOCK = 0x666c6430; // 'fld0'

const FOLDER_COUNTS = `(SELECT count(*)::int FROM library.videos v WHERE v.owner_id = f.owner_id AND v.folder_id = f.id) AS video_count,
  (SELECT count(*)::int FROM library.folders c WHERE c.owner_id = f.owner_id AND c.parent_id = f.id) AS folder_count`;

export function ownerId(owner: Owner | undefined): number {
  const id = owner?.userId;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) throw rpcError(401, 'Sign in to continue.');
  return id;
}

/** The url of a lesson made from a pasted transcript, without a video source. */
const MANUAL_TRANSCRIPT_URL = 'manual-transcript';
const VIDEO_STATUSES: readonly VideoStatus[] = ['draft', 'processing', 'ready', 'failed'];

/** A new video's length in whole seconds (rounded up), or null while unknown. */
function newVideoDuration(value: unknown): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 2_147_483_647) {
    throw rpcError(400, 'duration must be a number of seconds, 0 or more');
  }
  return Math.ceil(value);
}

function newVideoStatus(value: unknown): VideoStatus {
  if (value === undefined || value === null) return 'ready';
  if (!VIDEO_STATUSES.includes(value as VideoStatus)) throw rpcError(400, `status must be one of ${VIDEO_STATUSES.join(', ')}`);
  return value as VideoStatus;
}

function positiveId(value: unknown, notFound: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 2_147_483_647) throw rpcError(404, notFound);
  return value;
}

@Injectable()
export class LibraryService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  // ---------------------------------------------------------------- videos

  async listVideos(message: ListVideosMessage): Promise<Page<VideoView>> {
    const owner = ownerId(message.owner);
    const page = Math.max(1, Math.floor(message.page ?? 1));
    const pageSize = Math.min(1000, Math.max(1, Math.floor(message.pageSize ?? 100)));
    const params: unknown[] = [owner];
    let where = 'v.owner_id = $1';
    let folderCheck: Promise<boolean> = Promise.resolve(true);
    if (message.folder === 'root') {
      where += ' AND v.folder_id IS NULL';
    } else if (message.folder !== undefined && message.folder !== null) {
      const folderId = positiveId(message.folder, FOLDER_NOT_FOUND);
      params.push(folderId);
      where += ' AND v.folder_id = $2';
      folderCheck = this.ownsFolder(this.dataSource.manager, owner, folderId);
    }
    const [found, rows, total] = await Promise.all([
      folderCheck,
      this.dataSource.query(
        `WITH page AS (
           SELECT ${VIDEO_COLUMNS} FROM library.videos v WHERE ${where}
           ORDER BY v.created_at DESC, v.id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}
         ), counts AS (
           SELECT i.video_id, count(*)::int AS n FROM library.interactions i WHERE i.video_id IN (SELECT id FROM page) GROUP BY i.video_id
         )
         SELECT page.*, COALESCE(counts.n, 0) AS question_count
         FROM page LEFT JOIN counts ON counts.video_id = page.id
         ORDER BY page.created_at DESC, page.id DESC`,
        params,
      ) as Promise<VideoRow[]>,
      this.dataSource.query(`SELECT count(*)::int AS n FROM library.videos v WHERE ${where}`, params) as Promise<Array<{ n: number }>>,
    ]);
    if (!found) throw rpcError(404, FOLDER_NOT_FOUND);
    return { items: rows.map(toVideoView), total: total[0]?.n ?? 0, page, pageSize };
  }

  async getVideo(message: VideoRef): Promise<VideoView> {
    const owner = ownerId(message.owner);
    const videoId = positiveId(message.videoId, VIDEO_NOT_FOUND);
    const rows: VideoRow[] = await this.dataSource.query(
      `SELECT ${VIDEO_COLUMNS}, ${QUESTION_COUNT} FROM library.videos v WHERE v.id = $1 AND v.owner_id = $2`,
      [videoId, owner],
    );
    if (!rows[0]) throw rpcError(404, VIDEO_NOT_FOUND);
    return toVideoView(rows[0]);
  }

  /**
   * Counts and inserts under a per-owner transaction lock, so two parallel creations at the
   * plan limit cannot both pass the check. A lesson made from a transcript alone (youtubeId null)
   * gets the url 'manual-transcript' and no thumbnail; the generation flow creates videos as
   * 'processing', with a duration when it knows one.
   */
  async createVideo(message: CreateVideoMessage): Promise<VideoView> {
    const owner = ownerId(message.owner);
    const folderId = message.folderId ?? null;
    const youtubeId = message.youtubeId ?? null;
    const duration = newVideoDuration(message.duration);
    const status = newVideoStatus(message.status);
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock($1, $2)', [VIDEO_CREATE_LOCK, owner]);
      const [{ n }] = await manager.query('SELECT count(*)::int AS n FROM library.videos WHERE owner_id = $1', [owner]);
      const decision = videoCreationDecision(message.owner.entitlements, n);
      if (!decision.allowed) throw rpcError(402, decision.message);
      if (folderId !== null && !(await this.ownsFolder(manager, owner, positiveId(folderId, FOLDER_NOT_FOUND), true))) {
        throw rpcError(404, FOLDER_NOT_FOUND);
      }
      const rows: VideoRow[] = await manager.query(
        `INSERT INTO library.videos AS v (owner_id, folder_id, title, type, duration, status, url, youtube_id, thumbnail_url)
         VALUES ($1, $2, $3, 'youtube', $7, $8, $4, $5, $6)
         RETURNING ${VIDEO_COLUMNS}, 0 AS question_count`,
        [
          owner,
          folderId,
          message.title,
          youtubeId ? youtubeWatchUrl(youtubeId) : MANUAL_TRANSCRIPT_URL,
          youtubeId,
          youtubeId ? youtubeThumbnailUrl(youtubeId) : null,
          duration,
          status,
        ],
      );
      await emit(manager, 'video.created', { videoId: Number(rows[0].id), ownerId: owner, source: 'youtube', isVr: false });
      return toVideoView(rows[0]);
    });
  }

  async renameVideo(message: RenameVideoMessage): Promise<VideoView> {
    const owner = ownerId(message.owner);
    assertLibraryWritable(message.owner);
    const videoId = positiveId(message.videoId, VIDEO_NOT_FOUND);
    const rows: VideoRow[] = await this.dataSource.query(
      `WITH v AS (UPDATE library.videos SET title = $3, updated_at = now() WHERE id = $1 AND owner_id = $2 RETURNING *)
       SELECT ${VIDEO_COLUMNS}, ${QUESTION_COUNT} FROM v`,
      [videoId, owner, message.title],
    );
    if (!rows[0]) throw rpcError(404, VIDEO_NOT_FOUND);
    return toVideoView(rows[0]);
  }

  /**
   * Shares the lesson by link (anyone may then play it) or makes it private again. Sharing is a
   * write a read-only plan may not make; making a lesson private is always allowed. Sharing an
   * already shared lesson keeps its first sharing time.
   */
  async setSharing(message: SetSharingMessage): Promise<VideoView> {
    const owner = ownerId(message.owner);
    const videoId = positiveId(message.videoId, VIDEO_NOT_FOUND);
    if (typeof message.published !== 'boolean') throw rpcError(400, 'published must be true or false');
    if (message.published) assertLibraryWritable(message.owner);
    const rows: VideoRow[] = await this.dataSource.query(
      `WITH v AS (UPDATE library.videos
                  SET published_at = CASE WHEN $3 THEN COALESCE(published_at, now()) ELSE NULL END, updated_at = now()
                  WHERE id = $1 AND owner_id = $2 RETURNING *)
       SELECT ${VIDEO_COLUMNS}, ${QUESTION_COUNT} FROM v`,
      [videoId, owner, message.published],
    );
    if (!rows[0]) throw rpcError(404, VIDEO_NOT_FOUND);
    return toVideoView(rows[0]);
  }

  async moveVideo(message: MoveVideoMessage): Promise<VideoView> {
    const owner = ownerId(message.owner);
    assertLibraryWritable(message.owner);
    const videoId = positiveId(message.videoId, VIDEO_NOT_FOUND);
    const folderId = message.folderId ?? null;
    return this.dataSource.transaction(async (manager) => {
      const video = await manager.query('SELECT 1 FROM library.videos WHERE id = $1 AND owner_id = $2 FOR UPDATE', [videoId, owner]);
      if (video.length === 0) throw rpcError(404, VIDEO_NOT_FOUND);
      if (folderId !== null && !(await this.ownsFolder(manager, owner, positiveId(folderId, FOLDER_NOT_FOUND), true))) {
        throw rpcError(404, FOLDER_NOT_FOUND);
      }
      const rows: VideoRow[] = await manager.query(
        `WITH v AS (UPDATE library.videos SET folder_id = $3, updated_at = now() WHERE id = $1 AND owner_id = $2 RETURNING *)
         SELECT ${VIDEO_COLUMNS}, ${QUESTION_COUNT} FROM v`,
        [videoId, owner, folderId],
      );
      return toVideoView(rows[0]);
    });
  }

  /** Removes the video with its answers, attempts and questions, all or nothing. */
  async deleteVideo(message: VideoRef): Promise<{ deleted: true }> {
    const owner = ownerId(message.owner);
    const videoId = positiveId(message.videoId, VIDEO_NOT_FOUND);
    await this.dataSource.transaction(async (manager) => {
      const video = await manager.query('SELECT 1 FROM library.videos WHERE id = $1 AND owner_id = $2 FOR UPDATE', [videoId, owner]);
      if (video.length === 0) throw rpcError(404, VIDEO_NOT_FOUND);
      await manager.query(
        `DELETE FROM library.answers
         WHERE attempt_id IN (SELECT id FROM library.attempts WHERE video_id = $1)
            OR interaction_id IN (SELECT id FROM library.interactions WHERE video_id = $1)`,
        [videoId],
      );
      await manager.query('DELETE FROM library.attempts WHERE video_id = $1', [videoId]);
      await manager.query('DELETE FROM library.interactions WHERE video_id = $1', [videoId]);
      await manager.query('DELETE FROM library.videos WHERE id = $1', [videoId]);
      await emit(manager, 'video.deleted', { videoId, ownerId: owner });
    });
    return { deleted: true };
  }

  /**
   * The videos the plan counts, and how many of them have no questions yet (nor a generation running):
   * the wizard can generate for one of those without making a new lesson.
   */
  async countVideos(message: { owner: Owner }): Promise<{ count: number; withoutQuestions: number }> {
    const owner = ownerId(message.owner);
    const [{ n, empty }] = await this.dataSource.query(
      `SELECT count(*)::int AS n,
              count(*) FILTER (WHERE v.status <> 'processing' AND NOT EXISTS (SELECT 1 FROM library.interactions i WHERE i.video_id = v.id))::int AS empty
       FROM library.videos v WHERE v.owner_id = $1`,
      [owner],
    );
    return { count: n, withoutQuestions: empty };
  }

  // ---------------------------------------------------------------- folders

  async listFolders(message: ListFoldersMessage): Promise<FolderView[]> {
    const owner = ownerId(message.owner);
    const params: unknown[] = [owner];
    let where = 'f.owner_id = $1';
    if (message.parent === 'root') {
      where += ' AND f.parent_id IS NULL';
    } else if (message.parent !== undefined && message.parent !== null) {
      const parentId = positiveId(message.parent, FOLDER_NOT_FOUND);
      if (!(await this.ownsFolder(this.dataSource.manager, owner, parentId))) throw rpcError(404, FOLDER_NOT_FOUND);
      params.push(parentId);
      where += ' AND f.parent_id = $2';
    }
    const rows: FolderRow[] = await this.dataSource.query(
      `SELECT f.id, f.name, f.parent_id, f.color, f.icon, f.created_at, ${FOLDER_COUNTS}
       FROM library.folders f WHERE ${where} ORDER BY f.name, f.id`,
      params,
    );
    return rows.map(toFolderView);
  }

  async createFolder(message: CreateFolderMessage): Promise<FolderView> {
    const owner = ownerId(message.owner);
    assertLibraryWritable(message.owner);
    const parentId = message.parentId ?? null;
    return this.dataSource.transaction(async (manager) => {
      if (parentId !== null && !(await this.ownsFolder(manager, owner, positiveId(parentId, FOLDER_NOT_FOUND), true))) {
        throw rpcError(404, FOLDER_NOT_FOUND);
      }
      const rows: FolderRow[] = await manager.query(
        `INSERT INTO library.folders (owner_id, name, parent_id, color, icon) VALUES ($1, $2, $3, $4, $5)
         RETURNING id, name, parent_id, color, icon, created_at, 0 AS video_count, 0 AS folder_count`,
        [owner, message.name, parentId, message.color ?? DEFAULT_FOLDER_COLOR, message.icon ?? DEFAULT_FOLDER_ICON],
      );
      return toFolderView(rows[0]);
    });
  }

  async updateFolder(message: UpdateFolderMessage): Promise<FolderView> {
    const owner = ownerId(message.owner);
    assertLibraryWritable(message.owner);
    const folderId = positiveId(message.folderId, FOLDER_NOT_FOUND);
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock($1, $2)', [FOLDER_TREE_LOCK, owner]);
      const current = await manager.query('SELECT id FROM library.folders WHERE id = $1 AND owner_id = $2 FOR UPDATE', [folderId, owner]);
      if (current.length === 0) throw rpcError(404, FOLDER_NOT_FOUND);

      const sets: string[] = [];
      const params: unknown[] = [folderId, owner];
      const set = (column: string, value: unknown) => {
        params.push(value);
        sets.push(`${column} = $${params.length}`);
      };
      if (message.parentId !== undefined) {
        const parentId = message.parentId;
        if (parentId !== null) {
          positiveId(parentId, FOLDER_NOT_FOUND);
          if (!(await this.ownsFolder(manager, owner, parentId))) throw rpcError(404, FOLDER_NOT_FOUND);
          if (await this.isSelfOrDescendant(manager, owner, folderId, parentId)) throw rpcError(409, FOLDER_CYCLE);
        }
        set('parent_id', parentId);
      }
      if (message.name !== undefined) set('name', message.name);
      if (message.color !== undefined) set('color', message.color);
      if (message.icon !== undefined) set('icon', message.icon);
      sets.push('updated_at = now()');
      await manager.query(`UPDATE library.folders SET ${sets.join(', ')} WHERE id = $1 AND owner_id = $2`, params);
      const rows: FolderRow[] = await manager.query(
        `SELECT f.id, f.name, f.parent_id, f.color, f.icon, f.created_at, ${FOLDER_COUNTS} FROM library.folders f WHERE f.id = $1`,
        [folderId],
      );
      return toFolderView(rows[0]);
    });
  }

  /** Deletes the folder; its videos and subfolders move to its parent (Home for a top-level folder). */
  async deleteFolder(message: FolderRef): Promise<DeleteFolderResult> {
    const owner = ownerId(message.owner);
    assertLibraryWritable(message.owner);
    const folderId = positiveId(message.folderId, FOLDER_NOT_FOUND);
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock($1, $2)', [FOLDER_TREE_LOCK, owner]);
      const rows: Array<{ parent_id: number | null }> = await manager.query(
        'SELECT parent_id FROM library.folders WHERE id = $1 AND owner_id = $2 FOR UPDATE',
        [folderId, owner],
      );
      if (rows.length === 0) throw rpcError(404, FOLDER_NOT_FOUND);
      const parentId = rows[0].parent_id;
      const [, movedVideos] = await manager.query(
        'UPDATE library.videos SET folder_id = $3, updated_at = now() WHERE owner_id = $2 AND folder_id = $1',
        [folderId, owner, parentId],
      );
      const [, movedFolders] = await manager.query(
        'UPDATE library.folders SET parent_id = $3, updated_at = now() WHERE owner_id = $2 AND parent_id = $1',
        [folderId, owner, parentId],
      );
      await manager.query('DELETE FROM library.folders WHERE id = $1 AND owner_id = $2', [folderId, owner]);
      return { deleted: true, movedVideos: Number(movedVideos), movedFolders: Number(movedFolders), movedTo: parentId };
    });
  }

  // ---------------------------------------------------------------- learners and analytics

  /**
   * The learner's hot path: one statement on two primary/indexed lookups. Questions carry only
   * what a learner may see before answering (the scenario text of a scenario question included):
   * never the correct answer or the feedback.
   */
  async playback(message: PlaybackMessage): Promise<PlaybackView> {
    const videoId = positiveId(message?.videoId, VIDEO_NOT_FOUND);
    const rows: Array<{
      video: Omit<PlaybackView['video'], 'mediaUrl' | 'posterUrl' | 'captionsUrl' | 'published'>;
      has_media: boolean;
      has_poster: boolean;
      owner_id: number;
      published_at: string | null;
      questions: PlaybackView['questions'];
    }> = await this.dataSource.query(
      `SELECT json_build_object(
              'id', v.id, 'title', v.title, 'type', v.type, 'duration', v.duration, 'status', v.status,
              'url', v.url, 'youtubeId', v.youtube_id, 'thumbnailUrl', v.thumbnail_url,
              'skippingMode', v.skipping_mode, 'requireCorrect', v.require_correct, 'gamification', v.gamification,
              'hasCaptions', v.captions_vtt IS NOT NULL) AS video,
            v.storage_key IS NOT NULL AS has_media, v.poster_key IS NOT NULL AS has_poster, v.owner_id, v.published_at,
            COALESCE((
              SELECT json_agg(jsonb_build_object(
                       'id', i.id, 'type', i.type, 'question', i.question, 'options', i.options,
                       'timestamp', i.timestamp, 'topicTitle', i.topic_title, 'topicStartTime', i.topic_start_time)
                       || CASE WHEN i.type = 'scenario' THEN jsonb_build_object('scenario', COALESCE(i.scenario, '')) ELSE '{}'::jsonb END
                     ORDER BY i.timestamp, i.position, i.id)
              FROM library.interactions i WHERE i.video_id = v.id), '[]'::json) AS questions
       FROM library.videos v WHERE v.id = $1`,
      [videoId],
    );
    const row = rows[0];
    if (!row || !canView(row, message.viewer)) throw rpcError(404, VIDEO_NOT_FOUND);
    const { video, has_media, has_poster, questions } = row;
    return {
      video: {
        ...video,
        mediaUrl: has_media ? mediaUrl(video.id) : null,
        posterUrl: has_poster ? posterUrl(video.id) : null,
        captionsUrl: captionsUrl(video.id),
        published: row.published_at !== null,
      },
      questions,
      viewerIsOwner: message.viewer?.userId !== null && message.viewer?.userId !== undefined && Number(row.owner_id) === message.viewer.userId,
    };
  }

  /**
   * The lesson as text ("Read instead"), visible exactly when playback is: its transcript (captions
   * the owner gave, else the generation's transcript, else captions built from it) cut into the
   * chapters its questions belong to. Carries no question content and no answers.
   */
  async reading(message: PlaybackMessage): Promise<ReadingView> {
    const videoId = positiveId(message?.videoId, VIDEO_NOT_FOUND);
    const rows: Array<{
      title: string;
      duration: number | null;
      captions_vtt: string | null;
      transcript: string | null;
      owner_id: number;
      published_at: string | null;
      questions: Array<{ id: number; timestamp: number; topicTitle: string | null; topicStartTime: number | null }>;
    }> = await this.dataSource.query(
      `SELECT v.title, v.duration, v.captions_vtt, v.transcript, v.owner_id, v.published_at,
              COALESCE((
                SELECT json_agg(json_build_object('id', i.id, 'timestamp', i.timestamp, 'topicTitle', i.topic_title, 'topicStartTime', i.topic_start_time)
                       ORDER BY i.timestamp, i.position, i.id)
                FROM library.interactions i WHERE i.video_id = v.id), '[]'::json) AS questions
       FROM library.videos v WHERE v.id = $1`,
      [videoId],
    );
    const row = rows[0];
    if (!row || !canView(row, message.viewer)) throw rpcError(404, VIDEO_NOT_FOUND);
    // Captions the owner gave are the most careful text; else the generation's transcript as pasted (plain
    // text included, spread over the video by speaking speed); else captions built from it.
    const ownCaptions = row.captions_vtt && !isGeneratedCaptions(row.captions_vtt) ? row.captions_vtt : null;
    const source = ownCaptions ?? row.transcript ?? row.captions_vtt;
    const segments = source ? parseTranscript(source, { durationSeconds: row.duration ?? undefined }).segments : [];
    const chapters = readingChapters(
      segments,
      row.questions.map((q) => ({ ...q, timestamp: Number(q.timestamp), topicStartTime: q.topicStartTime === null ? null : Number(q.topicStartTime) })),
      row.duration,
    );
    return { videoId, title: row.title, hasText: chapters.some((c) => c.text !== ''), chapters };
  }

  async userAnalytics(message: { owner: Owner }): Promise<LibraryAnalytics> {
    const owner = ownerId(message.owner);
    const [totals, types, recent] = await Promise.all([
      this.dataSource.query(
        `WITH v AS (SELECT id, type FROM library.videos WHERE owner_id = $1),
              a AS (SELECT a.id, a.status, a.watch_time_seconds FROM library.attempts a JOIN v ON v.id = a.video_id),
              ans AS (SELECT x.correct, x.credit FROM library.answers x JOIN a ON a.id = x.attempt_id WHERE x.status <> 'skipped')
         SELECT (SELECT count(*) FROM v)::int AS total_videos,
                (SELECT count(*) FILTER (WHERE type = 'youtube') FROM v)::int AS youtube,
                (SELECT count(*) FILTER (WHERE type = 'youtube_vr') FROM v)::int AS youtube_vr,
                (SELECT count(*) FILTER (WHERE type = 'upload') FROM v)::int AS upload,
                (SELECT count(*) FROM library.interactions i JOIN v ON v.id = i.video_id)::int AS total_questions,
                (SELECT count(*) FROM a)::int AS attempts,
                (SELECT count(*) FILTER (WHERE status = 'completed') FROM a)::int AS completed,
                (SELECT COALESCE(sum(watch_time_seconds), 0) FROM a)::bigint AS watch_seconds,
                (SELECT count(*) FROM ans)::int AS answers,
                (SELECT count(*) FILTER (WHERE correct) FROM ans)::int AS correct,
                (SELECT count(*) FILTER (WHERE NOT correct AND credit > 0) FROM ans)::int AS partly_correct,
                -- A right first try earns full credit; a partly right one its fraction (0..1), as the attempt's score counts it.
                (SELECT COALESCE(sum(CASE WHEN correct THEN 1 ELSE LEAST(GREATEST(credit, 0), 1) END), 0) FROM ans)::float8 AS credit`,
        [owner],
      ) as Promise<AnalyticsTotalsRow[]>,
      this.dataSource.query(
        `SELECT i.type, count(*)::int AS n FROM library.interactions i JOIN library.videos v ON v.id = i.video_id
         WHERE v.owner_id = $1 GROUP BY i.type`,
        [owner],
      ) as Promise<Array<{ type: string; n: number }>>,
      this.dataSource.query(
        `SELECT * FROM (
           (SELECT 'video_created' AS kind, v.id AS video_id, v.title, v.created_at AS at
            FROM library.videos v WHERE v.owner_id = $1 ORDER BY v.created_at DESC, v.id DESC LIMIT 10)
           UNION ALL
           (SELECT 'attempt_completed' AS kind, v.id AS video_id, v.title, a.completed_at AS at
            FROM library.attempts a JOIN library.videos v ON v.id = a.video_id
            WHERE v.owner_id = $1 AND a.status = 'completed' AND a.completed_at IS NOT NULL
            ORDER BY a.completed_at DESC LIMIT 10)
         ) activity ORDER BY at DESC LIMIT 10`,
        [owner],
      ),
    ]);
    return toLibraryAnalytics(totals[0], types, recent);
  }

  // ---------------------------------------------------------------- helpers

  private async ownsFolder(manager: EntityManager, owner: number, folderId: number, lock = false): Promise<boolean> {
    const rows = await manager.query(
      `SELECT 1 FROM library.folders WHERE id = $1 AND owner_id = $2${lock ? ' FOR SHARE' : ''}`,
      [folderId, owner],
    );
    return rows.length > 0;
  }

  /** Whether `candidate` is `folderId` itself or lies anywhere below it. */
  private async isSelfOrDescendant(manager: EntityManager, owner: number, folderId: number, candidate: number): Promise<boolean> {
    if (folderId === candidate) return true;
    const rows = await manager.query(
      `WITH RECURSIVE below AS (
         SELECT id FROM library.folders WHERE parent_id = $1 AND owner_id = $2
         UNION
         SELECT f.id FROM library.folders f JOIN below b ON f.parent_id = b.id WHERE f.owner_id = $2
       )
       SELECT 1 FROM below WHERE id = $3 LIMIT 1`,
      [folderId, owner, candidate],
    );
    return rows.length > 0;
  }
}
