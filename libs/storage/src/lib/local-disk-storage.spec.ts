import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { LocalDiskStorage } from './local-disk-storage';
import { isValidStorageKey, StorageLimitError, StorageNotFoundError } from './video-storage';

let root: string;
let storage: LocalDiskStorage;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'veolearn-storage-'));
  storage = new LocalDiskStorage(root);
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

/** Every file under the root, relative, sorted. */
function files(): string[] {
  return (readdirSync(root, { recursive: true, withFileTypes: true }) as Array<{ isFile(): boolean; parentPath: string; name: string }>)
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(root.length + 1))
    .sort();
}

describe('LocalDiskStorage', () => {
  it('stores, stats, reads whole and by range, and deletes', async () => {
    const body = Buffer.from('0123456789abcdefghij');
    expect(await storage.put('videos/a.mp4', Readable.from([body.subarray(0, 7), body.subarray(7)]), { maxBytes: 20 })).toEqual({ bytes: 20 });
    expect(files()).toEqual(['videos/a.mp4']);
    expect(readFileSync(join(root, 'videos/a.mp4')).equals(body)).toBe(true);
    const stat = await storage.stat('videos/a.mp4');
    expect(stat?.size).toBe(20);
    expect(Math.abs(Date.now() - (stat?.modifiedAt.getTime() ?? 0))).toBeLessThan(60_000);
    expect(await text(await storage.openRead('videos/a.mp4'))).toBe('0123456789abcdefghij');
    expect(await text(await storage.openRead('videos/a.mp4', { start: 5, end: 9 }))).toBe('56789');
    await storage.delete('videos/a.mp4');
    expect(files()).toEqual([]);
    await expect(storage.delete('videos/a.mp4')).resolves.toBeUndefined();
  });

  it('answers null and StorageNotFoundError for a missing object', async () => {
    expect(await storage.stat('nope.webm')).toBeNull();
    await expect(storage.openRead('nope.webm')).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('refuses one byte over the limit and leaves no file', async () => {
    await expect(storage.put('big.mp4', Readable.from([Buffer.alloc(10), Buffer.alloc(11)]), { maxBytes: 20 })).rejects.toBeInstanceOf(StorageLimitError);
    expect(files()).toEqual([]);
  });

  it('leaves no file when the source breaks off mid-way', async () => {
    const source = new PassThrough();
    const put = storage.put('cut.webm', source, { maxBytes: 1000 });
    source.write(Buffer.alloc(100));
    await new Promise((r) => setTimeout(r, 20));
    expect(files()).toHaveLength(1);
    expect(files()[0]).toMatch(/^cut\.webm\..+\.part$/);
    source.destroy(new Error('client went away'));
    await expect(put).rejects.toThrow('client went away');
    expect(files()).toEqual([]);
  });

  it('replaces an object atomically', async () => {
    await storage.put('k.mp4', Readable.from([Buffer.from('old')]), { maxBytes: 10 });
    await storage.put('k.mp4', Readable.from([Buffer.from('newer')]), { maxBytes: 10 });
    expect(await text(await storage.openRead('k.mp4'))).toBe('newer');
    expect(files()).toEqual(['k.mp4']);
  });

  it('refuses keys that could leave the root', async () => {
    for (const key of ['../x', 'a/../../x', '/etc/passwd', '.hidden', 'a//b', 'A.mp4', '', 'a/']) {
      expect(isValidStorageKey(key)).toBe(false);
      await expect(storage.put(key, Readable.from([Buffer.from('x')]), { maxBytes: 10 })).rejects.toThrow('Invalid storage key');
    }
    expect(isValidStorageKey('videos/2025/0f3c.mp4')).toBe(true);
  });
});
