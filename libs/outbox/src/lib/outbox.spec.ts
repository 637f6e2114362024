import { decodeHistoryCursor, encodeHistoryCursor, eventsHistoryPattern, toDomainEvent } from './events-history';
import { eventJobOptions } from './outbox-relay';
import { historicalEventId, outboxTableUp, seedOutboxSql } from './outbox-table';

describe('outbox table', () => {
  it('has the unsent index the relay scans and the history index the backfill pages', () => {
    const sql = outboxTableUp('auth').join('\n');
    expect(sql).toContain('CREATE TABLE IF NOT EXISTS "auth"."outbox"');
    expect(sql).toMatch(/"outbox_unsent_idx" ON "auth"\."outbox" \("occurred_at"\) WHERE "sent_at" IS NULL/);
    expect(sql).toMatch(/"outbox_history_idx" ON "auth"\."outbox" \("occurred_at", "id"\)/);
  });

  it('seeds history unsent with deterministic ids, skipping ids already there', () => {
    expect(historicalEventId(`'auth.users:' || u.id`)).toBe(`md5('auth.users:' || u.id)::uuid`);
    const sql = seedOutboxSql('auth', 'auth-service', 'SELECT 1');
    expect(sql).toContain(`'auth-service', s.payload, NULL, 0`);
    expect(sql).toContain('ON CONFLICT (id) DO NOTHING');
  });
});

describe('events history', () => {
  it('names the pattern after the producer', () => {
    expect(eventsHistoryPattern('video-service')).toBe('video-service.events-history');
  });

  it('round-trips its cursor and refuses others', () => {
    const cursor = encodeHistoryCursor('2026-03-10T12:00:00.123456Z', '00000000-0000-0000-0000-000000000001');
    expect(decodeHistoryCursor(cursor)).toEqual({ occurredAt: '2026-03-10T12:00:00.123456Z', id: '00000000-0000-0000-0000-000000000001' });
    expect(decodeHistoryCursor('junk')).toBeNull();
  });

  it('turns a row into a domain event', () => {
    const event = toDomainEvent({ id: 'x', type: 'user.signed-in', version: 1, occurred_at: new Date('2026-03-10T12:00:00Z'), producer: 'auth-service', payload: { userId: 1, via: 'password' } });
    expect(event).toEqual({ id: 'x', type: 'user.signed-in', version: 1, occurredAt: '2026-03-10T12:00:00.000Z', producer: 'auth-service', payload: { userId: 1, via: 'password' } });
  });
});

describe('event jobs', () => {
  it('use the event id as job id, retry with backoff and are kept for a while', () => {
    const options = eventJobOptions({ id: 'e1', type: 'user.signed-in', version: 1, occurredAt: '', producer: 'p', payload: { userId: 1, via: 'password' } });
    expect(options).toMatchObject({ jobId: 'e1', attempts: 10, backoff: { type: 'exponential', delay: 1000 } });
    expect(options.removeOnComplete).toMatchObject({ age: 7 * 24 * 3600 });
  });
});
