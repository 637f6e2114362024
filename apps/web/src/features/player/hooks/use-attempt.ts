import { useCallback, useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  answerQuestion,
  type AttemptView,
  completeAttempt,
  fetchAttemptResults,
  reportProgress,
  skipQuestion,
  startAttempt,
} from '../api/player-api';
import { playerKeys } from '../player-query-keys';

/**
 * The learner's attempt at a video, kept in the query cache: resumed (or started) when the player opens,
 * updated by every answer, skip and progress report, replaced on Start Over / Retry Activity.
 */
export function useAttempt(videoId: number, learnerId: string, enabled: boolean) {
  const queryClient = useQueryClient();
  const key = useMemo(() => playerKeys.attempt(videoId, learnerId), [videoId, learnerId]);
  const query = useQuery({
    queryKey: key,
    queryFn: () => startAttempt(videoId, learnerId),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: 1,
  });

  const set = useCallback((attempt: AttemptView) => queryClient.setQueryData(key, attempt), [queryClient, key]);
  const current = useCallback(() => queryClient.getQueryData<AttemptView>(key), [queryClient, key]);

  const actions = useMemo(
    () => ({
      async answer(interactionId: number, response: unknown, timeTakenMs: number) {
        const attempt = requireAttempt(current());
        const result = await answerQuestion(attempt.id, { learnerId, interactionId, response, timeTakenMs: Math.round(timeTakenMs) });
        set(result.attempt);
        return result;
      },
      async skip(interactionId: number) {
        const attempt = requireAttempt(current());
        const result = await skipQuestion(attempt.id, { learnerId, interactionId });
        set(result.attempt);
        return result;
      },
      /**
       * Progress answers carry the whole attempt, but an answer given while the report was on its way may
       * be missing from it: only the position fields are taken over.
       */
      async progress(position: number, watchedSeconds: number) {
        const attempt = current();
        if (!attempt || attempt.status !== 'in_progress') return null;
        const outcome = await reportProgress(attempt.id, { learnerId, position, watchedSeconds });
        if ('attempt' in outcome) {
          const latest = current();
          if (latest && latest.id === outcome.attempt.id) {
            const { lastPosition, watchTimeSeconds, maxAllowedPosition } = outcome.attempt;
            set({ ...latest, lastPosition, watchTimeSeconds, maxAllowedPosition });
          }
        }
        return outcome;
      },
      async complete() {
        const attempt = requireAttempt(current());
        const done = await completeAttempt(attempt.id, learnerId);
        set(done);
        return fetchAttemptResults(done.id, learnerId);
      },
      /** Re-reads the attempt in progress (after a 409 said the page was out of date). */
      async refresh() {
        const attempt = await startAttempt(videoId, learnerId);
        set(attempt);
        return attempt;
      },
      async restart() {
        const attempt = await startAttempt(videoId, learnerId, true);
        set(attempt);
        return attempt;
      },
    }),
    [current, set, learnerId, videoId],
  );

  return { query, attempt: query.data, current, ...actions };
}

function requireAttempt(attempt: AttemptView | undefined): AttemptView {
  if (!attempt) throw new Error('The activity has not started yet.');
  return attempt;
}
