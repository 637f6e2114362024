import { AppConfig } from '@veolearn/config';
import { changesPlayback, PlaybackCache } from './playback-cache';

const cacheOf = (ms: number) => new PlaybackCache<{ v: number }>(Object.assign(new AppConfig(), { PLAYBACK_CACHE_MS: ms }));

describe('PlaybackCache', () => {
  it('reads a lesson once per period, however many learners ask at once', async () => {
    const cache = cacheOf(1000);
    let calls = 0;
    const load = async () => ({ v: ++calls });
    const answers = await Promise.all(Array.from({ length: 50 }, () => cache.get(7, load)));
    expect(calls).toBe(1);
    expect(new Set(answers.map((a) => a.v))).toEqual(new Set([1]));
    expect(await cache.get(7, load)).toEqual({ v: 1 });
    // Another lesson is its own read; an expired one is read again.
    expect(await cache.get(8, load)).toEqual({ v: 2 });
    expect(await cache.get(7, load, Date.now() + 1500)).toEqual({ v: 3 });
  });

  it('keeps no error (a 404 for an unshared lesson is asked again next time)', async () => {
    const cache = cacheOf(1000);
    await expect(cache.get(7, async () => Promise.reject(new Error('Video not found')))).rejects.toThrow('Video not found');
    expect(await cache.get(7, async () => ({ v: 9 }))).toEqual({ v: 9 });
  });

  it('forgets everything on a write, and does not keep a read that started before it', async () => {
    const cache = cacheOf(1000);
    await cache.get(7, async () => ({ v: 1 }));
    let release: (value: { v: number }) => void = () => undefined;
    cache.invalidate();
    const slow = cache.get(7, () => new Promise((resolve) => (release = resolve)));
    cache.invalidate();
    release({ v: 2 });
    expect(await slow).toEqual({ v: 2 });
    expect(await cache.get(7, async () => ({ v: 3 }))).toEqual({ v: 3 });
  });

  it('is off at 0', async () => {
    const cache = cacheOf(0);
    let calls = 0;
    await cache.get(7, async () => ({ v: ++calls }));
    await cache.get(7, async () => ({ v: ++calls }));
    expect(calls).toBe(2);
  });

  it('names the writes that may change a lesson', () => {
    expect(changesPlayback('PUT', '/api/videos/7')).toBe(true);
    expect(changesPlayback('POST', '/api/videos/7/interactions')).toBe(true);
    expect(changesPlayback('DELETE', '/api/interactions/3')).toBe(true);
    expect(changesPlayback('POST', '/api/videos')).toBe(true);
    expect(changesPlayback('GET', '/api/videos/7')).toBe(false);
    expect(changesPlayback('POST', '/api/play/7/attempts')).toBe(false);
    expect(changesPlayback('POST', '/api/attempts/abc/answers')).toBe(false);
    expect(changesPlayback('POST', '/api/videosx')).toBe(false);
  });
});
