import { startStack, type RunningStack } from '@veolearn/testing';
import { api, expectErrorBody } from './support';

let stack: RunningStack;

beforeAll(async () => {
  stack = await startStack({ name: 'rate_limit', env: { AUTH_RATE_LIMIT_PER_MINUTE: '3', RATE_LIMIT_PER_MINUTE: '1000' } });
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
});
