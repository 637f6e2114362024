import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import type Redis from 'ioredis';
import { AppConfig } from '@veolearn/config';
import { watchQueueDepth } from '@veolearn/nest-common';
import { LTI_GRADE_QUEUE, type LtiGradeJobData, producerConnection, queuePrefix } from '@veolearn/queues';

/** Delay before try n (1-based) of a channel's delivery: doubling from LTI_GRADE_BACKOFF_MS up to its maximum. */
export function gradeBackoff(attemptsMade: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, Math.min(30, attemptsMade - 1)));
}

/** The producer side of the grade queue: one job per learner and line item (the channel). */
@Injectable()
export class GradeQueue implements OnApplicationShutdown {
  private readonly connection: Redis;
  readonly queue: Queue<LtiGradeJobData>;

  constructor(private readonly config: AppConfig) {
    this.connection = producerConnection(config);
    this.queue = new Queue<LtiGradeJobData>(LTI_GRADE_QUEUE, { connection: this.connection, prefix: queuePrefix(config) });
    watchQueueDepth(this.queue);
    this.queue.on('error', () => undefined);
  }

  async ping(): Promise<void> {
    await this.connection.ping();
  }

  /** Queues the channel's delivery (a no-op while a job of the channel is waiting, running or backing off). */
  async add(channel: string): Promise<void> {
    await this.queue.add(
      'deliver',
      { channel },
      {
        jobId: channel,
        // Each grade row counts its own tries (LTI_GRADE_ATTEMPTS); the job only needs to outlive them.
        attempts: this.config.LTI_GRADE_ATTEMPTS * 4,
        backoff: { type: 'lti-grade' },
        removeOnComplete: true,
        removeOnFail: true,
      },
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close().catch(() => undefined);
    this.connection.disconnect();
  }
}
