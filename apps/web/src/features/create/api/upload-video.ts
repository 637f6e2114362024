import { ApiError, getToken } from '../../../lib/session-client';
import type { CreatedVideo } from './create-api';

export const UPLOAD_URL = '/api/videos/upload';
export const ACCEPTED_VIDEO_TYPES = ['video/mp4', 'video/webm', 'video/quicktime'] as const;
const ACCEPTED_VIDEO_EXTENSIONS = ['.mp4', '.m4v', '.webm', '.mov'];
export const ACCEPTED_CAPTION_EXTENSIONS = ['.vtt', '.srt'] as const;
/** The server's captions limit (2 MB). */
export const CAPTIONS_MAX_BYTES = 2 * 1024 * 1024;

export const UNSUPPORTED_VIDEO = 'Only MP4, WebM and MOV videos can be uploaded.';
export const UNSUPPORTED_CAPTIONS = 'Captions must be a WebVTT (.vtt) or SRT (.srt) file of at most 2 MB.';
export const UPLOAD_INTERRUPTED = 'The upload was interrupted. Check your connection and try again.';

export interface UploadInput {
  file: File;
  captions?: File | null;
  title?: string;
  /** A frame of the video captured in the browser (JPEG), sent as the optional `poster` part. */
  poster?: Blob | null;
}

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0 to 100, whole numbers. */
  percent: number;
}

export interface UploadHandle {
  promise: Promise<CreatedVideo>;
  abort(): void;
}

/** Thrown when the creator cancels an upload. */
export class UploadCancelledError extends Error {
  constructor() {
    super('Upload cancelled');
    this.name = 'UploadCancelledError';
  }
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
}

/**
 * A first check before sending gigabytes: the browser's type or the file name must say MP4, WebM or MOV.
 * The server decides by the content.
 */
export function isAcceptedVideoFile(file: Pick<File, 'name' | 'type'>): boolean {
  return (ACCEPTED_VIDEO_TYPES as readonly string[]).includes(file.type) || ACCEPTED_VIDEO_EXTENSIONS.includes(extensionOf(file.name));
}

export function isAcceptedCaptionsFile(file: Pick<File, 'name' | 'size'>): boolean {
  return (ACCEPTED_CAPTION_EXTENSIONS as readonly string[]).includes(extensionOf(file.name)) && file.size <= CAPTIONS_MAX_BYTES;
}

/** The default title of an upload: the file name without its extension. */
export function titleFromFileName(name: string): string {
  const dot = name.lastIndexOf('.');
  return (dot > 0 ? name.slice(0, dot) : name).trim();
}

export function progressOf(loaded: number, total: number): UploadProgress {
  const percent = total > 0 ? Math.min(100, Math.floor((loaded / total) * 100)) : 0;
  return { loaded, total, percent };
}

function parseJson(text: string): CreatedVideo | null {
  try {
    return JSON.parse(text) as CreatedVideo;
  } catch {
    return null;
  }
}

/**
 * Sends a video (and optional captions and poster frame) as multipart/form-data. XMLHttpRequest rather than fetch because
 * only it reports upload progress. A refused upload rejects with ApiError (the server's 413/415/402 message
 * in its body), a lost connection with a plain Error, a cancel with UploadCancelledError.
 */
export function uploadVideo(
  input: UploadInput,
  onProgress: (progress: UploadProgress) => void,
  createRequest: () => XMLHttpRequest = () => new XMLHttpRequest(),
): UploadHandle {
  const xhr = createRequest();
  const form = new FormData();
  if (input.title?.trim()) form.append('title', input.title.trim());
  if (input.captions) form.append('captions', input.captions, input.captions.name);
  if (input.poster) form.append('poster', input.poster, 'poster.jpg');
  // The file goes last so the server has read the small fields before the video streams in.
  form.append('file', input.file, input.file.name);

  const promise = new Promise<CreatedVideo>((resolve, reject) => {
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(progressOf(event.loaded, event.total));
    };
    xhr.onload = () => {
      const video = xhr.status >= 200 && xhr.status < 300 ? parseJson(xhr.responseText) : null;
      if (video) resolve(video);
      else reject(new ApiError(xhr.status, xhr.responseText, xhr.statusText));
    };
    xhr.onerror = () => reject(new Error(UPLOAD_INTERRUPTED));
    xhr.onabort = () => reject(new UploadCancelledError());
  });

  xhr.open('POST', UPLOAD_URL);
  xhr.setRequestHeader('Accept', 'application/json');
  const token = getToken();
  if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
  xhr.withCredentials = true;
  xhr.send(form);
  return { promise, abort: () => xhr.abort() };
}
