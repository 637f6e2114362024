import { useCallback, useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AttemptBackend } from '../api/attempt-backend';
import type { AttemptView } from '../api/player-api';

/**
 * The learner's attempt at a video, kept in the query cache: resumed (or started) when the player opens,
 * updated by every answer, skip and progress report, replaced on Start Over / Retry Activity. Where it
 * lives (the attempts API, or the SCORM package's LMS) is the backend's business.
 */
export function useAttempt(backend: AttemptBackend, enabled: boolean) {
  const queryClient = useQueryClient();
  const key = backend.key;
  const query = useQuery({
    queryKey: key,
    queryFn: () => backend.start(),
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
        const result = await backend.answer(attempt, interactionId, response, timeTakenMs);
        set(result.attempt);
        return result;
      },
      /** Continue Video after a wrong first try: the answer from the backend, or null when it gave it with the try. */
      async reveal(interactionId: number) {
        const attempt = requireAttempt(current());
        if (!backend.reveal) return null;
        const result = await backend.reveal(attempt, interactionId);
        set(result.attempt);
        return result;
      },
      async skip(interactionId: number) {
        const attempt = requireAttempt(current());
        const result = await backend.skip(attempt, interactionId);
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
        const outcome = await backend.progress(attempt, { position, watchedSeconds });
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
        const done = await backend.complete(attempt);
        set(done);
        return backend.results(done);
      },
      /** Re-reads the attempt in progress (after a 409 said the page was out of date). */
      async refresh() {
        const attempt = await backend.start();
        set(attempt);
        return attempt;
      },
      async restart() {
        const attempt = await backend.start(true);
        set(attempt);
        return attempt;
      },
    }),
    [current, set, backend],
  );

  return { query, attempt: query.data, current, ...actions };
}

function requireAttempt(attempt: AttemptView | undefined): AttemptView {
  if (!attempt) throw new Error('The activity has not started yet.');
  return attempt;
}
