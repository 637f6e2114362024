import { RowJobQueue } from '@veolearn/queues';
import type { DataSource } from 'typeorm';
import { AppConfig } from '@veolearn/config';
import type { ExportQueue } from './export-queue';
import type { ExportRunner } from './export-runner';
import { ExportWorker } from './export-worker';

function setup(rows: Array<{ id: string; request_id: string | null }>, inQueue: string[]) {
  const query = jest.fn(async (_sql: string, _params?: unknown[]) => rows);
  const queued = new Set(inQueue);
  const queue = {
    has: jest.fn(async (id: string) => queued.has(id)),
    add: jest.fn(async (id: string, _requestId?: string) => void queued.add(id)),
    // The real pass over the rows, on these has/add.
    requeueMissing: RowJobQueue.prototype.requeueMissing,
  };
  const worker = new ExportWorker(new AppConfig(), {} as ExportRunner, queue as unknown as ExportQueue, { query } as unknown as DataSource);
  return { worker, queue, query };
}

describe('ExportWorker reconciliation', () => {
  it('queues again, with the request id that asked for them, the unfinished builds the queue lost, and only those', async () => {
    const { worker, queue, query } = setup(
      [
        { id: 'a', request_id: 'req-a' },
        { id: 'b', request_id: 'req-b' },
        { id: 'c', request_id: null },
      ],
      ['b'],
    );
    expect(await worker.reconcile()).toBe(2);
    expect(queue.add.mock.calls).toEqual([
      ['a', 'req-a'],
      ['c', undefined],
    ]);
    // Building rows are only taken when they have not moved for a lock's length.
    expect(query.mock.calls[0][0]).toContain("state = 'active' AND updated_at <");
    expect(query.mock.calls[0][1]).toEqual([30_000]);
    expect(await worker.reconcile()).toBe(0);
  });

  it('tries again on the next pass when Redis does not answer', async () => {
    const { worker, queue } = setup([{ id: 'a', request_id: null }], []);
    queue.has.mockRejectedValueOnce(new Error("Stream isn't writeable"));
    expect(await worker.reconcile()).toBe(0);
    expect(await worker.reconcile()).toBe(1);
  });
});
