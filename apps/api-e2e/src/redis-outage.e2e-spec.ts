import Redis from 'ioredis';
import { type PrivateRedis, startPrivateRedis, startStack, type RunningStack } from '@veolearn/testing';
import { api, logsFromNow, RELAXED_LIMITS, signUp, sql } from './support';
import { waterCycleSrt } from './fixtures/transcripts';

/**
 * Fault test: the stack's only Redis (rate limits, session cache, job queues) is a private
 * redis-server on its own port, killed for OUTAGE_MS under a bounded request loop and started
 * again empty (it keeps nothing).
 */
const OUTAGE_MS = 6000;
const TICK_MS = 300;

interface Sample {
  route: 'signin' | 'videos' | 'paste';
  status: number;
  message?: string;
  at: number;
  jobId?: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until every job row is completed or failed; returns the rows' final states. */
async function waitForJobs(stack: RunningStack, jobIds: string[], timeoutMs: number): Promise<Record<string, string>> {
  const deadline = Date.now() + timeoutMs;
  let states: Record<string, string> = {};
  while (Date.now() < deadline) {
    const rows = await sql<{ id: string; state: string }>(stack, 'SELECT id, state FROM generation.jobs WHERE id = ANY($1::uuid[])', [jobIds]);
    states = Object.fromEntries(rows.map((r) => [r.id, r.state]));
    if (rows.length === jobIds.length && rows.every((r) => r.state === 'completed' || r.state === 'failed')) break;
    await sleep(250);
  }
  return states;
}

describe('a Redis outage under load', () => {
  let redis: PrivateRedis;
  let stack: RunningStack;
  let owner: { id: number; token: string; email: string; password: string };
  const stackName = 'redis_outage';
  const logs = logsFromNow(stackName);

  beforeAll(async () => {
    redis = await startPrivateRedis();
    stack = await startStack({
      name: stackName,
      env: { ...RELAXED_LIMITS, REDIS_URL: redis.url, LOG_LEVEL: 'info', GENERATION_RECONCILE_MS: '2000' },
    });
    const { user, body } = await signUp(stack);
    await sql(stack, 'UPDATE auth.users SET has_unlimited_access = true WHERE id = $1', [user.id]);
    const res = await api(stack).post('/api/auth/signin').send({ username: body.email, password: body.password }).expect(200);
    owner = { id: user.id, token: res.body.token as string, email: body.email, password: body.password };
  }, 120_000);

  afterAll(async () => {
    await stack?.stop();
    await redis?.stop();
  });

  const bearer = () => ({ Authorization: `Bearer ${owner.token}` });

  async function tick(samples: Sample[], withPaste: boolean): Promise<void> {
    const at = Date.now();
    const calls: Array<Promise<void>> = [
      api(stack)
        .post('/api/auth/signin')
        .send({ username: owner.email, password: owner.password })
        .then((res) => void samples.push({ route: 'signin', status: res.status, message: res.body?.message, at })),
      api(stack)
        .get('/api/videos')
        .set(bearer())
        .then((res) => void samples.push({ route: 'videos', status: res.status, message: res.body?.message, at })),
    ];
    if (withPaste) {
      calls.push(
        api(stack)
          .post('/api/youtube/transcript-paste')
          .set(bearer())
          .send({ transcript: waterCycleSrt(), interactionCount: 2, questionTypes: ['single'] })
          .then((res) => void samples.push({ route: 'paste', status: res.status, message: res.body?.message, at, jobId: res.body?.job?.id })),
      );
    }
    await Promise.all(calls);
  }

  async function loopFor(ms: number, samples: Sample[]): Promise<void> {
    const end = Date.now() + ms;
    for (let i = 0; Date.now() < end; i++) {
      const started = Date.now();
      await tick(samples, i % 3 === 0);
      await sleep(Math.max(0, TICK_MS - (Date.now() - started)));
    }
  }

  it('answers no 500 while Redis is down, 503 with a message where Redis is needed, and counts in Redis again within a second of its return', async () => {
    const before: Sample[] = [];
    const during: Sample[] = [];
    const after: Sample[] = [];
    await loopFor(1500, before);
    await redis.stop();
    await loopFor(OUTAGE_MS, during);
    await redis.start();
    const back = Date.now();

    // Recovery: how soon the rate limiter counts in Redis again, and how soon the queue takes a job.
    const probe = new Redis(redis.url);
    const limiterKey = `${stack.redisPrefix}:{rl:user:${owner.id}:default}:hits`;
    let limiterBackMs = -1;
    let queueBackMs = -1;
    try {
      while (Date.now() - back < 10_000 && (limiterBackMs < 0 || queueBackMs < 0)) {
        const res = await api(stack).get('/api/videos').set(bearer());
        after.push({ route: 'videos', status: res.status, message: res.body?.message, at: Date.now() });
        if (limiterBackMs < 0 && (await probe.exists(limiterKey)) === 1) limiterBackMs = Date.now() - back;
        if (queueBackMs < 0) {
          const paste = await api(stack)
            .post('/api/youtube/transcript-paste')
            .set(bearer())
            .send({ transcript: waterCycleSrt(), interactionCount: 2, questionTypes: ['single'] });
          after.push({ route: 'paste', status: paste.status, message: paste.body?.message, at: Date.now(), jobId: paste.body?.job?.id });
          if (paste.status === 202) queueBackMs = Date.now() - back;
        }
        await sleep(50);
      }
    } finally {
      probe.disconnect();
    }
    await loopFor(2000, after);

    const all = [...before, ...during, ...after];
    const count = (samples: Sample[], route: Sample['route'], status: number) => samples.filter((s) => s.route === route && s.status === status).length;
    console.log(
      `Redis outage of ${OUTAGE_MS} ms: ${during.length} requests during it (sign-in 200: ${count(during, 'signin', 200)}, list videos 200: ${count(during, 'videos', 200)}, ` +
        `paste 503: ${count(during, 'paste', 503)}); after Redis came back the rate limiter counted in Redis again after ${limiterBackMs} ms and the queue took a job after ${queueBackMs} ms`,
    );

    expect(all.filter((s) => s.status >= 500 && s.status !== 503)).toEqual([]);
    // Sign-in and the library do not need Redis.
    expect(all.filter((s) => s.route !== 'paste' && s.status !== 200)).toEqual([]);
    // Starting a generation job needs the queue: a readable 503 while it is away, accepted otherwise.
    for (const s of all.filter((x) => x.route === 'paste')) {
      expect([202, 503]).toContain(s.status);
      if (s.status === 503) expect(s.message).toMatch(/job queue cannot be reached/);
    }
    expect(count(before, 'paste', 202)).toBeGreaterThan(0);
    expect(count(during, 'paste', 503)).toBeGreaterThan(0);
    // The loop really ran through the outage (a slow machine makes fewer rounds).
    expect(during.filter((s) => s.route !== 'paste').length).toBeGreaterThanOrEqual(10);
    expect(limiterBackMs).toBeGreaterThanOrEqual(0);
    expect(limiterBackMs).toBeLessThan(1500);
    expect(queueBackMs).toBeGreaterThanOrEqual(0);
    expect(queueBackMs).toBeLessThan(2000);

    const gatewayLog = Object.entries(logs())
      .filter(([file]) => file.startsWith('gateway'))
      .map(([, text]) => text)
      .join('');
    expect(gatewayLog).toMatch(/rate limits are counted in this process/);
    expect(gatewayLog).toMatch(/rate limits are counted in Redis again/);

    // Redis came back empty: every job accepted before, during or after the outage still finishes.
    const accepted = all.filter((s) => s.route === 'paste' && s.status === 202).map((s) => s.jobId as string);
    const states = await waitForJobs(stack, accepted, 60_000);
    expect(Object.values(states).filter((state) => state !== 'completed')).toEqual([]);
    expect(Object.keys(states)).toHaveLength(accepted.length);
  }, 150_000);

  it('finishes every accepted job when Redis restarts empty with jobs in flight', async () => {
    const jobIds: string[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await api(stack)
        .post('/api/youtube/transcript-paste')
        .set(bearer())
        .send({ transcript: waterCycleSrt(), interactionCount: 2, questionTypes: ['single'] })
        .expect(202);
      jobIds.push(res.body.job.id as string);
    }
    // Killed with the jobs queued or running, and started again with nothing in it.
    await redis.stop();
    await sleep(500);
    await redis.start();
    const restarted = Date.now();
    const states = await waitForJobs(stack, jobIds, 60_000);
    console.log(`Redis restarted empty with 8 jobs in flight: all finished ${Date.now() - restarted} ms after the restart`);
    expect(states).toEqual(Object.fromEntries(jobIds.map((id) => [id, 'completed'])));
    const videos = await sql<{ status: string }>(
      stack,
      'SELECT v.status FROM library.videos v JOIN generation.jobs j ON j.video_id = v.id WHERE j.id = ANY($1::uuid[])',
      [jobIds],
    );
    expect(videos.map((v) => v.status)).toEqual(jobIds.map(() => 'ready'));
  }, 90_000);
});
