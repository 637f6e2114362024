/** Uploaded media and captions, answered by the video-service. */
export const MediaPatterns = {
  /** Owner: may another video be added (plan limit, and the folder when given)? 402/404 otherwise. */
  checkUpload: 'library.check-upload',
  /** Owner: records a video file the gateway has just stored; 402 over the plan limit, 404 for a folder not theirs. */
  registerUpload: 'library.register-upload',
  /** Owner: removes the row of an upload that failed after it was stored (no-op when there is none). */
  discardUpload: 'library.discard-upload',
  /** Public: where an uploaded video's file is (storage key, type, size); 404 'Video not found' otherwise. */
  mediaInfo: 'library.media-info',
  /** Public: the video's WebVTT captions; 404 when it has none. */
  getCaptions: 'library.get-captions',
  /** Owner: replaces the video's captions with already normalised WebVTT. */
  setCaptions: 'library.set-captions',
} as const;
