import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FolderColor } from '@veolearn/domain';
import {
  createFolder,
  createVideo,
  deleteFolder,
  deleteVideo,
  fetchFolders,
  fetchPlanUsage,
  fetchUserAnalytics,
  fetchVideos,
  moveVideo,
  renameVideo,
  setSharing,
  updateFolder,
  type FolderId,
} from '../api/library-api';
import { libraryKeys } from '../library-query-keys';
import { authKeys } from '../../auth/auth-query-keys';
import { playerKeys } from '../../player/player-query-keys';

/** Opening a folder refreshes its lists (spec): cached lists show at once and are re-read behind them. */
const REFRESH_ON_OPEN = { staleTime: 0 } as const;

export function useVideosQuery(folder: FolderId) {
  return useQuery({
    queryKey: libraryKeys.videos(folder),
    queryFn: ({ signal }) => fetchVideos(folder, signal),
    ...REFRESH_ON_OPEN,
  });
}

export function useFoldersQuery(parent: FolderId) {
  return useQuery({
    queryKey: libraryKeys.folders(parent),
    queryFn: ({ signal }) => fetchFolders(parent, signal),
    ...REFRESH_ON_OPEN,
  });
}

/** Every folder of the user: the move menu and the breadcrumbs. */
export function useAllFoldersQuery() {
  return useQuery({ queryKey: libraryKeys.allFolders(), queryFn: ({ signal }) => fetchFolders(undefined, signal) });
}

/** The plan counter; always asked afresh when a screen that shows it opens. */
export function usePlanUsageQuery() {
  return useQuery({ queryKey: libraryKeys.usage(), queryFn: ({ signal }) => fetchPlanUsage(signal), staleTime: 0, refetchOnMount: 'always' });
}

export function useUserAnalyticsQuery() {
  return useQuery({ queryKey: libraryKeys.analytics(), queryFn: ({ signal }) => fetchUserAnalytics(signal) });
}

/**
 * Callbacks that run even when the calling component unmounted meanwhile (a moved or deleted card),
 * before the lists are refreshed.
 */
export interface MutationCallbacks<TData> {
  onSuccess?: (data: TData) => void;
  onError?: (error: Error) => void;
}

/** After any library change every list, the analytics and the user's video count may be stale. */
function useInvalidateLibrary() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
      queryClient.invalidateQueries({ queryKey: authKeys.user() }),
    ]);
}

export function useCreateVideoMutation(callbacks: MutationCallbacks<unknown> = {}) {
  const invalidate = useInvalidateLibrary();
  return useMutation({
    mutationFn: (body: { youtubeUrl: string; title: string; folderId: FolderId }) => createVideo(body),
    onSuccess: (data: unknown) => {
      callbacks.onSuccess?.(data);
      return invalidate();
    },
    onError: (error: Error) => callbacks.onError?.(error),
  });
}

export function useRenameVideoMutation(callbacks: MutationCallbacks<unknown> = {}) {
  const invalidate = useInvalidateLibrary();
  return useMutation({
    mutationFn: ({ id, title }: { id: number; title: string }) => renameVideo(id, title),
    onSuccess: (data: unknown) => {
      callbacks.onSuccess?.(data);
      return invalidate();
    },
    onError: (error: Error) => callbacks.onError?.(error),
  });
}

export function useMoveVideoMutation(callbacks: MutationCallbacks<unknown> = {}) {
  const invalidate = useInvalidateLibrary();
  return useMutation({
    mutationFn: ({ id, folderId }: { id: number; folderId: FolderId }) => moveVideo(id, folderId),
    onSuccess: (data: unknown) => {
      callbacks.onSuccess?.(data);
      return invalidate();
    },
    onError: (error: Error) => callbacks.onError?.(error),
  });
}

/** Shares a lesson by link or makes it private; the library and any open player of it refresh. */
export function useSharingMutation(callbacks: MutationCallbacks<unknown> = {}) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateLibrary();
  return useMutation({
    mutationFn: ({ id, published }: { id: number; published: boolean }) => setSharing(id, published),
    onSuccess: (data: unknown) => {
      callbacks.onSuccess?.(data);
      return Promise.all([invalidate(), queryClient.invalidateQueries({ queryKey: [...playerKeys.all, 'playback'] })]);
    },
    onError: (error: Error) => callbacks.onError?.(error),
  });
}

export function useDeleteVideoMutation(callbacks: MutationCallbacks<unknown> = {}) {
  const invalidate = useInvalidateLibrary();
  return useMutation({ mutationFn: (id: number) => deleteVideo(id), onSuccess: (data: unknown) => {
      callbacks.onSuccess?.(data);
      return invalidate();
    },
    onError: (error: Error) => callbacks.onError?.(error),
  });
}

export function useCreateFolderMutation(callbacks: MutationCallbacks<unknown> = {}) {
  const invalidate = useInvalidateLibrary();
  return useMutation({
    mutationFn: (body: { name: string; parentId: FolderId; color: FolderColor; icon: string }) => createFolder(body),
    onSuccess: (data: unknown) => {
      callbacks.onSuccess?.(data);
      return invalidate();
    },
    onError: (error: Error) => callbacks.onError?.(error),
  });
}

export function useUpdateFolderMutation(callbacks: MutationCallbacks<unknown> = {}) {
  const invalidate = useInvalidateLibrary();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number; name?: string; color?: FolderColor }) => updateFolder(id, body),
    onSuccess: (data: unknown) => {
      callbacks.onSuccess?.(data);
      return invalidate();
    },
    onError: (error: Error) => callbacks.onError?.(error),
  });
}

export function useDeleteFolderMutation(callbacks: MutationCallbacks<unknown> = {}) {
  const invalidate = useInvalidateLibrary();
  return useMutation({ mutationFn: (id: number) => deleteFolder(id), onSuccess: (data: unknown) => {
      callbacks.onSuccess?.(data);
      return invalidate();
    },
    onError: (error: Error) => callbacks.onError?.(error),
  });
}
