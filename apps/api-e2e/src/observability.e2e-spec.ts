import { freePort, startStack, type RunningStack } from '@veolearn/testing';
import { api, logsFromNow, RELAXED_LIMITS, signUp, sql } from './support';
import { waterCyclePlain } from './fixtures/transcripts';

const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';

/** One sample's value from Prometheus text: the line of `name` whose labels include every pair given. */
function sample(text: string, name: string, labels: Record<string, string>): number | null {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const pairs = /\{([^}]*)\}/.exec(line)?.[1] ?? '';
    if (Object.entries(labels).every(([k, v]) => pairs.includes(`${k}="${v}"`))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return null;
}

async function scrape(url: string): Promise<string> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
}

const TRANSPORT = process.env['TEST_TRANSPORT'] === 'nats' ? 'nats' : 'tcp';
const STACK_NAME = `observability_${TRANSPORT}`;

type LogLine = Record<string, unknown>;

/** Every JSON line the stack's processes wrote since `read` was made, with the file it came from. */
function jsonLines(logs: Record<string, string>): Array<LogLine & { file: string }> {
  const out: Array<LogLine & { file: string }> = [];
  for (const [file, text] of Object.entries(logs)) {
    for (const line of text.split('\n')) {
      if (!line.startsWith('{')) continue;
      try {
        out.push({ ...(JSON.parse(line) as LogLine), file });
      } catch {
        // A line still being written.
      }
    }
  }
  return out;
}

