import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FolderColor } from '@veolearn/domain';
import {
  createFolder,
  createVideo,
  deleteFolder,
  deleteVideo,
  fetchFolders,
  fetchUserAnalytics,
  fetchVideos,
  moveVideo,
  renameVideo,
  updateFolder,
  type FolderId,
} from '../api/library-api';
import { libraryKeys } from '../library-query-keys';
import { authKeys } from '../../auth/auth-query-keys';

export function useVideosQuery(folder: FolderId) {
  return useQuery({ queryKey: libraryKeys.videos(folder), queryFn: ({ signal }) => fetchVideos(folder, signal) });
}

export function useFoldersQuery(parent: FolderId) {
  return useQuery({ queryKey: libraryKeys.folders(parent), queryFn: ({ signal }) => fetchFolders(parent, signal) });
}

/** Every folder of the user: the move menu and the breadcrumbs. */
export function useAllFoldersQuery() {
  return useQuery({ queryKey: libraryKeys.allFolders(), queryFn: ({ signal }) => fetchFolders(undefined, signal) });
}

export function useUserAnalyticsQuery() {
  return useQuery({ queryKey: libraryKeys.analytics(), queryFn: ({ signal }) => fetchUserAnalytics(signal) });
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

export function useCreateVideoMutation() {
  const invalidate = useInvalidateLibrary();
  return useMutation({
    mutationFn: (body: { youtubeUrl: string; title: string; folderId: FolderId }) => createVideo(body),
    onSuccess: invalidate,
  });
}

export function useRenameVideoMutation() {
  const invalidate = useInvalidateLibrary();
  return useMutation({
    mutationFn: ({ id, title }: { id: number; title: string }) => renameVideo(id, title),
    onSuccess: invalidate,
  });
}

export function useMoveVideoMutation() {
  const invalidate = useInvalidateLibrary();
  return useMutation({
    mutationFn: ({ id, folderId }: { id: number; folderId: FolderId }) => moveVideo(id, folderId),
    onSuccess: invalidate,
  });
}

export function useDeleteVideoMutation() {
  const invalidate = useInvalidateLibrary();
  return useMutation({ mutationFn: (id: number) => deleteVideo(id), onSuccess: invalidate });
}

export function useCreateFolderMutation() {
  const invalidate = useInvalidateLibrary();
  return useMutation({
    mutationFn: (body: { name: string; parentId: FolderId; color: FolderColor; icon: string }) => createFolder(body),
    onSuccess: invalidate,
  });
}

export function useUpdateFolderMutation() {
  const invalidate = useInvalidateLibrary();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number; name?: string; color?: FolderColor }) => updateFolder(id, body),
    onSuccess: invalidate,
  });
}

export function useDeleteFolderMutation() {
  const invalidate = useInvalidateLibrary();
  return useMutation({ mutationFn: (id: number) => deleteFolder(id), onSuccess: invalidate });
}
