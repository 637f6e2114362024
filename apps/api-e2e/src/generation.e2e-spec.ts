import { spawn, type ChildProcess } from 'node:child_process';
import { createConnection } from 'node:net';
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
    for (const question of job.questions ?? []) {
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
    expect((job.questions ?? []).length).toBeGreaterThan(0);
    for (const q of job.questions ?? []) expect(['single_choice', 'multiple_choice', 'true_false', ...added]).toContain(q['type']);
  });

  it('says in the job result when a selected type had no material, and writes another type instead', async () => {
    const res = await paste(stack, owner, { transcript: waterCycleSrt(), interactionCount: 2, questionTypes: ['priorityRanking'] }).expect(202);
    const { job } = await waitForJob(stack, owner, res.body.job.id);
    expect(job.state).toBe('completed');
    expect(job.questionCount).toBeGreaterThan(0);
    expect((job.questions ?? []).length).toBe(job.questionCount);
    expect((job.questions ?? []).some((q) => q['type'] === 'priority_ranking')).toBe(false);
    const notes = (job as unknown as { notes: Array<{ code: string; message: string; type?: string }> }).notes;
    expect(notes.some((n) => n.code === 'type_substituted' && n.type === 'priority_ranking' && /No priority ranking question/.test(n.message))).toBe(true);
  });

  it('regenerates the questions of an existing video, replacing the old set', async () => {
    const first = await paste(stack, owner, { youtubeUrl: YOUTUBE_LINK, transcript: waterCycleSrt(), interactionCount: 3 }).expect(202);
    const done = await waitForJob(stack, owner, first.body.job.id);
    const again = await paste(stack, owner, { videoId: done.job.videoId, transcript: waterCycleSrt(), interactionCount: 2, questionTypes: ['true_false'] }).expect(202);
    expect(again.body.video.id).toBe(done.job.videoId);
    const second = await waitForJob(stack, owner, again.body.job.id);
    expect(second.job.questions?.every((q) => q['type'] === 'true_false')).toBe(true);
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
    const timestamps = (job.questions ?? []).map((q) => q['timestamp'] as number);
    expect(timestamps.length).toBeGreaterThan(0);
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
    for (const q of job.questions ?? []) expect(q['timestamp']).toBeLessThanOrEqual(200);
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

// The transport does not change how jobs run; these (slower) cases run once, over TCP.
const describeTcp = process.env['TEST_TRANSPORT'] === 'nats' ? describe.skip : describe;

describeTcp('question generation through an OpenAI-compatible server, a killed worker and a lost queue', () => {
  let stack: RunningStack;
  let stub: OpenAiStub;
  let queueRedis: Awaited<ReturnType<typeof startPrivateRedis>>;
  let owner: Account;

  beforeAll(async () => {
    stub = await startOpenAiStub();
    queueRedis = await startPrivateRedis();
    stack = await startStack({
      name: 'generation_openai',
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

  it('finishes a job whose worker was killed mid-job, with exactly one question set', async () => {
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
    const service = stack.processes.processNamed('generation-service');
    expect(service).toBeDefined();
    const exited = new Promise((resolve) => service?.once('exit', resolve));
    service?.kill('SIGKILL');
    await exited;
    stub.setDelay(200);
    stack.processes.spawnService('generation-service');

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
