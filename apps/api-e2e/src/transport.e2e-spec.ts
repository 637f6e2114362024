import { randomBytes } from 'node:crypto';
import { ClientProxyFactory } from '@nestjs/microservices';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import { loadConfig } from '@veolearn/config';
import { AuthPatterns } from '@veolearn/contracts';
import { authServiceAddress, clientTransport } from '@veolearn/nest-common';
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

(transport === 'nats' ? describe : describe.skip)('two stacks on one NATS server with their own subject prefixes', () => {
  const tag = randomBytes(3).toString('hex');
  let first: RunningStack;
  let second: RunningStack;

  beforeAll(async () => {
    first = await startStack({ name: 'nats_prefix_a', transport: 'nats', env: { ...RELAXED_LIMITS, NATS_SUBJECT_PREFIX: `veolearn-test-a-${tag}` } });
    second = await startStack({ name: 'nats_prefix_b', transport: 'nats', env: { ...RELAXED_LIMITS, NATS_SUBJECT_PREFIX: `veolearn-test-b-${tag}` } });
  });

  afterAll(async () => {
    await first?.stop();
    await second?.stop();
  });

  it("never lets one stack's services answer the other's gateway", async () => {
    // Both stacks sign with the same JWT secret, so only the session row (in each stack's own
    // database) tells them apart: a session of the first stack is valid for the first stack's
    // auth-service only. With shared subjects, the queue group would hand about half of the
    // second gateway's checks to the first stack's auth-service, which would answer 200.
    const { token } = await signUp(first);
    for (let i = 0; i < 20; i++) {
      await api(first).get('/api/auth/validate').set('Authorization', `Bearer ${token}`).expect(200);
      await api(second).get('/api/auth/validate').set('Authorization', `Bearer ${token}`).expect(401);
    }
    const firstInstances = await instancesSeen(first, 10);
    const secondInstances = await instancesSeen(second, 10);
    expect(firstInstances.size).toBe(1);
    expect(secondInstances.size).toBe(1);
    expect([...firstInstances][0]).not.toBe([...secondInstances][0]);
  });

  it('gets no answer for a request under another prefix, and an answer under its own', async () => {
    const call = async (prefix: string | undefined) => {
      const config = loadConfig({ ...first.env, NATS_SUBJECT_PREFIX: prefix ?? '' });
      const client = ClientProxyFactory.create(clientTransport(config, authServiceAddress(config)));
      try {
        return await firstValueFrom(client.send(AuthPatterns.health, {}).pipe(timeout(1500)));
      } catch (error) {
        // NATS says at once when nobody subscribes to a subject; a silent subscriber would time out.
        return error instanceof TimeoutError || /no subscribers/.test(String((error as Error)?.message)) ? 'no answer' : error;
      } finally {
        await client.close();
      }
    };
    const own = await call(first.env['NATS_SUBJECT_PREFIX']);
    expect(own).toMatchObject({ service: 'auth-service', instanceId: expect.any(String) });
    expect(await call(`veolearn-test-nobody-${tag}`)).toBe('no answer');
    // Bare subjects: nobody of this stack listens there (a stack without a prefix elsewhere on the server may).
    const bare = await call(undefined);
    expect(bare === 'no answer' || (bare as { instanceId?: string }).instanceId !== (own as { instanceId: string }).instanceId).toBe(true);
  });
});
