import { randomUUID } from 'node:crypto';
import { startStack, type RunningStack } from '@veolearn/testing';
import { api, expectErrorBody, PASSWORD, RELAXED_LIMITS, signUp, sql } from './support';
import { waterCyclePlain } from './fixtures/transcripts';

/**
 * An expired trial or a canceled subscription is read-only: every creator write answers 402 with the
 * plan's message and changes nothing; reads, deleting one's own videos and learners' attempts go on.
 */

const ADMIN = { email: 'plan.admin@example.com', password: 'plan admin password 1', username: 'admin' };

let stack: RunningStack;
let adminToken: string;

beforeAll(async () => {
  stack = await startStack({ name: `plan_writes_${process.env['TEST_TRANSPORT'] ?? 'tcp'}`, admin: ADMIN, env: RELAXED_LIMITS });
  const res = await api(stack).post('/api/auth/signin').send({ username: ADMIN.email, password: ADMIN.password }).expect(200);
  adminToken = res.body.token;
});

afterAll(async () => {
  await stack?.stop();
});

interface Account {
  id: number;
  email: string;
  token: string;
}

/** An account holding two videos (one in a folder), two folders and one question on the first video. */
interface Library {
  owner: Account;
  videoId: number;
  otherVideoId: number;
  folderId: number;
  otherFolderId: number;
  questionId: number;
}

const bearer = (account: Account) => ({ Authorization: `Bearer ${account.token}` });

async function signIn(email: string): Promise<string> {
  const res = await api(stack).post('/api/auth/signin').send({ username: email, password: PASSWORD }).expect(200);
  return res.body.token as string;
}

/** A WebM start (EBML header with DocType 'webm'), then filler. */
function webm(size: number): Buffer {
  const header = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x8b, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d, 0x18, 0x53, 0x80, 0x67]);
  return Buffer.concat([header, Buffer.alloc(size - header.length, 7)]);
}

async function seedLibrary(ownerId: number): Promise<Omit<Library, 'owner'>> {
  const [folder] = await sql<{ id: number }>(stack, `INSERT INTO library.folders (owner_id, name) VALUES ($1, 'Science') RETURNING id`, [ownerId]);
  const [other] = await sql<{ id: number }>(stack, `INSERT INTO library.folders (owner_id, name) VALUES ($1, 'History') RETURNING id`, [ownerId]);
  const videos = await sql<{ id: number }>(
    stack,
    `INSERT INTO library.videos (owner_id, folder_id, title, type, url, youtube_id, duration, published_at)
     VALUES ($1, $2, 'Water cycle', 'youtube', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ', 600, now()),
            ($1, NULL, 'Volcanoes', 'youtube', 'https://www.youtube.com/watch?v=M7lc1UVf-VE', 'M7lc1UVf-VE', 600, NULL)
     RETURNING id`,
    [ownerId, folder.id],
  );
  const [question] = await sql<{ id: number }>(
    stack,
    `INSERT INTO library.interactions (video_id, type, question, options, correct_answer, timestamp, topic_title, feedback)
     VALUES ($1, 'true_false', 'Water evaporates when heated.', '[]', 'true', 30, 'Evaporation', '{"correct":"Yes","incorrect":"No"}') RETURNING id`,
    [videos[0].id],
  );
  return { videoId: videos[0].id, otherVideoId: videos[1].id, folderId: folder.id, otherFolderId: other.id, questionId: question.id };
}

/** A trial that ended three days ago, set in auth.users, then signed in again. */
async function expiredTrial(): Promise<Library> {
  const { user } = await signUp(stack);
  await sql(stack, `UPDATE auth.users SET trial_ends_at = now() - interval '3 days' WHERE id = $1`, [user.id]);
  const owner = { id: user.id, email: user.email, token: await signIn(user.email) };
  return { owner, ...(await seedLibrary(user.id)) };
}

/** A Pro account an admin then cancels with PUT /api/admin/users/{id}/subscription. */
async function canceledPro(): Promise<Library> {
  const { user, token } = await signUp(stack);
  await api(stack).put(`/api/admin/users/${user.id}/subscription`).set(bearer({ id: 0, email: '', token: adminToken })).send({ plan: 'pro', subscriptionStatus: 'active' }).expect(200);
  const library = await seedLibrary(user.id);
  await api(stack).put(`/api/admin/users/${user.id}/subscription`).set(bearer({ id: 0, email: '', token: adminToken })).send({ subscriptionStatus: 'canceled' }).expect(200);
  return { owner: { id: user.id, email: user.email, token }, ...library };
}

