import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '@veolearn/config';
import { currentRequestId, watchQueueDepth } from '@veolearn/nest-common';
import { EXPORT_QUEUE, RowJobQueue } from '@veolearn/queues';

/** Tries per package build (the first run plus one retry); a missing player or video fails at once. */
export const EXPORT_ATTEMPTS = 2;
export const EXPORT_BACKOFF_MS = 2000;

/** The producer side of the export queue. Its connection fails fast while Redis is down. */
@Injectable()
export class ExportQueue extends RowJobQueue implements OnApplicationShutdown {
  constructor(config: AppConfig) {
    super(config, { queue: EXPORT_QUEUE, jobName: 'scorm', attempts: EXPORT_ATTEMPTS, backoffMs: EXPORT_BACKOFF_MS });
    watchQueueDepth(this.queue);
  }

  /** Queues a build under the row's id, with the request id of the call that asked for it (the row's, when queued again). */
  override add(jobId: string, requestId: string | undefined = currentRequestId()): Promise<void> {
    return super.add(jobId, requestId);
  }

  onApplicationShutdown(): Promise<void> {
    return this.close();
  }
}
