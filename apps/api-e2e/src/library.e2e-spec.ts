import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { startStack, type RunningStack } from '@veolearn/testing';
import { INVALID_YOUTUBE_URL, QUESTION_TYPES, videoCreationDecision } from '@veolearn/domain';
import { api, expectErrorBody, PASSWORD, RELAXED_LIMITS, signUp, sql } from './support';

let stack: RunningStack;

beforeAll(async () => {
  stack = await startStack({ name: 'library', env: RELAXED_LIMITS });
  // Six services on a busy two-core machine can take longer than the default minute to start.
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

interface Account {
  id: number;
  email: string;
  token: string;
}

const YT = ['dQw4w9WgXcQ', 'M7lc1UVf-VE', 'aqz-KE-bpKQ', 'jNQXAC9IVRw', 'ScMzIvxBSi4'];

const bearer = (account: Account) => ({ Authorization: `Bearer ${account.token}` });

async function signIn(email: string): Promise<string> {
  const res = await api(stack).post('/api/auth/signin').send({ username: email, password: PASSWORD }).expect(200);
  return res.body.token as string;
}

/** A new account; `set` changes its auth.users row by SQL first (then signs in again so the session sees it). */
async function account(set?: string): Promise<Account> {
  const { user, token } = await signUp(stack);
  if (!set) return { id: user.id, email: user.email, token };
  await sql(stack, `UPDATE auth.users SET ${set} WHERE id = $1`, [user.id]);
  return { id: user.id, email: user.email, token: await signIn(user.email) };
}

const unlimited = () => account('has_unlimited_access = true');

async function createVideo(owner: Account, body: Record<string, unknown> = {}) {
  const res = await api(stack)
    .post('/api/videos')
    .set(bearer(owner))
    .send({ youtubeUrl: `https://www.youtube.com/watch?v=${YT[0]}`, title: 'A video', ...body });
  return res;
}

async function createFolder(owner: Account, body: Record<string, unknown>) {
  const res = await api(stack).post('/api/folders').set(bearer(owner)).send(body).expect(201);
  return res.body as { id: number; name: string; parentId: number | null };
}

/** Inserts `count` videos for `ownerId` directly (faster than the API for plan-limit edges). */
async function seedVideos(ownerId: number, count: number, type = 'youtube', folderId: number | null = null): Promise<number[]> {
  const rows = await sql<{ id: number }>(
    stack,
    `INSERT INTO library.videos (owner_id, folder_id, title, type, url, youtube_id)
     SELECT $1, $4, 'Seeded ' || g, $2, 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ' FROM generate_series(1, $3) g
     RETURNING id`,
    [ownerId, type, count, folderId],
  );
  return rows.map((r) => r.id);
}

async function seedQuestion(videoId: number, type: string, timestamp: number): Promise<number> {
  const [row] = await sql<{ id: number }>(
    stack,
    `INSERT INTO library.interactions (video_id, type, question, options, correct_answer, timestamp, topic_title, feedback)
     VALUES ($1, $2, 'What is 2 + 2?', '["3","4"]', '"4"', $3, 'Sums', '{"correct":"Yes","incorrect":"No"}') RETURNING id`,
    [videoId, type, timestamp],
  );
  return row.id;
}

async function seedAttempt(videoId: number, status: 'in_progress' | 'completed', watch: number, completedAgoMinutes = 1): Promise<string> {
  const id = randomUUID();
  await sql(
    stack,
    `INSERT INTO library.attempts (id, video_id, learner_id, status, completed_at, watch_time_seconds)
     VALUES ($1, $2, $3, $4::varchar, CASE WHEN $4::varchar = 'completed' THEN now() - make_interval(mins => $6) END, $5)`,
    [id, videoId, `anon:${randomUUID()}`, status, watch, completedAgoMinutes],
  );
  return id;
}

async function seedAnswer(attemptId: string, interactionId: number, correct: boolean): Promise<void> {
  await sql(stack, `INSERT INTO library.answers (attempt_id, interaction_id, response, correct) VALUES ($1, $2, '"4"', $3)`, [
    attemptId,
    interactionId,
    correct,
  ]);
}

describe('health', () => {
  it('reports the video-service and its Postgres', async () => {
    const res = await api(stack).get('/api/health').set('X-Health-Token', stack.env['HEALTH_DETAIL_TOKEN']!).expect(200);
    expect(res.body.info['video-service']).toMatchObject({ status: 'up', instance: expect.any(String) });
    expect(res.body.info['video-service:postgres']).toMatchObject({ status: 'up' });
  });
});

describe('plan limits at their edges', () => {
  it('trial: the first video is created, the second answers 402 with the plan message', async () => {
    const trial = await account();
    const first = await createVideo(trial, { youtubeUrl: `https://youtu.be/${YT[1]}`, title: '  First  ' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      title: 'First',
      type: 'youtube',
      youtubeId: YT[1],
      url: `https://www.youtube.com/watch?v=${YT[1]}`,
      thumbnailUrl: `https://i.ytimg.com/vi/${YT[1]}/hqdefault.jpg`,
      duration: null,
      status: 'ready',
      folder: null,
      questionCount: 0,
    });
    const second = await createVideo(trial);
    expect(second.status).toBe(402);
    const message = expectErrorBody(second.body, 402);
    const expected = videoCreationDecision({ plan: 'trial', subscriptionStatus: 'trial', trialEndsAt: new Date(Date.now() + 86_400_000).toISOString(), hasUnlimitedAccess: false, isAdmin: false }, 1);
    expect(expected.allowed).toBe(false);
    expect(message).toBe(!expected.allowed && expected.message);
    const count = await sql<{ n: number }>(stack, 'SELECT count(*)::int AS n FROM library.videos WHERE owner_id = $1', [trial.id]);
    expect(count[0].n).toBe(1);
  });

  it('expired trial: 402 even with no videos', async () => {
    const expired = await account(`trial_ends_at = now() - interval '1 day'`);
    const res = await createVideo(expired);
    expect(res.status).toBe(402);
    expect(expectErrorBody(res.body, 402)).toContain('free trial has ended');
  });

  it('pro: the 50th video is created, the 51st answers 402', async () => {
    const pro = await account(`plan = 'pro', subscription_status = 'active'`);
    await seedVideos(pro.id, 49);
    expect((await createVideo(pro)).status).toBe(201);
    const over = await createVideo(pro);
    expect(over.status).toBe(402);
    expect(expectErrorBody(over.body, 402)).toContain('Pro plan includes 50 interactive videos and you have 50');
  });

  it('parallel creations at the limit: exactly one passes', async () => {
    const trial = await account();
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => createVideo(trial, { title: `Race ${i}` })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 402, 402, 402, 402, 402]);
    const count = await sql<{ n: number }>(stack, 'SELECT count(*)::int AS n FROM library.videos WHERE owner_id = $1', [trial.id]);
    expect(count[0].n).toBe(1);
  });

  it('rejects a link that is not YouTube with 400 and unknown fields with 400', async () => {
    const owner = await unlimited();
    const bad = await createVideo(owner, { youtubeUrl: 'https://vimeo.com/123456' });
    expect(bad.status).toBe(400);
    expect(expectErrorBody(bad.body, 400)).toBe(INVALID_YOUTUBE_URL);
    const extra = await createVideo(owner, { ownerId: 5 });
    expect(extra.status).toBe(400);
    expect(expectErrorBody(extra.body, 400)).toContain('Unknown field "ownerId"');
  });
});