/** Everything the owner's library and generation jobs hold, to prove a refused write changed nothing. */
async function snapshot(ownerId: number): Promise<unknown> {
  const videos = await sql(stack, 'SELECT * FROM library.videos WHERE owner_id = $1 ORDER BY id', [ownerId]);
  const folders = await sql(stack, 'SELECT * FROM library.folders WHERE owner_id = $1 ORDER BY id', [ownerId]);
  const questions = await sql(
    stack,
    'SELECT i.* FROM library.interactions i JOIN library.videos v ON v.id = i.video_id WHERE v.owner_id = $1 ORDER BY i.id',
    [ownerId],
  );
  const jobs = await sql(stack, 'SELECT id FROM generation.jobs WHERE owner_id = $1', [ownerId]);
  return JSON.parse(JSON.stringify({ videos, folders, questions, jobs }));
}

type Write = (lib: Library) => ReturnType<ReturnType<typeof api>['get']>;

const WRITES: Array<[string, Write]> = [
  ['POST /api/videos', (l) => api(stack).post('/api/videos').set(bearer(l.owner)).send({ youtubeUrl: 'https://youtu.be/aqz-KE-bpKQ', title: 'New' })],
  ['PUT /api/videos/{id} (rename)', (l) => api(stack).put(`/api/videos/${l.videoId}`).set(bearer(l.owner)).send({ title: 'Renamed' })],
  ['PUT /api/videos/{id}/move', (l) => api(stack).put(`/api/videos/${l.videoId}/move`).set(bearer(l.owner)).send({ folderId: l.otherFolderId })],
  ['PUT /api/videos/{id}/sharing (share)', (l) => api(stack).put(`/api/videos/${l.otherVideoId}/sharing`).set(bearer(l.owner)).send({ published: true })],
  ['PUT /api/videos/{id}/settings', (l) => api(stack).put(`/api/videos/${l.videoId}/settings`).set(bearer(l.owner)).send({ skippingMode: 'no_seek', requireCorrect: true })],
  [
    'PUT /api/videos/{id}/captions',
    (l) => api(stack).put(`/api/videos/${l.videoId}/captions`).set(bearer(l.owner)).send({ text: 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHello\n' }),
  ],
  ['POST /api/videos/upload', (l) => api(stack).post('/api/videos/upload').set(bearer(l.owner)).attach('file', webm(4000), { filename: 'clip.webm' })],
  [
    'POST /api/videos/{id}/interactions',
    (l) =>
      api(stack)
        .post(`/api/videos/${l.videoId}/interactions`)
        .set(bearer(l.owner))
        .send({ type: 'true_false', question: 'Clouds are made of water droplets.', correctAnswer: true, timestamp: 90 }),
  ],
  [
    'PUT /api/interactions/{id}',
    (l) =>
      api(stack)
        .put(`/api/interactions/${l.questionId}`)
        .set(bearer(l.owner))
        .send({ type: 'true_false', question: 'Water freezes when heated.', correctAnswer: false, timestamp: 40 }),
  ],
  ['DELETE /api/interactions/{id}', (l) => api(stack).delete(`/api/interactions/${l.questionId}`).set(bearer(l.owner))],
  ['POST /api/folders', (l) => api(stack).post('/api/folders').set(bearer(l.owner)).send({ name: 'Maths' })],
  ['PUT /api/folders/{id} (rename)', (l) => api(stack).put(`/api/folders/${l.folderId}`).set(bearer(l.owner)).send({ name: 'Biology' })],
  ['PUT /api/folders/{id} (move)', (l) => api(stack).put(`/api/folders/${l.folderId}`).set(bearer(l.owner)).send({ parentId: l.otherFolderId })],
  ['DELETE /api/folders/{id}', (l) => api(stack).delete(`/api/folders/${l.folderId}`).set(bearer(l.owner))],
  [
    'POST /api/youtube/transcript-paste with an existing videoId',
    (l) => api(stack).post('/api/youtube/transcript-paste').set(bearer(l.owner)).send({ videoId: l.videoId, transcript: waterCyclePlain(), interactionCount: 2 }),
  ],
];

const STATES: Array<[string, () => Promise<Library>, RegExp]> = [
  ['an expired trial', expiredTrial, /^Your 7-day free trial has ended \(on \d{1,2} [A-Z][a-z]+ \d{4}\), so your library is read-only\. Choose a plan at \/subscribe to upgrade\.$/],
  ['a canceled Pro subscription', canceledPro, /^Your Pro subscription is canceled, so your library is read-only\. Choose a plan at \/subscribe to upgrade\.$/],
];

describe.each(STATES)('%s is read-only', (_state, make, message) => {
  let lib: Library;

  beforeAll(async () => {
    lib = await make();
  });

  it.each(WRITES)('%s answers 402 and changes nothing', async (_route, write) => {
    const before = await snapshot(lib.owner.id);
    const video = await api(stack).get(`/api/videos/${lib.videoId}`).set(bearer(lib.owner)).expect(200);
    const questions = await api(stack).get(`/api/videos/${lib.videoId}/interactions`).set(bearer(lib.owner)).expect(200);
    const folders = await api(stack).get('/api/folders').set(bearer(lib.owner)).expect(200);

    const res = await write(lib);
    expect(res.status).toBe(402);
    expect(expectErrorBody(res.body, 402)).toMatch(message);

    // Re-read through the API and the database: nothing changed, no job was queued.
    expect((await api(stack).get(`/api/videos/${lib.videoId}`).set(bearer(lib.owner)).expect(200)).body).toEqual(video.body);
    expect((await api(stack).get(`/api/videos/${lib.videoId}/interactions`).set(bearer(lib.owner)).expect(200)).body).toEqual(questions.body);
    expect((await api(stack).get('/api/folders').set(bearer(lib.owner)).expect(200)).body).toEqual(folders.body);
    await api(stack).get(`/api/videos/${lib.videoId}/captions.vtt`).expect(404);
    expect(await snapshot(lib.owner.id)).toEqual(before);
  });

  it('transcript-paste on an existing video leaves no job row', async () => {
    const res = await api(stack)
      .post('/api/youtube/transcript-paste')
      .set(bearer(lib.owner))
      .send({ videoId: lib.otherVideoId, transcript: waterCyclePlain(), interactionCount: 2 });
    expect(res.status).toBe(402);
    const jobs = await sql<{ n: number }>(stack, 'SELECT count(*)::int AS n FROM generation.jobs WHERE owner_id = $1 OR video_id = $2', [lib.owner.id, lib.otherVideoId]);
    expect(jobs[0].n).toBe(0);
  });

  it('still reads, lets learners answer, and lets the owner delete their own video', async () => {
    await api(stack).get('/api/videos').set(bearer(lib.owner)).expect(200);
    const learnerId = randomUUID();
    const attempt = await api(stack).post(`/api/play/${lib.videoId}/attempts`).send({ learnerId });
    expect(attempt.status).toBeLessThan(300);
    const answered = await api(stack)
      .post(`/api/attempts/${attempt.body.id ?? attempt.body.attempt?.id}/answers`)
      .send({ learnerId, interactionId: lib.questionId, response: true });
    expect(answered.status).toBeLessThan(300);

    // Making a shared lesson private takes nothing away from anyone but the owner: allowed.
    const hidden = await api(stack).put(`/api/videos/${lib.videoId}/sharing`).set(bearer(lib.owner)).send({ published: false }).expect(200);
    expect(hidden.body.published).toBe(false);
    await api(stack).get(`/api/play/${lib.videoId}`).expect(404);

    await api(stack).delete(`/api/videos/${lib.otherVideoId}`).set(bearer(lib.owner)).expect(200);
    const rows = await sql(stack, 'SELECT 1 FROM library.videos WHERE id = $1', [lib.otherVideoId]);
    expect(rows).toHaveLength(0);
  });
});

describe('an active account', () => {
  it('still writes (sanity): renaming a video and adding a folder answer 2xx', async () => {
    const { user, token } = await signUp(stack);
    const owner = { id: user.id, email: user.email, token };
    const lib = await seedLibrary(user.id);
    const renamed = await api(stack).put(`/api/videos/${lib.videoId}`).set(bearer(owner)).send({ title: 'Renamed' }).expect(200);
    expect(renamed.body.title).toBe('Renamed');
    await api(stack).post('/api/folders').set(bearer(owner)).send({ name: 'Maths' }).expect(201);
    await api(stack).put(`/api/interactions/${lib.questionId}`).set(bearer(owner)).send({ type: 'true_false', question: 'Water freezes when heated.', correctAnswer: false, timestamp: 40 }).expect(200);
  });
});
