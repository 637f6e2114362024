import { Inject, Injectable, Logger } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { InjectDataSource } from '@nestjs/typeorm';
import { firstValueFrom, timeout } from 'rxjs';
import { DataSource } from 'typeorm';
import type { DomainEvent } from '@veolearn/contracts';
import { EVENT_PRODUCERS, type EventProducer, eventsHistoryPattern, type EventsHistoryPage } from '@veolearn/outbox';
import { EventApplier, REBUILD_LOCK } from './apply/event-applier';

/** Client tokens of the producers, for the backfill. */
export const PRODUCER_CLIENTS: Record<EventProducer, string> = {
  'auth-service': 'BACKFILL_AUTH',
  'video-service': 'BACKFILL_VIDEO',
  'generation-service': 'BACKFILL_GENERATION',
  'export-service': 'BACKFILL_EXPORT',
  'lti-service': 'BACKFILL_LTI',
};

const PAGE = 2000;
const BATCH = 500;

/** Read models rebuilt by a backfill (settings, fixed costs and security event resolutions are kept). */
export const READ_MODEL_TABLES = ['processed_events', 'hourly_rollup', 'users', 'plan_states', 'subscription_events', 'cost_events', 'security_events', 'activity'];

/** One producer's history, read page by page through its events-history pattern. */
class HistoryStream {
  private buffer: DomainEvent[] = [];
  private next: string | null = null;
  private done = false;

  constructor(
    readonly producer: EventProducer,
    private readonly client: ClientProxy,
  ) {}

  async peek(): Promise<DomainEvent | null> {
    while (this.buffer.length === 0 && !this.done) {
      const page: EventsHistoryPage = await firstValueFrom(
        this.client.send<EventsHistoryPage>(eventsHistoryPattern(this.producer), { after: this.next, limit: PAGE }).pipe(timeout(60_000)),
      );
      this.buffer = page.events;
      this.next = page.next;
      if (!page.next) this.done = true;
    }
    return this.buffer[0] ?? null;
  }

  shift(): DomainEvent | undefined {
    return this.buffer.shift();
  }
}

/**
 * Rebuilds the read models from the producers' history: reads every producer's outbox through its
 * `<producer>.events-history` pattern (a service never reads another's schema), empties the read
 * models and processed_events, and applies all events in occurred_at order (merging the producers'
 * ordered streams). Holds the rebuild lock exclusively, so the live worker waits meanwhile; events
 * it then applies are skipped if the backfill already did.
 */
@Injectable()
export class Backfill {
  private readonly logger = new Logger(Backfill.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly applier: EventApplier,
    @Inject(PRODUCER_CLIENTS['auth-service']) private readonly auth: ClientProxy,
    @Inject(PRODUCER_CLIENTS['video-service']) private readonly video: ClientProxy,
    @Inject(PRODUCER_CLIENTS['generation-service']) private readonly generation: ClientProxy,
    @Inject(PRODUCER_CLIENTS['export-service']) private readonly exportClient: ClientProxy,
    @Inject(PRODUCER_CLIENTS['lti-service']) private readonly lti: ClientProxy,
  ) {}

  async run(): Promise<{ applied: number; byProducer: Record<string, number> }> {
    const clients: Record<EventProducer, ClientProxy> = {
      'auth-service': this.auth,
      'video-service': this.video,
      'generation-service': this.generation,
      'export-service': this.exportClient,
      'lti-service': this.lti,
    };
    const streams = EVENT_PRODUCERS.map((p) => new HistoryStream(p, clients[p]));
    // Every producer must answer before anything is emptied.
    for (const stream of streams) await stream.peek();

    const lock = this.dataSource.createQueryRunner();
    await lock.connect();
    const byProducer: Record<string, number> = {};
    let applied = 0;
    try {
      await lock.query('SELECT pg_advisory_lock(hashtext($1))', [REBUILD_LOCK]);
      // Resolutions are the admins' own data, not events: kept across the rebuild.
      await lock.query('DROP TABLE IF EXISTS pg_temp.kept_resolutions');
      await lock.query('CREATE TEMP TABLE kept_resolutions AS SELECT id, resolved_by, resolved_at FROM metrics.security_events WHERE resolved');
      await lock.query(`TRUNCATE ${READ_MODEL_TABLES.map((t) => `metrics.${t}`).join(', ')}`);
      this.logger.log('Read models emptied; applying the producers\' history');
      for (;;) {
        const batch: DomainEvent[] = [];
        while (batch.length < BATCH) {
          let best: HistoryStream | null = null;
          let bestEvent: DomainEvent | null = null;
          for (const stream of streams) {
            const event = await stream.peek();
            if (event && (!bestEvent || event.occurredAt < bestEvent.occurredAt)) {
              best = stream;
              bestEvent = event;
            }
          }
          if (!best || !bestEvent) break;
          best.shift();
          batch.push(bestEvent);
          byProducer[best.producer] = (byProducer[best.producer] ?? 0) + 1;
        }
        if (batch.length === 0) break;
        await lock.startTransaction();
        try {
          for (const event of batch) if (await this.applier.apply(lock.manager, event)) applied++;
          await lock.commitTransaction();
        } catch (error) {
          await lock.rollbackTransaction();
          throw error;
        }
        if (applied % 10_000 < BATCH) this.logger.log(`Applied ${applied} events`);
      }
      await lock.query(
        `UPDATE metrics.security_events s SET resolved = true, resolved_by = k.resolved_by, resolved_at = k.resolved_at FROM kept_resolutions k WHERE s.id = k.id`,
      );
    } finally {
      await lock.query('SELECT pg_advisory_unlock(hashtext($1))', [REBUILD_LOCK]).catch(() => undefined);
      await lock.release();
    }
    this.logger.log(`Backfill done: ${applied} events applied (${JSON.stringify(byProducer)})`);
    return { applied, byProducer };
  }
}
