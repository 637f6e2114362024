import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createConnection } from 'node:net';
import { Client as PgClient } from 'pg';
import { freePort, type OpenAiStub, startOpenAiStub, startStack, type RunningStack } from '@veolearn/testing';
import { INVALID_YOUTUBE_URL, parseTranscript, validateQuestion } from '@veolearn/domain';
import { api, expectErrorBody, RELAXED_LIMITS, signUp, sql } from './support';
import { WATER_CYCLE_SRT_END, waterCyclePlain, waterCycleSrt, waterCycleSrtEndingAt, waterLecturePlain } from './fixtures/transcripts';

interface Account {
  id: number;
  token: string;
}

interface JobView {
  id: string;
  videoId: number;
  state: string;
  percent: number;
  stage: string;
  error: string | null;
  attempts: number;
  maxAttempts: number;
  provider: string;
  questionCount: number;
  questions?: Array<Record<string, unknown>>;
}

const YOUTUBE_LINK = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const bearer = (account: Account) => ({ Authorization: `Bearer ${account.token}` });

async function account(stack: RunningStack, unlimited = true): Promise<Account> {
  const { user, body } = await signUp(stack);
  if (unlimited) await sql(stack, 'UPDATE auth.users SET has_unlimited_access = true WHERE id = $1', [user.id]);
  const res = await api(stack).post('/api/auth/signin').send({ username: body.email, password: body.password }).expect(200);
  return { id: user.id, token: res.body.token as string };
}

function paste(stack: RunningStack, owner: Account, body: Record<string, unknown>) {
  return api(stack).post('/api/youtube/transcript-paste').set(bearer(owner)).send(body);
}

/**
 * Polls a job until it is completed or failed (or the time runs out); returns every state seen.
 * With `whileRestarting`, 503s (the generation-service being restarted) are waited out.
 */
async function waitForJob(
  stack: RunningStack,
  owner: Account,
  jobId: string,
  timeoutMs = 30_000,
  whileRestarting = false,
): Promise<{ job: JobView; seen: JobView[] }> {
  const seen: JobView[] = [];
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await api(stack).get(`/api/generation/jobs/${jobId}`).set(bearer(owner));
    if (whileRestarting && res.status === 503) {
      await new Promise((r) => setTimeout(r, 200));
      continue;
    }
    expect(res.status).toBe(200);
    const job = res.body as JobView;
    seen.push(job);
    if (job.state === 'completed' || job.state === 'failed') return { job, seen };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`job ${jobId} did not finish within ${timeoutMs} ms; last: ${JSON.stringify(seen.at(-1))}`);
}

/** The job's questions, failing when there are none (so that a loop over them always checks something). */
function questionsOf(job: JobView): Array<Record<string, unknown>> {
  expect(Array.isArray(job.questions)).toBe(true);
  expect(job.questions?.length ?? 0).toBeGreaterThan(0);
  return job.questions ?? [];
}

async function videoCount(stack: RunningStack, ownerId: number): Promise<number> {
  const rows = await sql<{ n: number }>(stack, 'SELECT count(*)::int AS n FROM library.videos WHERE owner_id = $1', [ownerId]);
  return rows[0].n;
}

/** The ids of the owner's videos, as the library lists them. */
async function listedVideoIds(stack: RunningStack, owner: Account): Promise<number[]> {
  const res = await api(stack).get('/api/videos').set(bearer(owner)).expect(200);
  return (res.body.items as Array<{ id: number }>).map((v) => v.id).sort((a, b) => a - b);
}

