import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authKeys } from '../../auth/auth-query-keys';
import { libraryKeys } from '../../library/library-query-keys';
import { fetchGenerationJob, startGeneration, type GenerationJobView, type GenerationRequest, type StartGenerationResult } from '../api/create-api';
import { createKeys } from '../create-query-keys';
import { isJobFinished } from '../wizard-rules';

/** How often a running job is asked for its progress. */
export const JOB_POLL_MS = 700;

export interface GenerationCallbacks {
  onStarted: (result: StartGenerationResult) => void;
  onStartFailed: (error: Error) => void;
  onCompleted: (job: GenerationJobView) => void;
  onFailed: (message: string, job: GenerationJobView | null) => void;
}

/** Polls one job every 700 ms until it is completed or failed; passing tries of a lost connection are retried. */
export function useGenerationJob(job: GenerationJobView | null) {
  return useQuery({
    queryKey: createKeys.job(job?.id ?? ''),
    queryFn: () => fetchGenerationJob(job?.id ?? ''),
    enabled: job !== null,
    initialData: job ?? undefined,
    staleTime: 0,
    retry: 3,
    retryDelay: JOB_POLL_MS,
    refetchInterval: (query) => (query.state.status === 'error' || isJobFinished(query.state.data?.state) ? false : JOB_POLL_MS),
    // Generation goes on while the creator looks at another browser tab.
    refetchIntervalInBackground: true,
  });
}

/**
 * Starts generation (POST /api/youtube/transcript-paste) and follows its job. Each finished job is
 * reported once: completed with its questions, failed with the server's reason.
 */
export function useGeneration(callbacks: GenerationCallbacks) {
  const [started, setStarted] = useState<StartGenerationResult | null>(null);
  const reported = useRef<string | null>(null);
  const latest = useRef(callbacks);
  latest.current = callbacks;
  const queryClient = useQueryClient();

  const start = useMutation({
    mutationFn: (body: GenerationRequest) => startGeneration(body),
    onSuccess: (result) => {
      setStarted(result);
      latest.current.onStarted(result);
      // The new video counts against the plan and appears in the library.
      void queryClient.invalidateQueries({ queryKey: libraryKeys.all });
      void queryClient.invalidateQueries({ queryKey: authKeys.user() });
    },
    onError: (error) => latest.current.onStartFailed(error),
  });

  const jobQuery = useGenerationJob(started?.job ?? null);
  const job = started ? (jobQuery.data ?? started.job) : null;

  useEffect(() => {
    if (!started || reported.current === started.job.id) return;
    if (jobQuery.isError) {
      reported.current = started.job.id;
      latest.current.onFailed('Lost contact with the generation job. Please check your connection and try again.', null);
      setStarted(null);
      return;
    }
    if (!job || !isJobFinished(job.state)) return;
    reported.current = started.job.id;
    void queryClient.invalidateQueries({ queryKey: libraryKeys.all });
    if (job.state === 'completed') latest.current.onCompleted(job);
    else latest.current.onFailed(job.error || 'Failed to generate interactive video', job);
    setStarted(null);
  }, [started, job, jobQuery.isError, queryClient]);

  return {
    start: (body: GenerationRequest) => start.mutate(body),
    starting: start.isPending,
    /** The running job (null when none runs). */
    job: started ? job : null,
  };
}
