import type { Owner } from './library.messages';

/** Largest captions text accepted (WebVTT or SRT), in characters of a JSON body or bytes of a file. */
export const CAPTIONS_TEXT_MAX_LENGTH = 2 * 1024 * 1024;

export type UploadMimeType = 'video/mp4' | 'video/quicktime' | 'video/webm';

export interface CheckUploadMessage {
  owner: Owner;
  /** Checked to be the owner's folder when given. */
  folderId?: number | null;
}

export interface CheckUploadResult {
  allowed: true;
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
