import type { FolderId } from './api/library-api';

/** Query keys of the library feature. Every list sits under `all`, so one invalidation refreshes them. */
export const libraryKeys = {
  all: ['library'] as const,
  videos: (folder: FolderId) => ['library', 'videos', folder ?? 'root'] as const,
  folders: (parent: FolderId) => ['library', 'folders', parent ?? 'root'] as const,
  allFolders: () => ['library', 'folders', 'all'] as const,
  analytics: () => ['library', 'analytics'] as const,
  /** Plan usage: under `all`, so adding or deleting a video refreshes the counter. */
  usage: () => ['library', 'usage'] as const,
};
