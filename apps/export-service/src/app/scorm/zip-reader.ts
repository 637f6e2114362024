import { inflateRawSync } from 'node:zlib';

/** Reads `length` bytes at `offset` of a zip (a file on disk, a stored object, a Buffer). */
export type ZipRead = (offset: number, length: number) => Promise<Buffer>;

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

const EOCD = 0x06054b50;
const ZIP64_EOCD_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX_COMMENT = 0xffff;

export class ZipFormatError extends Error {}

export function bufferReader(buffer: Buffer): ZipRead {
  return async (offset, length) => buffer.subarray(offset, offset + length);
}

function zip64Extra(extra: Buffer, want: { size: boolean; compressed: boolean; offset: boolean }): { size?: number; compressed?: number; offset?: number } {
  for (let i = 0; i + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(i);
    const len = extra.readUInt16LE(i + 2);
    if (id === 0x0001) {
      let p = i + 4;
      const out: { size?: number; compressed?: number; offset?: number } = {};
      if (want.size) {
        out.size = Number(extra.readBigUInt64LE(p));
        p += 8;
      }
      if (want.compressed) {
        out.compressed = Number(extra.readBigUInt64LE(p));
        p += 8;
      }
      if (want.offset) out.offset = Number(extra.readBigUInt64LE(p));
      return out;
    }
    i += 4 + len;
  }
  return {};
}

/** The entries of a zip's central directory (directories included, names as stored). */
export async function readZipEntries(read: ZipRead, size: number): Promise<ZipEntry[]> {
  const tailLength = Math.min(size, 22 + MAX_COMMENT);
  const tail = await read(size - tailLength, tailLength);
  let at = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD) {
      at = i;
      break;
    }
  }
  if (at < 0) throw new ZipFormatError('not a zip file (no end of central directory)');
  let count = tail.readUInt16LE(at + 10);
  let dirSize = tail.readUInt32LE(at + 12);
  let dirOffset = tail.readUInt32LE(at + 16);
  if (at >= 20 && tail.readUInt32LE(at - 20) === ZIP64_EOCD_LOCATOR) {
    const zip64At = Number(tail.readBigUInt64LE(at - 20 + 8));
    const record = await read(zip64At, 56);
    if (record.readUInt32LE(0) !== ZIP64_EOCD) throw new ZipFormatError('broken zip64 end of central directory');
    count = Number(record.readBigUInt64LE(32));
    dirSize = Number(record.readBigUInt64LE(40));
    dirOffset = Number(record.readBigUInt64LE(48));
  }
  const dir = await read(dirOffset, dirSize);
  const entries: ZipEntry[] = [];
  let p = 0;
  for (let n = 0; n < count; n++) {
    if (p + 46 > dir.length || dir.readUInt32LE(p) !== CENTRAL) throw new ZipFormatError('broken central directory');
    const method = dir.readUInt16LE(p + 10);
    let compressedSize = dir.readUInt32LE(p + 20);
    let entrySize = dir.readUInt32LE(p + 24);
    const nameLength = dir.readUInt16LE(p + 28);
    const extraLength = dir.readUInt16LE(p + 30);
    const commentLength = dir.readUInt16LE(p + 32);
    let localHeaderOffset = dir.readUInt32LE(p + 42);
    const name = dir.subarray(p + 46, p + 46 + nameLength).toString('utf8');
    const extra = dir.subarray(p + 46 + nameLength, p + 46 + nameLength + extraLength);
    const wide = { size: entrySize === 0xffffffff, compressed: compressedSize === 0xffffffff, offset: localHeaderOffset === 0xffffffff };
    if (wide.size || wide.compressed || wide.offset) {
      const z = zip64Extra(extra, wide);
      entrySize = z.size ?? entrySize;
      compressedSize = z.compressed ?? compressedSize;
      localHeaderOffset = z.offset ?? localHeaderOffset;
    }
    entries.push({ name, method, compressedSize, size: entrySize, localHeaderOffset });
    p += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Where an entry's (compressed) data starts: after its local header, name and extra field. */
export async function entryDataOffset(read: ZipRead, entry: ZipEntry): Promise<number> {
  const header = await read(entry.localHeaderOffset, 30);
  if (header.length < 30 || header.readUInt32LE(0) !== LOCAL) throw new ZipFormatError(`broken local header of ${entry.name}`);
  return entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
}

/** One entry's bytes (stored or deflated). Meant for small entries such as the manifest. */
export async function readZipEntry(read: ZipRead, entry: ZipEntry): Promise<Buffer> {
  const start = await entryDataOffset(read, entry);
  const data = await read(start, entry.compressedSize);
  if (entry.method === 0) return data;
  if (entry.method === 8) return inflateRawSync(data);
  throw new ZipFormatError(`${entry.name} uses compression method ${entry.method}`);
}
