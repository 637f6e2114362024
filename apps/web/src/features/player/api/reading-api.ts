import { ApiError, apiRequest } from '../../../lib/session-client';

/** One chapter to read (mirrors ReadingChapterView of libs/contracts library.messages.ts). */
export interface ReadingChapter {
  title: string;
  startTime: number;
  endTime: number;
  /** Plain text, paragraphs separated by a blank line; '' when the lesson has no transcript for it. */
  text: string;
  questionIds: number[];
}

/** GET /api/play/{id}/reading: the lesson as text, chapter by chapter. */
export interface ReadingView {
  videoId: number;
  title: string;
  hasText: boolean;
  chapters: ReadingChapter[];
}

/** Public like the playback view: a stale token is an error of the call, never the end of a session. */
export async function fetchReading(videoId: number, signal?: AbortSignal): Promise<ReadingView> {
  const result = await apiRequest<ReadingView>('GET', `/api/play/${videoId}/reading`, undefined, { on401: 'returnNull', signal });
  if (result === null) throw new ApiError(401, '', 'Unauthorized');
  return result;
}
