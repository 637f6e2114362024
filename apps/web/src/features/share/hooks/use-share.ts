import { useCallback, useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, serverMessage } from '../../../lib/session-client';
import { libraryKeys } from '../../library/library-query-keys';
import { setSharing } from '../../library/api/library-api';
import { playerKeys } from '../../player/player-query-keys';
import {
  downloadFile,
  fetchExportJob,
  fetchLtiGrades,
  fetchOwnerVideo,
  fetchText,
  isPlanRequired,
  ltiConfigPath,
  renameVideo,
  requestExport,
  resendLtiGrade,
  testScorm,
  type ExportJobView,
  type ExportRequest,
  type ExportResult,
  type LtiGradeView,
  type LtiVersion,
  type ScormVersion,
} from '../api/share-api';
import { shareKeys } from '../share-query-keys';

/** How often a SCORM build is polled while it runs. */
export const JOB_POLL_MS = 700;
const EXPORT_FAILED = 'An error occurred during export';

const notFound = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

/** The owner's video; a missing one is not retried, anything else once after 1 s (spec section 7). */
export function useOwnerVideoQuery(id: number) {
  return useQuery({
    queryKey: shareKeys.video(id),
    queryFn: () => fetchOwnerVideo(id),
    enabled: Number.isSafeInteger(id) && id > 0,
    retry: (count, error) => !notFound(error) && count < 1,
    retryDelay: 1000,
  });
}

/** Exporting or renaming changes what the library, the share page and any open player show. */
export function useRefreshLesson() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
        queryClient.invalidateQueries({ queryKey: [...shareKeys.all, 'video'] }),
        queryClient.invalidateQueries({ queryKey: [...playerKeys.all, 'playback'] }),
      ]),
    [queryClient],
  );
}

/** A new title is in the embed codes and LMS configurations too: every share answer of the lesson is re-read. */
export function useRenameMutation(id: number) {
  const queryClient = useQueryClient();
  const refresh = useRefreshLesson();
  return useMutation({
    mutationFn: (title: string) => renameVideo(id, title),
    onSuccess: (video) => {
      if (video) queryClient.setQueryData(shareKeys.video(id), video);
      return Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: shareKeys.all })]);
    },
  });
}

/**
 * Shares a private lesson when one of its links or embed codes is handed out (copied, opened):
 * a link that answers "Video not found" to learners would be useless.
 */
export function useShareOnUse(videoId: number, published: boolean) {
  const refresh = useRefreshLesson();
  const share = useMutation({
    mutationFn: () => setSharing(videoId, true),
    onSuccess: () => {
      toast({ title: 'Lesson shared', description: 'Anyone with the link can play it now.' });
      return refresh();
    },
    onError: (error: Error) =>
      toast({ variant: 'destructive', title: 'Sharing not changed', description: serverMessage(error) ?? 'The lesson is still private.' }),
  });
  const { mutate, isPending } = share;
  return useCallback(() => {
    if (!published && !isPending) mutate();
  }, [published, isPending, mutate]);
}

/** An export whose answer is read (share links, embed codes, LMS configurations); the lesson is published by it. */
export function useExportQuery<T extends ExportResult['type']>(videoId: number, request: ExportRequest & { format: T }, enabled = true) {
  const refresh = useRefreshLesson();
  const query = useQuery({
    queryKey: shareKeys.export(videoId, request),
    queryFn: () => requestExport(videoId, request) as Promise<Extract<ExportResult, { type: T }>>,
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    retry: (count, error) => !isPlanRequired(error) && !notFound(error) && count < 1,
  });
  const succeeded = query.isSuccess;
  useEffect(() => {
    if (succeeded) void refresh();
  }, [succeeded, refresh]);
  return query;
}

/** A configuration file's text (LTI 1.3 JSON, LTI 1.1 XML), to show and copy. */
export function useLtiConfigQuery(videoId: number, version: LtiVersion) {
  return useQuery({
    queryKey: shareKeys.ltiConfig(videoId, version),
    queryFn: () => fetchText(ltiConfigPath(videoId, version)),
    staleTime: Number.POSITIVE_INFINITY,
    retry: (count, error) => !isPlanRequired(error) && !notFound(error) && count < 1,
  });
}

/** Downloads a file route with the session; a failure says why in a toast. */
export function useDownload() {
  return useMutation({
    mutationFn: ({ path, filename }: { path: string; filename: string }) => downloadFile(path, filename),
    onError: (error: Error) =>
      toast({ variant: 'destructive', title: 'Download Failed', description: serverMessage(error) ?? 'The file could not be downloaded.' }),
  });
}

const isFinished = (job: ExportJobView | undefined) => job?.state === 'completed' || job?.state === 'failed';

