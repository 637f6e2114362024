import { BadRequestException, HttpException, HttpStatus, PayloadTooLargeException, UnsupportedMediaTypeException } from '@nestjs/common';
import type { CheckUploadResult, PosterMimeType } from '@veolearn/contracts';
import { type Entitlements, storageDecision, VIDEO_TITLE_MAX_LENGTH } from '@veolearn/domain';
import { CaptionsError, formatBytes, StorageLimitError, UnsupportedVideoError } from '@veolearn/storage';

export const UPLOAD_FIELDS = ['file', 'captions', 'poster', 'title', 'folderId'] as const;
export const NOT_MULTIPART = 'Send the video as multipart/form-data, with the file in a "file" field.';
export const NO_FILE = 'Choose a video file to upload (form field "file").';
export const ONE_FILE = 'Send one video file per upload.';
export const INTERRUPTED = 'The upload was interrupted before it finished.';
export const BAD_FORM = 'The upload is not valid multipart/form-data.';
export const FORM_LIMITS = 'The form has too many parts: send a "file", and optionally "captions", "poster", "title" and "folderId".';
export const UNKNOWN_FIELD_HINT = 'send file, captions, poster, title and folderId';
/** The largest poster frame accepted with an upload (issue 15): a still image, not a second video. */
export const POSTER_MAX_BYTES = 512 * 1024;
export const UNSUPPORTED_POSTER = 'The poster must be a JPEG, PNG or WebP image.';
export const ONE_POSTER = 'Send one poster per upload.';
const FOLDER_ID = /^[1-9][0-9]{0,9}$/;
const MAX_ID = 2_147_483_647;
/** Form framing and the small fields around the file(s), on top of the file limits. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

export function tooLargeMessage(limitBytes: number): string {
  return `The video is larger than the ${formatBytes(limitBytes)} limit.`;
}

export function captionsTooLargeMessage(limitBytes: number): string {
  return `The captions file is larger than the ${formatBytes(limitBytes)} limit.`;
}

export function posterTooLargeMessage(limitBytes: number): string {
  return `The poster is larger than the ${formatBytes(limitBytes)} limit.`;
}

/**
 * The type of a poster image judged by its first bytes, whatever its name or declared type: JPEG
 * (FF D8 FF), PNG (its 8-byte signature) or WebP (a RIFF file of form 'WEBP'); null for anything else.
 */
export function sniffPosterType(head: Uint8Array): PosterMimeType | null {
  const starts = (bytes: number[], at = 0) => head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b);
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

/** The `title` field: trimmed; empty means "use the file name". */
export function titleField(value: unknown): string | undefined {
  if (typeof value !== 'string') throw new BadRequestException('The title must be text');
  const title = value.trim();
  if (title === '') return undefined;
  if (title.length > VIDEO_TITLE_MAX_LENGTH) throw new BadRequestException(`The title must be at most ${VIDEO_TITLE_MAX_LENGTH} characters`);
  if (CONTROL.test(title)) throw new BadRequestException('The title contains characters that are not allowed');
  return title;
}

/** The `folderId` field: a folder id, or null for Home ('', 'null' and 'root' too). */
export function folderIdField(value: unknown): number | null {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '' || text === 'null' || text === 'root') return null;
  const id = FOLDER_ID.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(id) || id > MAX_ID) throw new BadRequestException('folderId must be a folder id or null');
  return id;
}

/** The default title: the file name without its folder and extension, or 'Uploaded video'. */
export function titleFromFilename(filename: string | undefined): string {
  const base = (filename ?? '').split(/[\\/]/).pop() ?? '';
  const title = base
    .replace(/\.[^.]*$/, '')
    .replace(/[\u0000-\u001f\u007f]/g, '') // eslint-disable-line no-control-regex
    .trim()
    .slice(0, VIDEO_TITLE_MAX_LENGTH)
    .trim();
  return title || 'Uploaded video';
}

/**
 * How large this upload's file may be: the size limit, or less when the plan's storage quota has
 * less room left; then `quotaMessage` is the 402 answer for a file that does not fit.
 */
export interface UploadBudget {
  maxBytes: number;
  quotaMessage: string | null;
}

export function uploadBudget(sizeLimit: number, check: Pick<CheckUploadResult, 'remainingBytes' | 'usedBytes'>, entitlements: Entitlements): UploadBudget {
  if (check.remainingBytes === null || check.remainingBytes >= sizeLimit) return { maxBytes: sizeLimit, quotaMessage: null };
  const decision = storageDecision(entitlements, check.usedBytes, null);
  return { maxBytes: check.remainingBytes, quotaMessage: decision.allowed ? null : decision.message };
}

/** The error for a file over the budget: 402 naming the plan when the quota binds, else 413. */
function overBudget(budget: UploadBudget): HttpException {
  return budget.quotaMessage ? new HttpException(budget.quotaMessage, HttpStatus.PAYMENT_REQUIRED) : new PayloadTooLargeException(tooLargeMessage(budget.maxBytes));
}

/**
 * Refused at once when the declared body is bigger than the largest form that could be accepted:
 * the video's budget plus `extrasLimit`, the most the other files (captions, poster) may add.
 */
export function assertDeclaredLength(header: string | string[] | undefined, budget: UploadBudget, extrasLimit: number): void {
  if (typeof header !== 'string' || !/^\d+$/.test(header)) return;
  if (Number(header) > budget.maxBytes + extrasLimit + FORM_OVERHEAD_BYTES) throw overBudget(budget);
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Any failure of an upload as the HTTP error the client sees; unknown errors stay as they are (500, logged). */
export function uploadHttpError(error: unknown, budget: UploadBudget): unknown {
  if (error instanceof HttpException) return error;
  if (error instanceof StorageLimitError) return overBudget(budget);
  if (error instanceof UnsupportedVideoError) return new UnsupportedMediaTypeException(error.message);
  if (error instanceof CaptionsError) return new BadRequestException(error.message);
  const code = codeOf(error);
  if (code === 'FST_MP_PREMATURE_CLOSE' || code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'ECONNRESET') {
    return new HttpException(INTERRUPTED, HttpStatus.BAD_REQUEST);
  }
  if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') return new BadRequestException(FORM_LIMITS);
  if (code === 'FST_PROTO_VIOLATION' || code === 'FST_INVALID_JSON_FIELD_ERROR') return new BadRequestException(BAD_FORM);
  return error;
}