describe('videos', () => {
  it('create in a folder, get, rename, list (all / Home / folder, paged, question counts), move, delete', async () => {
    const owner = await unlimited();
    const folder = await createFolder(owner, { name: 'Biology' });
    const home = (await createVideo(owner, { youtubeUrl: YT[2], title: 'Home video' })).body;
    const inFolder = await createVideo(owner, { youtubeUrl: `https://www.youtube.com/shorts/${YT[3]}`, title: 'Cells', folderId: folder.id });
    expect(inFolder.status).toBe(201);
    expect(inFolder.body.folder).toBe(folder.id);
    await seedQuestion(inFolder.body.id, 'true_false', 10);
    await seedQuestion(inFolder.body.id, 'single_choice', 5);

    const got = await api(stack).get(`/api/videos/${inFolder.body.id}`).set(bearer(owner)).expect(200);
    expect(got.body).toMatchObject({ id: inFolder.body.id, title: 'Cells', questionCount: 2, youtubeId: YT[3] });

    const renamed = await api(stack).put(`/api/videos/${home.id}`).set(bearer(owner)).send({ title: 'Renamed' }).expect(200);
    expect(renamed.body).toMatchObject({ id: home.id, title: 'Renamed', questionCount: 0 });
    await api(stack).put(`/api/videos/${home.id}`).set(bearer(owner)).send({ title: '   ' }).expect(400);

    const all = await api(stack).get('/api/videos').set(bearer(owner)).expect(200);
    expect(all.body).toMatchObject({ total: 2, page: 1, pageSize: 100 });
    expect(all.body.items.map((v: { id: number }) => v.id)).toEqual([inFolder.body.id, home.id]);
    expect(all.body.items[0].questionCount).toBe(2);
    const root = await api(stack).get('/api/videos?folder=root').set(bearer(owner)).expect(200);
    expect(root.body.items.map((v: { id: number }) => v.id)).toEqual([home.id]);
    const inside = await api(stack).get(`/api/videos?folder=${folder.id}`).set(bearer(owner)).expect(200);
    expect(inside.body.items.map((v: { id: number }) => v.id)).toEqual([inFolder.body.id]);
    const paged = await api(stack).get('/api/videos?page=2&pageSize=1').set(bearer(owner)).expect(200);
    expect(paged.body).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.body.items.map((v: { id: number }) => v.id)).toEqual([home.id]);
    await api(stack).get('/api/videos?pageSize=1001').set(bearer(owner)).expect(400);
    await api(stack).get('/api/videos?folder=abc').set(bearer(owner)).expect(400);

    const moved = await api(stack).put(`/api/videos/${home.id}/move`).set(bearer(owner)).send({ folderId: folder.id }).expect(200);
    expect(moved.body.folder).toBe(folder.id);
    const back = await api(stack).put(`/api/videos/${home.id}/move`).set(bearer(owner)).send({ folderId: null }).expect(200);
    expect(back.body.folder).toBeNull();
    await api(stack).put(`/api/videos/${home.id}/move`).set(bearer(owner)).send({ folderId: 2_000_000 }).expect(404);

    expect((await api(stack).delete(`/api/videos/${home.id}`).set(bearer(owner)).expect(200)).body).toEqual({ deleted: true });
    await api(stack).get(`/api/videos/${home.id}`).set(bearer(owner)).expect(404);
    await api(stack).delete(`/api/videos/${home.id}`).set(bearer(owner)).expect(404);
  });

  it('needs a session', async () => {
    await api(stack).get('/api/videos').expect(401);
    await api(stack).post('/api/folders').send({ name: 'x' }).expect(401);
    await api(stack).get('/api/analytics/user').expect(401);
  });

  it('delete removes the answers, attempts and questions with the video and nothing else', async () => {
    const owner = await unlimited();
    const [doomed, kept] = await seedVideos(owner.id, 2);
    for (const videoId of [doomed, kept]) {
      const q1 = await seedQuestion(videoId, 'single_choice', 3);
      const q2 = await seedQuestion(videoId, 'ordering', 8);
      const attempt = await seedAttempt(videoId, 'completed', 30);
      await seedAnswer(attempt, q1, true);
      await seedAnswer(attempt, q2, false);
    }
    await api(stack).delete(`/api/videos/${doomed}`).set(bearer(owner)).expect(200);
    const counts = async (videoId: number) =>
      (
        await sql<{ v: number; i: number; a: number; x: number }>(
          stack,
          `SELECT (SELECT count(*) FROM library.videos WHERE id = $1)::int AS v,
                  (SELECT count(*) FROM library.interactions WHERE video_id = $1)::int AS i,
                  (SELECT count(*) FROM library.attempts WHERE video_id = $1)::int AS a,
                  (SELECT count(*) FROM library.answers x JOIN library.attempts t ON t.id = x.attempt_id WHERE t.video_id = $1)::int AS x`,
          [videoId],
        )
      )[0];
    expect(await counts(doomed)).toEqual({ v: 0, i: 0, a: 0, x: 0 });
    expect(await counts(kept)).toEqual({ v: 1, i: 2, a: 1, x: 2 });
    const orphans = await sql<{ n: number }>(
      stack,
      `SELECT count(*)::int AS n FROM library.answers x
       WHERE NOT EXISTS (SELECT 1 FROM library.attempts t WHERE t.id = x.attempt_id)
          OR NOT EXISTS (SELECT 1 FROM library.interactions i WHERE i.id = x.interaction_id)`,
    );
    expect(orphans[0].n).toBe(0);
  });
});

