import type { DataSource } from 'typeorm';
import type { DomainEvent } from '@veolearn/contracts';

/** The message pattern with which a producer answers pages of its outbox (its event history). */
export function eventsHistoryPattern(producer: string): string {
  return `${producer}.events-history`;
}

/** The producers with an outbox, in the order a backfill reads them. */
export const EVENT_PRODUCERS = ['auth-service', 'video-service', 'generation-service', 'export-service', 'lti-service'] as const;
export type EventProducer = (typeof EVENT_PRODUCERS)[number];

export interface EventsHistoryMessage {
  /** Cursor from the previous page (null for the first). */
  after: string | null;
  /** At most 5000 rows per page. */
  limit: number;
}

export interface EventsHistoryPage {
  events: DomainEvent[];
  next: string | null;
}

export const EVENTS_HISTORY_MAX_LIMIT = 5000;

export function encodeHistoryCursor(occurredAt: string, id: string): string {
  return Buffer.from(JSON.stringify([occurredAt, id])).toString('base64url');
}

export function decodeHistoryCursor(cursor: string): { occurredAt: string; id: string } | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2 && typeof parsed[0] === 'string' && typeof parsed[1] === 'string' && !Number.isNaN(Date.parse(parsed[0]))) {
      return { occurredAt: parsed[0], id: parsed[1] };
    }
  } catch {
    // fall through
  }
  return null;
}

interface OutboxRow {
  id: string;
  type: string;
  version: number;
  occurred_at: Date;
  producer: string;
  payload: unknown;
  occurred_text: string;
}

/** One page of a schema's outbox in (occurred_at, id) order, sent or not. */
export async function readEventsHistory(dataSource: DataSource, schema: string, message: EventsHistoryMessage): Promise<EventsHistoryPage> {
  const limit = Math.max(1, Math.min(EVENTS_HISTORY_MAX_LIMIT, Math.floor(Number(message?.limit) || 1000)));
  const cursor = message?.after ? decodeHistoryCursor(message.after) : null;
  const params: unknown[] = [limit];
  let where = '';
  if (cursor) {
    params.push(cursor.occurredAt, cursor.id);
    where = 'WHERE (occurred_at, id) > ($2::timestamptz, $3::uuid)';
  }
  const rows: OutboxRow[] = await dataSource.query(
    `SELECT id, type, version, occurred_at, producer, payload,
            to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS occurred_text
       FROM "${schema}"."outbox" ${where} ORDER BY occurred_at, id LIMIT $1`,
    params,
  );
  const events = rows.map(toDomainEvent);
  const last = rows[rows.length - 1];
  return { events, next: rows.length === limit && last ? encodeHistoryCursor(last.occurred_text, last.id) : null };
}

export function toDomainEvent(row: { id: string; type: string; version: number; occurred_at: Date | string; producer: string; payload: unknown }): DomainEvent {
  return {
    id: row.id,
    type: row.type as DomainEvent['type'],
    version: Number(row.version),
    occurredAt: new Date(row.occurred_at).toISOString(),
    producer: row.producer,
    payload: row.payload as DomainEvent['payload'],
  };
}
