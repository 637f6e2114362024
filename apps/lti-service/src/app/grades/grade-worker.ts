import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type Job, Worker } from 'bullmq';
import type Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { AppConfig } from '@veolearn/config';
import { recordJob, runWithRequestContext } from '@veolearn/nest-common';
import { LTI_GRADE_QUEUE, type LtiGradeJobData, queuePrefix, workerConnection } from '@veolearn/queues';
import { emit } from '../events';
import { PlatformsService } from '../platforms/platforms.service';
import { AgsClient, DeliveryError } from './ags-client';
import { gradeBackoff, GradeQueue } from './grade-queue';
import type { GradeRow } from './grades.service';

const LOCK_MS = 60_000;
/** How often pending grades without a queued job are queued again (a lost Redis, a race at completion). */
const SWEEP_MS = 15_000;

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Delivers grades to the LMS. One job per channel (learner and line item) sends that channel's
 * pending grades oldest first, marking each sent as soon as the LMS took it, so grades arrive in
 * order and a delivered grade is never sent again. A 5xx, a timeout or a refused token is retried
 * with backoff (doubling up to LTI_GRADE_BACKOFF_MAX_MS, LTI_GRADE_ATTEMPTS tries: hours); a grade
 * that keeps failing, or that the LMS refuses (4xx), is marked failed and stays listed for resending.
 */
@Injectable()
export class GradeWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(GradeWorker.name);
  private worker: Worker<LtiGradeJobData> | null = null;
  private connection: Redis | null = null;
  private sweeper: NodeJS.Timeout | null = null;

  constructor(
    private readonly config: AppConfig,
    private readonly queue: GradeQueue,
    private readonly ags: AgsClient,
    private readonly platforms: PlatformsService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.LTI_WORKER) return;
    this.connection = workerConnection(this.config);
    this.worker = new Worker<LtiGradeJobData>(LTI_GRADE_QUEUE, (job) => this.process(job), {
      connection: this.connection,
      prefix: queuePrefix(this.config),
      concurrency: 4,
      lockDuration: LOCK_MS,
      stalledInterval: LOCK_MS / 2,
      maxStalledCount: 2,
      settings: { backoffStrategy: (attemptsMade: number) => gradeBackoff(attemptsMade, this.config.LTI_GRADE_BACKOFF_MS, this.config.LTI_GRADE_BACKOFF_MAX_MS) },
    });
    this.worker.on('error', (error) => this.logger.warn(`Worker: ${reason(error)}`));
    this.worker.on('completed', (job) => recordJob(LTI_GRADE_QUEUE, 'completed', job));
    this.worker.on('failed', (job) => recordJob(LTI_GRADE_QUEUE, 'failed', job));
    this.logger.log('LTI grade worker started');
    await this.sweep();
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_MS);
    this.sweeper.unref();
  }

  /** Queues every channel with pending grades (a no-op for channels already queued or backing off). */
  private async sweep(): Promise<void> {
    try {
      const rows: Array<{ channel: string }> = await this.dataSource.query(
        `SELECT DISTINCT channel FROM lti.grades WHERE state = 'pending' AND created_at < now() - interval '5 seconds' LIMIT 1000`,
      );
      for (const row of rows) await this.queue.add(row.channel);
    } catch (error) {
      this.logger.warn(`Could not queue pending grades again: ${reason(error)}`);
    }
  }

  private async next(channel: string): Promise<GradeRow | null> {
    const rows: GradeRow[] = await this.dataSource.query(`SELECT * FROM lti.grades WHERE channel = $1 AND state = 'pending' ORDER BY seq LIMIT 1`, [channel]);
    return rows[0] ?? null;
  }

  private async process(job: Job<LtiGradeJobData>): Promise<void> {
    const channel = job.data.channel;
    for (let row = await this.next(channel); row; row = await this.next(channel)) {
      const grade = row;
      // Each delivery logs under the request that submitted its grade, however late it is sent.
      await runWithRequestContext({ requestId: grade.request_id ?? undefined, jobId: grade.id }, () => this.deliver(grade));
    }
  }

  /** Sends one grade; throws (for BullMQ to retry the channel after its backoff) when it may still go through. */
  private async deliver(row: GradeRow): Promise<void> {
    const platform = await this.platforms.byId(row.platform_id);
    if (!platform || !row.lineitem) {
      await this.finish(row, platform?.issuer ?? '', 'failed', 'The platform registration or the line item is gone');
      return;
    }
    try {
      await this.ags.postScore(platform, row.lineitem, row.score);
    } catch (error) {
      const message = reason(error);
      const permanent = error instanceof DeliveryError && error.permanent;
      const final = permanent || row.attempts + 1 >= this.config.LTI_GRADE_ATTEMPTS;
      this.logger.warn(`Grade ${row.id} try ${row.attempts + 1}/${this.config.LTI_GRADE_ATTEMPTS} failed${final ? ' for good' : ''}: ${message}`);
      if (final) {
        await this.finish(row, platform.issuer, 'failed', message);
        return;
      }
      await this.dataSource.query(`UPDATE lti.grades SET attempts = attempts + 1, last_error = $2 WHERE id = $1`, [row.id, message.slice(0, 1000)]);
      // BullMQ retries the channel after the backoff; the later grades wait behind this one.
      throw error;
    }
    await this.finish(row, platform.issuer, 'sent', null);
    this.logger.log(`Grade ${row.id} delivered after ${row.attempts + 1} try(s)`);
  }

  /** Stores the outcome of a grade and its grade.sent / grade.failed domain event in one transaction. */
  private async finish(row: GradeRow, issuer: string, state: 'sent' | 'failed', error: string | null): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `UPDATE lti.grades SET state = $2::varchar, attempts = attempts + 1, last_error = $3, sent_at = CASE WHEN $2::varchar = 'sent' THEN now() ELSE sent_at END WHERE id = $1`,
        [row.id, state, error?.slice(0, 1000) ?? null],
      );
      await emit(manager, state === 'sent' ? 'grade.sent' : 'grade.failed', {
        videoId: Number(row.video_id),
        issuer,
        scoreGiven: Number(row.score?.scoreGiven ?? 0),
        scoreMaximum: Number(row.score?.scoreMaximum ?? 0),
        error: error?.slice(0, 1000) ?? null,
      });
    });
  }

  /**
   * On SIGTERM, before any connection closes: stop taking jobs and let the running ones finish
   * (their database and service calls still work); a job cut off by a hard kill is taken over by
   * another worker once its lock lapses.
   */
  async beforeApplicationShutdown(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    await this.worker?.close().catch(() => undefined);
    this.connection?.disconnect();
  }
}