describe('the user object', () => {
  it('counts the videos in the library as totalVideosCreated', async () => {
    const owner = await unlimited();
    const before = await api(stack).get('/api/auth/user').set(bearer(owner)).expect(200);
    expect(before.body.totalVideosCreated).toBe(0);
    await createVideo(owner).then((res) => expect(res.status).toBe(201));
    await createVideo(owner, { youtubeUrl: YT[1] }).then((res) => expect(res.status).toBe(201));
    const after = await api(stack).get('/api/auth/user').set(bearer(owner)).expect(200);
    expect(after.body.totalVideosCreated).toBe(2);
  });
});

describe('ownership', () => {
  it("another user gets 404 for every verb on someone else's video and folder", async () => {
    const alice = await unlimited();
    const bob = await unlimited();
    const folder = await createFolder(alice, { name: 'Private' });
    const video = (await createVideo(alice, { folderId: folder.id })).body;
    const bobFolder = await createFolder(bob, { name: 'Mine' });
    const bobVideo = (await createVideo(bob)).body;

    const expect404 = async (req: Promise<{ status: number; body: unknown }>, message: string) => {
      const res = await req;
      expect(res.status).toBe(404);
      expect(expectErrorBody(res.body, 404)).toBe(message);
    };
    const b = bearer(bob);
    await expect404(api(stack).get(`/api/videos/${video.id}`).set(b), 'Video not found');
    await expect404(api(stack).put(`/api/videos/${video.id}`).set(b).send({ title: 'Mine now' }), 'Video not found');
    await expect404(api(stack).put(`/api/videos/${video.id}/move`).set(b).send({ folderId: null }), 'Video not found');
    await expect404(api(stack).put(`/api/videos/${video.id}/move`).set(b).send({ folderId: bobFolder.id }), 'Video not found');
    await expect404(api(stack).delete(`/api/videos/${video.id}`).set(b), 'Video not found');
    await expect404(api(stack).put(`/api/videos/${bobVideo.id}/move`).set(b).send({ folderId: folder.id }), 'Folder not found');
    await expect404(createVideo(bob, { folderId: folder.id }), 'Folder not found');
    await expect404(api(stack).get(`/api/videos?folder=${folder.id}`).set(b), 'Folder not found');
    await expect404(api(stack).get(`/api/folders?parent=${folder.id}`).set(b), 'Folder not found');
    await expect404(api(stack).put(`/api/folders/${folder.id}`).set(b).send({ name: 'Taken' }), 'Folder not found');
    await expect404(api(stack).put(`/api/folders/${bobFolder.id}`).set(b).send({ parentId: folder.id }), 'Folder not found');
    await expect404(api(stack).post('/api/folders').set(b).send({ name: 'Sub', parentId: folder.id }), 'Folder not found');
    await expect404(api(stack).delete(`/api/folders/${folder.id}`).set(b), 'Folder not found');

    const bobsList = await api(stack).get('/api/videos').set(b).expect(200);
    expect(bobsList.body.items.map((v: { id: number }) => v.id)).toEqual([bobVideo.id]);
    const bobsFolders = await api(stack).get('/api/folders').set(b).expect(200);
    expect(bobsFolders.body.map((f: { id: number }) => f.id)).toEqual([bobFolder.id]);
    // Alice's rows are untouched.
    const still = await api(stack).get(`/api/videos/${video.id}`).set(bearer(alice)).expect(200);
    expect(still.body).toMatchObject({ title: 'A video', folder: folder.id });
  });
});

