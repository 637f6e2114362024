import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '@veolearn/config';
import { GenerationQueue } from './generation-queue';
import { GenerationRunner } from './generation-runner';

/** Rows looked at per pass; the next pass takes the rest. */
const BATCH = 500;

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Postgres is the truth for generation jobs and the queue only schedules them. At start, every
 * GENERATION_RECONCILE_MS and whenever the queue's Redis reconnects, an unfinished job row that has
 * no job in the queue (a Redis restarted without persistence, an eviction) is enqueued again under
 * its own id, which the queue takes once however many processes reconcile at the same time.
 * A row being worked on (`active`) is left alone until it has not moved for GENERATION_LOCK_MS,
 * since its worker may still finish it.
 *
 * The same passes make each video follow its job: a job that failed for good while the video-service
 * could not take it (`video_synced_at` empty) has its video marked failed once the service answers,
 * so no video stays `processing` after its job ended. (A completed job's save made its video ready.)
 */
@Injectable()
export class GenerationReconciler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(GenerationReconciler.name);
  private timer: NodeJS.Timeout | null = null;
  private pass: Promise<number> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly queue: GenerationQueue,
    private readonly runner: GenerationRunner,
  ) {}

  onApplicationBootstrap(): void {
    void this.reconcile();
    this.timer = setInterval(() => void this.reconcile(), this.config.GENERATION_RECONCILE_MS);
    this.timer.unref();
    this.queue.onReconnected(() => void this.reconcile());
  }

  /** Runs one pass (or joins the running one and runs another after it); resolves to the jobs re-queued. */
  reconcile(): Promise<number> {
    if (this.pass) {
      this.again = true;
      return this.pass;
    }
    this.pass = (async () => {
      let total = 0;
      do {
        this.again = false;
        total += await this.requeueLostJobs().catch((error: unknown) => {
          this.logger.warn(`Could not reconcile generation jobs with the queue (tried again later): ${reason(error)}`);
          return 0;
        });
        await this.syncFailedVideos().catch((error: unknown) => {
          this.logger.warn(`Could not bring videos in line with their failed jobs (tried again later): ${reason(error)}`);
        });
      } while (this.again && !this.stopped);
      return total;
    })().finally(() => {
      this.pass = null;
    });
    return this.pass;
  }

  private async requeueLostJobs(): Promise<number> {
    const rows: Array<{ id: string; request_id: string | null }> = await this.dataSource.query(
      `SELECT id, request_id FROM generation.jobs
        WHERE state IN ('queued', 'retrying') OR (state = 'active' AND updated_at < now() - $1 * interval '1 millisecond')
        ORDER BY created_at LIMIT ${BATCH}`,
      [this.config.GENERATION_LOCK_MS],
    );
    const requeued = await this.queue.requeueMissing(rows, () => this.stopped);
    if (requeued > 0) this.logger.warn(`Re-queued ${requeued} generation job(s) whose queue job was lost`);
    return requeued;
  }

  /** Marks the videos of failed jobs that the video-service has not taken yet; resolves to how many it took. */
  async syncFailedVideos(): Promise<number> {
    const rows: Array<{ id: string; owner_id: number; video_id: number }> = await this.dataSource.query(
      `SELECT id, owner_id, video_id FROM generation.jobs WHERE state = 'failed' AND video_synced_at IS NULL ORDER BY finished_at LIMIT ${BATCH}`,
    );
    let synced = 0;
    for (const row of rows) {
      if (this.stopped) break;
      // The service is still away: the next pass tries again.
      if (!(await this.runner.tellVideoFailed(row))) break;
      await this.dataSource.query('UPDATE generation.jobs SET video_synced_at = now() WHERE id = $1 AND video_synced_at IS NULL', [row.id]);
      synced += 1;
    }
    if (synced > 0) this.logger.log(`Marked ${synced} video(s) failed after their jobs failed while the video-service was away`);
    return synced;
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
  }
}
