import type { PosterMimeType, UploadMimeType } from '@veolearn/contracts';
import { VIDEO_TITLE_MAX_LENGTH } from '@veolearn/domain';
import { rpcError } from '@veolearn/nest-common';
import {
  CAPTIONS_MAX_BYTES,
  CaptionsError,
  GENERATED_CAPTIONS_HEADER,
  isGeneratedCaptions,
  isValidStorageKey,
  normaliseCaptions,
} from '@veolearn/storage';

export const VIDEO_NOT_FOUND = 'Video not found';
export const FOLDER_NOT_FOUND = 'Folder not found';
export const NO_CAPTIONS = 'This video has no captions yet.';
export const UPLOAD_MIME_TYPES: readonly UploadMimeType[] = ['video/mp4', 'video/quicktime', 'video/webm'];
export const POSTER_MIME_TYPES: readonly PosterMimeType[] = ['image/jpeg', 'image/png', 'image/webp'];
/** Longest original file name kept (the column's size). */
export const FILENAME_MAX_LENGTH = 255;
/** Prefix shared by every generated-captions text: what saveGenerated may replace. */
export const GENERATED_CAPTIONS_PREFIX = `${GENERATED_CAPTIONS_HEADER}\n`;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/g;

export function ownerIdOf(owner: { userId?: unknown } | undefined): number {
  const id = owner?.userId;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) throw rpcError(401, 'Sign in to continue.');
  return id;
}

export function positiveId(value: unknown, notFound: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 2_147_483_647) throw rpcError(404, notFound);
  return value;
}

/** null (Home) or a folder id; anything else is a folder that cannot exist. */
export function folderIdOf(value: unknown): number | null {
  return value === undefined || value === null ? null : positiveId(value, FOLDER_NOT_FOUND);
}

export function uploadTitle(value: unknown): string {
  const title = typeof value === 'string' ? value.trim() : '';
  if (!title) throw rpcError(400, 'A title is required');
  if (title.length > VIDEO_TITLE_MAX_LENGTH) throw rpcError(400, `The title must be at most ${VIDEO_TITLE_MAX_LENGTH} characters`);
  if (title.replace(CONTROL, '') !== title) throw rpcError(400, 'The title contains characters that are not allowed');
  return title;
}

export function uploadFilename(value: unknown): string {
  const name = typeof value === 'string' ? value.replace(CONTROL, '').trim() : '';
  return (name || 'video').slice(0, FILENAME_MAX_LENGTH);
}

export function storageKeyOf(value: unknown): string {
  if (!isValidStorageKey(value)) throw rpcError(400, 'storageKey must be a storage key');
  return value;
}

export function mimeTypeOf(value: unknown): UploadMimeType {
  if (!UPLOAD_MIME_TYPES.includes(value as UploadMimeType)) throw rpcError(400, `mimeType must be one of ${UPLOAD_MIME_TYPES.join(', ')}`);
  return value as UploadMimeType;
}

/** An upload's poster frame: both its storage key and its type, or neither (null). */
export function posterOf(key: unknown, mimeType: unknown): { key: string; mimeType: PosterMimeType } | null {
  if ((key === undefined || key === null) && (mimeType === undefined || mimeType === null)) return null;
  if (!isValidStorageKey(key)) throw rpcError(400, 'posterKey must be a storage key');
  if (!POSTER_MIME_TYPES.includes(mimeType as PosterMimeType)) throw rpcError(400, `posterMimeType must be one of ${POSTER_MIME_TYPES.join(', ')}`);
  return { key, mimeType: mimeType as PosterMimeType };
}

export function sizeBytesOf(value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) throw rpcError(400, 'sizeBytes must be a positive whole number');
  return value;
}

/** Captions a person gave, as clean WebVTT (normalising is idempotent); 400 with a readable message otherwise. */
export function ownerCaptions(value: unknown): string {
  if (typeof value !== 'string') throw rpcError(400, 'The captions must be text');
  if (value.length > CAPTIONS_MAX_BYTES) throw rpcError(413, 'The captions file is larger than the 2 MiB limit.');
  try {
    return normaliseCaptions(value);
  } catch (error) {
    if (error instanceof CaptionsError) throw rpcError(400, error.message);
    throw error;
  }
}

/**
 * Captions the generation worker built from transcript timing, or null. Anything else is ignored
 * rather than refused: captions are an extra, and must never fail a question set.
 */
export function generatedCaptionsOrNull(value: unknown): string | null {
  return isGeneratedCaptions(value as string | null | undefined) && (value as string).length <= CAPTIONS_MAX_BYTES ? (value as string) : null;
}

/** The longest transcript kept with a video (the generation service accepts 400 000 characters). */
export const TRANSCRIPT_MAX_CHARS = 1_000_000;

/**
 * The transcript a generation sends to keep with the video, or null (keep the stored one). Anything
 * else is ignored rather than refused: reading the lesson is an extra, and must never fail a question set.
 */
export function transcriptOrNull(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' && value.length <= TRANSCRIPT_MAX_CHARS ? value : null;
}
