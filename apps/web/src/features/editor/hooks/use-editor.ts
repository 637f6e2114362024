import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/session-client';
import { renameVideo } from '../../library/api/library-api';
import { libraryKeys } from '../../library/library-query-keys';
import {
  createInteraction,
  deleteInteraction,
  fetchEditorVideo,
  fetchInteractions,
  updateInteraction,
  updateVideoSettings,
  type EditorVideo,
  type InteractionList,
  type InteractionView,
  type QuestionPayload,
  type VideoSettings,
} from '../api/editor-api';
import { editorKeys } from '../editor-query-keys';

/** A missing video or a refused request will not change on a retry; a network or server error may. */
function retryServerErrors(failures: number, error: Error): boolean {
  return !(error instanceof ApiError && error.status < 500) && failures < 1;
}

const FRESH = { staleTime: 0, retry: retryServerErrors } as const;

export function useEditorVideoQuery(id: number, enabled: boolean) {
  return useQuery({ queryKey: editorKeys.video(id), queryFn: ({ signal }) => fetchEditorVideo(id, signal), enabled, ...FRESH });
}

export function useInteractionsQuery(videoId: number, enabled: boolean) {
  return useQuery({
    queryKey: editorKeys.interactions(videoId),
    queryFn: ({ signal }) => fetchInteractions(videoId, signal),
    enabled,
    ...FRESH,
  });
}

/** Keeps the cached list in step with one changed question, in timeline order, without a refetch flash. */
function byTime(a: InteractionView, b: InteractionView): number {
  return a.timestamp - b.timestamp || a.id - b.id;
}

function useListCache(videoId: number) {
  const client = useQueryClient();
  const key = editorKeys.interactions(videoId);
  return {
    put(question: InteractionView) {
      client.setQueryData<InteractionList>(key, (list) =>
        list ? { ...list, items: [...list.items.filter((q) => q.id !== question.id), question].sort(byTime) } : list,
      );
    },
    remove(id: number) {
      client.setQueryData<InteractionList>(key, (list) => (list ? { ...list, items: list.items.filter((q) => q.id !== id) } : list));
    },
    /** The dashboard's question counts and analytics change with the questions. */
    refreshLibrary() {
      return client.invalidateQueries({ queryKey: libraryKeys.all });
    },
  };
}

export function useCreateQuestionMutation(videoId: number) {
  const cache = useListCache(videoId);
  return useMutation({
    mutationFn: (question: QuestionPayload) => createInteraction(videoId, question),
    onSuccess: (created) => {
      cache.put(created);
      return cache.refreshLibrary();
    },
  });
}

export function useUpdateQuestionMutation(videoId: number) {
  const cache = useListCache(videoId);
  return useMutation({
    mutationFn: ({ id, question }: { id: number; question: QuestionPayload; revision: number }) => updateInteraction(id, question),
    onSuccess: (saved) => {
      cache.put(saved);
      return cache.refreshLibrary();
    },
  });
}

export function useDeleteQuestionMutation(videoId: number) {
  const cache = useListCache(videoId);
  return useMutation({
    mutationFn: (id: number) => deleteInteraction(id),
    onSuccess: (_result, id) => {
      cache.remove(id);
      return cache.refreshLibrary();
    },
  });
}

export function useVideoSettingsMutation(videoId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: VideoSettings) => updateVideoSettings(videoId, settings),
    onSuccess: (video) => {
      client.setQueryData<EditorVideo>(editorKeys.video(videoId), (old) => (old ? { ...old, ...video } : video));
    },
  });
}

/** Renames the lesson (PUT /api/videos/{id}); the editor, the dashboard and the share page then show the new title. */
export function useRenameLessonMutation(videoId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (title: string) => renameVideo(videoId, title),
    onSuccess: (video) => {
      client.setQueryData<EditorVideo>(editorKeys.video(videoId), (old) => (old ? { ...old, ...video } : video));
      return client.invalidateQueries({ queryKey: libraryKeys.all });
    },
  });
}