/**
 * A SCORM package build: start it, follow its progress, then download the zip once (and again on
 * demand). A plan refusal (402) is kept as `planError` for the caller to show with an Upgrade link.
 */
export function useScormPackage(videoId: number) {
  const refresh = useRefreshLesson();
  const download = useDownload();
  const [jobId, setJobId] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: (scormVersion: ScormVersion) => requestExport(videoId, { format: 'scorm', scormVersion }),
    onSuccess: (result) => {
      if (result?.type === 'scorm') setJobId(result.data.job.id);
      void refresh();
    },
    onError: (error: Error) => {
      if (!isPlanRequired(error)) toast({ variant: 'destructive', title: 'Export Failed', description: serverMessage(error) ?? EXPORT_FAILED });
    },
  });
  const initial = start.data?.type === 'scorm' ? start.data.data.job : undefined;
  const job = useQuery({
    queryKey: shareKeys.job(jobId ?? ''),
    queryFn: () => fetchExportJob(jobId ?? ''),
    enabled: jobId !== null,
    initialData: initial?.id === jobId ? initial : undefined,
    refetchInterval: (query) => (isFinished(query.state.data) ? false : JOB_POLL_MS),
  });
  const current = jobId ? job.data : undefined;

  const handled = useRef<string | null>(null);
  const { mutate: save } = download;
  useEffect(() => {
    if (!current || !isFinished(current) || handled.current === current.id) return;
    handled.current = current.id;
    if (current.state === 'completed' && current.downloadUrl) {
      toast({ title: 'Export Complete', description: `${current.filename} is downloading.` });
      save({ path: current.downloadUrl, filename: current.filename });
    } else {
      toast({ variant: 'destructive', title: 'Export Failed', description: current.error ?? EXPORT_FAILED });
    }
  }, [current, save]);

  const planError = start.error && isPlanRequired(start.error) ? start.error : null;
  return {
    build: (version: ScormVersion) => {
      setJobId(null);
      start.mutate(version);
    },
    starting: start.isPending,
    job: current,
    running: start.isPending || (current !== undefined && !isFinished(current)),
    pollError: job.isError ? job.error : null,
    planError,
    downloading: download.isPending,
    downloadAgain: () => current?.downloadUrl && download.mutate({ path: current.downloadUrl, filename: current.filename }),
  };
}

/**
 * The SCORM check: the server validates the built package and may answer a page that runs it inside
 * an LMS runtime, opened in a new tab (the click's activation still covers a quick answer).
 */
export function useTestScorm(videoId: number) {
  const test = useMutation({ mutationFn: (version: ScormVersion) => testScorm(videoId, version) });
  const { mutate } = test;
  const run = useCallback(
    (version: ScormVersion) => {
      mutate(version, {
        onSuccess: (result) => {
          if (!result?.success) {
            toast({ variant: 'destructive', title: 'SCORM Test Failed', description: result?.errors?.[0] ?? 'Unknown error occurred' });
            return;
          }
          // Without 'noopener' window.open answers the tab (null when a pop-up blocker stopped it); the
          // opener link is cut by hand instead.
          const opened = result.testUrl ? window.open(result.testUrl, '_blank') : null;
          if (opened) opened.opener = null;
          toast({
            title: 'SCORM Test Successful',
            description: result.testUrl && !opened ? `The package passed its checks. Open ${result.testUrl} to play it.` : 'The package passed its checks.',
          });
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Test Failed',
            description: isPlanRequired(error) ? (serverMessage(error) ?? 'Unable to test SCORM package') : 'Unable to test SCORM package',
          }),
      });
    },
    [mutate],
  );
  return { run, testing: test.isPending };
}

/** The lesson's grades sent back to an LMS (owner only). */
export function useLtiGradesQuery(videoId: number) {
  return useQuery({
    queryKey: shareKeys.ltiGrades(videoId),
    queryFn: () => fetchLtiGrades(videoId),
    retry: (count, error) => !notFound(error) && count < 1,
  });
}

/** Resends a failed grade; the list shows the grade's new state at once, then is read again. */
export function useResendLtiGrade(videoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (gradeId: string) => resendLtiGrade(videoId, gradeId),
    onSuccess: (grade) => {
      queryClient.setQueryData<LtiGradeView[]>(shareKeys.ltiGrades(videoId), (grades) => grades?.map((g) => (g.id === grade.id ? grade : g)));
      toast({ title: 'Grade queued', description: 'It will be sent to the LMS again.' });
      return queryClient.invalidateQueries({ queryKey: shareKeys.ltiGrades(videoId) });
    },
    onError: (error: Error) =>
      toast({ variant: 'destructive', title: 'Grade not resent', description: serverMessage(error) ?? 'The grade could not be queued again.' }),
  });
}
