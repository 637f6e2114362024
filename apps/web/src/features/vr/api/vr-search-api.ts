import type { VrSearchAnswer } from '@veolearn/contracts/types';
import { ApiError, apiRequest } from '../../../lib/session-client';
import { VR_SEARCH_RESULTS_COUNT } from './vr-search-constants';

/** A VR hub result and the search's answer: the contracts' own shapes (types only). */
export type { VrSearchAnswer, VrSearchResult } from '@veolearn/contracts/types';

/**
 * GET /api/youtube/search: VR results first (the server sorts). A 401 is an error of the call here
 * (the hub asks the learner to sign in), never the end of a session elsewhere.
 */
export async function searchVrVideos(query: string, signal?: AbortSignal): Promise<VrSearchAnswer> {
  const params = new URLSearchParams({ q: query, maxResults: String(VR_SEARCH_RESULTS_COUNT) });
  const answer = await apiRequest<VrSearchAnswer>('GET', `/api/youtube/search?${params.toString()}`, undefined, { on401: 'returnNull', signal });
  if (answer === null) throw new ApiError(401, '', 'Unauthorized');
  return answer;
}

export type SearchFailure = 'signIn' | 'notConfigured' | 'failed';

/** Why a search failed, for an honest message: no session, no YouTube key on the server, or anything else. */
export function searchFailure(error: unknown): SearchFailure {
  if (error instanceof ApiError) {
    if (error.status === 401 || error.status === 403) return 'signIn';
    if (error.status === 503) return 'notConfigured';
  }
  return 'failed';
}
