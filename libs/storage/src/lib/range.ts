import type { ByteRange } from './video-storage';

/** What a Range header asks of an object of a given size. */
export type RangeRequest =
  /** No usable Range header (absent, another unit, malformed or several ranges): send everything, 200. */
  | { kind: 'full' }
  /** One satisfiable range, clipped to the object: 206 with Content-Range. */
  | ({ kind: 'partial' } & ByteRange)
  /** A well-formed range that lies outside the object: 416 with `Content-Range: bytes *\/size`. */
  | { kind: 'unsatisfiable' };

const SPEC = /^(\d*)-(\d*)$/;

/**
 * Reads a single `bytes=` range (RFC 9110 §14.1.2): `bytes=0-99`, `bytes=100-` (to the end) and
 * `bytes=-50` (the last 50 bytes). An end past the object is clipped to its last byte. A start at or
 * past the end, a zero-length suffix or any range of an empty object is unsatisfiable. Anything the
 * server may ignore (other units, bad syntax, first > last, several ranges) asks for the whole object.
 */
export function parseRange(header: string | string[] | undefined, size: number): RangeRequest {
  if (typeof header !== 'string') return { kind: 'full' };
  const match = /^\s*bytes\s*=\s*(.*)$/i.exec(header);
  if (!match) return { kind: 'full' };
  const specs = match[1].split(',').map((s) => s.trim()).filter((s) => s !== '');
  if (specs.length !== 1) return { kind: 'full' };
  const spec = SPEC.exec(specs[0]);
  if (!spec || (spec[1] === '' && spec[2] === '')) return { kind: 'full' };
  const last = size - 1;

  if (spec[1] === '') {
    const suffix = Number(spec[2]);
    if (suffix === 0 || size <= 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - suffix), end: last };
  }
  const start = Number(spec[1]);
  const end = spec[2] === '' ? last : Number(spec[2]);
  if (spec[2] !== '' && end < start) return { kind: 'full' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end: Math.min(end, last) };
}

/** The Content-Range header value of a partial answer, or of a 416 when `range` is omitted. */
export function contentRange(size: number, range?: ByteRange): string {
  return range ? `bytes ${range.start}-${range.end}/${size}` : `bytes */${size}`;
}

const UNITS = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];

/** A byte count as people read it: 1073741824 → '1 GiB', 1572864 → '1.5 MiB', 500 → '500 bytes'. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const rounded = Math.round(value * 10) / 10;
  return `${rounded} ${unit === 0 && rounded === 1 ? 'byte' : UNITS[unit]}`;
}
