import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import type Redis from 'ioredis';
import { AppConfig } from '@veolearn/config';
import { currentRequestId, watchQueueDepth } from '@veolearn/nest-common';
import { GENERATION_QUEUE, type GenerationJobData, onReconnected, producerConnection, queuePrefix } from '@veolearn/queues';

/** The producer side of the generation queue. Its connection fails fast while Redis is down. */
@Injectable()
export class GenerationQueue implements OnApplicationShutdown {
  private readonly connection: Redis;
  readonly queue: Queue<GenerationJobData>;

  constructor(private readonly config: AppConfig) {
    this.connection = producerConnection(config);
    this.queue = new Queue<GenerationJobData>(GENERATION_QUEUE, { connection: this.connection, prefix: queuePrefix(config) });
    watchQueueDepth(this.queue);
    this.queue.on('error', () => undefined);
  }

  /**
   * Calls `listener` each time the queue's Redis connection is ready again after it was lost (not
   * on the first connection): a Redis that restarted may have come back empty.
   */
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

  /**
   * Enqueues the job under its row's id: adding an id the queue already holds changes nothing.
   * The job carries the request id of the call that started it (the row's, when queued again).
   */
  async add(jobId: string, requestId: string | undefined = currentRequestId()): Promise<void> {
    await this.queue.add(
      'generate',
      requestId ? { jobId, requestId } : { jobId },
      {
        jobId,
        attempts: this.config.GENERATION_ATTEMPTS,
        backoff: { type: 'exponential', delay: this.config.GENERATION_BACKOFF_MS },
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