describe('folders', () => {
  it('create, list (root / children / all, with counts, by name), update name, colour and icon', async () => {
    const owner = await unlimited();
    const zoo = await createFolder(owner, { name: 'Zoo' });
    const art = await createFolder(owner, { name: 'Art', color: '#EF4444', icon: 'palette' });
    expect(art).toMatchObject({ name: 'Art', parentId: null, color: '#EF4444', icon: 'palette', videoCount: 0, folderCount: 0 });
    expect(zoo).toMatchObject({ color: '#3B82F6', icon: 'folder' });
    const sub = await createFolder(owner, { name: 'Birds', parentId: zoo.id });
    await seedVideos(owner.id, 3, 'youtube', zoo.id);

    const root = await api(stack).get('/api/folders?parent=root').set(bearer(owner)).expect(200);
    expect(root.body.map((f: { name: string }) => f.name)).toEqual(['Art', 'Zoo']);
    expect(root.body[1]).toMatchObject({ id: zoo.id, videoCount: 3, folderCount: 1 });
    const children = await api(stack).get(`/api/folders?parent=${zoo.id}`).set(bearer(owner)).expect(200);
    expect(children.body.map((f: { id: number }) => f.id)).toEqual([sub.id]);
    const all = await api(stack).get('/api/folders').set(bearer(owner)).expect(200);
    expect(all.body.map((f: { name: string }) => f.name)).toEqual(['Art', 'Birds', 'Zoo']);

    const updated = await api(stack).put(`/api/folders/${art.id}`).set(bearer(owner)).send({ name: 'Arts', color: '#10B981', icon: 'brush' }).expect(200);
    expect(updated.body).toMatchObject({ id: art.id, name: 'Arts', color: '#10B981', icon: 'brush', parentId: null });
    await api(stack).put(`/api/folders/${art.id}`).set(bearer(owner)).send({ color: '#123456' }).expect(400);
    await api(stack).post('/api/folders').set(bearer(owner)).send({ name: '' }).expect(400);
  });

  it('refuses to move a folder into itself or one of its descendants (409) and allows other moves', async () => {
    const owner = await unlimited();
    const a = await createFolder(owner, { name: 'A' });
    const b = await createFolder(owner, { name: 'B', parentId: a.id });
    const c = await createFolder(owner, { name: 'C', parentId: b.id });
    const other = await createFolder(owner, { name: 'Other' });
    for (const target of [a.id, b.id, c.id]) {
      const res = await api(stack).put(`/api/folders/${a.id}`).set(bearer(owner)).send({ parentId: target });
      expect(res.status).toBe(409);
      expect(expectErrorBody(res.body, 409)).toBe('A folder cannot be moved into itself or one of its subfolders');
    }
    const up = await api(stack).put(`/api/folders/${c.id}`).set(bearer(owner)).send({ parentId: a.id }).expect(200);
    expect(up.body.parentId).toBe(a.id);
    await api(stack).put(`/api/folders/${a.id}`).set(bearer(owner)).send({ parentId: other.id }).expect(200);
    const home = await api(stack).put(`/api/folders/${a.id}`).set(bearer(owner)).send({ parentId: null }).expect(200);
    expect(home.body.parentId).toBeNull();
  });

  it("deleting a folder moves its videos and subfolders to the folder's parent", async () => {
    const owner = await unlimited();
    const parent = await createFolder(owner, { name: 'Parent' });
    const doomed = await createFolder(owner, { name: 'Doomed', parentId: parent.id });
    const child = await createFolder(owner, { name: 'Child', parentId: doomed.id });
    const videos = await seedVideos(owner.id, 2, 'youtube', doomed.id);

    const res = await api(stack).delete(`/api/folders/${doomed.id}`).set(bearer(owner)).expect(200);
    expect(res.body).toEqual({ deleted: true, movedVideos: 2, movedFolders: 1, movedTo: parent.id });
    const list = await api(stack).get(`/api/videos?folder=${parent.id}`).set(bearer(owner)).expect(200);
    expect(list.body.items.map((v: { id: number }) => v.id).sort()).toEqual([...videos].sort());
    const children = await api(stack).get(`/api/folders?parent=${parent.id}`).set(bearer(owner)).expect(200);
    expect(children.body.map((f: { id: number }) => f.id)).toEqual([child.id]);

    const top = await api(stack).delete(`/api/folders/${parent.id}`).set(bearer(owner)).expect(200);
    expect(top.body).toEqual({ deleted: true, movedVideos: 2, movedFolders: 1, movedTo: null });
    const root = await api(stack).get('/api/videos?folder=root').set(bearer(owner)).expect(200);
    expect(root.body.total).toBe(2);
    const rootFolders = await api(stack).get('/api/folders?parent=root').set(bearer(owner)).expect(200);
    expect(rootFolders.body.map((f: { id: number }) => f.id)).toEqual([child.id]);
  });
});

