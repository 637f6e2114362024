import { Injectable } from '@nestjs/common';
import { emit } from '../events';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type {
  CaptionsView,
  CheckUploadMessage,
  CheckUploadResult,
  DiscardUploadMessage,
  MediaInfo,
  MediaRequest,
  Owner,
  PosterMimeType,
  RegisterUploadMessage,
  SetCaptionsMessage,
  UploadMimeType,
  VideoView,
} from '@veolearn/contracts';
import { storageDecision, storageRemaining, videoCreationDecision } from '@veolearn/domain';
import { assertLibraryWritable, rpcError } from '@veolearn/nest-common';
import { isGeneratedCaptions } from '@veolearn/storage';
import { canView, mediaUrl, QUESTION_COUNT, toVideoView, VIDEO_COLUMNS, type VideoRow } from '../library-views';
import {
  FOLDER_NOT_FOUND,
  folderIdOf,
  mimeTypeOf,
  NO_CAPTIONS,
  ownerCaptions,
  ownerIdOf,
  positiveId,
  posterOf,
  sizeBytesOf,
  storageKeyOf,
  uploadFilename,
  uploadTitle,
  VIDEO_NOT_FOUND,
} from './media-rules';

/** The same advisory lock key as LibraryService.createVideo: one owner's video creations run one at a time. */
const VIDEO_CREATE_LOCK = 0x76696430; // 'vid0'

