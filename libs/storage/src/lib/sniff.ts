import { Transform, type TransformCallback } from 'node:stream';

export type VideoMimeType = 'video/mp4' | 'video/quicktime' | 'video/webm';

export const VIDEO_EXTENSIONS: Record<VideoMimeType, string> = {
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
};

/** Bytes read from the start of a file before deciding its type. */
export const SNIFF_BYTES = 4096;

/**
 * ISO-BMFF major brands of files that are not videos a browser plays: audio books and music
 * (M4A/M4B/M4P/F4A/F4B), still images (HEIF/AVIF/JPEG 2000) and camera raw (CR3).
 */
const NOT_VIDEO_BRANDS = new Set([
  'M4A ', 'M4B ', 'M4P ', 'F4A ', 'F4B ',
  'heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1', 'avif', 'avis',
  'jp2 ', 'jpx ', 'jpm ', 'mjp2', 'crx ',
]);

function ascii(bytes: Uint8Array, start: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(start, start + length));
}

function uint32(bytes: Uint8Array, at: number): number {
  return ((bytes[at] << 24) >>> 0) + (bytes[at + 1] << 16) + (bytes[at + 2] << 8) + bytes[at + 3];
}

/** MP4 or QuickTime: the file starts with an ISO-BMFF 'ftyp' box; 'qt  ' as major brand is QuickTime. */
function sniffIsoBmff(head: Uint8Array): VideoMimeType | null {
  if (head.length < 16 || ascii(head, 4, 4) !== 'ftyp') return null;
  const size = uint32(head, 0);
  if (size < 16 || size % 4 !== 0) return null;
  const major = ascii(head, 8, 4);
  if (major === 'qt  ') return 'video/quicktime';
  if (NOT_VIDEO_BRANDS.has(major) || !/^[\x20-\x7e]{4}$/.test(major)) return null;
  return 'video/mp4';
}

interface Vint {
  /** The number without its length marker (element sizes) ... */
  value: number;
  /** ... and with it (element ids). */
  raw: number;
  length: number;
  /** All value bits set: "unknown size". */
  unknown: boolean;
}

/** An EBML variable-length integer at `at`; null when it does not fit in `bytes`. */
function readVint(bytes: Uint8Array, at: number): Vint | null {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (at + length > bytes.length) return null;
  let value = first & (0xff >> length);
  let raw = first;
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + bytes[at + i];
    raw = raw * 256 + bytes[at + i];
    allOnes = allOnes && bytes[at + i] === 0xff;
  }
  return { value, raw, length, unknown: allOnes };
}

const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];
const DOCTYPE_ID = 0x4282;

/** WebM: an EBML header (1A 45 DF A3) whose DocType element says 'webm' (Matroska is not accepted). */
function sniffWebm(head: Uint8Array): VideoMimeType | null {
  if (head.length < 5 || EBML_MAGIC.some((b, i) => head[i] !== b)) return null;
  const headerSize = readVint(head, 4);
  if (!headerSize) return null;
  let at = 4 + headerSize.length;
  const end = headerSize.unknown ? head.length : Math.min(head.length, at + headerSize.value);
  while (at < end) {
    const id = readVint(head, at);
    const size = id && readVint(head, at + id.length);
    if (!id || !size || size.unknown) return null;
    const data = at + id.length + size.length;
    if (id.raw === DOCTYPE_ID) {
      if (data + size.value > head.length) return null;
      return ascii(head, data, size.value).replace(/\0+$/, '') === 'webm' ? 'video/webm' : null;
    }
    at = data + size.value;
  }
  return null;
}

/**
 * The video type of a file judged by its first bytes (at least the first SNIFF_BYTES, or the whole
 * file when shorter), whatever its name or declared type: 'video/mp4', 'video/quicktime',
 * 'video/webm', or null for anything else.
 */
export function sniffVideoType(head: Uint8Array): VideoMimeType | null {
  return sniffIsoBmff(head) ?? sniffWebm(head);
}

/** The stream did not start like an MP4, MOV or WebM video. */
export class UnsupportedVideoError extends Error {
  constructor() {
    super('Only MP4, WebM and MOV videos can be uploaded.');
    this.name = 'UnsupportedVideoError';
  }
}

/**
 * A pass-through stream that holds back the first SNIFF_BYTES, judges them with sniffVideoType and
 * then lets everything through, or fails with UnsupportedVideoError before passing on a single byte.
 */
export class VideoTypeGate extends Transform {
  /** Set once the head was judged a video. */
  mimeType: VideoMimeType | null = null;
  private head: Buffer[] = [];
  private headLength = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.mimeType) return callback(null, chunk);
    this.head.push(chunk);
    this.headLength += chunk.length;
    if (this.headLength < SNIFF_BYTES) return callback();
    this.release(callback);
  }

  override _flush(callback: TransformCallback): void {
    if (this.mimeType) return callback();
    this.release(callback);
  }

  private release(callback: TransformCallback): void {
    const head = Buffer.concat(this.head);
    this.head = [];
    this.mimeType = sniffVideoType(head);
    if (!this.mimeType) return callback(new UnsupportedVideoError());
    callback(null, head);
  }
}
