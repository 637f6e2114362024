import type { QuestionStatistics, QuestionType, ScoreBin } from '@veolearn/domain';
import type { Owner } from './library.messages';

/** Message patterns of a lesson's results for its owner, answered by the video-service. */
export const LessonResultsPatterns = {
  /** Owner: attempts (a page), per-question statistics and the score distribution. */
  get: 'results.get',
  /** Owner: the next chunk of the results CSV (the first chunk carries the header and the file name). */
  csvChunk: 'results.csv-chunk',
} as const;

/** Attempts listed on one page of the results (the CSV has them all). */
export const RESULTS_PAGE_SIZE_DEFAULT = 50;
export const RESULTS_PAGE_SIZE_MAX = 200;

export interface LessonResultsMessage {
  owner: Owner;
  videoId: number;
  page?: number;
  pageSize?: number;
}

/** One learner's attempt as the teacher sees it (never the learner id itself, which acts for the learner). */
export interface LessonAttemptView {
  id: string;
  /** The name to show: the learner's display name, else the LMS user's name, else "Anonymous <anonymousId>". */
  learner: string;
  /** What the learner typed before starting; null when they did not. */
  displayName: string | null;
  /** A short stable tag of the learner (a hash of their id), to tell anonymous learners apart. */
  anonymousId: string;
  /** The LMS user's name when the lesson was launched from an LMS (from the verified launch). */
  lmsUser: string | null;
  /** The LMS course of that launch. */
  lmsCourse: string | null;
  /** A signed-in VeoLearn user played it. */
  signedIn: boolean;
  status: 'completed' | 'in_progress';
  /** Percent 0..100, one decimal: first-try credits over every question. */
  score: number;
  correctCount: number;
  answeredCount: number;
  skippedCount: number;
  totalQuestions: number;
  /** Seconds of the video played (credited by the server against real time). */
  timeSpentSeconds: number;
  startedAt: string;
  completedAt: string | null;
  /** What the learner answered, in playing order (questions not reached yet are left out). */
  answers: LessonAttemptAnswer[];
}

/** One question of an attempt as the teacher sees it: how the first try went and what it was, in words. */
export interface LessonAttemptAnswer {
  interactionId: number;
  /** The first try: right, partly right (some credit), wrong; or skipped. */
  result: 'correct' | 'partly_correct' | 'incorrect' | 'skipped';
  /** The first try's credit, 0..1. */
  credit: number;
  tries: number;
  /** The first try's answer in words ('' for a skip). */
  answer: string;
}

export interface LessonQuestionResult extends QuestionStatistics {
  interactionId: number;
  /** 1-based, in playing order. */
  number: number;
  question: string;
  type: QuestionType;
  timestamp: number;
  topicTitle: string | null;
  /** The correct answer in words. */
  correctAnswer: string;
}

export interface LessonResultsSummary {
  /** Attempts that count: completed and in progress (a restarted attempt is replaced by its new one). */
  attempts: number;
  completed: number;
  inProgress: number;
  /** Distinct learners (browsers or LMS users). */
  learners: number;
  /** Mean score of the completed attempts; null before the first completes. */
  averageScore: number | null;
  /** Mean time spent of the completed attempts, seconds; null before the first completes. */
  averageTimeSpentSeconds: number | null;
}

/** GET /api/videos/{id}/results */
export interface LessonResultsView {
  video: { id: number; title: string; questionCount: number; published: boolean };
  summary: LessonResultsSummary;
  /** Newest first, one page of them. */
  attempts: { items: LessonAttemptView[]; total: number; page: number; pageSize: number };
  questions: LessonQuestionResult[];
  /** The completed attempts' scores in ten bins (0–9 … 90–100). */
  scoreDistribution: ScoreBin[];
}

export interface LessonResultsCsvMessage {
  owner: Owner;
  videoId: number;
  /** null for the first chunk; then the cursor the previous chunk answered. */
  cursor: string | null;
}

export interface LessonResultsCsvChunk {
  /** veolearn-<lesson-slug>-results-<yyyy-mm-dd>.csv */
  fileName: string;
  /** CSV text: the first chunk starts with a byte order mark and the header. */
  csv: string;
  /** Where the next chunk starts; null after the last. */
  cursor: string | null;
}