describe('playback (public once shared)', () => {
  it('answers the video and its questions in timeline order without answers or feedback', async () => {
    const owner = await unlimited();
    const video = (await createVideo(owner, { title: 'Play me' })).body;
    const late = await seedQuestion(video.id, 'matching', 42.5);
    const early = await seedQuestion(video.id, 'true_false', 7);
    expect(video.published).toBe(false);
    await api(stack).put(`/api/videos/${video.id}/sharing`).set(bearer(owner)).send({ published: true }).expect(200);
    const res = await api(stack).get(`/api/play/${video.id}`).expect(200);
    expect(res.body.video).toEqual({
      id: video.id,
      title: 'Play me',
      type: 'youtube',
      duration: null,
      status: 'ready',
      url: video.url,
      youtubeId: video.youtubeId,
      thumbnailUrl: video.thumbnailUrl,
      skippingMode: 'free',
      requireCorrect: false,
      gamification: true,
      hasCaptions: false,
      mediaUrl: null,
      posterUrl: null,
      captionsUrl: `/api/videos/${video.id}/captions.vtt`,
      published: true,
    });
    expect(res.body.questions).toEqual([
      { id: early, type: 'true_false', question: 'What is 2 + 2?', options: ['3', '4'], timestamp: 7, topicTitle: 'Sums', topicStartTime: null },
      { id: late, type: 'matching', question: 'What is 2 + 2?', options: ['3', '4'], timestamp: 42.5, topicTitle: 'Sums', topicStartTime: null },
    ]);
    expect(res.text).not.toMatch(/correct_answer|correctAnswer|feedback/);
    const missing = await api(stack).get('/api/play/2000000000').expect(404);
    expect(expectErrorBody(missing.body, 404)).toBe('Video not found');
  });

  it("keeps a lesson private until its owner shares it: player, questions and attempts answer 404 to anyone else, as for a missing one", async () => {
    const owner = await unlimited();
    const stranger = await unlimited();
    const video = (await createVideo(owner, { title: 'Draft lesson' })).body;
    await seedQuestion(video.id, 'true_false', 7);
    const learner = { learnerId: '0b8f3a52-3d47-4a43-9d7e-9a3f3f1f5a10' };
    const refusedToOthers = async () => {
      for (const headers of [{}, bearer(stranger)]) {
        const play = await api(stack).get(`/api/play/${video.id}`).set(headers).expect(404);
        expect(expectErrorBody(play.body, 404)).toBe('Video not found');
        await api(stack).get(`/api/videos/${video.id}/interactions`).set(headers).expect(404);
        await api(stack).post(`/api/play/${video.id}/attempts`).set(headers).send(learner).expect(404);
        await api(stack).get(`/api/videos/${video.id}/captions.vtt`).set(headers).expect(404);
      }
    };
    await refusedToOthers();
    // Its owner always sees it.
    const own = await api(stack).get(`/api/play/${video.id}`).set(bearer(owner)).expect(200);
    expect(own.body.video).toMatchObject({ id: video.id, published: false });
    expect(own.body.questions).toHaveLength(1);
    await api(stack).post(`/api/play/${video.id}/attempts`).set(bearer(owner)).send(learner).expect(200);

    // Only the owner can share it; then anyone can play it.
    await api(stack).put(`/api/videos/${video.id}/sharing`).set(bearer(stranger)).send({ published: true }).expect(404);
    await api(stack).put(`/api/videos/${video.id}/sharing`).send({ published: true }).expect(401);
    const shared = await api(stack).put(`/api/videos/${video.id}/sharing`).set(bearer(owner)).send({ published: true }).expect(200);
    expect(shared.body).toMatchObject({ id: video.id, published: true, publishedAt: expect.any(String) });
    await api(stack).get(`/api/play/${video.id}`).expect(200);
    await api(stack).get(`/api/videos/${video.id}/interactions`).expect(200);
    await api(stack).post(`/api/play/${video.id}/attempts`).send(learner).expect(200);
    // Sharing again keeps the first sharing time.
    const again = await api(stack).put(`/api/videos/${video.id}/sharing`).set(bearer(owner)).send({ published: true }).expect(200);
    expect(again.body.publishedAt).toBe(shared.body.publishedAt);

    // Private again: refused to others once more.
    const hidden = await api(stack).put(`/api/videos/${video.id}/sharing`).set(bearer(owner)).send({ published: false }).expect(200);
    expect(hidden.body).toMatchObject({ published: false, publishedAt: null });
    await refusedToOthers();
    expect((await api(stack).get('/api/videos').set(bearer(owner)).expect(200)).body.items.find((v: { id: number }) => v.id === video.id)).toMatchObject({
      published: false,
    });
  });

  it('answers 400 with a readable message for a sharing body that is not {"published": true|false}', async () => {
    const owner = await unlimited();
    const video = (await createVideo(owner, { title: 'Body checks' })).body;
    for (const body of [{}, { published: 'yes' }, { published: 1 }, { published: true, everyone: true }]) {
      const res = await api(stack).put(`/api/videos/${video.id}/sharing`).set(bearer(owner)).send(body).expect(400);
      expect(expectErrorBody(res.body, 400)).toMatch(/published|Unknown field/);
    }
    await api(stack).put('/api/videos/abc/sharing').set(bearer(owner)).send({ published: true }).expect(400);
    await api(stack).put('/api/videos/2000000000/sharing').set(bearer(owner)).send({ published: true }).expect(404);
  });
});

