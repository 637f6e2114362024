import { startStack, type RunningStack } from '@veolearn/testing';
import { api, sql } from './support';

const ADMIN = { email: 'health.admin@example.com', password: 'a long admin password 123' };
const HEALTH_TOKEN = 'health-detail-token-for-tests-0123456789';
let stack: RunningStack;

beforeAll(async () => {
  // One trusted hop (the test plays the proxy): the address the proxy appends is the client.
  stack = await startStack({
    name: 'gateway_security',
    admin: ADMIN,
    env: { TRUST_PROXY: '1', RATE_LIMIT_PER_MINUTE: '5', AUTH_RATE_LIMIT_PER_MINUTE: '3', HEALTH_DETAIL_TOKEN: HEALTH_TOKEN },
  });
});

afterAll(async () => {
  await stack?.stop();
});

/** A request as one trusted proxy would forward it: whatever the client sent, then the address it saw. */
const from = (clientIp: string, forged?: string) => ({ 'X-Forwarded-For': forged ? `${forged}, ${clientIp}` : clientIp });

async function limiterKeys(): Promise<Record<string, number>> {
  const { default: Redis } = await import('ioredis');
  const redis = new Redis(stack.env['REDIS_URL']!);
  try {
    const keys = await redis.keys(`${stack.redisPrefix}:{rl:*`);
    const out: Record<string, number> = {};
    for (const key of keys) if (key.endsWith(':hits')) out[key.slice(stack.redisPrefix.length + 1)] = Number(await redis.get(key));
    return out;
  } finally {
    redis.disconnect();
  }
}

describe('client address behind TRUST_PROXY=1', () => {
  it('takes the address the trusted proxy saw, not the leftmost one the client forged', async () => {
    await api(stack).get('/api/auth/google/status').set(from('10.1.0.1', '1.2.3.4')).expect(200);
    await api(stack).get('/api/auth/google/status').set(from('10.1.0.1', '9.9.9.9')).expect(200);
    const keys = await limiterKeys();
    expect(keys['{rl:ip:10.1.0.1:default}:hits']).toBe(2);
    expect(Object.keys(keys).join(' ')).not.toMatch(/1\.2\.3\.4|9\.9\.9\.9/);
  });

  it('stores the same address in security events', async () => {
    await api(stack).post('/api/auth/signin').set(from('10.1.0.2', '6.6.6.6')).send({ username: 'nobody@example.com', password: 'wrong password' }).expect(401);
    const rows = await sql<{ ip_address: string }>(stack, "SELECT ip_address FROM auth.security_events WHERE user_email = 'nobody@example.com'");
    expect(rows.map((r) => r.ip_address)).toEqual(['10.1.0.2']);
  });
});

describe('the general rate limit counts per client across routes', () => {
  // The client is a learner (the id the player sends): RATE_LIMIT_PER_MINUTE applies to it. Requests
  // naming no user or learner count per address under ANONYMOUS_RATE_LIMIT_PER_MINUTE, left at its
  // default here because the stack's own start-up probe of /api/health counts against its address.
  const learner = 'learner-gateway-security-1';
  it('answers 429 once one client passes the limit over two routes, and leaves another client alone', async () => {
    for (let i = 0; i < 3; i++) await api(stack).get(`/api/auth/google/status?learnerId=${learner}`).set(from('10.2.0.1')).expect(200);
    for (let i = 0; i < 2; i++) expect((await api(stack).get(`/api/health?learnerId=${learner}`).set(from('10.2.0.1'))).status).toBe(200);
    expect((await api(stack).get(`/api/health?learnerId=${learner}`).set(from('10.2.0.1'))).status).toBe(429);
    expect((await api(stack).get(`/api/auth/google/status?learnerId=${learner}`).set(from('10.2.0.1'))).status).toBe(429);
    // Another learner behind the same address, and another address, are not limited.
    await api(stack).get('/api/auth/google/status?learnerId=learner-gateway-security-2').set(from('10.2.0.1')).expect(200);
    await api(stack).get('/api/auth/google/status').set(from('10.2.0.2')).expect(200);
    expect((await limiterKeys())[`{rl:learner:${learner}:default}:hits`]).toBeGreaterThanOrEqual(6);
  });
});

describe('health', () => {
  it('tells anonymous callers only ok or degraded, from a cached check', async () => {
    const first = await api(stack).get('/api/health').set(from('10.4.0.1')).expect(200);
    const second = await api(stack).get('/api/health').set(from('10.4.0.1')).expect(200);
    expect(first.body).toEqual({ status: 'ok' });
    expect(second.body).toEqual({ status: 'ok' });
    expect(JSON.stringify(first.body)).not.toMatch(/service|postgres|redis|instance|:\d+/);
    // Both answers come from one check: the services were not called again.
    expect(first.headers['x-health-checked-at']).toBeDefined();
    expect(second.headers['x-health-checked-at']).toBe(first.headers['x-health-checked-at']);
  });

  it('gives the details to an admin', async () => {
    const signin = await api(stack).post('/api/auth/signin').set(from('10.5.0.1')).send({ username: ADMIN.email, password: ADMIN.password }).expect(200);
    const res = await api(stack).get('/api/health').set(from('10.5.0.1')).set('Authorization', `Bearer ${signin.body.token}`).expect(200);
    expect(res.body.details['auth-service']).toMatchObject({ status: 'up', instance: expect.any(String) });
    expect(res.body.details.redis.status).toBe('up');
  });

  it('gives the details to an internal probe with the shared token, and not to a wrong token', async () => {
    const res = await api(stack).get('/api/health').set(from('10.6.0.1')).set('X-Health-Token', HEALTH_TOKEN).expect(200);
    expect(res.body.details['video-service:postgres'].status).toBe('up');
    const wrong = await api(stack).get('/api/health').set(from('10.6.0.1')).set('X-Health-Token', 'not-the-token').expect(200);
    expect(wrong.body).toEqual({ status: 'ok' });
  });
});
