import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type Job, UnrecoverableError, Worker } from 'bullmq';
import type Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { AppConfig } from '@veolearn/config';
import { recordJob, runWithRequestContext } from '@veolearn/nest-common';
import { EXPORT_QUEUE, type ExportJobData, queuePrefix, workerConnection } from '@veolearn/queues';
import { PermanentExportError } from '../scorm/player-files';
import { ExportQueue, EXPORT_BACKOFF_MS } from './export-queue';
import { ExportRunner, type RunOutcome } from './export-runner';

/** How long a worker's lock on a build lasts without renewal; a killed worker's build is taken over after this. */
const LOCK_MS = 30_000;

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The BullMQ worker of the export queue (started when EXPORT_WORKER is true, and by the `worker`
 * command). A worker that dies mid-build loses its lock and another takes the build over; a build
 * writes its zip under its own key, so a retried one replaces, never duplicates, the package.
 *
 * Postgres is the truth for builds and the queue only schedules them: at start, every
 * EXPORT_RECONCILE_MS and whenever the queue's Redis reconnects, a row still queued (or building but
 * untouched for a lock's length) that has no job in the queue is queued again under its own id, with
 * the request id that asked for it. So a Redis that came back empty loses no build.
 */
@Injectable()
export class ExportWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(ExportWorker.name);
  private worker: Worker<ExportJobData, RunOutcome> | null = null;
  private connection: Redis | null = null;
  private timer: NodeJS.Timeout | null = null;
  private pass: Promise<number> | null = null;
  private stopped = false;

  constructor(
    private readonly config: AppConfig,
    private readonly runner: ExportRunner,
    private readonly queue: ExportQueue,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.EXPORT_WORKER) return;
    this.connection = workerConnection(this.config);
    this.worker = new Worker<ExportJobData, RunOutcome>(EXPORT_QUEUE, (job) => this.process(job), {
      connection: this.connection,
      prefix: queuePrefix(this.config),
      concurrency: this.config.EXPORT_CONCURRENCY,
      lockDuration: LOCK_MS,
      stalledInterval: LOCK_MS / 2,
      maxStalledCount: 2,
    });
    this.worker.on('error', (error) => this.logger.warn(`Worker: ${reason(error)}`));
    this.worker.on('completed', (job) => recordJob(EXPORT_QUEUE, 'completed', job));
    this.worker.on('failed', (job) => recordJob(EXPORT_QUEUE, 'failed', job));
    this.logger.log(`Export worker started (concurrency ${this.config.EXPORT_CONCURRENCY})`);
    await this.reconcile();
    this.timer = setInterval(() => void this.reconcile(), this.config.EXPORT_RECONCILE_MS);
    this.timer.unref();
    this.queue.onReconnected(() => void this.reconcile());
  }

  /** One reconciliation pass (joins the running one); resolves to the builds queued again, 0 when Redis is away. */
  reconcile(): Promise<number> {
    this.pass ??= this.requeueLost()
      .catch((error: unknown) => {
        this.logger.warn(`Could not reconcile builds with the queue (tried again later): ${reason(error)}`);
        return 0;
      })
      .finally(() => (this.pass = null));
    return this.pass;
  }

  private async requeueLost(): Promise<number> {
    const rows: Array<{ id: string; request_id: string | null }> = await this.dataSource.query(
      `SELECT id, request_id FROM export.scorm_packages
        WHERE state = 'queued' OR (state = 'active' AND updated_at < now() - $1 * interval '1 millisecond')
        ORDER BY created_at LIMIT 1000`,
      [LOCK_MS],
    );
    const requeued = await this.queue.requeueMissing(rows, () => this.stopped);
    if (requeued > 0) this.logger.warn(`Queued ${requeued} build(s) again whose queue job was lost`);
    return requeued;
  }

  /** Runs one build in the context of the request that queued it: its log lines and service calls carry that id. */
  private process(job: Job<ExportJobData, RunOutcome>): Promise<RunOutcome> {
    return runWithRequestContext({ requestId: job.data.requestId, jobId: job.data.jobId }, () => this.run(job));
  }

  private async run(job: Job<ExportJobData, RunOutcome>): Promise<RunOutcome> {
    const jobId = job.data.jobId;
    const started = Date.now();
    this.logger.log(`Build ${jobId} try ${job.attemptsMade + 1} started`);
    try {
      const outcome = await this.runner.run(jobId, (progress) => job.updateProgress(progress));
      this.logger.log(`Build ${jobId} ${outcome.status} in ${Date.now() - started} ms`);
      return outcome;
    } catch (error) {
      const permanent = error instanceof PermanentExportError;
      const attemptsAllowed = job.opts.attempts ?? 1;
      const final = permanent || job.attemptsMade + 1 >= attemptsAllowed;
      const message = reason(error);
      this.logger.warn(`Build ${jobId} try ${job.attemptsMade + 1}/${attemptsAllowed} failed${final ? ' for good' : ''}: ${message}`);
      await this.runner.recordFailure(jobId, message, final, EXPORT_BACKOFF_MS * 2 ** job.attemptsMade);
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
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.worker?.close().catch(() => undefined);
    this.connection?.disconnect();
  }
}
