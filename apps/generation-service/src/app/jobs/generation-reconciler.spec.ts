import { RowJobQueue } from '@veolearn/queues';
import type { DataSource } from 'typeorm';
import { AppConfig } from '@veolearn/config';
import type { GenerationQueue } from './generation-queue';
import { GenerationReconciler } from './generation-reconciler';
import type { GenerationRunner } from './generation-runner';

function setup(rows: string[], inQueue: string[], failedUnsynced: number[] = []) {
  const config = Object.assign(new AppConfig(), { GENERATION_LOCK_MS: 30_000 });
  const query = jest.fn(async (sql: string, _params?: unknown[]) => {
    if (sql.includes("state = 'failed'")) return failedUnsynced.map((videoId) => ({ id: `job-${videoId}`, owner_id: 1, video_id: videoId }));
    if (sql.startsWith('UPDATE')) return [];
    return rows.map((id) => ({ id, request_id: id === 'a' ? 'req-a' : null }));
  });
  const queued = new Set(inQueue);
  const queue = {
    has: jest.fn(async (id: string) => queued.has(id)),
    add: jest.fn(async (id: string, _requestId?: string) => void queued.add(id)),
    // The real pass over the rows, on these has/add.
    requeueMissing: RowJobQueue.prototype.requeueMissing,
  };
  const runner = { tellVideoFailed: jest.fn().mockResolvedValue(true) };
  const reconciler = new GenerationReconciler(
    config,
    { query } as unknown as DataSource,
    queue as unknown as GenerationQueue,
    runner as unknown as GenerationRunner,
  );
  return { reconciler, query, queue, runner };
}

describe('GenerationReconciler', () => {
  it('enqueues again, under their own ids and with the request id that started them, the unfinished rows the queue lost, and only those', async () => {
    const { reconciler, queue, query } = setup(['a', 'b', 'c'], ['b']);
    expect(await reconciler.reconcile()).toBe(2);
    expect(queue.add.mock.calls).toEqual([
      ['a', 'req-a'],
      ['c', undefined],
    ]);
    // Active rows are only taken when they have not moved for a lock's length.
    expect(query.mock.calls[0][1]).toEqual([30_000]);
    expect(await reconciler.reconcile()).toBe(0);
    reconciler.onApplicationShutdown();
  });

  it('tries again later when Redis does not answer', async () => {
    const { reconciler, queue } = setup(['a'], []);
    queue.has.mockRejectedValueOnce(new Error("Stream isn't writeable"));
    expect(await reconciler.reconcile()).toBe(0);
    expect(await reconciler.reconcile()).toBe(1);
    reconciler.onApplicationShutdown();
  });

  it('joins a pass already running and runs one more after it', async () => {
    const { reconciler, queue } = setup(['a'], []);
    const [first, second] = [reconciler.reconcile(), reconciler.reconcile()];
    expect(await first).toBe(1);
    expect(await second).toBe(1);
    expect(queue.has).toHaveBeenCalledTimes(2);
    reconciler.onApplicationShutdown();
  });

  it('marks the videos of failed jobs the video-service did not take, stopping while it is away', async () => {
    const { reconciler, runner, query } = setup([], [], [11, 12, 13]);
    runner.tellVideoFailed.mockResolvedValueOnce(true).mockResolvedValueOnce(false);
    expect(await reconciler.syncFailedVideos()).toBe(1);
    expect(runner.tellVideoFailed).toHaveBeenCalledTimes(2);
    const updates = query.mock.calls.filter(([sql]) => sql.startsWith('UPDATE'));
    expect(updates).toEqual([[expect.stringContaining('video_synced_at = now()'), ['job-11']]]);
    reconciler.onApplicationShutdown();
  });
});
