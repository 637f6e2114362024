import { type BeforeApplicationShutdown, Logger, type OnApplicationBootstrap, type Provider } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { Queue } from 'bullmq';
import type Redis from 'ioredis';
import type { DataSource, EntitySubscriberInterface, TransactionCommitEvent } from 'typeorm';
import { AppConfig } from '@veolearn/config';
import { ADMIN_METRICS_EVENTS_QUEUE, type DomainEvent } from '@veolearn/contracts';
import { producerConnection, queuePrefix } from '@veolearn/queues';
import { toDomainEvent } from './events-history';
import { OUTBOX_WRITTEN, outboxSignals } from './write-event';

/** Rows one relay pass sends at most (then it runs again at once). */
export const OUTBOX_BATCH = 100;
/** Tries of the consumer per event job, with exponential backoff from 1 s. */
export const EVENT_JOB_ATTEMPTS = 10;

/** The BullMQ options of a domain-event job: its id is the event id, so adding it twice is a no-op. */
export function eventJobOptions(event: DomainEvent) {
  return {
    jobId: event.id,
    attempts: EVENT_JOB_ATTEMPTS,
    backoff: { type: 'exponential', delay: 1000 },
    removeOnComplete: { age: 7 * 24 * 3600, count: 100_000 },
    removeOnFail: { age: 30 * 24 * 3600 },
  };
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Sends the unsent rows of one schema's outbox to the durable queue of every consumer
 * (ADMIN_METRICS_EVENTS_QUEUE), job id = event id, then marks them sent. Rows are taken with
 * FOR UPDATE SKIP LOCKED, so several replicas share the work; a row is marked sent only in the
 * transaction that queued it, so a relay killed between queueing and marking sends it again (a
 * no-op: same job id, and consumers skip event ids they have applied). While Redis is down the
 * rows stay unsent and the relay tries again every OUTBOX_POLL_MS.
 */
export class OutboxRelay implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger: Logger;
  private connection: Redis | null = null;
  private queue: Queue | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private lastWarning = 0;
  private readonly onWritten = (schema: string) => {
    if (schema === this.schema) this.nudge();
  };

  constructor(
    private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly schema: string,
    private readonly producer: string,
  ) {
    this.logger = new Logger(`OutboxRelay:${producer}`);
  }

  onApplicationBootstrap(): void {
    if (!this.config.OUTBOX_RELAY) {
      this.logger.warn('Outbox relay disabled (OUTBOX_RELAY=false): events wait in the outbox');
      return;
    }
    this.start();
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connection = producerConnection(this.config);
    this.queue = new Queue(ADMIN_METRICS_EVENTS_QUEUE, { connection: this.connection, prefix: queuePrefix(this.config) });
    this.queue.on('error', () => undefined);
    outboxSignals.on('written', this.onWritten);
    const subscriber: EntitySubscriberInterface = {
      afterTransactionCommit: (event: TransactionCommitEvent) => {
        const data = event.queryRunner.data as Record<string, unknown> | undefined;
        if (data && data[OUTBOX_WRITTEN]) {
          const schema = data[OUTBOX_WRITTEN];
          delete data[OUTBOX_WRITTEN];
          if (schema === this.schema) this.nudge();
          else outboxSignals.emit('written', schema);
        }
      },
      afterTransactionRollback: (event) => {
        const data = event.queryRunner.data as Record<string, unknown> | undefined;
        if (data) delete data[OUTBOX_WRITTEN];
      },
    };
    this.dataSource.subscribers.push(subscriber);
    this.schedule(0);
  }

  /** Look now (after a local write) instead of at the next poll. */
  nudge(): void {
    if (this.stopped) return;
    this.schedule(0);
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.pass().finally(() => {
        this.running = null;
        const soon = this.again;
        this.again = false;
        this.schedule(soon ? 0 : this.config.OUTBOX_POLL_MS);
      });
    }, delay);
    this.timer.unref?.();
  }

  /** Sends batches until the outbox has no unsent row (or an error stops the pass). */
  private async pass(): Promise<void> {
    try {
      for (;;) {
        const sent = await this.sendBatch();
        if (sent < OUTBOX_BATCH || this.stopped) return;
      }
    } catch (error) {
      const now = Date.now();
      if (now - this.lastWarning > 10_000) {
        this.lastWarning = now;
        this.logger.warn(`Could not relay domain events (they stay in the outbox, trying again): ${reason(error)}`);
      }
    }
  }

  /** One batch in one transaction: lock unsent rows, queue them, mark them sent. Returns how many. */
  async sendBatch(): Promise<number> {
    const queue = this.queue;
    if (!queue) return 0;
    let failedIds: string[] = [];
    try {
      return await this.dataSource.transaction(async (manager) => {
        const rows: Array<{ id: string; type: string; version: number; occurred_at: Date; producer: string; payload: unknown }> = await manager.query(
          `SELECT id, type, version, occurred_at, producer, payload FROM "${this.schema}"."outbox"
            WHERE sent_at IS NULL ORDER BY occurred_at LIMIT ${OUTBOX_BATCH} FOR UPDATE SKIP LOCKED`,
        );
        if (rows.length === 0) return 0;
        const events = rows.map(toDomainEvent);
        failedIds = events.map((e) => e.id);
        await queue.addBulk(events.map((event) => ({ name: event.type, data: event, opts: eventJobOptions(event) })));
        failedIds = [];
        await manager.query(`UPDATE "${this.schema}"."outbox" SET sent_at = now(), attempts = attempts + 1 WHERE id = ANY($1::uuid[])`, [events.map((e) => e.id)]);
        return rows.length;
      });
    } catch (error) {
      if (failedIds.length > 0) {
        await this.dataSource
          .query(`UPDATE "${this.schema}"."outbox" SET attempts = attempts + 1 WHERE id = ANY($1::uuid[]) AND sent_at IS NULL`, [failedIds])
          .catch(() => undefined);
      }
      throw error;
    }
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    outboxSignals.off('written', this.onWritten);
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    // Never holds a shutdown up for long: an unsent row is sent by the next relay that runs.
    const atMost = (work: Promise<unknown> | undefined) => Promise.race([work?.catch(() => undefined), new Promise((r) => setTimeout(r, 2000).unref?.())]);
    await atMost(this.running ?? undefined);
    await atMost(this.queue?.close());
    this.connection?.disconnect();
    this.queue = null;
    this.connection = null;
  }

  /** Before the data source closes, so a pass under way finishes with its connection (like the job workers). */
  async beforeApplicationShutdown(): Promise<void> {
    await this.stop();
  }
}

/** The Nest provider of a producer's relay (started on bootstrap, stopped on shutdown). */
export function outboxRelayProvider(schema: string, producer: string): Provider {
  return {
    provide: OutboxRelay,
    inject: [AppConfig, getDataSourceToken()],
    useFactory: (config: AppConfig, dataSource: DataSource) => new OutboxRelay(config, dataSource, schema, producer),
  };
}
