import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import type Redis from 'ioredis';
import { AppConfig } from '@veolearn/config';
import { currentRequestId, watchQueueDepth } from '@veolearn/nest-common';
import { EXPORT_QUEUE, type ExportJobData, onReconnected, producerConnection, queuePrefix } from '@veolearn/queues';

/** Tries per package build (the first run plus one retry); a missing player or video fails at once. */
export const EXPORT_ATTEMPTS = 2;
export const EXPORT_BACKOFF_MS = 2000;

/** The producer side of the export queue. Its connection fails fast while Redis is down. */
@Injectable()
export class ExportQueue implements OnApplicationShutdown {
  private readonly connection: Redis;
  readonly queue: Queue<ExportJobData>;

  constructor(config: AppConfig) {
    this.connection = producerConnection(config);
    this.queue = new Queue<ExportJobData>(EXPORT_QUEUE, { connection: this.connection, prefix: queuePrefix(config) });
    watchQueueDepth(this.queue);
    this.queue.on('error', () => undefined);
  }

  /** Throws when the queue's Redis does not answer right now. */
  async ping(): Promise<void> {
    await this.connection.ping();
  }

  /** True when the queue holds a job under this id, in any state. */
  async has(jobId: string): Promise<boolean> {
    return (await this.queue.getJob(jobId)) !== undefined;
  }

  /** Calls `listener` each time the queue's Redis is ready again after it was lost (it may have come back empty). */
  onReconnected(listener: () => void): void {
    onReconnected(this.connection, listener);
  }

  /**
   * Queues a build under the row's id (adding an id that is still queued is a no-op), carrying the
   * request id of the call that asked for it (the row's, when queued again).
   */
  async add(jobId: string, requestId: string | undefined = currentRequestId()): Promise<void> {
    await this.queue.add(
      'scorm',
      requestId ? { jobId, requestId } : { jobId },
      {
        jobId,
        attempts: EXPORT_ATTEMPTS,
        backoff: { type: 'exponential', delay: EXPORT_BACKOFF_MS },
        removeOnComplete: { age: 24 * 3600, count: 10_000 },
        removeOnFail: { age: 7 * 24 * 3600 },
      },
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close().catch(() => undefined);
    this.connection.disconnect();
  }
}
