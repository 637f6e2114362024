import type { Question, QuestionType, SkippingMode } from '@veolearn/domain';
import type { ScormVersion } from '@veolearn/scorm';
import type { PlayableVideoType, PlaybackQuestion, PlaybackView } from '../features/player/api/player-api';

/**
 * What the export-service writes as `lesson.js` next to the package's index.html:
 *
 *   window.VEOLEARN_LESSON = { ...ScormLesson as JSON... };
 *
 * (JSON with `<` escaped as `\u003c`, so that a title holding `</script>` stays text.)
 */
export interface ScormLesson {
  video: ScormLessonVideo;
  /** Every question with its correct answer and feedback, as the owner's view has them (InteractionView). */
  questions: ScormLessonQuestion[];
  scormVersion: ScormVersion;
  /** Points needed to pass: 80 % of 10 per question, rounded up (scormMasteryScore). */
  masteryScore: number;
  /** ISO 8601: when the package was built. */
  generatedAt: string;
}

export interface ScormLessonVideo {
  id: number;
  title: string;
  type: PlayableVideoType;
  /** The YouTube video id for 'youtube' and 'youtube_vr' lessons (played through the IFrame API), else null. */
  youtubeId: string | null;
  /** An uploaded video's file, relative to index.html inside the zip (e.g. "media/video.webm"); null for YouTube. */
  mediaFile: string | null;
  /** WebVTT captions, relative to index.html (e.g. "media/captions.vtt"); optional, null or absent when none. */
  captionsFile?: string | null;
  /** Seconds; null when unknown. */
  duration: number | null;
  skippingMode: SkippingMode;
  requireCorrect: boolean;
}

/** A question as the owner's view has it (extra fields such as videoId, createdAt and updatedAt are ignored). */
export interface ScormLessonQuestion {
  id: number;
  type: QuestionType;
  question: string;
  scenario?: string;
  options: unknown;
  correctAnswer: unknown;
  timestamp: number;
  topicTitle: string;
  topicStartTime: number;
  feedback: { correct: string; incorrect: string; explanation?: string };
}

declare global {
  interface Window {
    VEOLEARN_LESSON?: unknown;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isTextOrNull = (v: unknown): v is string | null => v === null || typeof v === 'string';

/** A relative path inside the package: no scheme, no host, no way out of the package. */
export function isPackagePath(path: string): boolean {
  return path !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(path) && !path.startsWith('/') && !path.startsWith('\\') && !path.split(/[\\/]/).includes('..');
}

/** Checks what lesson.js set; a readable reason when it is not a lesson. */
export function readLesson(value: unknown): { lesson: ScormLesson } | { error: string } {
  if (!isRecord(value)) return { error: 'lesson.js is missing or did not set window.VEOLEARN_LESSON.' };
  const { video, questions, scormVersion } = value;
  if (!isRecord(video) || !isNumber(video['id']) || typeof video['title'] !== 'string') return { error: 'The lesson has no video.' };
  if (!isTextOrNull(video['youtubeId']) || !isTextOrNull(video['mediaFile'])) return { error: 'The lesson video has no source.' };
  if (typeof video['mediaFile'] === 'string' && !isPackagePath(video['mediaFile'])) return { error: 'The lesson video must be a file inside the package.' };
  const captions = video['captionsFile'];
  if (captions !== undefined && !isTextOrNull(captions)) return { error: 'The lesson captions are damaged.' };
  if (typeof captions === 'string' && !isPackagePath(captions)) return { error: 'The lesson captions must be a file inside the package.' };
  if (!Array.isArray(questions) || !questions.every((q) => isRecord(q) && isNumber(q['id']) && isNumber(q['timestamp']) && typeof q['type'] === 'string')) {
    return { error: 'The lesson questions are damaged.' };
  }
  if (scormVersion !== '1.2' && scormVersion !== '2004') return { error: 'The lesson names no SCORM version.' };
  return { lesson: value as unknown as ScormLesson };
}

/** The domain question the graders take. */
export function toDomainQuestion(q: ScormLessonQuestion): Question {
  return {
    id: q.id,
    type: q.type,
    question: q.question,
    ...(q.scenario !== undefined ? { scenario: q.scenario } : {}),
    options: q.options,
    correctAnswer: q.correctAnswer,
    timestamp: q.timestamp,
    topicTitle: q.topicTitle ?? '',
    topicStartTime: q.topicStartTime ?? 0,
    feedback: { correct: q.feedback?.correct ?? '', incorrect: q.feedback?.incorrect ?? '', ...(q.feedback?.explanation ? { explanation: q.feedback.explanation } : {}) },
  } as Question;
}

/** What the player is given: the learner's view of the lesson (no answers, no feedback), media from the package. */
export function toPlaybackView(lesson: ScormLesson): PlaybackView {
  const { video } = lesson;
  const questions: PlaybackQuestion[] = lesson.questions.map((q) => ({
    id: q.id,
    type: q.type,
    question: q.question,
    ...(q.scenario !== undefined ? { scenario: q.scenario } : {}),
    options: q.options,
    timestamp: q.timestamp,
    topicTitle: q.topicTitle || null,
    topicStartTime: q.topicStartTime ?? null,
  }));
  const youtube = video.type !== 'upload';
  return {
    video: {
      id: video.id,
      title: video.title,
      type: video.type,
      duration: video.duration,
      status: 'ready',
      url: '',
      youtubeId: youtube ? video.youtubeId : null,
      thumbnailUrl: null,
      skippingMode: video.skippingMode,
      requireCorrect: video.requireCorrect === true,
      hasCaptions: Boolean(video.captionsFile),
      mediaUrl: youtube ? null : video.mediaFile,
      captionsUrl: video.captionsFile ?? '',
      published: true,
    },
    questions,
  };
}
