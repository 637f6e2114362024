import type { ReadingChapterView, ReadingView } from '@veolearn/contracts/types';
import { ApiError, apiRequest } from '../../../lib/session-client';

export type { ReadingView };
/** One chapter to read: its title, span of the video, plain text (paragraphs split by a blank line) and question ids. */
export type ReadingChapter = ReadingChapterView;

/** Public like the playback view: a stale token is an error of the call, never the end of a session. */
export async function fetchReading(videoId: number, signal?: AbortSignal): Promise<ReadingView> {
  const result = await apiRequest<ReadingView>('GET', `/api/play/${videoId}/reading`, undefined, { on401: 'returnNull', signal });
  if (result === null) throw new ApiError(401, '', 'Unauthorized');
  return result;
}
