import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { UpdateVideoSettingsMessage, VideoView } from '@veolearn/contracts';
import { isSkippingMode, SKIPPING_MODES } from '@veolearn/domain';
import { assertLibraryWritable, rpcError } from '@veolearn/nest-common';
import { QUESTION_COUNT, toVideoView, VIDEO_COLUMNS, type VideoRow } from '../library-views';

const VIDEO_NOT_FOUND = 'Video not found';
const MAX_DURATION_SECONDS = 86_400;

function ownerIdOf(message: UpdateVideoSettingsMessage | undefined): number {
  const id = message?.owner?.userId;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) throw rpcError(401, 'Sign in to continue.');
  return id;
}

function videoIdOf(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 2_147_483_647) throw rpcError(404, VIDEO_NOT_FOUND);
  return value;
}

/** The settings to write; a field left out keeps its value (null). */
interface SettingsChange {
  skippingMode: string | null;
  requireCorrect: boolean | null;
  gamification: boolean | null;
  /** Whole seconds, rounded up (a question at the very end still fits). */
  duration: number | null;
}

function settingsChange(message: UpdateVideoSettingsMessage): SettingsChange {
  const { skippingMode, requireCorrect, gamification, duration } = message;
  if (skippingMode !== undefined && !isSkippingMode(skippingMode)) throw rpcError(400, `skippingMode must be one of ${SKIPPING_MODES.join(', ')}`);
  if (requireCorrect !== undefined && typeof requireCorrect !== 'boolean') throw rpcError(400, 'requireCorrect must be true or false');
  if (gamification !== undefined && typeof gamification !== 'boolean') throw rpcError(400, 'gamification must be true or false');
  if (duration !== undefined && (typeof duration !== 'number' || !Number.isFinite(duration) || duration <= 0 || duration > MAX_DURATION_SECONDS)) {
    throw rpcError(400, 'duration must be a number of seconds from more than 0 to 86400');
  }
  return { skippingMode: skippingMode ?? null, requireCorrect: requireCorrect ?? null, gamification: gamification ?? null, duration: duration === undefined ? null : Math.ceil(duration) };
}

/** The owner's playback settings of a video: skipping mode, "require correct", points and achievements, and its duration once known. */
@Injectable()
export class VideoSettingsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Changes what the message names; a duration is only stored while the video has none. */
  async update(message: UpdateVideoSettingsMessage): Promise<VideoView> {
    const owner = ownerIdOf(message);
    assertLibraryWritable(message.owner);
    const videoId = videoIdOf(message.videoId);
    const change = settingsChange(message);
    const rows: VideoRow[] = await this.dataSource.query(
      `WITH v AS (
         UPDATE library.videos SET
           skipping_mode = COALESCE($3, skipping_mode),
           require_correct = COALESCE($4, require_correct),
           duration = COALESCE(duration, $5::int),
           gamification = COALESCE($6, gamification),
           updated_at = now()
         WHERE id = $1 AND owner_id = $2 RETURNING *)
       SELECT ${VIDEO_COLUMNS}, ${QUESTION_COUNT} FROM v`,
      [videoId, owner, change.skippingMode, change.requireCorrect, change.duration, change.gamification],
    );
    if (!rows[0]) throw rpcError(404, VIDEO_NOT_FOUND);
    return toVideoView(rows[0]);
  }
}
