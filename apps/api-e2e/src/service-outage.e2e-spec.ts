import { type OpenAiStub, startOpenAiStub, startStack, type RunningStack } from '@veolearn/testing';
import { api, RELAXED_LIMITS, signUp, sql } from './support';
import { waterCycleSrt } from './fixtures/transcripts';

/**
 * Fault test: the video-service process (videos and questions) is killed while generation jobs are
 * in flight and started again OUTAGE_MS later. The model (an OpenAI-compatible stub) takes 1.5 s per
 * call, so the jobs reach their save, or fail for good, while the service is away.
 */
const OUTAGE_MS = 12_000;
const GOOD_JOBS = 6;
const REFUSED_TITLE = 'Refused lesson';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a video-service outage in the middle of generation jobs', () => {
  let stub: OpenAiStub;
  let stack: RunningStack;
  let owner: { id: number; token: string };

  beforeAll(async () => {
    stub = await startOpenAiStub();
    stack = await startStack({
      name: 'service_outage',
      env: {
        ...RELAXED_LIMITS,
        OPENAI_API_KEY: stub.apiKey,
        OPENAI_BASE_URL: stub.url,
        OPENAI_MODEL: 'stub-model-1',
        GENERATION_RECONCILE_MS: '1000',
        GENERATION_SAVE_BACKOFF_MS: '500',
      },
    });
    const { user, body } = await signUp(stack);
    await sql(stack, 'UPDATE auth.users SET has_unlimited_access = true WHERE id = $1', [user.id]);
    const res = await api(stack).post('/api/auth/signin').send({ username: body.email, password: body.password }).expect(200);
    owner = { id: user.id, token: res.body.token as string };
  }, 120_000);

  afterAll(async () => {
    await stack?.stop();
    await stub?.close();
  });

  it('fails no job for the outage and leaves no video processing', async () => {
    const bearer = { Authorization: `Bearer ${owner.token}` };
    stub.setDelay(1500);
    stub.refuseTitle(REFUSED_TITLE);
    const paste = (title: string) =>
      api(stack)
        .post('/api/youtube/transcript-paste')
        .set(bearer)
        .send({ title, transcript: waterCycleSrt(), interactionCount: 2, questionTypes: ['single'] })
        .expect(202);
    // First in the queue: a job the model refuses for good while the video-service is away.
    const refused = (await paste(REFUSED_TITLE)).body.job.id as string;
    const good: string[] = [];
    for (let i = 0; i < GOOD_JOBS; i++) good.push((await paste(`Lesson ${i + 1}`)).body.job.id as string);

    const videoService = stack.processes.processNamed('video-service');
    expect(videoService).toBeDefined();
    const exited = new Promise((resolve) => videoService?.once('exit', resolve));
    videoService?.kill('SIGKILL');
    await exited;
    const killedAt = Date.now();
    await sleep(OUTAGE_MS);
    stack.processes.spawnService('video-service');

    // Everything finishes after the restart, and the library answers again.
    const deadline = Date.now() + 90_000;
    let rows: Array<{ id: string; state: string; error: string | null; video_status: string }> = [];
    let libraryBackMs = -1;
    while (Date.now() < deadline) {
      if (libraryBackMs < 0) {
        const list = await api(stack).get('/api/videos').set(bearer);
        if (list.status === 200) libraryBackMs = Date.now() - killedAt - OUTAGE_MS;
      }
      rows = await sql(
        stack,
        `SELECT j.id, j.state, j.error, v.status AS video_status FROM generation.jobs j JOIN library.videos v ON v.id = j.video_id
          WHERE j.id = ANY($1::uuid[])`,
        [[refused, ...good]],
      );
      if (libraryBackMs >= 0 && rows.length === GOOD_JOBS + 1 && rows.every((r) => ['completed', 'failed'].includes(r.state) && r.video_status !== 'processing')) break;
      await sleep(250);
    }
    console.log(
      `video-service killed for ${OUTAGE_MS} ms with ${GOOD_JOBS + 1} jobs in flight: all settled ${Date.now() - killedAt - OUTAGE_MS} ms after the restart ` +
        `(list videos answered again after ${libraryBackMs} ms)`,
    );

    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(good.map((id) => [byId.get(id)?.state, byId.get(id)?.video_status])).toEqual(good.map(() => ['completed', 'ready']));
    // The refused job failed for its own reason, not the outage, and its video followed it.
    expect(byId.get(refused)).toMatchObject({ state: 'failed', video_status: 'failed' });
    expect(byId.get(refused)?.error).toMatch(/rejected the request \(400\)/);
    const unsynced = await sql(stack, `SELECT id FROM generation.jobs WHERE state = 'failed' AND video_synced_at IS NULL`);
    expect(unsynced).toEqual([]);
    expect(libraryBackMs).toBeGreaterThanOrEqual(0);
  }, 150_000);

  it('answers GET /api/auth/user with the video count marked unavailable while only the count fails', async () => {
    const bearer = { Authorization: `Bearer ${owner.token}` };
    const before = await api(stack).get('/api/auth/user').set(bearer).expect(200);
    expect(before.body.totalVideosCreated).toBe(GOOD_JOBS + 1);
    expect(before.body.unavailable).toBeUndefined();

    const videoService = [...stack.processes.children].reverse().find((c) => c.spawnargs.some((a) => a.includes('video-service')));
    expect(videoService?.exitCode).toBeNull();
    const exited = new Promise((resolve) => videoService?.once('exit', resolve));
    videoService?.kill('SIGKILL');
    await exited;
    try {
      const res = await api(stack).get('/api/auth/user').set(bearer).expect(200);
      expect(res.body).toMatchObject({ id: owner.id, email: before.body.email, totalVideosCreated: null, unavailable: ['totalVideosCreated'] });
      // A route that needs the video-service says so.
      const list = await api(stack).get('/api/videos').set(bearer).expect(503);
      expect(list.body.message).toMatch(/video service is not answering/);
    } finally {
      stack.processes.spawnService('video-service');
    }
    const deadline = Date.now() + 20_000;
    let after = await api(stack).get('/api/auth/user').set(bearer);
    while (after.body.totalVideosCreated === null && Date.now() < deadline) {
      await sleep(200);
      after = await api(stack).get('/api/auth/user').set(bearer);
    }
    expect(after.status).toBe(200);
    expect(after.body.totalVideosCreated).toBe(GOOD_JOBS + 1);
  }, 60_000);
});
