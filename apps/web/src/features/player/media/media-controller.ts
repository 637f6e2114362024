/**
 * What the player needs of a video source. The HTML5 <video> of an upload and the YouTube IFrame
 * player both implement it, so one player component drives either.
 */
export interface MediaController {
  play(): void;
  pause(): void;
  /** Seconds from the start. */
  seek(seconds: number): void;
  /** Seconds from the start, precise enough to stop within a frame of a question's time. */
  currentTime(): number;
  /** Seconds, or null while unknown (a MediaRecorder WebM reports Infinity until its end is read). */
  duration(): number | null;
  paused(): boolean;
}

/** What a source reports to the player. */
export interface MediaEvents {
  /** The source can be driven (and has gone to the start position it was given). */
  onReady(controller: MediaController): void;
  onPlay(): void;
  onPause(): void;
  onEnded(): void;
  onDuration(seconds: number): void;
  /** The position jumped (by the player or from outside it, such as the browser's media controls). */
  onSeeked?(): void;
  /** The source cannot play ('Video source not available'); the player offers a retry. */
  onError(message: string): void;
}

export const SOURCE_UNAVAILABLE = 'Video source not available';
