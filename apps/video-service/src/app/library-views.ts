import type { FolderColor, QuestionType } from '@veolearn/domain';
import { QUESTION_TYPES } from '@veolearn/domain';
import type { FolderView, LibraryAnalytics, QuestionTypeCounts, VideoStatus, VideoType, VideoView } from '@veolearn/contracts';

/** A row of library.videos as pg returns it, plus its question count. */
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
  };
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

/** Percent of correct answers with one decimal; null when there are no answers. */
export function accuracyPercent(correct: number, answered: number): number | null {
  if (answered <= 0) return null;
  return Math.round((correct * 1000) / answered) / 10;
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
}

export function toLibraryAnalytics(
  totals: AnalyticsTotalsRow,
  types: Array<{ type: string; n: number | string }>,
  recent: Array<{ kind: 'video_created' | 'attempt_completed'; video_id: number; title: string; at: Date | string }>,
): LibraryAnalytics {
  const answers = int(totals.answers);
  const correct = int(totals.correct);
  return {
    totalVideos: int(totals.total_videos),
    totalQuestions: int(totals.total_questions),
    questionTypes: questionTypeCounts(types),
    videoSources: { youtube: int(totals.youtube), youtubeVR: int(totals.youtube_vr), upload: int(totals.upload) },
    learnerAttempts: int(totals.attempts),
    completedAttempts: int(totals.completed),
    totalInteractions: answers,
    correctAnswers: correct,
    accuracy: accuracyPercent(correct, answers),
    totalWatchTimeSeconds: int(totals.watch_seconds),
    recentActivity: recent.map((r) => ({ kind: r.kind, videoId: r.video_id, title: r.title, at: iso(r.at) })),
  };
}
