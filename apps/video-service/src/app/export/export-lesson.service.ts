import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { ExportLesson, ExportLessonMedia, ExportLessonMessage } from '@veolearn/contracts';
import { rpcError } from '@veolearn/nest-common';
import { INTERACTION_COLUMNS, INTERACTION_ORDER, type InteractionRow, toInteractionView } from '../interactions/interaction-views';
import { QUESTION_COUNT, toVideoView, VIDEO_COLUMNS, type VideoRow } from '../library-views';

const VIDEO_NOT_FOUND = 'Video not found';

/** A video row with the uploaded file's columns, which the public views never carry. */
export type ExportVideoRow = VideoRow & { storage_key: string | null; mime_type: string | null; size_bytes: number | string | null; captions_vtt: string | null };

function ownerIdOf(message: ExportLessonMessage | undefined): number {
  const id = message?.ownerId;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) throw rpcError(400, 'ownerId must be a positive whole number');
  return id;
}

function videoIdOf(message: ExportLessonMessage): number {
  const id = message.videoId;
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw rpcError(404, VIDEO_NOT_FOUND);
  return id;
}

/** The lesson as the export-service packages it: the owner's view, every answer and feedback, where its file is, and its captions. */
export function toExportLesson(video: ExportVideoRow, questions: InteractionRow[]): ExportLesson {
  const media: ExportLessonMedia | null =
    video.storage_key === null
      ? null
      : { storageKey: video.storage_key, mimeType: video.mime_type ?? 'application/octet-stream', sizeBytes: Number(video.size_bytes ?? 0) };
  return { video: toVideoView(video), questions: questions.map(toInteractionView), media, captionsVtt: video.captions_vtt ?? null };
}

/**
 * What the export-service reads of a lesson. It never reads the `library` schema itself: it asks here,
 * and only the owner gets an answer (404 "Video not found" for anyone else's, as every owner-scoped read).
 */
@Injectable()
export class ExportLessonService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async exportLesson(message: ExportLessonMessage): Promise<ExportLesson> {
    const owner = ownerIdOf(message);
    const videoId = videoIdOf(message);
    // One snapshot: the video and its questions as they were at the same moment.
    return this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      const videos: ExportVideoRow[] = await manager.query(
        `SELECT ${VIDEO_COLUMNS}, ${QUESTION_COUNT}, v.storage_key, v.mime_type, v.size_bytes, v.captions_vtt FROM library.videos v WHERE v.id = $1 AND v.owner_id = $2`,
        [videoId, owner],
      );
      if (!videos[0]) throw rpcError(404, VIDEO_NOT_FOUND);
      const questions: InteractionRow[] = await manager.query(
        `SELECT ${INTERACTION_COLUMNS} FROM library.interactions WHERE video_id = $1 ORDER BY ${INTERACTION_ORDER}`,
        [videoId],
      );
      return toExportLesson(videos[0], questions);
    });
  }
}
