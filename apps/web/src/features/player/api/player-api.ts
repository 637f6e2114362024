import type { GamificationView } from '@veolearn/contracts/types';
import type { AnswerStatus, QuestionType, SkippingMode } from '@veolearn/domain';
import { ApiError, apiRequest, getToken } from '../../../lib/session-client';
import { playerKeys } from '../player-query-keys';
import { getDisplayName } from '../model/display-name';
import type { AttemptBackend } from './attempt-backend';

/**
 * The learner's side of the API (mirrors PlaybackView and the attempt shapes of libs/contracts
 * library.messages.ts; the web app may only import the domain lib).
 */

export type PlayableVideoType = 'youtube' | 'youtube_vr' | 'upload';

export interface PlaybackVideo {
  id: number;
  title: string;
  type: PlayableVideoType;
  /** Seconds; null while unknown. */
  duration: number | null;
  status: 'draft' | 'processing' | 'ready' | 'failed';
  url: string;
  youtubeId: string | null;
  thumbnailUrl: string | null;
  skippingMode: SkippingMode;
  requireCorrect: boolean;
  /** Points and achievements for this lesson (issue 14); absent in a SCORM package, which has none. */
  gamification?: boolean;
  hasCaptions: boolean;
  /** '/api/media/{id}' for an uploaded file (signed for a private lesson's owner); null for YouTube videos. */
  mediaUrl: string | null;
  /** '/api/media/{id}/poster' when the upload has a poster frame (signed like mediaUrl); absent in a SCORM package. */
  posterUrl?: string | null;
  /** Where the captions are read ('/api/videos/{id}/captions.vtt', signed for a private lesson's owner). */
  captionsUrl: string;
  /** Shared by link; false: only its owner can play it (the owner is the one seeing it). */
  published: boolean;
}

/** A question before it is answered: no correct answer, no feedback. Options in their stored order. */
export interface PlaybackQuestion {
  id: number;
  type: QuestionType;
  question: string;
  scenario?: string;
  options: unknown;
  timestamp: number;
  topicTitle: string | null;
  topicStartTime: number | null;
}

export interface PlaybackView {
  video: PlaybackVideo;
  questions: PlaybackQuestion[];
  /** The signed-in viewer owns the lesson: only then are the creator links shown. Absent in a SCORM package. */
  viewerIsOwner?: boolean;
}

export interface FeedbackView {
  correct?: string;
  incorrect?: string;
  explanation?: string;
}

export interface AnswerView {
  interactionId: number;
  status: AnswerStatus;
  response: unknown;
  /** null while a wrong answer must still be corrected ("require correct"). */
  correctAnswer: unknown;
  feedback: FeedbackView;
  credit: number;
  /** Tries on this question in this attempt. */
  attempts: number;
  /**
   * A wrong first try whose answer is not shown yet: the question is asked once more (after Review
   * Chapter) until answered again or revealed by Continue Video. The SCORM package never sets it.
   */
  secondTry?: boolean;
  answeredAt: string;
  timeTakenMs: number | null;
  /**
   * No tries left (the SCORM 2004 package allows 3 per question): a wrong answer is then settled even
   * with "require correct", and its answer is shown. The attempts API never sets it.
   */
  final?: boolean;
}

export interface AttemptView {
  id: string;
  videoId: number;
  status: 'in_progress' | 'completed' | 'abandoned';
  startedAt: string;
  completedAt: string | null;
  lastPosition: number;
  watchTimeSeconds: number;
  totalQuestions: number;
  /** Answered questions (skips excluded). */
  answeredCount: number;
  /** Right on the first try. */
  correctCount: number;
  skippedCount: number;
  /** Percent, one decimal. */
  score: number;
  skippingMode: SkippingMode;
  requireCorrect: boolean;
  /** Seconds the learner may seek or play to right now; null = no limit. */
  maxAllowedPosition: number | null;
  answers: AnswerView[];
  /** The learner's points, streaks, level and achievements; null when the lesson has them off, absent in a SCORM package. */
  gamification?: GamificationView | null;
}

export interface AnswerResult {
  correct: boolean;
  credit: number;
  correctAnswer: unknown;
  feedback: FeedbackView;
  attempt: AttemptView;
  /** That was the last try allowed (see AnswerView.final): the learner goes on instead of trying again. */
  final?: boolean;
}

export interface AttemptResultRow {
  interactionId: number;
  question: string;
  type: QuestionType;
  topicTitle: string | null;
  timestamp: number;
  status: AnswerStatus | 'unanswered';
  response: unknown;
  correctAnswer: unknown;
  credit: number;
  timeTakenMs: number | null;
}

export interface AttemptResults extends AttemptView {
  rows: AttemptResultRow[];
}

/** A progress report the video's mode refused: go back to allowedPosition. */
export interface ProgressRefusal {
  message: string;
  allowedPosition: number;
}

export type ProgressOutcome = { attempt: AttemptView } | { refused: ProgressRefusal };

/**
 * The player's calls are public: a stale token must not send a learner to the sign-in page, so a
 * 401/403 is an error of the call, never the end of a session.
 */
async function call<T>(method: string, url: string, body?: unknown, signal?: AbortSignal, headers?: Record<string, string>): Promise<T> {
  const result = await apiRequest<T>(method, url, body, { on401: 'returnNull', signal, headers });
  if (result === null) throw new ApiError(401, '', 'Unauthorized');
  return result;
}

/** True for the answers that mean "there is no such video" (a malformed id is refused with 400). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

export function fetchPlayback(videoId: number, signal?: AbortSignal): Promise<PlaybackView> {
  return call<PlaybackView>('GET', `/api/play/${videoId}`, undefined, signal);
}

/** Who starts an attempt, for the teacher's results: the learner's optional name, and the LMS launch it came from. */
export interface StartAttemptExtras {
  displayName?: string | null;
  launchToken?: string | null;
}

