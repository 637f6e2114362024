import { randomUUID } from 'node:crypto';
import { startStack, type RunningStack } from '@veolearn/testing';
import { api, expectErrorBody, sql } from './support';

let stack: RunningStack;

beforeAll(async () => {
  stack = await startStack({
    name: 'rate_limit',
    env: { AUTH_RATE_LIMIT_PER_MINUTE: '3', RATE_LIMIT_PER_MINUTE: '1000', ANONYMOUS_RATE_LIMIT_PER_MINUTE: '1000', IP_RATE_LIMIT_PER_MINUTE: '400' },
  });
});

afterAll(async () => {
  await stack?.stop();
});

describe('rate limiting backed by Redis', () => {
  it('answers 429 with a readable message once a client exceeds the sign-in limit', async () => {
    const attempt = () => api(stack).post('/api/auth/signin').send({ username: 'limit@example.com', password: 'wrong password' });
    for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(401);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(expectErrorBody(limited.body, 429)).toMatch(/Too many requests/);
    // Other routes keep their own, larger allowance.
    await api(stack).get('/api/auth/google/status').expect(200);
    // The refusal is a security event for the admins (one per client and minute), with no secret in it.
    type Row = { event_type: string; severity: string; ip_address: string; details: Record<string, unknown> };
    let rows: Row[] = [];
    for (const until = Date.now() + 10_000; rows.length === 0 && Date.now() < until; await new Promise((r) => setTimeout(r, 100))) {
      rows = await sql<Row>(stack, `SELECT event_type, severity, ip_address, details FROM auth.security_events WHERE event_type = 'rate_limited'`);
    }
    expect(rows).toEqual([
      { event_type: 'rate_limited', severity: 'warning', ip_address: expect.any(String), details: { client: 'ip', limit: 3, windowSeconds: 60, route: '/api/auth/signin' } },
    ]);
  });

  it('keeps its counters in Redis under the deployment prefix, one per client and limit', async () => {
    const { default: Redis } = await import('ioredis');
    const redis = new Redis(stack.env['REDIS_URL']!);
    try {
      // The limiter's own keys: `<prefix>:{rl:<client>:<limit name>}:hits` (other keys under the prefix are queues and sessions).
      const credentials = `${stack.redisPrefix}:{rl:ip:127.0.0.1:credentials}:hits`;
      const general = `${stack.redisPrefix}:{rl:ip:127.0.0.1:default}:hits`;
      // The previous test made 4 sign-in attempts; the general limit also counted its other request
      // and the health polls of the start-up.
      expect(Number(await redis.get(credentials))).toBe(4);
      const before = Number(await redis.get(general));
      expect(before).toBeGreaterThanOrEqual(5);
      await api(stack).get('/api/auth/google/status').expect(200);
      expect(Number(await redis.get(general))).toBe(before + 1);
      for (const key of [credentials, general]) {
        const ttl = await redis.pttl(key);
        expect(ttl).toBeGreaterThan(0);
        expect(ttl).toBeLessThanOrEqual(60_000);
      }
    } finally {
      redis.disconnect();
    }
  });

  it('counts an anonymous learner by the learner id it sends, and every address under its ceiling', async () => {
    const { default: Redis } = await import('ioredis');
    const redis = new Redis(stack.env['REDIS_URL']!);
    try {
      const learnerId = randomUUID();
      const address = `${stack.redisPrefix}:{rl:ip:127.0.0.1:address}:hits`;
      const before = Number(await redis.get(address));
      // An attempt that does not exist answers 404, counted against the learner, not the address's general limit.
      await api(stack).get(`/api/attempts/${randomUUID()}`).query({ learnerId }).expect(404);
      expect(Number(await redis.get(`${stack.redisPrefix}:{rl:learner:${learnerId}:default}:hits`))).toBe(1);
      expect(Number(await redis.get(address))).toBe(before + 1);

      // Learner ids are the browser's to invent: fresh ones each time still meet the address's ceiling (400 a minute).
      let limited = 0;
      for (let i = 0; i < 420 && limited === 0; i++) {
        const res = await api(stack).get(`/api/attempts/${randomUUID()}`).query({ learnerId: randomUUID() });
        if (res.status === 429) limited = i;
        else expect(res.status).toBe(404);
      }
      expect(limited).toBeGreaterThan(0);
      expect(Number(await redis.get(address))).toBeGreaterThan(400);
    } finally {
      redis.disconnect();
    }
  });
});
