import type { ThrottlerStorage } from '@nestjs/throttler';
import { FallbackThrottlerStorage } from './fallback-throttler-storage';

type Record_ = Awaited<ReturnType<ThrottlerStorage['increment']>>;
const record = (totalHits: number): Record_ => ({ totalHits, timeToExpire: 60, isBlocked: false, timeToBlockExpire: 0 });

describe('FallbackThrottlerStorage', () => {
  it('counts in Redis while it is connected', async () => {
    const primary = { increment: jest.fn().mockResolvedValue(record(7)) };
    const storage = new FallbackThrottlerStorage(primary, () => true);
    expect((await storage.increment('k', 60_000, 10, 60_000, 'default')).totalHits).toBe(7);
    expect(storage.usingFallback).toBe(false);
    storage.onApplicationShutdown();
  });

  it('counts and blocks in process while Redis is away or failing, then goes back to Redis', async () => {
    let connected = false;
    const primary = { increment: jest.fn().mockRejectedValue(new Error("Stream isn't writeable")) };
    const storage = new FallbackThrottlerStorage(primary, () => connected);
    const hits: Record_[] = [];
    for (let i = 0; i < 3; i++) hits.push(await storage.increment('k', 60_000, 2, 60_000, 'default'));
    expect(hits.map((h) => h.totalHits)).toEqual([1, 2, 3]);
    expect(hits[2].isBlocked).toBe(true);
    expect(primary.increment).not.toHaveBeenCalled();
    expect(storage.usingFallback).toBe(true);

    // Connected but the command fails: still in process, the request is never failed.
    connected = true;
    expect((await storage.increment('other', 60_000, 2, 60_000, 'default')).totalHits).toBe(1);
    expect(primary.increment).toHaveBeenCalledTimes(1);

    primary.increment.mockResolvedValue(record(1));
    expect((await storage.increment('k', 60_000, 2, 60_000, 'default')).totalHits).toBe(1);
    expect(storage.usingFallback).toBe(false);
    storage.onApplicationShutdown();
  });
});
