import { Queue } from 'bullmq';
import type Redis from 'ioredis';
import type { AppConfig } from '@veolearn/config';
import { onReconnected, producerConnection, queuePrefix } from './connections';

/** The payload of a job whose row in Postgres holds the rest (generation jobs, SCORM builds). */
export interface RowJobData {
  jobId: string;
  /** The request that queued the job, so the worker's log lines carry its id. */
  requestId?: string;
}

export interface RowJobQueueOptions {
  /** The queue's name (GENERATION_QUEUE, EXPORT_QUEUE). */
  queue: string;
  /** The name each job carries. */
  jobName: string;
  /** Tries per job, and the first backoff (doubled each try). */
  attempts: number;
  backoffMs: number;
}

/**
 * The producer side of a queue of jobs whose Postgres rows are the truth and whose queue jobs only
 * schedule them: each job is queued under its row's id, so adding an id the queue already holds
 * changes nothing. Its connection fails fast while Redis is down.
 */
export class RowJobQueue {
  protected readonly connection: Redis;
  readonly queue: Queue<RowJobData>;

  constructor(
    config: AppConfig,
    private readonly options: RowJobQueueOptions,
  ) {
    this.connection = producerConnection(config);
    this.queue = new Queue<RowJobData>(options.queue, { connection: this.connection, prefix: queuePrefix(config) });
    this.queue.on('error', () => undefined);
  }

  /** Calls `listener` each time the queue's Redis is ready again after it was lost (it may have come back empty). */
  onReconnected(listener: () => void): void {
    onReconnected(this.connection, listener);
  }

  /** True when the queue holds a job under this id, in any state. */
  async has(jobId: string): Promise<boolean> {
    return (await this.queue.getJob(jobId)) !== undefined;
  }

  /** Throws when the queue's Redis does not answer right now. */
  async ping(): Promise<void> {
    await this.connection.ping();
  }

  /** Queues the row's job, carrying the request id of the call that asked for it (the row's, when queued again). */
  async add(jobId: string, requestId?: string): Promise<void> {
    await this.queue.add(this.options.jobName, requestId ? { jobId, requestId } : { jobId }, {
      jobId,
      attempts: this.options.attempts,
      backoff: { type: 'exponential', delay: this.options.backoffMs },
      removeOnComplete: { age: 24 * 3600, count: 10_000 },
      removeOnFail: { age: 7 * 24 * 3600 },
    });
  }

  /**
   * Queues again every unfinished row the queue does not hold (a Redis that restarted without
   * persistence, an eviction), under its own id and request id; resolves to how many. Stops early
   * when `stopped()` turns true (the process is shutting down).
   */
  async requeueMissing(rows: ReadonlyArray<{ id: string; request_id: string | null }>, stopped: () => boolean = () => false): Promise<number> {
    let requeued = 0;
    for (const row of rows) {
      if (stopped()) break;
      if (await this.has(row.id)) continue;
      await this.add(row.id, row.request_id ?? undefined);
      requeued += 1;
    }
    return requeued;
  }

  async close(): Promise<void> {
    await this.queue.close().catch(() => undefined);
    this.connection.disconnect();
  }
}