describe('question generation with the built-in generator', () => {
  let stack: RunningStack;
  let owner: Account;

  beforeAll(async () => {
    stack = await startStack({ name: 'generation', env: RELAXED_LIMITS });
    owner = await account(stack);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('pastes a link and an SRT transcript, answers at once, and the polled job ends with saved questions', async () => {
    const res = await paste(stack, owner, {
      youtubeUrl: YOUTUBE_LINK,
      videoUrl: YOUTUBE_LINK,
      transcript: waterCycleSrt(),
      interactionCount: 6,
      questionTypes: ['single', 'trueFalse', 'fillGap', 'matching'],
      questionsPerTopic: 2,
    });
    expect(res.status).toBe(202);
    expect(res.body.video).toMatchObject({ youtubeId: 'dQw4w9WgXcQ', type: 'youtube', status: 'processing' });
    expect(res.body.job).toMatchObject({ videoId: res.body.video.id, state: 'queued', percent: 0, provider: 'builtin' });
    expect(res.body.interactions).toEqual([]);

    const { job, seen } = await waitForJob(stack, owner, res.body.job.id);
    expect(job).toMatchObject({ state: 'completed', percent: 100, stage: 'Done', error: null, attempts: 1 });
    expect(job.questionCount).toBeGreaterThanOrEqual(4);
    expect(job.questionCount).toBeLessThanOrEqual(6);
    expect(job.questions).toHaveLength(job.questionCount);
    // Percentages never go backwards while polling.
    const percents = seen.map((j) => j.percent);
    expect([...percents].sort((a, b) => a - b)).toEqual(percents);

    const duration = Math.ceil(WATER_CYCLE_SRT_END);
    const types = new Set<string>();
    let previous = 0;
    for (const question of questionsOf(job)) {
      types.add(String(question['type']));
      const checked = validateQuestion(question, { durationSeconds: duration });
      expect(checked).toMatchObject({ ok: true });
      expect(question['timestamp']).toBeGreaterThan(previous);
      expect(question['timestamp']).toBeLessThanOrEqual(duration);
      expect(question['timestamp']).toBeGreaterThanOrEqual(question['topicStartTime'] as number);
      previous = question['timestamp'] as number;
    }
    expect(types.size).toBeGreaterThanOrEqual(3);

    const video = await api(stack).get(`/api/videos/${job.videoId}`).set(bearer(owner)).expect(200);
    expect(video.body).toMatchObject({ status: 'ready', duration, questionCount: job.questionCount });
    // Lessons are private until shared; a shared one shows learners its questions without the answers.
    await api(stack).put(`/api/videos/${job.videoId}/sharing`).set(bearer(owner)).send({ published: true }).expect(200);
    const learner = await api(stack).get(`/api/videos/${job.videoId}/interactions`).expect(200);
    expect(learner.body.view).toBe('learner');
    expect(JSON.stringify(learner.body)).not.toMatch(/correctAnswer|feedback/);

    const costs = await sql<{ provider: string; cost_usd: string; succeeded: boolean }>(
      stack,
      'SELECT provider, cost_usd, succeeded FROM generation.cost_events WHERE job_id = $1',
      [job.id],
    );
    expect(costs).toEqual([{ provider: 'builtin', cost_usd: '0.000000', succeeded: true }]);
  });

  it('makes a lesson from a plain transcript alone, titled from its content', async () => {
    const res = await paste(stack, owner, { transcript: waterCyclePlain() }).expect(202);
    expect(res.body.video).toMatchObject({ url: 'manual-transcript', youtubeId: null });
    // Titled with the lecture's subject as the speaker names it ("Today we're looking at the water cycle").
    expect(res.body.video.title).toBe('Lesson: Water Cycle');
    const { job } = await waitForJob(stack, owner, res.body.job.id);
    expect(job.state).toBe('completed');
    // Default settings: single, multiple and true/false questions, and any other type only when a note says it was added.
    const added = ((job as unknown as { notes: Array<{ code: string; type?: string }> }).notes ?? []).filter((n) => n.code === 'type_added').map((n) => n.type);
    for (const q of questionsOf(job)) expect(['single_choice', 'multiple_choice', 'true_false', ...added]).toContain(q['type']);
  });

  it('says in the job result when a selected type had no material, and writes another type instead', async () => {
    const res = await paste(stack, owner, { transcript: waterCycleSrt(), interactionCount: 2, questionTypes: ['priorityRanking'] }).expect(202);
    const { job } = await waitForJob(stack, owner, res.body.job.id);
    expect(job.state).toBe('completed');
    expect(job.questionCount).toBeGreaterThan(0);
    expect(questionsOf(job).length).toBe(job.questionCount);
    expect(questionsOf(job).some((q) => q['type'] === 'priority_ranking')).toBe(false);
    const notes = (job as unknown as { notes: Array<{ code: string; message: string; type?: string }> }).notes;
    expect(notes.some((n) => n.code === 'type_substituted' && n.type === 'priority_ranking' && /No priority ranking question/.test(n.message))).toBe(true);
  });

  it('regenerates the questions of an existing video, replacing the old set', async () => {
    const first = await paste(stack, owner, { youtubeUrl: YOUTUBE_LINK, transcript: waterCycleSrt(), interactionCount: 3 }).expect(202);
    const done = await waitForJob(stack, owner, first.body.job.id);
    const again = await paste(stack, owner, { videoId: done.job.videoId, transcript: waterCycleSrt(), interactionCount: 2, questionTypes: ['true_false'] }).expect(202);
    expect(again.body.video.id).toBe(done.job.videoId);
    const second = await waitForJob(stack, owner, again.body.job.id);
    expect(questionsOf(second.job).every((q) => q['type'] === 'true_false')).toBe(true);
    const rows = await sql<{ n: number }>(stack, 'SELECT count(*)::int AS n FROM library.interactions WHERE video_id = $1', [done.job.videoId]);
    expect(rows[0].n).toBe(second.job.questionCount);
  });

  it('refuses bad input with readable messages and writes nothing', async () => {
    const before = await videoCount(stack, owner.id);
    const short = await paste(stack, owner, { youtubeUrl: YOUTUBE_LINK, transcript: 'Too short to ask anything about.' }).expect(400);
    expect(expectErrorBody(short.body, 400)).toMatch(/more than 50 characters/);
    const badLink = await paste(stack, owner, { youtubeUrl: 'https://vimeo.com/123', transcript: waterCyclePlain() }).expect(400);
    expect(expectErrorBody(badLink.body, 400)).toBe(INVALID_YOUTUBE_URL);
    const badType = await paste(stack, owner, { transcript: waterCyclePlain(), questionTypes: ['essay'] }).expect(400);
    expect(expectErrorBody(badType.body, 400)).toMatch(/Unknown question type "essay"/);
    const noType = await paste(stack, owner, { transcript: waterCyclePlain(), questionTypes: [] }).expect(400);
    expect(expectErrorBody(noType.body, 400)).toMatch(/at least one question type/);
    const perTopic = await paste(stack, owner, { transcript: waterCyclePlain(), questionsPerTopic: 4 }).expect(400);
    expect(expectErrorBody(perTopic.body, 400)).toMatch(/between 1 and 3/);
    const missing = await paste(stack, owner, { youtubeUrl: YOUTUBE_LINK }).expect(400);
    expect(expectErrorBody(missing.body, 400)).toMatch(/transcript/i);
    const otherVideo = await paste(stack, owner, { videoId: 999999, transcript: waterCyclePlain() }).expect(404);
    expectErrorBody(otherVideo.body, 404);
    expect(await videoCount(stack, owner.id)).toBe(before);
  });

  it('spreads a plain transcript over the duration the client sends, not over the assumed speaking rate', async () => {
    const transcript = waterLecturePlain();
    // At 150 words a minute the lecture takes about five minutes: the timing the teacher saw before.
    const estimated = Math.max(...parseTranscript(transcript).segments.map((s) => s.end));
    expect(estimated).toBeGreaterThan(270);
    expect(estimated).toBeLessThan(310);

    const res = await paste(stack, owner, { transcript, duration: 600, interactionCount: 8, questionsPerChapter: 1 }).expect(202);
    expect(res.body.video.duration).toBe(600);
    const { job } = await waitForJob(stack, owner, res.body.job.id);
    expect(job.state).toBe('completed');
    const timestamps = questionsOf(job).map((q) => q['timestamp'] as number);
    expect(Math.max(...timestamps)).toBeGreaterThan(320);
    for (const t of timestamps) expect(t).toBeLessThanOrEqual(600);
    const video = await api(stack).get(`/api/videos/${job.videoId}`).set(bearer(owner)).expect(200);
    expect(video.body).toMatchObject({ status: 'ready', duration: 600 });
  });

  it('rounds a fractional duration up to whole seconds, as video lengths are stored', async () => {
    const res = await paste(stack, owner, { transcript: waterCyclePlain(), duration: 241.3 }).expect(202);
    expect(res.body.video.duration).toBe(242);
    const { job } = await waitForJob(stack, owner, res.body.job.id);
    expect(job.state).toBe('completed');
    const video = await api(stack).get(`/api/videos/${job.videoId}`).set(bearer(owner)).expect(200);
    expect(video.body.duration).toBe(242);
  });

  it('refuses a duration that is not a length from 1 to 86400 seconds, naming it, and creates nothing', async () => {
    const listed = await listedVideoIds(stack, owner);
    const before = await videoCount(stack, owner.id);
    for (const duration of [0, 90000, 'abc', -5, 0.5, '600']) {
      const res = await paste(stack, owner, { youtubeUrl: YOUTUBE_LINK, transcript: waterCyclePlain(), duration });
      expect({ duration, status: res.status }).toEqual({ duration, status: 400 });
      expect(expectErrorBody(res.body, 400)).toMatch(/^duration must be the video's length in seconds, a number from 1 to 86400/);
    }
    expect(await listedVideoIds(stack, owner)).toEqual(listed);
    expect(await videoCount(stack, owner.id)).toBe(before);
  });

  it('keeps the duration the client sent when the SRT transcript ends earlier', async () => {
    const transcript = waterCycleSrtEndingAt(200);
    expect(Math.max(...parseTranscript(transcript).segments.map((s) => s.end))).toBe(200);
    const res = await paste(stack, owner, { youtubeUrl: YOUTUBE_LINK, transcript, duration: 600 }).expect(202);
    expect(res.body.video.duration).toBe(600);
    const { job } = await waitForJob(stack, owner, res.body.job.id);
    expect(job.state).toBe('completed');
    for (const q of questionsOf(job)) expect(q['timestamp']).toBeLessThanOrEqual(200);
    const video = await api(stack).get(`/api/videos/${job.videoId}`).set(bearer(owner)).expect(200);
    expect(video.body).toMatchObject({ status: 'ready', duration: 600 });

    // Regenerating for the same video, with or without a duration, never shortens it to the transcript's end.
    const again = await paste(stack, owner, { videoId: job.videoId, transcript }).expect(202);
    expect((await waitForJob(stack, owner, again.body.job.id)).job.state).toBe('completed');
    const after = await api(stack).get(`/api/videos/${job.videoId}`).set(bearer(owner)).expect(200);
    expect(after.body.duration).toBe(600);
  });

  it('fills an unknown duration from the transcript only when nobody knows it', async () => {
    const res = await paste(stack, owner, { youtubeUrl: YOUTUBE_LINK, transcript: waterCycleSrtEndingAt(200) }).expect(202);
    expect(res.body.video.duration).toBeNull();
    const { job } = await waitForJob(stack, owner, res.body.job.id);
    expect(job.state).toBe('completed');
    const video = await api(stack).get(`/api/videos/${job.videoId}`).set(bearer(owner)).expect(200);
    expect(video.body.duration).toBe(200);
  });

  it('keeps plan limits: a trial user with a video already gets 402 and no job', async () => {
    const trial = await account(stack, false);
    await paste(stack, trial, { youtubeUrl: YOUTUBE_LINK, transcript: waterCyclePlain() }).expect(202);
    const refused = await paste(stack, trial, { youtubeUrl: YOUTUBE_LINK, transcript: waterCyclePlain() }).expect(402);
    expect(expectErrorBody(refused.body, 402)).toMatch(/subscribe/i);
    const jobs = await sql<{ n: number }>(stack, 'SELECT count(*)::int AS n FROM generation.jobs WHERE owner_id = $1', [trial.id]);
    expect(jobs[0].n).toBe(1);
  });

  it('shows a job only to its owner', async () => {
    const res = await paste(stack, owner, { transcript: waterCyclePlain() }).expect(202);
    const stranger = await account(stack);
    const hidden = await api(stack).get(`/api/generation/jobs/${res.body.job.id}`).set(bearer(stranger)).expect(404);
    expect(expectErrorBody(hidden.body, 404)).toBe('Generation job not found');
    await api(stack).get('/api/generation/jobs/not-a-job').set(bearer(owner)).expect(404);
    await api(stack).get(`/api/generation/jobs/${res.body.job.id}`).expect(401);
    await api(stack).post('/api/youtube/transcript-paste').send({ transcript: waterCyclePlain() }).expect(401);
  });
});

/** Starts a private redis-server for the job queue, so a test can take the queue down. */
async function startPrivateRedis(): Promise<{ url: string; process: ChildProcess; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const url = `redis://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port }, () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (ok) break;
    if (Date.now() > deadline) throw new Error('redis-server did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  };
  return { url, process: child, stop };
}

const TRANSPORT = process.env['TEST_TRANSPORT'] === 'nats' ? 'nats' : 'tcp';

/** Key of the advisory lock that holds a worker between saving a question set and completing its job. */
const HOLD_COMPLETION_LOCK = 775_501;

/**
 * Makes every `UPDATE generation.jobs` that completes a job wait for the advisory lock the returned
 * session holds: the question set is saved (the video-service committed it) but the worker cannot
 * finish its job. `release` drops the trigger and the lock.
 */
async function holdJobCompletion(stack: RunningStack): Promise<{ release(): Promise<void> }> {
  await sql(
    stack,
    `CREATE OR REPLACE FUNCTION generation.test_hold_completion() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN PERFORM pg_advisory_xact_lock_shared(${HOLD_COMPLETION_LOCK}); RETURN NEW; END $$`,
  );
  await sql(
    stack,
    `CREATE TRIGGER test_hold_completion BEFORE UPDATE ON generation.jobs FOR EACH ROW
     WHEN (NEW.state = 'completed' AND OLD.state <> 'completed') EXECUTE FUNCTION generation.test_hold_completion()`,
  );
  const holder = new PgClient({ connectionString: stack.databaseUrl });
  await holder.connect();
  await holder.query('SELECT pg_advisory_lock($1)', [HOLD_COMPLETION_LOCK]);
  return {
    async release() {
      // The lock first: DROP TRIGGER waits for every UPDATE still waiting for it.
      await holder.end();
      await sql(stack, 'DROP TRIGGER IF EXISTS test_hold_completion ON generation.jobs');
      await sql(stack, 'DROP FUNCTION IF EXISTS generation.test_hold_completion()');
    },
  };
}

/** Kills the running generation-service (the first one, or the replacement a test started) at once, and starts another. */
async function killGenerationService(stack: RunningStack, replacements: ChildProcess[]): Promise<() => void> {
  const alive = (child: ChildProcess | undefined) => child !== undefined && child.exitCode === null && child.signalCode === null;
  const service = [...replacements].reverse().find(alive) ?? stack.processes.processNamed('generation-service');
  expect(alive(service)).toBe(true);
  const exited = new Promise((resolve) => service?.once('exit', resolve));
  service?.kill('SIGKILL');
  await exited;
  return () => {
    replacements.push(stack.processes.spawnService('generation-service'));
  };
}

/** The database sessions waiting in the completion UPDATE of a job (held by holdJobCompletion). */
async function heldCompletions(stack: RunningStack): Promise<number[]> {
  const rows = await sql<{ pid: number }>(
    stack,
    `SELECT pid FROM pg_stat_activity
     WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'UPDATE generation.jobs SET state = ''completed''%'`,
  );
  return rows.map((r) => r.pid);
}

describe(`question generation through an OpenAI-compatible server, a killed worker and a lost queue (${TRANSPORT})`, () => {
  let stack: RunningStack;
  let stub: OpenAiStub;
  let queueRedis: Awaited<ReturnType<typeof startPrivateRedis>>;
  let owner: Account;
  /** generation-service processes started in place of killed ones. */
  const replacements: ChildProcess[] = [];

  beforeAll(async () => {
    stub = await startOpenAiStub();
    queueRedis = await startPrivateRedis();
    stack = await startStack({
      name: `generation_openai_${TRANSPORT}`,
      env: {
        ...RELAXED_LIMITS,
        OPENAI_API_KEY: stub.apiKey,
        OPENAI_BASE_URL: stub.url,
        OPENAI_MODEL: 'stub-model-1',
        OPENAI_TIMEOUT_MS: '1500',
        GENERATION_ATTEMPTS: '2',
        GENERATION_BACKOFF_MS: '200',
        GENERATION_LOCK_MS: '3000',
        QUEUE_REDIS_URL: queueRedis.url,
      },
    });
    owner = await account(stack);
  });

  afterAll(async () => {
    await stack?.stop();
    await stub?.close();
    await queueRedis?.stop();
  });

  beforeEach(() => {
    stub.setMode('good');
    stub.setDelay(0);
  });

  it('writes the questions with the model and records its token usage and cost', async () => {
    const calls = stub.calls;
    const res = await paste(stack, owner, { youtubeUrl: YOUTUBE_LINK, transcript: waterCycleSrt(), interactionCount: 4, questionTypes: ['single', 'ordering'] }).expect(202);
    expect(res.body.job.provider).toBe('openai');
    const { job } = await waitForJob(stack, owner, res.body.job.id);
    expect(job).toMatchObject({ state: 'completed', attempts: 1 });
    expect(job.questionCount).toBe(4);
    expect(new Set(job.questions?.map((q) => q['type']))).toEqual(new Set(['single_choice', 'ordering']));
    expect(stub.calls).toBe(calls + 1);
    expect(stub.requests.at(-1)?.model).toBe('stub-model-1');
    const costs = await sql<{ provider: string; model: string; prompt_tokens: number; completion_tokens: number; cost_usd: string; succeeded: boolean }>(
      stack,
      'SELECT provider, model, prompt_tokens, completion_tokens, cost_usd, succeeded FROM generation.cost_events WHERE job_id = $1',
      [job.id],
    );
    expect(costs).toHaveLength(1);
    expect(costs[0]).toMatchObject({ provider: 'openai', model: 'stub-model-1', succeeded: true });
    expect(costs[0].prompt_tokens).toBeGreaterThan(0);
    expect(costs[0].completion_tokens).toBeGreaterThan(0);
    const expected = (costs[0].prompt_tokens * 0.15 + costs[0].completion_tokens * 0.6) / 1e6;
    expect(Number(costs[0].cost_usd)).toBeCloseTo(expected, 6);
  });

  it('retries a malformed answer, then fails the job with a clear message and marks the video failed', async () => {
    stub.setMode('malformed');
    const calls = stub.calls;
    const res = await paste(stack, owner, { transcript: waterCycleSrt() }).expect(202);
    const { job } = await waitForJob(stack, owner, res.body.job.id);
    expect(job.state).toBe('failed');
    expect(job.error).toMatch(/wrong format 3 times/);
    expect(job.attempts).toBe(1); // a malformed answer is not worth another try of the whole job
    expect(stub.calls).toBe(calls + 3);
    const video = await api(stack).get(`/api/videos/${job.videoId}`).set(bearer(owner)).expect(200);
    expect(video.body).toMatchObject({ status: 'failed', questionCount: 0 });
    const costs = await sql<{ succeeded: boolean }>(stack, 'SELECT succeeded FROM generation.cost_events WHERE job_id = $1', [job.id]);
    expect(costs.map((c) => c.succeeded)).toEqual([false, false, false]);
  });

  it('retries a model that does not answer with backoff, then fails naming the timeout', async () => {
    stub.setMode('timeout');
    const res = await paste(stack, owner, { transcript: waterCycleSrt() }).expect(202);
    const { job, seen } = await waitForJob(stack, owner, res.body.job.id);
    expect(job).toMatchObject({ state: 'failed', attempts: 2, maxAttempts: 2 });
    expect(job.error).toMatch(/did not answer within 1(\.5)? s/);
    expect(seen.some((j) => j.state === 'retrying' && /Retrying/.test(j.stage))).toBe(true);
  });

  it('finishes a job whose worker was killed during the model call, on a restarted worker', async () => {
    stub.setDelay(2500);
    const res = await paste(stack, owner, { youtubeUrl: YOUTUBE_LINK, transcript: waterCycleSrt(), interactionCount: 5 }).expect(202);
    const jobId = res.body.job.id as string;
    // Wait until the worker is inside the model call, then kill the process that runs it.
    const deadline = Date.now() + 15_000;
    for (;;) {
      const poll = await api(stack).get(`/api/generation/jobs/${jobId}`).set(bearer(owner)).expect(200);
      if (poll.body.state === 'active' && poll.body.percent >= 25) break;
      if (Date.now() > deadline) throw new Error(`job never became active: ${JSON.stringify(poll.body)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const restart = await killGenerationService(stack, replacements);
    stub.setDelay(200);
    restart();

    const { job } = await waitForJob(stack, owner, jobId, 45_000, true);
    expect(job.state).toBe('completed');
    expect(job.questionCount).toBe(5);
    const rows = await sql<{ n: number; job: string }>(
      stack,
      `SELECT count(i.id)::int AS n, v.generation_job_id AS job
       FROM library.videos v LEFT JOIN library.interactions i ON i.video_id = v.id WHERE v.id = $1 GROUP BY v.id`,
      [job.videoId],
    );
    expect(rows).toEqual([{ n: 5, job: jobId }]);
  });

  it('keeps exactly one question set, and the answers learners gave, when the worker dies after saving and the job runs again', async () => {
    const hold = await holdJobCompletion(stack);
    let released = false;
    const release = async () => {
      if (!released) await hold.release();
      released = true;
    };
    try {
      const calls = stub.calls;
      const res = await paste(stack, owner, {
        youtubeUrl: YOUTUBE_LINK,
        transcript: waterCycleSrt(),
        interactionCount: 4,
        questionTypes: ['single'],
      }).expect(202);
      const jobId = res.body.job.id as string;
      const videoId = res.body.video.id as number;

      // The question set is saved and the worker waits in the UPDATE that would complete its job.
      const deadline = Date.now() + 20_000;
      let waiting: number[] = [];
      for (;;) {
        waiting = await heldCompletions(stack);
        if (waiting.length === 1) break;
        if (Date.now() > deadline) throw new Error(`the worker never reached the completion of job ${jobId}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      const saved = await sql<{ id: number }>(stack, 'SELECT id FROM library.interactions WHERE video_id = $1 ORDER BY id', [videoId]);
      expect(saved).toHaveLength(4);
      const savedIds = saved.map((r) => r.id);
      expect((await api(stack).get(`/api/generation/jobs/${jobId}`).set(bearer(owner)).expect(200)).body.state).toBe('active');
      expect(stub.calls).toBe(calls + 1);

      // A learner starts the lesson and answers its first question before the job is finished.
      const learnerId = randomUUID();
      const started = await api(stack).post(`/api/play/${videoId}/attempts`).set(bearer(owner)).send({ learnerId }).expect(200);
      const attemptId = started.body.id as string;
      const answered = await api(stack)
        .post(`/api/attempts/${attemptId}/answers`)
        .set(bearer(owner))
        .send({ learnerId, interactionId: savedIds[0], response: 0 })
        .expect(200);
      expect(answered.body.attempt.answers).toEqual([expect.objectContaining({ interactionId: savedIds[0] })]);

      // The worker dies before it acknowledges the job; its completion UPDATE never commits.
      const restart = await killGenerationService(stack, replacements);
      // Its database session is cut too (Postgres would otherwise finish the waiting UPDATE once the lock is free).
      await sql(stack, 'SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [waiting]);
      await release();
      const [row] = await sql<{ state: string }>(stack, 'SELECT state FROM generation.jobs WHERE id = $1', [jobId]);
      expect(row.state).toBe('active');

      // A restarted worker takes the job over once the dead worker's lock runs out, and runs it again.
      restart();
      const { job } = await waitForJob(stack, owner, jobId, 45_000, true);
      expect(job).toMatchObject({ state: 'completed', attempts: 2, questionCount: 4 });
      expect(stub.calls).toBe(calls + 2);

      const after = await sql<{ id: number }>(stack, 'SELECT id FROM library.interactions WHERE video_id = $1 ORDER BY id', [videoId]);
      expect(after.map((r) => r.id)).toEqual(savedIds);
      expect(questionsOf(job).map((q) => q['id'])).toEqual(savedIds);
      const answers = await sql<{ interaction_id: number }>(stack, 'SELECT interaction_id FROM library.answers WHERE attempt_id = $1', [attemptId]);
      expect(answers).toEqual([{ interaction_id: savedIds[0] }]);
      const attempt = await api(stack).get(`/api/attempts/${attemptId}`).query({ learnerId }).set(bearer(owner)).expect(200);
      expect(attempt.body.answers).toEqual([expect.objectContaining({ interactionId: savedIds[0] })]);
    } finally {
      await release();
    }
  }, 90_000);

  it('answers 503 and writes nothing when the queue is down', async () => {
    const before = await videoCount(stack, owner.id);
    const jobsBefore = await sql<{ n: number }>(stack, 'SELECT count(*)::int AS n FROM generation.jobs');
    await queueRedis.stop();
    const res = await paste(stack, owner, { youtubeUrl: YOUTUBE_LINK, transcript: waterCycleSrt() }).expect(503);
    expect(expectErrorBody(res.body, 503)).toMatch(/job queue cannot be reached.*Nothing was saved/);
    expect(await videoCount(stack, owner.id)).toBe(before);
    const jobsAfter = await sql<{ n: number }>(stack, 'SELECT count(*)::int AS n FROM generation.jobs');
    expect(jobsAfter[0].n).toBe(jobsBefore[0].n);
  });
});
