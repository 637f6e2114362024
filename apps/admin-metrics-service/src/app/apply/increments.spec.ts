import type { DomainEvent } from '@veolearn/contracts';
import { addInto, rollupIncrements } from './increments';

const base = { id: '00000000-0000-0000-0000-000000000001', version: 1, occurredAt: '2026-03-10T12:00:00.000Z', producer: 'test' };

describe('rollupIncrements', () => {
  it('counts every event and its type', () => {
    expect(rollupIncrements({ ...base, type: 'user.signed-in', payload: { userId: 1, via: 'password' } } as DomainEvent)).toEqual({ events: 1, 'type|user.signed-in': 1 });
  });

  it('adds AI usage by service and operation', () => {
    const inc = rollupIncrements({
      ...base,
      type: 'ai.cost-recorded',
      payload: { service: 'openai', provider: 'openai', model: 'm', operation: 'generate-questions', promptTokens: 100, completionTokens: 50, amountUsd: 0.25, jobId: null, ownerId: 1, videoId: 2, succeeded: false },
    } as DomainEvent);
    expect(inc).toMatchObject({ 'cost.usd|openai': 0.25, 'cost.calls': 1, 'cost.prompt': 100, 'cost.completion': 50, 'cost.failed': 1, 'costd.tokens|openai|generate-questions': 150 });
  });

  it('adds security events by type and severity', () => {
    const inc = rollupIncrements({ ...base, type: 'security.event', payload: { eventType: 'rate_limited', severity: 'warning', userId: null, userEmail: null, ipAddress: null, details: null } } as DomainEvent);
    expect(inc).toMatchObject({ 'sec.type|rate_limited': 1, 'sec.severity|warning': 1, 'sec.both|warning|rate_limited': 1 });
  });

  it('adds into totals', () => {
    const totals: Record<string, number> = { events: 2 };
    addInto(totals, { events: 1, x: 3 });
    expect(totals).toEqual({ events: 3, x: 3 });
  });
});
