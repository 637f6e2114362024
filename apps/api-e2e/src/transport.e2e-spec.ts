import { startStack, type RunningStack } from '@veolearn/testing';
import { api, PASSWORD, RELAXED_LIMITS, signUp } from './support';

const transport = process.env['TEST_TRANSPORT'] === 'nats' ? 'nats' : 'tcp';

async function instancesSeen(stack: RunningStack, calls: number): Promise<Set<string>> {
  const seen = new Set<string>();
  for (let i = 0; i < calls; i++) {
    const res = await api(stack).get('/api/health').set('X-Health-Token', stack.env['HEALTH_DETAIL_TOKEN']!).expect(200);
    seen.add(res.body.details['auth-service'].instance);
  }
  return seen;
}

(transport === 'nats' ? describe : describe.skip)('two auth-service replicas on NATS', () => {
  let stack: RunningStack;

  beforeAll(async () => {
    stack = await startStack({ name: 'replicas_nats', transport: 'nats', replicas: 2, env: RELAXED_LIMITS });
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('spreads requests over both replicas', async () => {
    const seen = await instancesSeen(stack, 40);
    expect(seen.size).toBe(2);
  });

  it('serves sign-up, sign-in and validation whichever replica answers', async () => {
    const { body, token } = await signUp(stack);
    for (let i = 0; i < 10; i++) {
      await api(stack).get('/api/auth/validate').set('Authorization', `Bearer ${token}`).expect(200);
    }
    await api(stack).post('/api/auth/signin').send({ username: body.email, password: PASSWORD }).expect(200);
    await api(stack).post('/api/auth/logout').set('Authorization', `Bearer ${token}`).expect(200);
    for (let i = 0; i < 10; i++) {
      await api(stack).get('/api/auth/validate').set('Authorization', `Bearer ${token}`).expect(401);
    }
  });

  it('keeps answering when one replica stops', async () => {
    const replica = stack.processes.children[0]!;
    await new Promise<void>((resolve) => {
      replica.once('exit', () => resolve());
      replica.kill('SIGTERM');
    });
    const { token } = await signUp(stack);
    for (let i = 0; i < 10; i++) {
      await api(stack).get('/api/auth/validate').set('Authorization', `Bearer ${token}`).expect(200);
    }
    expect((await instancesSeen(stack, 5)).size).toBe(1);
  });
});

describe(`the gateway over ${transport}`, () => {
  let stack: RunningStack;

  beforeAll(async () => {
    stack = await startStack({ name: `transport_${transport}`, env: RELAXED_LIMITS });
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('answers 503 with a message, not a 500, when the auth-service is down, and health says which', async () => {
    const { token } = await signUp(stack);
    const service = stack.processes.children[0]!;
    await new Promise<void>((resolve) => {
      service.once('exit', () => resolve());
      service.kill('SIGTERM');
    });
    const res = await api(stack).get('/api/auth/validate').set('Authorization', `Bearer ${token}`);
    expect(res.status).toBe(503);
    expect(res.body.message).toMatch(/auth service is not answering/);
    const health = await api(stack).get('/api/health').set('X-Health-Token', stack.env['HEALTH_DETAIL_TOKEN']!).expect(503);
    expect(health.body.message).toMatch(/auth-service/);
    expect(health.body.details['auth-service'].status).toBe('down');
    expect(health.body.details.redis.status).toBe('up');
  });
});
