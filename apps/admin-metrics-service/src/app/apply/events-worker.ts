import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type Job, Worker } from 'bullmq';
import type Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { AppConfig } from '@veolearn/config';
import { ADMIN_METRICS_EVENTS_QUEUE, type DomainEvent } from '@veolearn/contracts';
import { recordJob } from '@veolearn/nest-common';
import { queuePrefix, workerConnection } from '@veolearn/queues';
import { EventApplier, REBUILD_LOCK } from './event-applier';

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The consumer of ADMIN_METRICS_EVENTS_QUEUE (started when ADMIN_METRICS_WORKER is true): applies
 * each event in one transaction with its processed_events row, so a job run twice (a replay, a
 * stalled job taken over, the same event queued under another job id) changes nothing the second
 * time. While a backfill rebuilds, applies wait for it (shared advisory lock).
 */
@Injectable()
export class EventsWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(EventsWorker.name);
  private worker: Worker<DomainEvent, { applied: boolean }> | null = null;
  private connection: Redis | null = null;

  constructor(
    private readonly config: AppConfig,
    private readonly applier: EventApplier,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.ADMIN_METRICS_WORKER) return;
    this.connection = workerConnection(this.config);
    this.worker = new Worker<DomainEvent, { applied: boolean }>(ADMIN_METRICS_EVENTS_QUEUE, (job) => this.process(job), {
      connection: this.connection,
      prefix: queuePrefix(this.config),
      concurrency: 4,
      lockDuration: 60_000,
    });
    this.worker.on('error', (error) => this.logger.warn(`Worker: ${reason(error)}`));
    this.worker.on('completed', (job) => recordJob(ADMIN_METRICS_EVENTS_QUEUE, 'completed', job));
    this.worker.on('failed', (job, error) => {
      recordJob(ADMIN_METRICS_EVENTS_QUEUE, 'failed', job);
      this.logger.warn(`Event ${job?.data?.id ?? '?'} (${job?.data?.type ?? '?'}) not applied: ${reason(error)}`);
    });
    this.logger.log('Domain event worker started');
  }

  async process(job: Job<DomainEvent, { applied: boolean }>): Promise<{ applied: boolean }> {
    const applied = await this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock_shared(hashtext($1))', [REBUILD_LOCK]);
      return this.applier.apply(manager, job.data);
    });
    return { applied };
  }

  /** Before the data source closes: an event being applied finishes its transaction, the rest stay queued. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.worker?.close().catch(() => undefined);
    this.connection?.disconnect();
  }
}
