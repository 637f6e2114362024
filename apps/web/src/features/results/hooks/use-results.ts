import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, serverMessage } from '../../../lib/session-client';
import { downloadResultsCsv, fetchLessonResults } from '../api/results-api';
import { resultsKeys } from '../results-query-keys';

const notFound = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

/** One page of the lesson's results; a missing lesson is not retried. The previous page stays while the next loads. */
export function useLessonResultsQuery(id: number, page: number) {
  return useQuery({
    queryKey: resultsKeys.lesson(id, page),
    queryFn: () => fetchLessonResults(id, page),
    retry: (count, error) => !notFound(error) && count < 1,
    retryDelay: 1000,
    placeholderData: keepPreviousData,
  });
}

export function useDownloadResultsCsv(id: number) {
  return useMutation({
    mutationFn: () => downloadResultsCsv(id),
    onError: (error: Error) =>
      toast({ variant: 'destructive', title: 'Download Failed', description: serverMessage(error) ?? 'The results could not be downloaded.' }),
  });
}

export { notFound as isResultsNotFound };
