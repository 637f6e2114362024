import type { Owner, Viewer } from './library.messages';

/** Largest captions text accepted (WebVTT or SRT), in characters of a JSON body or bytes of a file. */
export const CAPTIONS_TEXT_MAX_LENGTH = 2 * 1024 * 1024;

export type UploadMimeType = 'video/mp4' | 'video/quicktime' | 'video/webm';
/** A video's poster frame (issue 15): judged from the image's content by the gateway. */
export type PosterMimeType = 'image/jpeg' | 'image/png' | 'image/webp';

export interface CheckUploadMessage {
  owner: Owner;
  /** Checked to be the owner's folder when given. */
  folderId?: number | null;
}

export interface CheckUploadResult {
  allowed: true;
  /** Bytes the owner's plan still lets them store; null when the plan has no storage quota. */
  remainingBytes: number | null;
  /** Bytes of uploads the owner stores now. */
  usedBytes: number;
}

export interface RegisterUploadMessage {
  owner: Owner;
  title: string;
  folderId: number | null;
  storageKey: string;
  /** Judged from the file's content by the gateway. */
  mimeType: UploadMimeType;
  sizeBytes: number;
  /** The name the file had on the uploader's computer. */
  filename: string;
  /** Normalised WebVTT uploaded with the video. */
  captionsVtt?: string | null;
  /** Where the poster frame uploaded with the video is stored; null (or absent) when there is none. */
  posterKey?: string | null;
  /** Judged from the poster's content by the gateway; set exactly when posterKey is. */
  posterMimeType?: PosterMimeType | null;
}

export interface DiscardUploadMessage {
  owner: Owner;
  storageKey: string;
}

export interface MediaInfo {
  videoId: number;
  storageKey: string;
  mimeType: UploadMimeType;
  sizeBytes: number;
  /** Where the video's poster frame is stored, and its type; both null when it has none. */
  posterKey: string | null;
  posterMimeType: PosterMimeType | null;
  /** Shared by link (cacheable by anyone) or private to its owner. */
  published: boolean;
}

/** A public media or captions request: the video and who asks (see Viewer). */
export interface MediaRequest {
  videoId: number;
  viewer: Viewer;
}

export interface CaptionsView {
  videoId: number;
  /** 'upload': set by the owner; 'generated': built from the transcript timing of the latest generation. */
  source: 'upload' | 'generated';
  vtt: string;
}

export interface SetCaptionsMessage {
  owner: Owner;
  videoId: number;
  /** Normalised WebVTT (the gateway converts SRT and checks the cues). */
  vtt: string;
}
