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
  /** Public exactly like playback: the lesson's transcript cut into its chapters, for reading instead of watching. */
  reading: 'library.reading',
  /** Owner: share the lesson by link (published) or make it private again. */
  setSharing: 'library.set-sharing',
  countVideos: 'library.count-videos',
  health: 'library.health',
  ping: 'library.ping',
} as const;

/** Question (interaction) messages, answered by the video-service. */
export const InteractionPatterns = {
  /** Owner: every field. Anyone else (or anonymous): the learner view. */
  listForVideo: 'interactions.list-for-video',
  create: 'interactions.create',
  update: 'interactions.update',
  delete: 'interactions.delete',
  /** From the generation worker: writes a job's question set once (idempotent per job). */
  saveGenerated: 'interactions.save-generated',
  /** From the generation worker: marks a video whose generation failed for good. */
  markGenerationFailed: 'interactions.mark-generation-failed',
} as const;

/** A learner's attempts at a video (public: a learner id, optionally a signed-in user), answered by the video-service. */
export const AttemptPatterns = {
  /** Resume the learner's latest in-progress attempt, or start one (restart: abandon it first). */
  start: 'attempts.start',
  answer: 'attempts.answer',
  skip: 'attempts.skip',
  /** Continue Video after a wrong first try: the question is settled and its answer shown. */
  reveal: 'attempts.reveal',
  progress: 'attempts.progress',
  complete: 'attempts.complete',
  /** The attempt with one row per question, for the results screen. */
  results: 'attempts.results',
} as const;

/** Owner: a video's skipping mode, "require correct" and (once) its duration. */
export const VideoSettingsPatterns = {
  update: 'library.update-video-settings',
} as const;
