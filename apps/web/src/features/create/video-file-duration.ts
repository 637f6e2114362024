/** How long the browser may take to read a file's metadata before the length counts as unknown. */
export const METADATA_TIMEOUT_MS = 5_000;

/** A length the media reported, in seconds, or null for NaN, Infinity (a stream-like file), 0 or anything else. */
export function usableDuration(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}

export interface ReadDurationOptions {
  timeoutMs?: number;
  /** The element to load the file into; a new, detached <video> by default. */
  createVideo?: () => HTMLVideoElement;
  createObjectURL?: (file: Blob) => string;
  revokeObjectURL?: (url: string) => void;
}

/**
 * The length of a chosen video file as the browser reads it from the file's metadata: a hidden
 * `<video preload="metadata">` on the file's object URL, read on `loadedmetadata`. Resolves null when
 * the browser cannot tell (a format it does not play, no usable duration, no answer in time); never
 * rejects, and frees the object URL in every case.
 */
export function readVideoFileDuration(file: Blob, options: ReadDurationOptions = {}): Promise<number | null> {
  const createObjectURL = options.createObjectURL ?? (typeof URL.createObjectURL === 'function' ? (b: Blob) => URL.createObjectURL(b) : null);
  const revokeObjectURL = options.revokeObjectURL ?? (typeof URL.revokeObjectURL === 'function' ? (u: string) => URL.revokeObjectURL(u) : () => undefined);
  if (!createObjectURL || typeof document === 'undefined') return Promise.resolve(null);
  const video = options.createVideo ? options.createVideo() : document.createElement('video');

  return new Promise<number | null>((resolve) => {
    let url: string | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = (seconds: number | null) => {
      clearTimeout(timer);
      video.removeEventListener('loadedmetadata', onMetadata);
      video.removeEventListener('error', onError);
      video.removeAttribute('src');
      if (url !== null) revokeObjectURL(url);
      url = null;
      resolve(seconds);
    };
    const onMetadata = () => finish(usableDuration(video.duration));
    const onError = () => finish(null);
    try {
      video.addEventListener('loadedmetadata', onMetadata);
      video.addEventListener('error', onError);
      timer = setTimeout(() => finish(null), options.timeoutMs ?? METADATA_TIMEOUT_MS);
      video.preload = 'metadata';
      video.muted = true;
      url = createObjectURL(file);
      video.src = url;
    } catch {
      finish(null);
    }
  });
}
