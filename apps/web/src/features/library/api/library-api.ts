import type { FolderColor, PlanUsage } from '@veolearn/domain';
import type { DeleteFolderResult, FolderView, Page, UserAnalytics, VideoView } from '@veolearn/contracts/types';
import { apiCall, apiRequest } from '../../../lib/session-client';

/** Shapes of the library API: the contracts' own (types only). */
export type { DeleteFolderResult, FolderView, Page, UserAnalytics, VideoType, VideoView } from '@veolearn/contracts/types';

/** null = Home (the root folder). */
export type FolderId = number | null;

export const LIBRARY_PAGE_SIZE = 100;

function selector(folder: FolderId): string {
  return folder === null ? 'root' : String(folder);
}

/** Videos of one folder. Resolves null when the session is missing or rejected ('Sign In Required'). */
export function fetchVideos(folder: FolderId, signal?: AbortSignal): Promise<Page<VideoView> | null> {
  return apiRequest<Page<VideoView>>(
    'GET',
    `/api/videos?folder=${selector(folder)}&page=1&pageSize=${LIBRARY_PAGE_SIZE}`,
    undefined,
    { on401: 'returnNull', signal },
  );
}

/** Child folders of one folder, or every folder of the user when `parent` is undefined. */
export function fetchFolders(parent: FolderId | undefined, signal?: AbortSignal): Promise<FolderView[] | null> {
  const query = parent === undefined ? '' : `?parent=${selector(parent)}`;
  return apiRequest<FolderView[]>('GET', `/api/folders${query}`, undefined, { on401: 'returnNull', signal });
}

export function createVideo(body: { youtubeUrl: string; title: string; folderId: FolderId }): Promise<VideoView> {
  return apiCall<VideoView>('POST', '/api/videos', body);
}

export function renameVideo(id: number, title: string): Promise<VideoView> {
  return apiCall<VideoView>('PUT', `/api/videos/${id}`, { title });
}

export function moveVideo(id: number, folderId: FolderId): Promise<VideoView> {
  return apiCall<VideoView>('PUT', `/api/videos/${id}/move`, { folderId });
}

/** Shares a lesson by link (anyone may then play it) or makes it private again. */
export function setSharing(id: number, published: boolean): Promise<VideoView> {
  return apiCall<VideoView>('PUT', `/api/videos/${id}/sharing`, { published });
}

export function deleteVideo(id: number): Promise<{ deleted: true }> {
  return apiCall<{ deleted: true }>('DELETE', `/api/videos/${id}`);
}

export function createFolder(body: { name: string; parentId: FolderId; color: FolderColor; icon: string }): Promise<FolderView> {
  return apiCall<FolderView>('POST', '/api/folders', body);
}

export function updateFolder(id: number, body: { name?: string; color?: FolderColor; parentId?: FolderId }): Promise<FolderView> {
  return apiCall<FolderView>('PUT', `/api/folders/${id}`, body);
}

export function deleteFolder(id: number): Promise<DeleteFolderResult> {
  return apiCall<DeleteFolderResult>('DELETE', `/api/folders/${id}`);
}

export function fetchUserAnalytics(signal?: AbortSignal): Promise<UserAnalytics | null> {
  return apiRequest<UserAnalytics>('GET', '/api/analytics/user', undefined, { on401: 'returnNull', signal });
}

export type { PlanUsage } from '@veolearn/domain';

/** GET /api/account/usage: lessons used of the plan's cap, and whether one more may be made now. */
export function fetchPlanUsage(signal?: AbortSignal): Promise<PlanUsage | null> {
  return apiRequest<PlanUsage>('GET', '/api/account/usage', undefined, { on401: 'returnNull', signal });
}
