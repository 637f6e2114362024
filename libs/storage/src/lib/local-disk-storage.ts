import { randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, open, rename, stat, unlink } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertStorageKey,
  type ByteRange,
  type ObjectStat,
  type PutOptions,
  StorageLimitError,
  StorageNotFoundError,
  type StoredObject,
  type VideoStorage,
} from './video-storage';

/** Suffix of files still being written; a crash can leave them, nothing ever reads them. */
export const PARTIAL_SUFFIX = '.part';

/** Counts the bytes going through and fails once more than `maxBytes` arrived. */
class ByteLimit extends Transform {
  bytes = 0;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) return callback(new StorageLimitError(this.maxBytes));
    callback(null, chunk);
  }
}

function isMissing(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as NodeJS.ErrnoException).code === 'ENOENT';
}

async function removeQuietly(path: string): Promise<void> {
  await unlink(path).catch((error: unknown) => {
    if (!isMissing(error)) throw error;
  });
}

/**
 * Stores objects as files under one root folder (UPLOAD_DIR). A write goes to a temporary
 * `<key>.<uuid>.part` file that is renamed into place once complete; on any error, refusal or
 * interruption the temporary file is deleted, so no half-written object ever exists.
 */
export class LocalDiskStorage implements VideoStorage {
  readonly root: string;

  /** `root` relative paths are taken from the working directory. */
  constructor(root: string) {
    this.root = resolve(root);
  }

  /** The file of a key (keys are checked, so it always lies under the root). */
  pathOf(key: string): string {
    assertStorageKey(key);
    return join(this.root, ...key.split('/'));
  }

  async put(key: string, source: Readable, options: PutOptions): Promise<StoredObject> {
    const target = this.pathOf(key);
    if (!Number.isSafeInteger(options.maxBytes) || options.maxBytes < 0) throw new Error('maxBytes must be a whole number of bytes');
    await mkdir(dirname(target), { recursive: true });
    const temporary = `${target}.${randomUUID()}${PARTIAL_SUFFIX}`;
    const limit = new ByteLimit(options.maxBytes);
    const sink = createWriteStream(temporary, { flags: 'wx' });
    try {
      await pipeline(source, limit, sink);
      await rename(temporary, target);
    } catch (error) {
      source.destroy();
      // The pipeline can fail before the file is even open (a refused first chunk): wait until the
      // write stream has opened and closed, or the temporary file would appear after its removal.
      await closed(sink);
      await removeQuietly(temporary);
      throw error;
    }
    return { bytes: limit.bytes };
  }

  async openRead(key: string, range?: ByteRange): Promise<Readable> {
    const path = this.pathOf(key);
    let handle;
    try {
      handle = await open(path, 'r');
    } catch (error) {
      if (isMissing(error)) throw new StorageNotFoundError(key);
      throw error;
    }
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async stat(key: string): Promise<ObjectStat | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? { size: info.size, modifiedAt: info.mtime } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await removeQuietly(this.pathOf(key));
  }
}

/** Resolves once the write stream has closed (at once when it already has). */
function closed(stream: WriteStream): Promise<void> {
  if (stream.closed) return Promise.resolve();
  return new Promise((resolve) => {
    stream.once('close', () => resolve());
    stream.destroy();
  });
}
