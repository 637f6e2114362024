import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import type Redis from 'ioredis';
import { AppConfig } from '@veolearn/config';
import { GENERATION_QUEUE, type GenerationJobData, producerConnection, queuePrefix } from '@veolearn/queues';

/** The producer side of the generation queue. Its connection fails fast while Redis is down. */
@Injectable()
export class GenerationQueue implements OnApplicationShutdown {
  private readonly connection: Redis;
  readonly queue: Queue<GenerationJobData>;

  constructor(private readonly config: AppConfig) {
    this.connection = producerConnection(config);
    this.queue = new Queue<GenerationJobData>(GENERATION_QUEUE, { connection: this.connection, prefix: queuePrefix(config) });
    this.queue.on('error', () => undefined);
  }

  /** Throws when the queue's Redis does not answer right now. */
  async ping(): Promise<void> {
    await this.connection.ping();
  }

  async add(jobId: string): Promise<void> {
    await this.queue.add(
      'generate',
      { jobId },
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
