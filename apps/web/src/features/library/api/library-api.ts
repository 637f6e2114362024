import type { FolderColor, QuestionType } from '@veolearn/domain';
import { apiCall, apiRequest } from '../../../lib/session-client';

/** Shapes of the library API (mirrors libs/contracts library.messages.ts; the web app may only import the domain lib). */
export interface FolderView {
  id: number;
  name: string;
  parentId: number | null;
  color: FolderColor;
  icon: string;
  createdAt: string;
  videoCount: number;
  folderCount: number;
}

export type VideoType = 'youtube' | 'youtube_vr' | 'upload';

export interface VideoView {
  id: number;
  title: string;
  type: VideoType;
  /** Seconds; null while unknown. */
  duration: number | null;
  status: 'draft' | 'processing' | 'ready' | 'failed';
  url: string;
  youtubeId: string | null;
  filename: string | null;
  thumbnailUrl: string | null;
  createdAt: string;
  updatedAt: string;
  folder: number | null;
  questionCount: number;
  /** Anyone with the link may play it; false: private to its owner until shared. */
  published: boolean;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface DeleteFolderResult {
  deleted: true;
  movedVideos: number;
  movedFolders: number;
  movedTo: number | null;
}

export interface UserAnalytics {
  totalVideos: number;
  totalQuestions: number;
  questionTypes: Record<QuestionType, number>;
  videoSources: { youtube: number; youtubeVR: number; upload: number };
  learnerAttempts: number;
  completedAttempts: number;
  totalInteractions: number;
  correctAnswers: number;
  /** Percent correct; null when nobody answered yet. */
  accuracy: number | null;
  totalWatchTimeSeconds: number;
  recentActivity: Array<{ kind: 'video_created' | 'attempt_completed'; videoId: number; title: string; at: string }>;
  /** Minutes, rounded down. */
  totalWatchTime: number;
  learningHours: number;
  accountAgeDays: number;
  lastLoginAt: string | null;
}

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