/**
 * Resumes the learner's attempt in progress, or starts one; restart abandons it and starts afresh. A
 * display name is kept on the attempt; a launch token lets the server name the LMS user (it checks it).
 */
export function startAttempt(videoId: number, learnerId: string, restart = false, extras: StartAttemptExtras = {}): Promise<AttemptView> {
  const body: { learnerId: string; restart?: boolean; displayName?: string } = { learnerId };
  if (restart) body.restart = true;
  if (extras.displayName) body.displayName = extras.displayName;
  return call<AttemptView>('POST', `/api/play/${videoId}/attempts`, body, undefined, extras.launchToken ? { 'X-LTI-Launch': extras.launchToken } : undefined);
}

export function answerQuestion(
  attemptId: string,
  body: { learnerId: string; interactionId: number; response: unknown; timeTakenMs?: number },
): Promise<AnswerResult> {
  return call<AnswerResult>('POST', `/api/attempts/${attemptId}/answers`, body);
}

/** Continue Video after a wrong first try: settles the question and answers its correct answer and feedback. */
export function revealAnswer(attemptId: string, body: { learnerId: string; interactionId: number }): Promise<AnswerResult> {
  return call<AnswerResult>('POST', `/api/attempts/${attemptId}/reveal`, body);
}

export function skipQuestion(attemptId: string, body: { learnerId: string; interactionId: number }): Promise<AnswerResult> {
  return call<AnswerResult>('POST', `/api/attempts/${attemptId}/skip`, body);
}

function refusalOf(error: unknown): ProgressRefusal | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  try {
    const body = JSON.parse(error.body) as Partial<ProgressRefusal>;
    if (typeof body.allowedPosition === 'number') {
      return { message: body.message ?? 'This video does not allow skipping ahead.', allowedPosition: body.allowedPosition };
    }
  } catch {
    // Not the refusal shape: a plain error.
  }
  return null;
}

/** Position and watch time; a 409 refusal (the video's skipping mode) is an outcome, not an error. */
export async function reportProgress(
  attemptId: string,
  body: { learnerId: string; position: number; watchedSeconds: number },
): Promise<ProgressOutcome> {
  try {
    return await call<{ attempt: AttemptView }>('POST', `/api/attempts/${attemptId}/progress`, body);
  } catch (error) {
    const refused = refusalOf(error);
    if (refused) return { refused };
    throw error;
  }
}

/**
 * The last report when the page goes away: a keepalive request outlives the page. Its answer is not read.
 */
export function reportProgressOnLeave(attemptId: string, body: { learnerId: string; position: number; watchedSeconds: number }): void {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  const token = getToken();
  if (token) headers['Authorization'] = `Bearer ${token}`;
  void fetch(`/api/attempts/${attemptId}/progress`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
    keepalive: true,
    credentials: 'include',
  }).catch(() => undefined);
}

export function completeAttempt(attemptId: string, learnerId: string): Promise<AttemptView> {
  return call<AttemptView>('POST', `/api/attempts/${attemptId}/complete`, { learnerId });
}

export function fetchAttemptResults(attemptId: string, learnerId: string, signal?: AbortSignal): Promise<AttemptResults> {
  return call<AttemptResults>('GET', `/api/attempts/${attemptId}?learnerId=${encodeURIComponent(learnerId)}`, undefined, signal);
}

/**
 * Tells the server the media's duration once it is known (only the owner may, and only while the video
 * has none): best effort, a refusal changes nothing for the learner.
 */
export async function reportDuration(videoId: number, duration: number): Promise<boolean> {
  if (!getToken()) return false;
  try {
    const result = await apiRequest('PUT', `/api/videos/${videoId}/settings`, { duration }, { on401: 'returnNull' });
    return result !== null;
  } catch {
    return false;
  }
}

/** The video's WebVTT captions from the playback view's captionsUrl, or null when it has none (404). */
export async function fetchCaptions(url: string, signal?: AbortSignal): Promise<string | null> {
  const response = await fetch(url, { headers: { Accept: 'text/vtt' }, signal });
  if (response.status === 404) return null;
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  return response.text();
}


/**
 * The web app's backend: the learner's attempt on the server, through the attempts API. Every start
 * (a resume too) sends the name the learner gave, read when it starts, and the LMS launch's token.
 */
export function createHttpAttemptBackend(videoId: number, learnerId: string, launchToken: string | null = null): AttemptBackend {
  return {
    key: playerKeys.attempt(videoId, learnerId),
    start: (restart = false) => startAttempt(videoId, learnerId, restart, { displayName: launchToken ? null : getDisplayName(), launchToken }),
    answer: (attempt, interactionId, response, timeTakenMs) =>
      answerQuestion(attempt.id, { learnerId, interactionId, response, timeTakenMs: Math.round(timeTakenMs) }),
    skip: (attempt, interactionId) => skipQuestion(attempt.id, { learnerId, interactionId }),
    reveal: (attempt, interactionId) => revealAnswer(attempt.id, { learnerId, interactionId }),
    progress: (attempt, report) => reportProgress(attempt.id, { learnerId, ...report }),
    progressOnLeave: (attempt, report) => reportProgressOnLeave(attempt.id, { learnerId, ...report }),
    complete: (attempt) => completeAttempt(attempt.id, learnerId),
    results: (attempt) => fetchAttemptResults(attempt.id, learnerId),
    reportDuration: (seconds) => void reportDuration(videoId, seconds),
  };
}
