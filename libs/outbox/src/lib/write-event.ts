import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { EntityManager } from 'typeorm';
import type { DomainEvent, DomainEventPayloads, DomainEventType } from '@veolearn/contracts';

/** What a producer hands to writeEvent; id, version and time are filled in. */
export interface NewDomainEvent<T extends DomainEventType = DomainEventType> {
  type: T;
  payload: DomainEventPayloads[T];
  /** The schema whose outbox gets the row (the producer's own). */
  schema: string;
  /** The app that writes it: auth-service, video-service, ... */
  producer: string;
  /** Defaults to the database's transaction time (now()). */
  occurredAt?: Date;
  id?: string;
}

/** Emits 'written' (schema) when an event may be waiting, so the relay of that schema looks at once. */
export const outboxSignals = new EventEmitter();
outboxSignals.setMaxListeners(50);

/** Set on a query runner's data by writeEvent: the relay's commit subscriber nudges the relay for it. */
export const OUTBOX_WRITTEN = 'veolearnOutboxWritten';

interface DataHolder {
  data?: Record<string, unknown>;
  isTransactionActive?: boolean;
}

/**
 * Writes one domain event into the producer's outbox through `manager`: call it INSIDE the
 * transaction of the change it describes, so both commit or neither does. The relay sends it after
 * the commit (nudged by the commit itself, or within OUTBOX_POLL_MS).
 */
export async function writeEvent<T extends DomainEventType>(manager: EntityManager, event: NewDomainEvent<T>): Promise<DomainEvent<T>> {
  const id = event.id ?? randomUUID();
  const rows: Array<{ occurred_at: Date }> = await manager.query(
    `INSERT INTO "${event.schema}"."outbox" (id, type, version, occurred_at, producer, payload)
     VALUES ($1, $2, 1, COALESCE($3::timestamptz, now()), $4, $5::jsonb) RETURNING occurred_at`,
    [id, event.type, event.occurredAt?.toISOString() ?? null, event.producer, JSON.stringify(event.payload)],
  );
  const runner = manager.queryRunner as DataHolder | undefined;
  if (runner?.isTransactionActive && runner.data) {
    runner.data[OUTBOX_WRITTEN] = event.schema;
  } else {
    // Not in a transaction: the row is committed already.
    outboxSignals.emit('written', event.schema);
  }
  const occurred = rows[0]?.occurred_at;
  return {
    id,
    type: event.type,
    version: 1,
    occurredAt: (occurred instanceof Date ? occurred : new Date(occurred ?? Date.now())).toISOString(),
    producer: event.producer,
    payload: event.payload,
  };
}
