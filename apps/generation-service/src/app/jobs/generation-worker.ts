import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { type Job, UnrecoverableError, Worker } from 'bullmq';
import type Redis from 'ioredis';
import { AppConfig } from '@veolearn/config';
import { recordJob, runWithRequestContext } from '@veolearn/nest-common';
import { GENERATION_QUEUE, type GenerationJobData, queuePrefix, workerConnection } from '@veolearn/queues';
import { GenerationRunner, PermanentJobError, type RunOutcome } from './generation-runner';

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The BullMQ worker of the generation queue (started when GENERATION_WORKER is true, and by the
 * `worker` command). A worker that dies mid-job loses its lock; after GENERATION_LOCK_MS another
 * worker takes the job over (stalled-job recovery) and the question set is still saved once.
 */
@Injectable()
export class GenerationWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(GenerationWorker.name);
  private worker: Worker<GenerationJobData, RunOutcome> | null = null;
  private connection: Redis | null = null;

  constructor(
    private readonly config: AppConfig,
    private readonly runner: GenerationRunner,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.GENERATION_WORKER) return;
    this.connection = workerConnection(this.config);
    const lock = this.config.GENERATION_LOCK_MS;
    this.worker = new Worker<GenerationJobData, RunOutcome>(GENERATION_QUEUE, (job) => this.process(job), {
      connection: this.connection,
      prefix: queuePrefix(this.config),
      concurrency: this.config.GENERATION_CONCURRENCY,
      lockDuration: lock,
      stalledInterval: Math.max(1000, Math.round(lock / 2)),
      maxStalledCount: 2,
    });
    this.worker.on('error', (error) => this.logger.warn(`Worker: ${reason(error)}`));
    this.worker.on('completed', (job) => recordJob(GENERATION_QUEUE, 'completed', job));
    this.worker.on('failed', (job) => recordJob(GENERATION_QUEUE, 'failed', job));
    this.logger.log(`Generation worker started (concurrency ${this.config.GENERATION_CONCURRENCY})`);
  }

  /** Runs one job in the context of the request that queued it: its log lines and service calls carry that id. */
  private process(job: Job<GenerationJobData, RunOutcome>): Promise<RunOutcome> {
    return runWithRequestContext({ requestId: job.data.requestId, jobId: job.data.jobId }, () => this.run(job));
  }

  private async run(job: Job<GenerationJobData, RunOutcome>): Promise<RunOutcome> {
    const jobId = job.data.jobId;
    const started = Date.now();
    this.logger.log(`Job ${jobId} try ${job.attemptsMade + 1} started`);
    try {
      const outcome = await this.runner.run(jobId, (progress) => job.updateProgress(progress));
      this.logger.log(`Job ${jobId} ${outcome.status} in ${Date.now() - started} ms`);
      return outcome;
    } catch (error) {
      const permanent = error instanceof PermanentJobError;
      const attemptsAllowed = job.opts.attempts ?? 1;
      const final = permanent || job.attemptsMade + 1 >= attemptsAllowed;
      const delay = this.config.GENERATION_BACKOFF_MS * 2 ** job.attemptsMade;
      const message = reason(error);
      this.logger.warn(`Job ${jobId} try ${job.attemptsMade + 1}/${attemptsAllowed} failed${final ? ' for good' : ''}: ${message}`);
      await this.runner.recordFailure(jobId, message, final, delay);
      if (permanent) throw new UnrecoverableError(message);
      throw error;
    }
  }

  /**
   * On SIGTERM, before any connection closes: stop taking jobs and let the running ones finish
   * (their database and service calls still work); a job cut off by a hard kill is taken over by
   * another worker once its lock lapses.
   */
  async beforeApplicationShutdown(): Promise<void> {
    await this.worker?.close().catch(() => undefined);
    this.connection?.disconnect();
  }
}
