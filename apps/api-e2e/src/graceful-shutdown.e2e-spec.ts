import type { ChildProcess } from 'node:child_process';
import { Client as PgClient } from 'pg';
import { type OpenAiStub, startOpenAiStub, startStack, type RunningStack } from '@veolearn/testing';
import { type Account, api, bearer, RELAXED_LIMITS, sql, unlimitedAccount } from './support';
import { waterCycleSrt } from './fixtures/transcripts';

/**
 * Graceful shutdown (issue 15): on SIGTERM an app stops taking work, finishes what is in flight,
 * closes its connections and exits; a generation worker stopped mid-job finishes that job first.
 */
const YOUTUBE_LINK = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const MODEL_DELAY_MS = 2500;

let stack: RunningStack;
let stub: OpenAiStub;
let owner: Account;

beforeAll(async () => {
  stub = await startOpenAiStub();
  stack = await startStack({
    name: 'graceful_shutdown',
    env: { ...RELAXED_LIMITS, OPENAI_API_KEY: stub.apiKey, OPENAI_BASE_URL: stub.url, OPENAI_MODEL: 'stub-model-1', GENERATION_ATTEMPTS: '1' },
  });
  owner = await unlimitedAccount(stack);
});

afterAll(async () => {
  await stack?.stop();
  await stub?.close();
});

/** Sends SIGTERM and resolves when the process has exited, with how long it took. */
async function terminate(child: ChildProcess): Promise<{ ms: number; code: number | null; signal: NodeJS.Signals | null }> {
  expect(child.exitCode).toBeNull();
  const started = Date.now();
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  child.kill('SIGTERM');
  return { ...(await exited), ms: Date.now() - started };
}

async function jobOf(id: string): Promise<{ state: string; attempts: number; questionCount: number; error: string | null }> {
  return (await api(stack).get(`/api/generation/jobs/${id}`).set(bearer(owner)).expect(200)).body;
}

it('a generation-service stopped mid-job finishes that job (saved once), then exits', async () => {
  stub.setDelay(MODEL_DELAY_MS);
  const calls = stub.calls;
  const res = await api(stack)
    .post('/api/youtube/transcript-paste')
    .set(bearer(owner))
    .send({ youtubeUrl: YOUTUBE_LINK, transcript: waterCycleSrt(), interactionCount: 3, questionTypes: ['single'] })
    .expect(202);
  const jobId = res.body.job.id as string;
  const videoId = res.body.video.id as number;
  // Wait until the model has been asked: the job is in flight.
  const deadline = Date.now() + 15_000;
  while (stub.calls === calls && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  expect(stub.calls).toBe(calls + 1);

  const service = stack.processes.processNamed('generation-service');
  expect(service).toBeDefined();
  const stopped = await terminate(service as ChildProcess);
  // It waited for the model's answer and saved the questions before it went.
  expect(stopped.ms).toBeLessThan(20_000);
  const [row] = await sql<{ state: string; attempts: number; question_count: number }>(stack, 'SELECT state, attempts, question_count FROM generation.jobs WHERE id = $1', [jobId]);
  expect(row).toEqual({ state: 'completed', attempts: 1, question_count: 3 });
  const [saved] = await sql<{ n: number }>(stack, 'SELECT count(*)::int AS n FROM library.interactions WHERE video_id = $1', [videoId]);
  expect(saved.n).toBe(3);
  expect(stub.calls).toBe(calls + 1);

  // A new process takes new work; the finished job is not run again.
  stub.setDelay(0);
  stack.processes.spawnService('generation-service');
  const paste = () =>
    api(stack)
      .post('/api/youtube/transcript-paste')
      .set(bearer(owner))
      .send({ youtubeUrl: 'https://www.youtube.com/watch?v=M7lc1UVf-VE', transcript: waterCycleSrt(), interactionCount: 2, questionTypes: ['single'] });
  // 503 until the new process listens.
  let again = await paste();
  for (const starting = Date.now() + 30_000; again.status === 503 && Date.now() < starting; again = await paste()) await new Promise((r) => setTimeout(r, 250));
  expect(again.status).toBe(202);
  const until = Date.now() + 30_000;
  let job = await jobOf(again.body.job.id);
  while (job.state !== 'completed' && job.state !== 'failed' && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 150));
    job = await jobOf(again.body.job.id);
  }
  expect(job).toMatchObject({ state: 'completed', attempts: 1 });
  expect((await jobOf(jobId)).attempts).toBe(1);
});

it('every service and the gateway exit within 10 s of SIGTERM, and the gateway answers the request it was handling', async () => {
  const running = stack.processes.children.filter((child) => child.exitCode === null && child.signalCode === null);
  const gateway = stack.processes.processNamed('gateway') as ChildProcess;
  const services = running.filter((child) => child !== gateway);
  expect(services.length).toBeGreaterThanOrEqual(5);
  // The gateway first, with a request in flight (held in the auth-service by a lock on its users
  // table): it finishes that request, then closes.
  const holder = new PgClient({ connectionString: stack.databaseUrl });
  await holder.connect();
  await holder.query('BEGIN');
  await holder.query('LOCK TABLE auth.users IN ACCESS EXCLUSIVE MODE');
  const pending = api(stack)
    .get('/api/auth/user')
    .set(bearer(owner))
    .then((r) => r.status);
  const waiting = async () =>
    (await sql<{ n: number }>(stack, `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`))[0].n;
  for (const until = Date.now() + 5000; (await waiting()) === 0 && Date.now() < until; ) await new Promise((r) => setTimeout(r, 20));
  expect(await waiting()).toBeGreaterThan(0);
  const stopping = terminate(gateway);
  await new Promise((r) => setTimeout(r, 500));
  await holder.query('ROLLBACK');
  await holder.end();
  expect(await pending).toBe(200);
  const gatewayStop = await stopping;
  expect(gatewayStop.ms).toBeLessThan(10_000);
  for (const child of services) {
    const stopped = await terminate(child);
    expect([child.spawnargs.join(' '), stopped.ms < 10_000]).toEqual([child.spawnargs.join(' '), true]);
  }
});
