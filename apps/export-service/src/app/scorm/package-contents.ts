import { createHash } from 'node:crypto';
import type { ExportLesson, ExportOptions, InteractionView, ScormVersion } from '@veolearn/contracts';
import { SCORM_MAX_SCORE_PER_QUESTION, scormMasteryScore, scormMaxScore } from '@veolearn/scorm';

/** Bumped whenever what a package holds changes shape, so stored packages of the old shape are rebuilt. */
export const PACKAGE_FORMAT = 1;
export const LAUNCH_PAGE = 'index.html';
/** The lesson as a script the launch page loads with <script src> (works from file:// and in any LMS frame). */
export const LESSON_SCRIPT = 'lesson.js';
/** The same data as JSON, for tools and players that fetch it. */
export const LESSON_JSON = 'lesson.json';
const FILENAME_MAX = 80;

/** The player options a package carries. */
export type PackageOptions = Pick<ExportOptions, 'autoplay' | 'showControls' | 'includeAnalytics'>;

/**
 * `{title}_SCORM.zip` with the title made filename-safe ASCII: accents dropped (é → e), anything
 * but letters, digits, `-`, `.` and `_` turned into `_`, runs collapsed, at most 80 characters;
 * "lesson" when nothing is left.
 */
export function scormFilename(title: string): string {
  const ascii = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[_.-]+|[_.-]+$/g, '')
    .slice(0, FILENAME_MAX)
    .replace(/[_.-]+$/g, '');
  return `${ascii || 'lesson'}_SCORM.zip`;
}

/** `attachment` with the ASCII name and the RFC 5987 form. */
export function attachmentHeader(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** Where the uploaded video goes inside the package. */
export function mediaPath(mimeType: string): string {
  const ext = mimeType === 'video/webm' ? 'webm' : mimeType === 'video/quicktime' ? 'mov' : 'mp4';
  return `media/video.${ext}`;
}

/** Where a package is stored: under exports/, one object per build. */
export function packageStorageKey(packageId: string): string {
  return `exports/scorm/${packageId.toLowerCase()}.zip`;
}

export interface PackageQuestion {
  id: number;
  type: InteractionView['type'];
  question: string;
  scenario?: string;
  options: unknown;
  correctAnswer: unknown;
  timestamp: number;
  topicTitle: string;
  topicStartTime: number;
  feedback: InteractionView['feedback'];
}

/**
 * Everything the launch page needs to play and grade offline (correct answers included: it is the
 * owner's own export). The shape apps/web/src/scorm/lesson.ts reads from window.VEOLEARN_LESSON.
 */
export interface PackageLessonData {
  format: number;
  scormVersion: ScormVersion;
  video: {
    id: number;
    title: string;
    type: string;
    /** Plays through the YouTube IFrame API when there is no file. */
    youtubeId: string | null;
    /** The uploaded video inside the package, or null. */
    mediaFile: string | null;
    mimeType: string | null;
    /** The lesson's WebVTT captions inside the package, or null. */
    captionsFile: string | null;
    duration: number | null;
    skippingMode: string;
    requireCorrect: boolean;
  };
  questions: PackageQuestion[];
  /** Points needed to pass: 80 % of 10 per question, rounded up. */
  masteryScore: number;
  maxScore: number;
  maxScorePerQuestion: number;
  settings: PackageOptions;
  /** ISO 8601: when the package was built (left out of the content hash). */
  generatedAt: string;
}

/** Where a lesson's own captions go inside the package. */
export const CAPTIONS_FILE = 'media/captions.vtt';

function packageQuestion(q: InteractionView): PackageQuestion {
  return {
    id: q.id,
    type: q.type,
    question: q.question,
    ...(q.scenario !== undefined ? { scenario: q.scenario } : {}),
    options: q.options,
    correctAnswer: q.correctAnswer,
    timestamp: q.timestamp,
    topicTitle: q.topicTitle,
    topicStartTime: q.topicStartTime,
    feedback: q.feedback,
  };
}

export function packageLessonData(lesson: ExportLesson, version: ScormVersion, options: PackageOptions, generatedAt: Date = new Date()): PackageLessonData {
  const questions = lesson.questions.map(packageQuestion);
  const v = lesson.video;
  return {
    format: PACKAGE_FORMAT,
    scormVersion: version,
    video: {
      id: v.id,
      title: v.title,
      type: v.type,
      youtubeId: v.youtubeId,
      mediaFile: lesson.media ? mediaPath(lesson.media.mimeType) : null,
      mimeType: lesson.media?.mimeType ?? null,
      captionsFile: lesson.captionsVtt ? CAPTIONS_FILE : null,
      duration: v.duration,
      skippingMode: v.skippingMode,
      requireCorrect: v.requireCorrect,
    },
    questions,
    masteryScore: scormMasteryScore(questions.length),
    maxScore: scormMaxScore(questions.length),
    maxScorePerQuestion: SCORM_MAX_SCORE_PER_QUESTION,
    settings: { autoplay: options.autoplay, showControls: options.showControls, includeAnalytics: options.includeAnalytics },
    generatedAt: generatedAt.toISOString(),
  };
}

/** JSON safe inside any script or HTML context: `<`, `>`, `&` and the JS line separators escaped. */
export function safeJson(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** `lesson.js`: sets window.VEOLEARN_LESSON. */
export function lessonScript(data: PackageLessonData): string {
  return `/* VeoLearn lesson data (generated). */\nwindow.VEOLEARN_LESSON = ${safeJson(data)};\n`;
}

/** Keys sorted at every level, so equal content always hashes equal. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as Record<string, unknown>)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/**
 * What a package was built from, as a sha256: the lesson data (video, questions with answers and
 * feedback, options, version), the uploaded file (key and size), the captions and the player
 * bundle's fingerprint. Timestamps are left out, so an edit undone reuses the package.
 */
export function contentHash(data: PackageLessonData, lesson: Pick<ExportLesson, 'media' | 'captionsVtt'>, playerFingerprint: string): string {
  const { generatedAt: _generatedAt, ...content } = data;
  const media = lesson.media ? { storageKey: lesson.media.storageKey, sizeBytes: lesson.media.sizeBytes } : null;
  return createHash('sha256')
    .update(JSON.stringify(canonical({ content, media, captions: lesson.captionsVtt, player: playerFingerprint })))
    .digest('hex');
}
