import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '@veolearn/config';
import { currentRequestId, watchQueueDepth } from '@veolearn/nest-common';
import { GENERATION_QUEUE, RowJobQueue } from '@veolearn/queues';

/** The producer side of the generation queue. Its connection fails fast while Redis is down. */
@Injectable()
export class GenerationQueue extends RowJobQueue implements OnApplicationShutdown {
  constructor(config: AppConfig) {
    super(config, { queue: GENERATION_QUEUE, jobName: 'generate', attempts: config.GENERATION_ATTEMPTS, backoffMs: config.GENERATION_BACKOFF_MS });
    watchQueueDepth(this.queue);
  }

  /** Enqueues the job under its row's id, with the request id of the call that started it (the row's, when queued again). */
  override add(jobId: string, requestId: string | undefined = currentRequestId()): Promise<void> {
    return super.add(jobId, requestId);
  }

  onApplicationShutdown(): Promise<void> {
    return this.close();
  }
}