/** Uploaded video files (where they are, registering them) and captions. */
@Injectable()
export class MediaService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * The early check before the gateway stores a file: 402 over the plan's video limit or with its
   * storage quota used up, 404 for a folder not the owner's. Answers how many bytes the quota still
   * allows, so the gateway stops storing a file as soon as it goes over.
   */
  async checkUpload(message: CheckUploadMessage): Promise<CheckUploadResult> {
    const owner = ownerIdOf(message?.owner);
    const folderId = folderIdOf(message.folderId);
    const usage = await this.usage(this.dataSource.manager, owner);
    this.assertPlanAllows(message.owner, usage.videos);
    const remainingBytes = storageRemaining(message.owner.entitlements, usage.bytes);
    if (remainingBytes === 0) this.assertStorageAllows(message.owner, usage.bytes, null);
    if (folderId !== null && !(await this.ownsFolder(this.dataSource.manager, owner, folderId))) throw rpcError(404, FOLDER_NOT_FOUND);
    return { allowed: true, remainingBytes, usedBytes: usage.bytes };
  }

  /**
   * Records a stored upload as a ready video of type 'upload' (url and mediaUrl '/api/media/{id}').
   * The plan limit is checked again under the owner's creation lock, so parallel uploads at the limit
   * cannot both pass; the gateway deletes the file when this refuses.
   */
  async registerUpload(message: RegisterUploadMessage): Promise<VideoView> {
    const owner = ownerIdOf(message?.owner);
    const folderId = folderIdOf(message.folderId);
    const title = uploadTitle(message.title);
    const storageKey = storageKeyOf(message.storageKey);
    const mimeType: UploadMimeType = mimeTypeOf(message.mimeType);
    const sizeBytes = sizeBytesOf(message.sizeBytes);
    const captions = message.captionsVtt === undefined || message.captionsVtt === null ? null : ownerCaptions(message.captionsVtt);
    const poster = posterOf(message.posterKey, message.posterMimeType);
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock($1, $2)', [VIDEO_CREATE_LOCK, owner]);
      const usage = await this.usage(manager, owner);
      this.assertPlanAllows(message.owner, usage.videos);
      this.assertStorageAllows(message.owner, usage.bytes, sizeBytes);
      if (folderId !== null && !(await this.ownsFolder(manager, owner, folderId, true))) throw rpcError(404, FOLDER_NOT_FOUND);
      const [{ id }] = await manager.query(`SELECT nextval(pg_get_serial_sequence('library.videos', 'id'))::int AS id`);
      const rows: VideoRow[] = await manager.query(
        `INSERT INTO library.videos AS v (id, owner_id, folder_id, title, type, status, url, filename, storage_key, mime_type, size_bytes, captions_vtt, poster_key, poster_mime_type)
         VALUES ($1, $2, $3, $4, 'upload', 'ready', $5, $6, $7, $8, $9, $10, $11, $12)
         RETURNING ${VIDEO_COLUMNS}, 0 AS question_count`,
        [id, owner, folderId, title, mediaUrl(id), uploadFilename(message.filename), storageKey, mimeType, sizeBytes, captions, poster?.key ?? null, poster?.mimeType ?? null],
      );
      await emit(manager, 'video.created', { videoId: Number(id), ownerId: owner, source: 'upload', isVr: false });
      return toVideoView(rows[0]);
    });
  }

  /** Removes the owner's video row that points at `storageKey` (after a register whose answer was lost). */
  async discardUpload(message: DiscardUploadMessage): Promise<{ discarded: number }> {
    const owner = ownerIdOf(message?.owner);
    const storageKey = storageKeyOf(message.storageKey);
    return this.dataSource.transaction(async (manager) => {
      const rows: Array<{ id: number }> = await manager.query(
        'SELECT id FROM library.videos WHERE owner_id = $1 AND storage_key = $2 FOR UPDATE',
        [owner, storageKey],
      );
      for (const { id } of rows) {
        await manager.query(
          `DELETE FROM library.answers
           WHERE attempt_id IN (SELECT id FROM library.attempts WHERE video_id = $1)
              OR interaction_id IN (SELECT id FROM library.interactions WHERE video_id = $1)`,
          [id],
        );
        await manager.query('DELETE FROM library.attempts WHERE video_id = $1', [id]);
        await manager.query('DELETE FROM library.interactions WHERE video_id = $1', [id]);
        await manager.query('DELETE FROM library.videos WHERE id = $1', [id]);
        await emit(manager, 'video.deleted', { videoId: id, ownerId: owner });
      }
      return { discarded: rows.length };
    });
  }

  /**
   * Public: the file behind /api/media/{id} and its poster frame's (/api/media/{id}/poster). Videos
   * without an uploaded file, and private lessons the viewer may not see, are 'Video not found'.
   */
  async mediaInfo(message: MediaRequest): Promise<MediaInfo> {
    const videoId = positiveId(message?.videoId, VIDEO_NOT_FOUND);
    const rows: Array<{
      storage_key: string;
      mime_type: UploadMimeType;
      size_bytes: string;
      poster_key: string | null;
      poster_mime_type: PosterMimeType | null;
      owner_id: number;
      published_at: Date | null;
    }> = await this.dataSource.query(
      'SELECT storage_key, mime_type, size_bytes, poster_key, poster_mime_type, owner_id, published_at FROM library.videos WHERE id = $1 AND storage_key IS NOT NULL',
      [videoId],
    );
    if (!rows[0] || !canView(rows[0], message.viewer)) throw rpcError(404, VIDEO_NOT_FOUND);
    return {
      videoId,
      storageKey: rows[0].storage_key,
      mimeType: rows[0].mime_type,
      sizeBytes: Number(rows[0].size_bytes),
      posterKey: rows[0].poster_key,
      posterMimeType: rows[0].poster_key === null ? null : rows[0].poster_mime_type,
      published: rows[0].published_at !== null,
    };
  }

  /** Public: the video's captions (uploaded, else built from its latest generation's transcript). */
  async getCaptions(message: MediaRequest): Promise<CaptionsView> {
    const videoId = positiveId(message?.videoId, VIDEO_NOT_FOUND);
    const rows: Array<{ captions_vtt: string | null; owner_id: number; published_at: Date | null }> = await this.dataSource.query(
      'SELECT captions_vtt, owner_id, published_at FROM library.videos WHERE id = $1',
      [videoId],
    );
    if (!rows[0] || !canView(rows[0], message.viewer)) throw rpcError(404, VIDEO_NOT_FOUND);
    const vtt = rows[0].captions_vtt;
    if (!vtt) throw rpcError(404, NO_CAPTIONS);
    return { videoId, source: isGeneratedCaptions(vtt) ? 'generated' : 'upload', vtt };
  }

  /** Owner: replaces the captions (generated ones included); later generations keep these. */
  async setCaptions(message: SetCaptionsMessage): Promise<VideoView> {
    const owner = ownerIdOf(message?.owner);
    assertLibraryWritable(message.owner);
    const videoId = positiveId(message.videoId, VIDEO_NOT_FOUND);
    const vtt = ownerCaptions(message.vtt);
    const rows: VideoRow[] = await this.dataSource.query(
      `WITH v AS (UPDATE library.videos SET captions_vtt = $3, updated_at = now() WHERE id = $1 AND owner_id = $2 RETURNING *)
       SELECT ${VIDEO_COLUMNS}, ${QUESTION_COUNT} FROM v`,
      [videoId, owner, vtt],
    );
    if (!rows[0]) throw rpcError(404, VIDEO_NOT_FOUND);
    return toVideoView(rows[0]);
  }

  // ---------------------------------------------------------------- helpers

  private assertPlanAllows(owner: Owner, videoCount: number): void {
    const decision = videoCreationDecision(owner.entitlements, videoCount);
    if (!decision.allowed) throw rpcError(402, decision.message);
  }

  /** 402 when a file of `sizeBytes` (null: of unknown size) does not fit in the owner's storage quota. */
  private assertStorageAllows(owner: Owner, usedBytes: number, sizeBytes: number | null): void {
    const decision = storageDecision(owner.entitlements, usedBytes, sizeBytes);
    if (!decision.allowed) throw rpcError(402, decision.message);
  }

  /** How many videos the owner holds and how many bytes of uploads they store. */
  private async usage(manager: EntityManager, owner: number): Promise<{ videos: number; bytes: number }> {
    const [row]: Array<{ videos: number; bytes: string }> = await manager.query(
      'SELECT count(*)::int AS videos, COALESCE(sum(size_bytes), 0)::bigint AS bytes FROM library.videos WHERE owner_id = $1',
      [owner],
    );
    return { videos: row.videos, bytes: Number(row.bytes) };
  }

  private async ownsFolder(manager: EntityManager, owner: number, folderId: number, lock = false): Promise<boolean> {
    const rows = await manager.query(`SELECT 1 FROM library.folders WHERE id = $1 AND owner_id = $2${lock ? ' FOR SHARE' : ''}`, [
      folderId,
      owner,
    ]);
    return rows.length > 0;
  }
}