describe('analytics', () => {
  it('equal the figures computed from the rows', async () => {
    const owner = await unlimited();
    const apiVideo = (await createVideo(owner, { title: 'From the API' })).body;
    const [vr] = await seedVideos(owner.id, 1, 'youtube_vr');
    const [upload] = await seedVideos(owner.id, 1, 'upload');
    const types = ['single_choice', 'single_choice', 'true_false', 'scenario', 'fill_gaps'];
    const questions: number[] = [];
    for (const [i, type] of types.entries()) questions.push(await seedQuestion([apiVideo.id, vr, upload][i % 3], type, i));
    const attempts = [
      { video: apiVideo.id, status: 'completed' as const, watch: 600, answers: [true, true, false] },
      { video: vr, status: 'completed' as const, watch: 1234, answers: [true] },
      { video: upload, status: 'in_progress' as const, watch: 77, answers: [false, false] },
      { video: apiVideo.id, status: 'in_progress' as const, watch: 0, answers: [] },
    ];
    for (const [n, a] of attempts.entries()) {
      const id = await seedAttempt(a.video, a.status, a.watch, 10 - n);
      for (const [k, correct] of a.answers.entries()) await seedAnswer(id, questions[k % questions.length], correct);
    }
    // Another owner's rows count for nobody else.
    const stranger = await unlimited();
    const [foreign] = await seedVideos(stranger.id, 1);
    await seedAnswer(await seedAttempt(foreign, 'completed', 999), await seedQuestion(foreign, 'ordering', 1), true);

    const res = await api(stack).get('/api/analytics/user').set(bearer(owner)).expect(200);
    const answers = attempts.flatMap((a) => a.answers);
    const correct = answers.filter(Boolean).length;
    const watch = attempts.reduce((s, a) => s + a.watch, 0);
    const expectedTypes = Object.fromEntries(QUESTION_TYPES.map((t) => [t, types.filter((x) => x === t).length]));
    expect(res.body).toMatchObject({
      totalVideos: 3,
      totalQuestions: types.length,
      questionTypes: expectedTypes,
      videoSources: { youtube: 1, youtubeVR: 1, upload: 1 },
      learnerAttempts: attempts.length,
      completedAttempts: 2,
      totalInteractions: answers.length,
      correctAnswers: correct,
      accuracy: Math.round((correct / answers.length) * 1000) / 10,
      totalWatchTimeSeconds: watch,
      totalWatchTime: Math.round(watch / 6) / 10,
      watchTimeText: `${Math.round(watch / 6) / 10} min`,
      learningHours: Math.round((watch / 3600) * 10) / 10,
      accountAgeDays: 0,
      lastLoginAt: expect.any(String),
    });
    expect(Object.keys(res.body.questionTypes).sort()).toEqual([...QUESTION_TYPES].sort());
    expect(res.body.recentActivity.length).toBeLessThanOrEqual(10);
    expect(res.body.recentActivity.filter((r: { kind: string }) => r.kind === 'attempt_completed')).toHaveLength(2);
    expect(res.body.recentActivity.filter((r: { kind: string }) => r.kind === 'video_created')).toHaveLength(3);
    const times = res.body.recentActivity.map((r: { at: string }) => r.at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('states 54 s watched as "54 s" (not 0 minutes) and counts partial credit by its fraction (not 0%)', async () => {
    const owner = await unlimited();
    const [video] = await seedVideos(owner.id, 1);
    const q = [await seedQuestion(video, 'matching', 10), await seedQuestion(video, 'multiple_choice', 40), await seedQuestion(video, 'ordering', 70)];
    const attempt = await seedAttempt(video, 'completed', 54);
    // First tries as the graders store them: 2 of 3 matches (0.667), half the options (0.5), nothing right (0).
    for (const [i, credit] of [2 / 3, 0.5, 0].entries()) {
      await sql(stack, `INSERT INTO library.answers (attempt_id, interaction_id, response, correct, status, credit) VALUES ($1, $2, '[0]', false, 'incorrect', $3)`, [
        attempt,
        q[i],
        credit,
      ]);
    }
    const res = await api(stack).get('/api/analytics/user').set(bearer(owner)).expect(200);
    expect(res.body).toMatchObject({
      totalWatchTimeSeconds: 54,
      totalWatchTime: 0.9,
      watchTimeText: '54 s',
      totalInteractions: 3,
      correctAnswers: 0,
      partlyCorrectAnswers: 2,
      accuracy: Math.round(((2 / 3 + 0.5) / 3) * 1000) / 10,
    });
    expect(res.body.accuracy).toBe(38.9);

    // A right answer counts 1 beside them: (1 + 0.667 + 0.5 + 0) / 4.
    const right = await seedQuestion(video, 'single_choice', 100);
    await seedAnswer(attempt, right, true);
    const after = await api(stack).get('/api/analytics/user').set(bearer(owner)).expect(200);
    expect(after.body).toMatchObject({ totalInteractions: 4, correctAnswers: 1, partlyCorrectAnswers: 2, accuracy: 54.2 });
  });

  it('a new account has zeros and a null accuracy', async () => {
    const owner = await account();
    const res = await api(stack).get('/api/analytics/user').set(bearer(owner)).expect(200);
    expect(res.body).toMatchObject({ totalVideos: 0, totalQuestions: 0, learnerAttempts: 0, totalInteractions: 0, accuracy: null, totalWatchTimeSeconds: 0, recentActivity: [] });
    expect(Object.values(res.body.questionTypes)).toEqual(QUESTION_TYPES.map(() => 0));
  });
});

describe('GET /api/account/usage', () => {
  const TRANSCRIPT = 'Photosynthesis turns light into chemical energy. Plants take in carbon dioxide and water. '.repeat(6);

  it('trial: "0 of 1", then "1 of 1" once the dashboard added a video; generating for that video makes no second one and no 402', async () => {
    const trial = await account();
    const before = await api(stack).get('/api/account/usage').set(bearer(trial)).expect(200);
    expect(before.body).toEqual({
      plan: 'trial',
      planName: 'Free Trial',
      videosUsed: 0,
      videoLimit: 1,
      canCreate: true,
      message: null,
      videosWithoutQuestions: 0,
      label: '0 of 1 lessons used',
    });

    const video = (await createVideo(trial, { title: 'Added from the dashboard' }).then((r) => (expect(r.status).toBe(201), r))).body;
    const used = await api(stack).get('/api/account/usage').set(bearer(trial)).expect(200);
    expect(used.body).toMatchObject({ videosUsed: 1, videoLimit: 1, canCreate: false, videosWithoutQuestions: 1, label: '1 of 1 lessons used' });
    expect(used.body.message).toMatch(/Free Trial plan includes 1 interactive video and you have 1.*\/subscribe/);

    // A new video is refused, as the usage said …
    const refused = await api(stack)
      .post('/api/youtube/transcript-paste')
      .set(bearer(trial))
      .send({ youtubeUrl: `https://youtu.be/${YT[2]}`, title: 'A second lesson', transcript: TRANSCRIPT, duration: 120 });
    expect(refused.status).toBe(402);
    expect(expectErrorBody(refused.body, 402)).toBe(used.body.message);
    // … but questions for the video it already holds are generated for that video.
    const started = await api(stack).post('/api/youtube/transcript-paste').set(bearer(trial)).send({ videoId: video.id, transcript: TRANSCRIPT, duration: 120 }).expect(202);
    expect(started.body.video.id).toBe(video.id);
    const count = await sql<{ n: number }>(stack, 'SELECT count(*)::int AS n FROM library.videos WHERE owner_id = $1', [trial.id]);
    expect(count[0].n).toBe(1);
    const deadline = Date.now() + 60_000;
    let state = started.body.job.state as string;
    while (state !== 'completed' && state !== 'failed' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 300));
      state = (await api(stack).get(`/api/generation/jobs/${started.body.job.id}`).set(bearer(trial)).expect(200)).body.state;
    }
    expect(state).toBe('completed');
    const after = await api(stack).get('/api/account/usage').set(bearer(trial)).expect(200);
    expect(after.body).toMatchObject({ videosUsed: 1, canCreate: false, videosWithoutQuestions: 0, label: '1 of 1 lessons used' });
  });

  it('pro shows "3 of 50", enterprise and unlimited access no cap; an expired trial may not create', async () => {
    const pro = await account(`plan = 'pro', subscription_status = 'active'`);
    await seedVideos(pro.id, 3);
    expect((await api(stack).get('/api/account/usage').set(bearer(pro)).expect(200)).body).toMatchObject({
      plan: 'pro',
      planName: 'Pro',
      videosUsed: 3,
      videoLimit: 50,
      canCreate: true,
      videosWithoutQuestions: 3,
      label: '3 of 50 lessons used',
    });
    const enterprise = await account(`plan = 'enterprise', subscription_status = 'active'`);
    await seedVideos(enterprise.id, 2);
    expect((await api(stack).get('/api/account/usage').set(bearer(enterprise)).expect(200)).body).toMatchObject({ videoLimit: null, canCreate: true, label: '2 lessons' });
    expect((await api(stack).get('/api/account/usage').set(bearer(await unlimited())).expect(200)).body).toMatchObject({ videoLimit: null, label: '0 lessons' });
    const expired = await account(`trial_ends_at = now() - interval '1 day'`);
    const res = await api(stack).get('/api/account/usage').set(bearer(expired)).expect(200);
    expect(res.body).toMatchObject({ videosUsed: 0, canCreate: false });
    expect(res.body.message).toMatch(/free trial has ended/);
  });

  it('answers 401 without a session', async () => {
    await api(stack).get('/api/account/usage').expect(401);
  });
});

describe('bad ids', () => {
  it.each(['abc', '-1', '1.5', '0', '99999999999999999999', '2147483648', '1e3'])('%s answers 400, never 500', async (id) => {
    const owner = await unlimited();
    for (const [method, path, label] of [
      ['get', `/api/videos/${id}`, 'Video'],
      ['put', `/api/videos/${id}`, 'Video'],
      ['delete', `/api/videos/${id}`, 'Video'],
      ['get', `/api/play/${id}`, 'Video'],
      ['put', `/api/folders/${id}`, 'Folder'],
      ['delete', `/api/folders/${id}`, 'Folder'],
    ] as const) {
      const res = await api(stack)[method](path).set(bearer(owner)).send(method === 'put' ? { title: 'x' } : undefined);
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 400 });
      expect(expectErrorBody(res.body, 400)).toBe(`${label} id must be a positive whole number`);
    }
  });
});

describe('migrations', () => {
  it('leave nothing pending between the library entities and the database', () => {
    const output = execFileSync(process.execPath, [join(__dirname, '../../../dist/apps/video-service/main.js'), 'schema-check'], {
      env: { ...stack.env },
      encoding: 'utf8',
    });
    expect(output).toContain('Schema "library" matches its entities');
  });
});