/** Waits (logs are written asynchronously) until the lines matching `want` satisfy `done`. */
async function linesUntil(
  read: () => Record<string, string>,
  want: (line: LogLine) => boolean,
  done: (lines: LogLine[]) => boolean,
): Promise<LogLine[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const lines = jsonLines(read()).filter(want);
    if (done(lines) || Date.now() > deadline) return lines;
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function waitForJob(stack: RunningStack, token: string, jobId: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const job = await api(stack).get(`/api/generation/jobs/${jobId}`).set('Authorization', `Bearer ${token}`).expect(200);
    if (job.body.state === 'completed') return;
    expect(job.body.state).not.toBe('failed');
    if (Date.now() > deadline) throw new Error(`job ${jobId} did not complete`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('metrics for Prometheus, and JSON logs with a request id', () => {
  let stack: RunningStack;
  let workerMetrics: string;

  beforeAll(async () => {
    // The generation-service takes no jobs itself: the worker started below, with its own metrics port, runs them all.
    // LOG_LEVEL info (tests default to warn): one line per request and per service message.
    stack = await startStack({ name: STACK_NAME, env: { ...RELAXED_LIMITS, METRICS_TOKEN, GENERATION_WORKER: 'false', LOG_LEVEL: 'info' } });
    const port = await freePort();
    stack.processes.spawnService('generation-service', ['worker'], { METRICS_PORT: String(port) });
    workerMetrics = `http://127.0.0.1:${port}/metrics`;
    const deadline = Date.now() + 30_000;
    for (;;) {
      const up = await fetch(workerMetrics).then((r) => r.ok, () => false);
      if (up) break;
      if (Date.now() > deadline) throw new Error('the generation worker never served its metrics');
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 180_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('the gateway answers GET /api/metrics only with its token, never to anyone else', async () => {
    const none = await api(stack).get('/api/metrics').expect(401);
    expect(none.body.message).toMatch(/METRICS_TOKEN/);
    await api(stack).get('/api/metrics').set('Authorization', 'Bearer not-the-token-of-this-server').expect(401);
    await api(stack).get('/api/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`).expect(200);
  });

  it('counts requests by route template and status, and service calls by pattern and outcome', async () => {
    const { token } = await signUp(stack);
    await api(stack).get('/api/videos/12345').set('Authorization', `Bearer ${token}`).expect(404);
    await api(stack).get('/api/videos/12345').set('Authorization', `Bearer ${token}`).expect(404);
    const res = await api(stack).get('/api/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`).expect(200);
    const text = res.text;
    // By the route's template, never the id in the URL.
    expect(sample(text, 'veolearn_http_request_duration_seconds_count', { method: 'GET', route: '/api/videos/:id', status: '404' })).toBe(2);
    expect(text).not.toMatch(/route="\/api\/videos\/12345"/);
    expect(sample(text, 'veolearn_http_request_duration_seconds_count', { method: 'POST', route: '/api/auth/signup', status: '201' })).toBeGreaterThanOrEqual(1);
    // The video-service answered 404 for the missing video: an error answer, not an outage.
    expect(text).toMatch(/veolearn_service_call_duration_seconds_count\{[^}]*service="video service"[^}]*outcome="error"[^}]*\} [1-9]/);
    expect(text).toMatch(/veolearn_service_call_duration_seconds_count\{[^}]*service="auth service"[^}]*outcome="ok"[^}]*\} [1-9]/);
    // Node's own, labelled with the app.
    expect(text).toMatch(/veolearn_process_resident_memory_bytes\{app="gateway"\} \d/);
  });

  it('a worker serves its own metrics: jobs run and their duration, failures, the queue by state', async () => {
    const { token, user } = await signUp(stack);
    await sql(stack, 'UPDATE auth.users SET has_unlimited_access = true WHERE id = $1', [user.id]);
    const before = sample(await scrape(workerMetrics), 'veolearn_job_duration_seconds_count', { queue: 'generation', outcome: 'completed' }) ?? 0;
    const res = await api(stack).post('/api/youtube/transcript-paste').set('Authorization', `Bearer ${token}`).send({ transcript: waterCyclePlain() }).expect(202);
    const jobId = res.body.job.id as string;
    await waitForJob(stack, token, jobId);
    const text = await scrape(workerMetrics);
    expect(sample(text, 'veolearn_job_duration_seconds_count', { app: 'generation-worker', queue: 'generation', outcome: 'completed' })).toBe(before + 1);
    expect(sample(text, 'veolearn_queue_jobs', { queue: 'generation', state: 'waiting' })).toBe(0);
    expect(text).toMatch(/# TYPE veolearn_job_failures_total counter/);
    // Anything but GET /metrics is not found.
    expect((await fetch(workerMetrics.replace('/metrics', '/other'))).status).toBe(404);
  });

  it('answers the caller\'s sane X-Request-Id, and the gateway and the service that handled the request log it', async () => {
    const { token } = await signUp(stack);
    const read = logsFromNow(STACK_NAME);
    const res = await api(stack).get('/api/videos/12345').set('Authorization', `Bearer ${token}`).set('X-Request-Id', 'test-abc.123').expect(404);
    expect(res.headers['x-request-id']).toBe('test-abc.123');
    const lines = await linesUntil(
      read,
      (l) => l['requestId'] === 'test-abc.123',
      (found) => found.some((l) => l['service'] === 'gateway') && found.some((l) => l['service'] === 'video-service'),
    );
    const gateway = lines.filter((l) => l['service'] === 'gateway');
    // One line for the request: method, route template, status, duration, the signed-in user.
    expect(gateway).toHaveLength(1);
    expect(gateway[0]).toMatchObject({ level: 'info', msg: 'request', method: 'GET', route: '/api/videos/:id', status: 404, userId: expect.any(Number) });
    expect(typeof gateway[0]?.['durationMs']).toBe('number');
    expect(typeof gateway[0]?.['time']).toBe('string');
    // The session check (auth-service) and the lookup (video-service), each under the same id, across the transport.
    expect(lines.find((l) => l['service'] === 'auth-service')).toMatchObject({ level: 'info', pattern: expect.stringMatching(/validate/), status: 200 });
    expect(lines.find((l) => l['service'] === 'video-service')).toMatchObject({ level: 'info', status: 404, time: expect.any(String), msg: 'message' });
  });

  it('makes a new id when the caller sends none or one that is not a sane token', async () => {
    const none = await api(stack).get('/api/auth/google/status').expect((r) => expect(r.status).toBeLessThan(500));
    expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    for (const bad of ['has space', 'x'.repeat(65), 'quote"and;semi']) {
      const res = await api(stack).get('/api/auth/google/status').set('X-Request-Id', bad).expect((r) => expect(r.status).toBeLessThan(500));
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('a generation job\'s worker lines carry the id of the request that queued it', async () => {
    const { token, user } = await signUp(stack);
    await sql(stack, 'UPDATE auth.users SET has_unlimited_access = true WHERE id = $1', [user.id]);
    const read = logsFromNow(STACK_NAME);
    const res = await api(stack)
      .post('/api/youtube/transcript-paste')
      .set('Authorization', `Bearer ${token}`)
      .set('X-Request-Id', 'gen-req_42')
      .send({ transcript: waterCyclePlain() })
      .expect(202);
    expect(res.headers['x-request-id']).toBe('gen-req_42');
    const jobId = res.body.job.id as string;
    await waitForJob(stack, token, jobId);
    const lines = await linesUntil(
      read,
      (l) => l['requestId'] === 'gen-req_42',
      (found) => found.some((l) => l['service'] === 'generation-worker' && String(l['msg']).includes('completed')),
    );
    const worker = lines.filter((l) => l['service'] === 'generation-worker');
    expect(worker.map((l) => l['msg'])).toEqual(expect.arrayContaining([expect.stringMatching(new RegExp(`^Job ${jobId} try 1 started`)), expect.stringMatching(new RegExp(`^Job ${jobId} completed in \\d+ ms`))]));
    expect(worker.every((l) => l['jobId'] === jobId)).toBe(true);
    // The worker saved the questions through the video-service: that message carries the id too.
    expect(lines.some((l) => l['service'] === 'video-service')).toBe(true);
    expect(lines.some((l) => l['service'] === 'generation-service')).toBe(true);
  });

  it('never logs a password sent to sign-in, right or wrong, valid or refused', async () => {
    const secret = `Pw-${Date.now()}-never-in-logs`;
    const { body } = await signUp(stack, { password: secret, confirmPassword: secret });
    const read = logsFromNow(STACK_NAME);
    const ok = await api(stack).post('/api/auth/signin').set('X-Request-Id', 'signin-ok').send({ username: body.email, password: secret }).expect(200);
    const sessionToken = ok.body.token as string;
    expect(sessionToken.length).toBeGreaterThan(20);
    await api(stack).get('/api/auth/user').set('Authorization', `Bearer ${sessionToken}`).set('X-Request-Id', 'signin-use').expect(200);
    await api(stack).post('/api/auth/signin').set('X-Request-Id', 'signin-wrong').send({ username: body.email, password: `${secret}-wrong` }).expect(401);
    await api(stack).post('/api/auth/signin').set('X-Request-Id', 'signin-bad').send({ username: body.email, password: secret, extra: secret }).expect(400);
    await api(stack).post('/api/auth/signin').set('X-Request-Id', 'signin-bad-json').set('Content-Type', 'application/json').send(`{"username":"${body.email}","password":"${secret}"`).expect(400);
    // The requests were logged (so the check below reads the lines that could have held it)...
    const lines = await linesUntil(
      read,
      (l) => typeof l['requestId'] === 'string' && String(l['requestId']).startsWith('signin-'),
      (found) => ['signin-ok', 'signin-wrong', 'signin-bad', 'signin-bad-json'].every((id) => found.some((l) => l['service'] === 'gateway' && l['requestId'] === id)),
    );
    expect(lines.filter((l) => l['service'] === 'gateway').map((l) => [l['requestId'], l['status']])).toEqual(
      expect.arrayContaining([['signin-ok', 200], ['signin-wrong', 401], ['signin-bad', 400], ['signin-bad-json', 400]]),
    );
    expect(lines.some((l) => l['service'] === 'auth-service' && l['requestId'] === 'signin-ok')).toBe(true);
    // ...and no file of any process holds the password, nor the session token it got.
    for (const [file, text] of Object.entries(read())) {
      expect({ file, password: text.includes(secret), token: text.includes(sessionToken) }).toEqual({ file, password: false, token: false });
    }
  });
});
