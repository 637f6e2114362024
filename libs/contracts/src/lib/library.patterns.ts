/** Client token under which the gateway injects the video-service proxy. */
export const VIDEO_SERVICE = 'VIDEO_SERVICE';
/** NATS queue group shared by every video-service replica. */
export const VIDEO_QUEUE = 'video-service';

export const LibraryPatterns = {
  listVideos: 'library.list-videos',
  getVideo: 'library.get-video',
  createVideo: 'library.create-video',
  renameVideo: 'library.rename-video',
  moveVideo: 'library.move-video',
  deleteVideo: 'library.delete-video',
  listFolders: 'library.list-folders',
  createFolder: 'library.create-folder',
  updateFolder: 'library.update-folder',
  deleteFolder: 'library.delete-folder',
  userAnalytics: 'library.user-analytics',
  /** Public: a video and its questions in the learner view (no answers, no feedback). */
  playback: 'library.playback',
  countVideos: 'library.count-videos',
  health: 'library.health',
  ping: 'library.ping',
} as const;
