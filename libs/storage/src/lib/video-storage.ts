import type { Readable } from 'node:stream';

/** Byte positions of a read, both inclusive (as in an HTTP Range). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface PutOptions {
  /** Largest accepted size; one byte more fails the write with StorageLimitError and stores nothing. */
  maxBytes: number;
}

export interface StoredObject {
  /** Bytes written. */
  bytes: number;
}

export interface ObjectStat {
  size: number;
  modifiedAt: Date;
}

/**
 * Where uploaded videos live. Writes are all or nothing: a failed, refused or interrupted `put`
 * leaves no object behind, and a reader never sees a half-written one.
 */
export interface VideoStorage {
  put(key: string, source: Readable, options: PutOptions): Promise<StoredObject>;
  /** Streams the object, or the inclusive byte range of it; StorageNotFoundError when missing. */
  openRead(key: string, range?: ByteRange): Promise<Readable>;
  /** Size and time of the object; null when missing. */
  stat(key: string): Promise<ObjectStat | null>;
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
}

/** Injection token for the VideoStorage of an app. */
export const VIDEO_STORAGE = 'VIDEO_STORAGE';

/** The source gave more than `maxBytes`; nothing was stored. */
export class StorageLimitError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The object is larger than ${maxBytes} bytes`);
    this.name = 'StorageLimitError';
  }
}

export class StorageNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No stored object under ${key}`);
    this.name = 'StorageNotFoundError';
  }
}

/**
 * Keys are lower-case relative paths: letters, digits, '.', '_', '-', and '/' between non-empty
 * segments that do not start with a dot (so a key can never reach outside the storage root).
 */
const KEY = /^(?:[a-z0-9][a-z0-9._-]{0,99}\/){0,4}[a-z0-9][a-z0-9._-]{0,99}$/;

export function isValidStorageKey(key: unknown): key is string {
  return typeof key === 'string' && KEY.test(key) && !key.split('/').includes('..');
}

export function assertStorageKey(key: unknown): asserts key is string {
  if (!isValidStorageKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}
