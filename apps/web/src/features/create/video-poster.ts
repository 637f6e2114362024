import { usableDuration } from './video-file-duration';

/** How long the browser may take to load, seek and draw a frame before the upload goes without a poster. */
export const POSTER_TIMEOUT_MS = 4_000;
/** The widest poster drawn; narrower videos keep their own width. */
export const POSTER_MAX_WIDTH = 640;
export const POSTER_QUALITY = 0.75;
/** The server's poster limit (512 KiB): a larger frame is left out rather than refused with the video. */
export const POSTER_MAX_BYTES = 512 * 1024;

/** Where the poster frame is taken: 1 s in, or 10 % of a shorter video; 1 s when the length is unknown. */
export function posterTime(duration: number | null): number {
  return duration === null ? 1 : Math.min(1, duration / 10);
}

/** The poster's size: the video's, scaled down to at most POSTER_MAX_WIDTH wide with the same aspect ratio. */
export function posterSize(videoWidth: number, videoHeight: number): { width: number; height: number } | null {
  if (!(videoWidth > 0) || !(videoHeight > 0)) return null;
  const width = Math.min(POSTER_MAX_WIDTH, videoWidth);
  return { width, height: Math.max(1, Math.round((videoHeight * width) / videoWidth)) };
}

export interface CapturePosterOptions {
  timeoutMs?: number;
  /** The element to load the file into; a new, detached <video> by default. */
  createVideo?: () => HTMLVideoElement;
  createCanvas?: () => HTMLCanvasElement;
  createObjectURL?: (file: Blob) => string;
  revokeObjectURL?: (url: string) => void;
}

/**
 * A poster frame for a chosen video file, captured in the browser: a hidden muted `<video>` on the
 * file's object URL seeks to posterTime, the frame is drawn on a canvas at most 640 px wide and
 * encoded as a JPEG (quality 0.75). Resolves null when the browser cannot (a codec it does not play,
 * no frame in time, no canvas): the upload then goes without one. Never rejects; frees the object URL.
 */
export function captureVideoPoster(file: Blob, options: CapturePosterOptions = {}): Promise<Blob | null> {
  const createObjectURL = options.createObjectURL ?? (typeof URL.createObjectURL === 'function' ? (b: Blob) => URL.createObjectURL(b) : null);
  const revokeObjectURL = options.revokeObjectURL ?? (typeof URL.revokeObjectURL === 'function' ? (u: string) => URL.revokeObjectURL(u) : () => undefined);
  if (!createObjectURL || typeof document === 'undefined') return Promise.resolve(null);
  const video = options.createVideo ? options.createVideo() : document.createElement('video');
  const createCanvas = options.createCanvas ?? (() => document.createElement('canvas'));

  return new Promise<Blob | null>((resolve) => {
    let url: string | null = null;
    let done = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = (poster: Blob | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      video.removeEventListener('loadedmetadata', onMetadata);
      video.removeEventListener('seeked', onSeeked);
      video.removeEventListener('error', onError);
      video.removeAttribute('src');
      if (url !== null) revokeObjectURL(url);
      url = null;
      resolve(poster && poster.size > 0 && poster.size <= POSTER_MAX_BYTES ? poster : null);
    };
    const onMetadata = () => {
      try {
        video.currentTime = posterTime(usableDuration(video.duration));
      } catch {
        finish(null);
      }
    };
    const onSeeked = () => {
      try {
        const size = posterSize(video.videoWidth, video.videoHeight);
        const canvas = createCanvas();
        const context = size ? canvas.getContext('2d') : null;
        if (!size || !context) return finish(null);
        canvas.width = size.width;
        canvas.height = size.height;
        context.drawImage(video, 0, 0, size.width, size.height);
        canvas.toBlob((blob) => finish(blob), 'image/jpeg', POSTER_QUALITY);
      } catch {
        finish(null);
      }
    };
    const onError = () => finish(null);
    try {
      video.addEventListener('loadedmetadata', onMetadata);
      video.addEventListener('seeked', onSeeked);
      video.addEventListener('error', onError);
      timer = setTimeout(() => finish(null), options.timeoutMs ?? POSTER_TIMEOUT_MS);
      video.preload = 'auto';
      video.muted = true;
      video.playsInline = true;
      url = createObjectURL(file);
      video.src = url;
    } catch {
      finish(null);
    }
  });
}
