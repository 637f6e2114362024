import type { FolderColor, QuestionType } from '@veolearn/domain';
import { QUESTION_TYPES } from '@veolearn/domain';
import type {
  FolderView,
  LibraryAnalytics,
  QuestionTypeCounts,
  SkippingMode,
  VideoStatus,
  VideoType,
  VideoView,
} from '@veolearn/contracts';

/**
 * The columns toVideoView reads, selected from a row (or CTE) named `v`. Captions and media are
 * reported as flags: the VTT text and the storage key never leave the service in a view.
 */
export const VIDEO_COLUMNS = `v.id, v.title, v.type, v.duration, v.status, v.url, v.youtube_id, v.filename, v.thumbnail_url, v.created_at, v.updated_at, v.folder_id, v.skipping_mode, v.require_correct, v.gamification, (v.captions_vtt IS NOT NULL) AS has_captions, (v.storage_key IS NOT NULL) AS has_media, (v.poster_key IS NOT NULL) AS has_poster, v.published_at`;
/** The question count toVideoView reads, for a row named `v`. */
export const QUESTION_COUNT = `(SELECT count(*)::int FROM library.interactions i WHERE i.video_id = v.id) AS question_count`;

/** Where the gateway streams an uploaded video's file. */
export function mediaUrl(videoId: number): string {
  return `/api/media/${videoId}`;
}

/** Where the gateway serves an uploaded video's poster frame. */
export function posterUrl(videoId: number): string {
  return `/api/media/${videoId}/poster`;
}

/** A row of library.videos as pg returns it (VIDEO_COLUMNS), plus its question count. */
export interface VideoRow {
  id: number;
  title: string;
  type: VideoType;
  duration: number | null;
  status: VideoStatus;
  url: string;
  youtube_id: string | null;
  filename: string | null;
  thumbnail_url: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  folder_id: number | null;
  skipping_mode: SkippingMode;
  require_correct: boolean;
  gamification: boolean;
  has_captions: boolean;
  has_media: boolean;
  has_poster: boolean;
  published_at: Date | string | null;
  question_count: number | string | null;
}

export interface FolderRow {
  id: number;
  name: string;
  parent_id: number | null;
  color: string;
  icon: string;
  created_at: Date | string;
  video_count: number | string | null;
  folder_count: number | string | null;
}

function iso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

function int(value: number | string | null | undefined): number {
  return value === null || value === undefined ? 0 : Number(value);
}

export function toVideoView(row: VideoRow): VideoView {
  return {
    id: row.id,
    title: row.title,
    type: row.type,
    duration: row.duration,
    status: row.status,
    url: row.url,
    youtubeId: row.youtube_id,
    filename: row.filename,
    thumbnailUrl: row.thumbnail_url,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    folder: row.folder_id,
    questionCount: int(row.question_count),
    skippingMode: row.skipping_mode,
    requireCorrect: row.require_correct,
    gamification: row.gamification !== false,
    hasCaptions: row.has_captions,
    mediaUrl: row.has_media ? mediaUrl(row.id) : null,
    posterUrl: row.has_poster ? posterUrl(row.id) : null,
    published: row.published_at !== null,
    publishedAt: row.published_at === null ? null : iso(row.published_at),
  };
}

/** Where the player reads a video's captions. */
export function captionsUrl(videoId: number): string {
  return `/api/videos/${videoId}/captions.vtt`;
}

/**
 * Whether a viewer may play a lesson, read its questions or fetch its media and captions: anyone
 * once it is shared; before that its owner, an admin, or a request the gateway signed for its owner.
 * Everyone else is told 'Video not found', as for a lesson that does not exist.
 */
export function canView(video: { owner_id: number; published_at: Date | string | null }, viewer: unknown): boolean {
  if (video.published_at !== null) return true;
  if (typeof viewer !== 'object' || viewer === null) return false;
  const { userId, isAdmin, signed } = viewer as { userId?: unknown; isAdmin?: unknown; signed?: unknown };
  return signed === true || isAdmin === true || (typeof userId === 'number' && userId === video.owner_id);
}

export function toFolderView(row: FolderRow): FolderView {
  return {
    id: row.id,
    name: row.name,
    parentId: row.parent_id,
    color: row.color as FolderColor,
    icon: row.icon,
    createdAt: iso(row.created_at),
    videoCount: int(row.video_count),
    folderCount: int(row.folder_count),
  };
}

export function youtubeThumbnailUrl(youtubeId: string): string {
  return `https://i.ytimg.com/vi/${youtubeId}/hqdefault.jpg`;
}

/** Every question type with its count; types nobody used yet count 0. */
export function questionTypeCounts(rows: Array<{ type: string; n: number | string }>): QuestionTypeCounts {
  const counts = Object.fromEntries(QUESTION_TYPES.map((t) => [t, 0])) as QuestionTypeCounts;
  for (const row of rows) {
    if ((QUESTION_TYPES as readonly string[]).includes(row.type)) counts[row.type as QuestionType] += int(row.n);
  }
  return counts;
}

/**
 * The share of the credit learners could have earned, in percent with one decimal; null when there are no
 * answers. `credit` counts a right answer as 1 and a partly right one by its fraction (2 of 3 matches: 0.67).
 */
export function accuracyPercent(credit: number, answered: number): number | null {
  if (answered <= 0) return null;
  const earned = Math.min(answered, Math.max(0, Number.isFinite(credit) ? credit : 0));
  return Math.round((earned * 1000) / answered) / 10;
}

export interface AnalyticsTotalsRow {
  total_videos: number | string;
  youtube: number | string;
  youtube_vr: number | string;
  upload: number | string;
  total_questions: number | string;
  attempts: number | string;
  completed: number | string;
  watch_seconds: number | string | null;
  answers: number | string;
  correct: number | string;
  /** Answers not right on the first try that still earned some credit. */
  partly_correct?: number | string | null;
  /** Credit earned over all answers: 1 for a right one, the fraction for a partly right one. */
  credit?: number | string | null;
}

export function toLibraryAnalytics(
  totals: AnalyticsTotalsRow,
  types: Array<{ type: string; n: number | string }>,
  recent: Array<{ kind: 'video_created' | 'attempt_completed'; video_id: number; title: string; at: Date | string }>,
): LibraryAnalytics {
  const answers = int(totals.answers);
  const correct = int(totals.correct);
  // Rows from before credit was read (or a missing column) count a right answer as full credit.
  const credit = totals.credit === undefined || totals.credit === null ? correct : Number(totals.credit);
  return {
    totalVideos: int(totals.total_videos),
    totalQuestions: int(totals.total_questions),
    questionTypes: questionTypeCounts(types),
    videoSources: { youtube: int(totals.youtube), youtubeVR: int(totals.youtube_vr), upload: int(totals.upload) },
    learnerAttempts: int(totals.attempts),
    completedAttempts: int(totals.completed),
    totalInteractions: answers,
    correctAnswers: correct,
    partlyCorrectAnswers: int(totals.partly_correct),
    accuracy: accuracyPercent(credit, answers),
    totalWatchTimeSeconds: int(totals.watch_seconds),
    recentActivity: recent.map((r) => ({ kind: r.kind, videoId: r.video_id, title: r.title, at: iso(r.at) })),
  };
}
