import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { type ClientProxy, ClientProxyFactory } from '@nestjs/microservices';
import { firstValueFrom } from 'rxjs';
import { loadConfig } from '@veolearn/config';
import {
  type CreateVideoMessage,
  InteractionPatterns,
  LibraryPatterns,
  type MarkGenerationFailedMessage,
  type SaveGeneratedQuestionsMessage,
  type SaveGeneratedQuestionsResult,
  type VideoView,
} from '@veolearn/contracts';
import { clientTransport, videoServiceAddress } from '@veolearn/nest-common';
import { startStack, type RunningStack } from '@veolearn/testing';
import { defaultFeedback, type Entitlements, QUESTION_TYPES } from '@veolearn/domain';
import { api, expectErrorBody, RELAXED_LIMITS, sql, type Account, bearer, unlimitedAccount } from './support';

let stack: RunningStack;

beforeAll(async () => {
  stack = await startStack({ name: 'interactions', env: RELAXED_LIMITS });
});

afterAll(async () => {
  await stack?.stop();
});

type Body = Record<string, unknown>;

/** A new account allowed any number of videos. */
const account = () => unlimitedAccount(stack);

/** A video of `owner` made through the API; `duration` (seconds) is then set by SQL, as the generator would learn it. */
async function video(owner: Account, duration: number | null = null): Promise<number> {
  const res = await api(stack).post('/api/videos').set(bearer(owner)).send({ youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ', title: 'Lesson' }).expect(201);
  if (duration !== null) await sql(stack, 'UPDATE library.videos SET duration = $2 WHERE id = $1', [res.body.id, duration]);
  return res.body.id as number;
}

const FEEDBACK = { correct: 'Spot on.', incorrect: 'Have another look.', explanation: 'SECRET-EXPLANATION' };
const topic = { topicTitle: 'Basics', topicStartTime: 0, feedback: FEEDBACK };

/** One valid question of each type (shapes of libs/domain questions/types.ts), deliberately not in timeline order. */
const QUESTIONS: Body[] = [
  { type: 'single_choice', question: 'Which planet is largest?', options: ['Mars', 'Jupiter', 'Venus'], correctAnswer: 1, timestamp: 50, ...topic },
  { type: 'multiple_choice', question: 'Which numbers are even?', options: ['2', '3', '4', '5'], correctAnswer: [2, 0], timestamp: 10, ...topic },
  { type: 'true_false', question: 'Water boils at 100 °C at sea level.', correctAnswer: true, timestamp: 90, ...topic },
  {
    type: 'scenario',
    question: 'What do you do?',
    scenario: 'A customer asks for a refund 40 days after buying; the policy allows 30.',
    options: ['Refund at once', 'Explain the policy and offer store credit', 'Ignore the request'],
    correctAnswer: 1,
    timestamp: 30,
    ...topic,
  },
  { type: 'matching', question: 'Match the formulas.', options: { left: ['H2O', 'NaCl'], right: ['Salt', 'Water'] }, correctAnswer: [1, 0], timestamp: 70, ...topic },
  { type: 'ordering', question: 'Put the steps in order.', options: ['Add tea', 'Boil water', 'Pour milk'], correctAnswer: [1, 0, 2], timestamp: 20, ...topic },
  {
    type: 'sorting_groups',
    question: 'Sort the foods.',
    options: { groups: ['Fruit', 'Vegetable'], items: ['Apple', 'Carrot', 'Pear'] },
    correctAnswer: [0, 1, 0],
    timestamp: 100,
    ...topic,
  },
  {
    type: 'fill_gaps',
    question: 'Complete the sentence.',
    options: { text: 'Water boils at {{1}} degrees at {{2}} level.', wordBank: ['100', 'sea', 'mountain'] },
    correctAnswer: [['100'], ['sea']],
    timestamp: 40,
    ...topic,
  },
  { type: 'drag_drop', question: 'Drop each city on its country.', options: { items: ['Paris', 'Berlin'], targets: ['France', 'Germany'] }, correctAnswer: [0, 1], timestamp: 80, ...topic },
  { type: 'priority_ranking', question: 'Rank by priority.', options: ['Speed', 'Safety', 'Cost'], correctAnswer: [1, 2, 0], timestamp: 60, ...topic },
];

/** What the validator makes of each question: multiple_choice answers sorted, true_false options filled in. */
function normalised(question: Body): Body {
  if (question['type'] === 'multiple_choice') return { ...question, correctAnswer: [0, 2] };
  if (question['type'] === 'true_false') return { ...question, options: ['True', 'False'] };
  return question;
}

function expectNoAnswers(text: string): void {
  expect(text).not.toMatch(/correctAnswer|correct_answer|feedback|SECRET-EXPLANATION/);
}

describe('a question of each of the ten types', () => {
  let owner: Account;
  let other: Account;
  let videoId: number;
  const ids = new Map<string, number>();

  beforeAll(async () => {
    [owner, other] = await Promise.all([account(), account()]);
    videoId = await video(owner, 600);
    // Shared by link, so learners (anonymous or signed in) get the learner view.
    await api(stack).put(`/api/videos/${videoId}/sharing`).set(bearer(owner)).send({ published: true }).expect(200);
  });

  it('is created with every field in the owner view', async () => {
    expect(QUESTIONS.map((q) => q['type']).sort()).toEqual([...QUESTION_TYPES].sort());
    for (const question of QUESTIONS) {
      const res = await api(stack).post(`/api/videos/${videoId}/interactions`).set(bearer(owner)).send(question);
      expect({ type: question['type'], status: res.status, body: res.body }).toMatchObject({ type: question['type'], status: 201 });
      expect(res.body).toEqual({ id: expect.any(Number), videoId, ...normalised(question), createdAt: expect.any(String), updatedAt: expect.any(String) });
      ids.set(question['type'] as string, res.body.id);
    }
  });

  it('lists every field for the owner, in timeline order', async () => {
    const res = await api(stack).get(`/api/videos/${videoId}/interactions`).set(bearer(owner)).expect(200);
    expect(res.body.videoId).toBe(videoId);
    expect(res.body.view).toBe('owner');
    expect(res.body.items.map((i: Body) => i['timestamp'])).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
    for (const item of res.body.items as Body[]) {
      const sent = QUESTIONS.find((q) => q['type'] === item['type']) as Body;
      expect(item).toEqual({ id: ids.get(sent['type'] as string), videoId, ...normalised(sent), createdAt: expect.any(String), updatedAt: expect.any(String) });
    }
  });

  it.each([
    ['anonymously', () => ({})],
    ['as another user', () => bearer(other)],
    ['with a rejected token', () => ({ Authorization: 'Bearer not-a-real-session-token' })],
    ['with a malformed header', () => ({ Authorization: 'Basic abc' })],
  ])('lists the learner view %s: no correct answers, no feedback', async (_label, headers) => {
    const res = await api(stack).get(`/api/videos/${videoId}/interactions`).set(headers()).expect(200);
    expect(res.body.view).toBe('learner');
    expectNoAnswers(res.text);
    expect(res.body.items).toHaveLength(10);
    const scenario = res.body.items.find((i: Body) => i['type'] === 'scenario');
    expect(scenario).toEqual({
      id: ids.get('scenario'),
      type: 'scenario',
      question: 'What do you do?',
      scenario: 'A customer asks for a refund 40 days after buying; the policy allows 30.',
      options: ['Refund at once', 'Explain the policy and offer store credit', 'Ignore the request'],
      timestamp: 30,
      topicTitle: 'Basics',
      topicStartTime: 0,
    });
    expect(res.body.items.filter((i: Body) => 'scenario' in i)).toHaveLength(1);
  });

  it('playback carries the scenario text and no answers', async () => {
    const res = await api(stack).get(`/api/play/${videoId}`).expect(200);
    expectNoAnswers(res.text);
    expect(res.body.questions).toHaveLength(10);
    expect(res.body.questions.map((q: Body) => q['timestamp'])).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
    const scenario = res.body.questions.find((q: Body) => q['type'] === 'scenario');
    expect(scenario.scenario).toBe('A customer asks for a refund 40 days after buying; the policy allows 30.');
    expect(res.body.questions.filter((q: Body) => 'scenario' in q)).toHaveLength(1);
  });

  it('refuses an update of the wrong shape with 400 naming the fields, and leaves the row as it was', async () => {
    const id = ids.get('matching') as number;
    const before = await sql(stack, 'SELECT * FROM library.interactions WHERE id = $1', [id]);
    const res = await api(stack)
      .put(`/api/interactions/${id}`)
      .set(bearer(owner))
      .send({ ...QUESTIONS[4], options: { left: ['H2O', 'NaCl'], right: ['Salt', 'Water', 'Gold'] }, correctAnswer: [0, 0] });
    expect(res.status).toBe(400);
    expect(expectErrorBody(res.body, 400)).toContain('options.left and options.right must have the same number of entries');
    const wrongType = await api(stack).put(`/api/interactions/${id}`).set(bearer(owner)).send({ ...QUESTIONS[4], type: 'essay' });
    expect(expectErrorBody(wrongType.body, 400)).toContain('type must be one of');
    const several = await api(stack).put(`/api/interactions/${id}`).set(bearer(owner)).send({ type: 'ordering', question: '', timestamp: -1 });
    expect(several.status).toBe(400);
    const message = expectErrorBody(several.body, 400);
    expect(message).toContain('question must not be empty; timestamp must be 0 or more');
    expect(message).toContain('options must be a list of texts');
    expect(await sql(stack, 'SELECT * FROM library.interactions WHERE id = $1', [id])).toEqual(before);
  });

  it('replaces a question on a valid update (the type may change) and keeps its id and video', async () => {
    const id = ids.get('single_choice') as number;
    const edited = { type: 'true_false', question: 'Jupiter is the largest planet.', correctAnswer: true, timestamp: 55, topicTitle: 'Planets', topicStartTime: 45, feedback: FEEDBACK };
    // A learner's view read just before (the gateway keeps it a moment for signed-out learners)...
    const learnerBefore = await api(stack).get(`/api/play/${videoId}`).expect(200);
    expect(learnerBefore.body.questions.some((q: Body) => q['question'] === edited.question)).toBe(false);
    const res = await api(stack).put(`/api/interactions/${id}`).set(bearer(owner)).send({ ...edited, id, videoId }).expect(200);
    // ...is not served after the edit: the next learner load has the new question at once.
    const learnerAfter = await api(stack).get(`/api/play/${videoId}`).expect(200);
    expect(learnerAfter.body.questions.find((q: Body) => q['id'] === id)).toMatchObject({ type: 'true_false', question: edited.question });
    expect(res.body).toEqual({ id, videoId, ...edited, options: ['True', 'False'], createdAt: expect.any(String), updatedAt: expect.any(String) });
    const [row] = await sql<{ options: unknown; correct_answer: unknown; type: string }>(stack, 'SELECT type, options, correct_answer FROM library.interactions WHERE id = $1', [id]);
    expect(row).toEqual({ type: 'true_false', options: ['True', 'False'], correct_answer: true });
    const moved = await api(stack).put(`/api/interactions/${id}`).set(bearer(owner)).send({ ...edited, videoId: videoId + 1 });
    expect(expectErrorBody(moved.body, 400)).toContain('a question cannot move to another video');
    const renumbered = await api(stack).put(`/api/interactions/${id}`).set(bearer(owner)).send({ ...edited, id: id + 1 });
    expect(expectErrorBody(renumbered.body, 400)).toBe(`id must be ${id} (the question being edited) or left out`);
  });

  it("answers 404 to another user's update, delete or new question, and 401 without a session", async () => {
    const id = ids.get('ordering') as number;
    const put = await api(stack).put(`/api/interactions/${id}`).set(bearer(other)).send(QUESTIONS[5]);
    expect(expectErrorBody(put.body, 404)).toBe('Question not found');
    const del = await api(stack).delete(`/api/interactions/${id}`).set(bearer(other));
    expect(expectErrorBody(del.body, 404)).toBe('Question not found');
    const post = await api(stack).post(`/api/videos/${videoId}/interactions`).set(bearer(other)).send(QUESTIONS[0]);
    expect(expectErrorBody(post.body, 404)).toBe('Video not found');
    await api(stack).post(`/api/videos/${videoId}/interactions`).send(QUESTIONS[0]).expect(401);
    await api(stack).put(`/api/interactions/${id}`).send(QUESTIONS[5]).expect(401);
    await api(stack).delete(`/api/interactions/${id}`).expect(401);
    const [row] = await sql<{ n: number }>(stack, 'SELECT count(*)::int AS n FROM library.interactions WHERE video_id = $1', [videoId]);
    expect(row.n).toBe(10);
  });

  it('refuses a timestamp past the end of a video whose duration is known', async () => {
    const late = { ...QUESTIONS[0], timestamp: 601 };
    const post = await api(stack).post(`/api/videos/${videoId}/interactions`).set(bearer(owner)).send(late);
    expect(expectErrorBody(post.body, 400)).toBe('timestamp must not be after the end of the video (600 s)');
    const put = await api(stack).put(`/api/interactions/${ids.get('drag_drop')}`).set(bearer(owner)).send({ ...QUESTIONS[8], timestamp: 601 });
    expect(expectErrorBody(put.body, 400)).toBe('timestamp must not be after the end of the video (600 s)');
    await api(stack).post(`/api/videos/${videoId}/interactions`).set(bearer(owner)).send({ ...QUESTIONS[0], timestamp: 600 }).expect(201);

    const unknownLength = await video(owner);
    await api(stack).post(`/api/videos/${unknownLength}/interactions`).set(bearer(owner)).send({ ...QUESTIONS[0], timestamp: 5000 }).expect(201);
  });

  it('deletes a question with the answers learners gave to it', async () => {
    const id = ids.get('priority_ranking') as number;
    const attempt = randomUUID();
    await sql(stack, `INSERT INTO library.attempts (id, video_id, learner_id, status) VALUES ($1, $2, $3, 'in_progress')`, [attempt, videoId, `anon:${randomUUID()}`]);
    await sql(stack, `INSERT INTO library.answers (attempt_id, interaction_id, response, correct) VALUES ($1, $2, '[1,2,0]', true)`, [attempt, id]);
    const res = await api(stack).delete(`/api/interactions/${id}`).set(bearer(owner)).expect(200);
    expect(res.body).toEqual({ deleted: true, id });
    const list = await api(stack).get(`/api/videos/${videoId}/interactions`).set(bearer(owner)).expect(200);
    expect(list.body.items.map((i: Body) => i['id'])).not.toContain(id);
    expect(await sql(stack, 'SELECT 1 FROM library.answers WHERE interaction_id = $1', [id])).toEqual([]);
    const again = await api(stack).delete(`/api/interactions/${id}`).set(bearer(owner));
    expect(expectErrorBody(again.body, 404)).toBe('Question not found');
  });
});

describe('defaults and limits', () => {
  let owner: Account;

  beforeAll(async () => {
    owner = await account();
  });

  it('fills a missing topic from the previous question (or "Question N") and missing feedback with the type default', async () => {
    const videoId = await video(owner);
    const bare = { type: 'single_choice', question: 'Which?', options: ['A', 'B'], correctAnswer: 0 };
    const first = await api(stack).post(`/api/videos/${videoId}/interactions`).set(bearer(owner)).send({ ...bare, timestamp: 20 }).expect(201);
    expect(first.body).toMatchObject({ topicTitle: 'Question 1', topicStartTime: 0, feedback: defaultFeedback('single_choice') });
    const named = { ...bare, timestamp: 60, topicTitle: 'Cells', topicStartTime: 40 };
    await api(stack).post(`/api/videos/${videoId}/interactions`).set(bearer(owner)).send(named).expect(201);
    const after = await api(stack)
      .post(`/api/videos/${videoId}/interactions`)
      .set(bearer(owner))
      .send({ ...bare, type: 'ordering', options: ['B', 'A'], correctAnswer: [1, 0], timestamp: 90, feedback: { correct: 'Nice' } })
      .expect(201);
    expect(after.body).toMatchObject({ topicTitle: 'Cells', topicStartTime: 40, feedback: { correct: 'Nice', incorrect: defaultFeedback('ordering').incorrect } });
    const newTopic = await api(stack).post(`/api/videos/${videoId}/interactions`).set(bearer(owner)).send({ ...bare, timestamp: 120, topicTitle: 'Tissues' }).expect(201);
    expect(newTopic.body).toMatchObject({ topicTitle: 'Tissues', topicStartTime: 90 });
  });

  it('answers 409 once a video holds 50 questions', async () => {
    const videoId = await video(owner);
    await sql(
      stack,
      `INSERT INTO library.interactions (video_id, type, question, options, correct_answer, timestamp, topic_title, topic_start_time, feedback)
       SELECT $1, 'true_false', 'Statement ' || g, '["True","False"]', 'true', g, 'Seeded', 0, '{"correct":"Yes","incorrect":"No"}'
       FROM generate_series(1, 49) g`,
      [videoId],
    );
    const fiftieth = { type: 'true_false', question: 'The fiftieth.', correctAnswer: false, timestamp: 55 };
    await api(stack).post(`/api/videos/${videoId}/interactions`).set(bearer(owner)).send(fiftieth).expect(201);
    const over = await api(stack).post(`/api/videos/${videoId}/interactions`).set(bearer(owner)).send(fiftieth);
    expect(expectErrorBody(over.body, 409)).toBe('A video can hold at most 50 questions. Delete one before adding another.');
  });

  it('parallel creations at the cap: exactly one passes', async () => {
    const videoId = await video(owner);
    await sql(
      stack,
      `INSERT INTO library.interactions (video_id, type, question, options, correct_answer, timestamp, topic_title, topic_start_time, feedback)
       SELECT $1, 'true_false', 'Statement ' || g, '["True","False"]', 'true', g, 'Seeded', 0, '{"correct":"Yes","incorrect":"No"}'
       FROM generate_series(1, 49) g`,
      [videoId],
    );
    const question = { type: 'true_false', question: 'Racing.', correctAnswer: true, timestamp: 3 };
    const results = await Promise.all(
      Array.from({ length: 5 }, () => api(stack).post(`/api/videos/${videoId}/interactions`).set(bearer(owner)).send(question)),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
  });

  it.each([
    ['an array', '[1, 2]'],
    ['a string', '"single_choice"'],
    ['a number', '42'],
    ['null', 'null'],
    ['no body', ''],
  ])('answers 400 with a readable message to %s instead of a question', async (_label, raw) => {
    const videoId = await video(owner);
    const [{ id }] = await sql<{ id: number }>(
      stack,
      `INSERT INTO library.interactions (video_id, type, question, options, correct_answer, timestamp, topic_title, topic_start_time, feedback)
       VALUES ($1, 'true_false', 'Kept', '["True","False"]', 'true', 1, 'T', 0, '{"correct":"Yes","incorrect":"No"}') RETURNING id`,
      [videoId],
    );
    for (const req of [
      api(stack).post(`/api/videos/${videoId}/interactions`),
      api(stack).put(`/api/interactions/${id}`),
    ]) {
      const res = await req.set(bearer(owner)).set('Content-Type', 'application/json').send(raw);
      expect(res.status).toBe(400);
      expect(expectErrorBody(res.body, 400)).toMatch(/^The question must be a JSON object/);
    }
  });

  it('answers 400 to ids that are not whole numbers and 404 to a missing video or question', async () => {
    for (const [method, path, label] of [
      ['get', '/api/videos/abc/interactions', 'Video'],
      ['post', '/api/videos/1.5/interactions', 'Video'],
      ['put', '/api/interactions/-1', 'Question'],
      ['delete', '/api/interactions/1e3', 'Question'],
    ] as const) {
      const res = await api(stack)[method](path).set(bearer(owner)).send(method === 'get' || method === 'delete' ? undefined : QUESTIONS[0]);
      expect({ path, status: res.status }).toEqual({ path, status: 400 });
      expect(expectErrorBody(res.body, 400)).toBe(`${label} id must be a positive whole number`);
    }
    const list = await api(stack).get('/api/videos/2000000000/interactions');
    expect(expectErrorBody(list.body, 404)).toBe('Video not found');
    const put = await api(stack).put('/api/interactions/2000000000').set(bearer(owner)).send(QUESTIONS[0]);
    expect(expectErrorBody(put.body, 404)).toBe('Question not found');
  });
});

describe('generation worker messages (straight to the video-service)', () => {
  let client: ClientProxy;
  let owner: Account;
  const UNLIMITED: Entitlements = { plan: 'enterprise', subscriptionStatus: 'active', trialEndsAt: null, hasUnlimitedAccess: true, isAdmin: false };

  /** The service's answer, or its error body {statusCode, message}. */
  async function rpc<T>(pattern: string, payload: unknown): Promise<T> {
    return firstValueFrom(client.send<T>(pattern, payload));
  }
  async function rpcError(pattern: string, payload: unknown): Promise<{ statusCode: number; message: string }> {
    return rpc(pattern, payload).then(
      () => Promise.reject(new Error(`${pattern} should have failed`)),
      (error: { statusCode: number; message: string }) => error,
    );
  }
  const save = (message: SaveGeneratedQuestionsMessage) => rpc<SaveGeneratedQuestionsResult>(InteractionPatterns.saveGenerated, message);
  const videoRow = async (id: number) =>
    (await sql<{ status: string; duration: number | null; generation_job_id: string | null }>(stack, 'SELECT status, duration, generation_job_id FROM library.videos WHERE id = $1', [id]))[0];

  beforeAll(async () => {
    const config = loadConfig(stack.env);
    client = ClientProxyFactory.create(clientTransport(config, videoServiceAddress(config)));
    await client.connect();
    owner = await account();
  });

  afterAll(async () => {
    await client?.close();
  });

  async function transcriptVideo(): Promise<VideoView> {
    const message: CreateVideoMessage = { owner: { userId: owner.id, entitlements: UNLIMITED }, youtubeId: null, title: 'From a transcript', folderId: null, status: 'processing' };
    return rpc<VideoView>(LibraryPatterns.createVideo, message);
  }

  it('creates a transcript-only video: no YouTube id, url manual-transcript, no thumbnail, processing', async () => {
    const created = await transcriptVideo();
    expect(created).toMatchObject({ type: 'youtube', youtubeId: null, url: 'manual-transcript', thumbnailUrl: null, status: 'processing', duration: null, questionCount: 0 });
    const timed = await rpc<VideoView>(LibraryPatterns.createVideo, {
      owner: { userId: owner.id, entitlements: UNLIMITED },
      youtubeId: 'dQw4w9WgXcQ',
      title: 'Timed',
      folderId: null,
      duration: 212.4,
    });
    expect(timed).toMatchObject({ duration: 213, status: 'ready', thumbnailUrl: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg' });
    const bad = await rpcError(LibraryPatterns.createVideo, { owner: { userId: owner.id, entitlements: UNLIMITED }, youtubeId: null, title: 'X', folderId: null, status: 'done' });
    expect(bad).toMatchObject({ statusCode: 400, message: 'status must be one of draft, processing, ready, failed' });
  });

  it('saves one question set per job, even when the same job saves four times at once', async () => {
    const { id: videoId } = await transcriptVideo();
    const jobId = randomUUID();
    const questions = [QUESTIONS[2], QUESTIONS[0], QUESTIONS[3]];
    const results = await Promise.all(Array.from({ length: 4 }, () => save({ ownerId: owner.id, videoId, jobId, questions, duration: 150.2 })));
    expect(results.map((r) => r.created).sort()).toEqual([false, false, false, true]);
    const ids = results[0].interactions.map((i) => i.id);
    expect(ids).toHaveLength(3);
    for (const result of results) expect(result.interactions.map((i) => i.id)).toEqual(ids);
    expect(results[0].interactions.map((i) => i.timestamp)).toEqual([30, 50, 90]);
    expect(await videoRow(videoId)).toEqual({ status: 'ready', duration: 151, generation_job_id: jobId });
    const [{ n }] = await sql<{ n: number }>(stack, 'SELECT count(*)::int AS n FROM library.interactions WHERE video_id = $1', [videoId]);
    expect(n).toBe(3);

    const failedLater = await rpc(InteractionPatterns.markGenerationFailed, { ownerId: owner.id, videoId, jobId } satisfies MarkGenerationFailedMessage);
    expect(failedLater).toEqual({ videoId, status: 'ready' });
    expect((await videoRow(videoId)).status).toBe('ready');
  });

  it('a new job replaces the set; an invalid question writes nothing; a deleted or foreign video answers 404', async () => {
    const { id: videoId } = await transcriptVideo();
    const first = randomUUID();
    await save({ ownerId: owner.id, videoId, jobId: first, questions: [QUESTIONS[0], QUESTIONS[1]] });
    await sql(stack, 'UPDATE library.videos SET duration = 600 WHERE id = $1', [videoId]);

    const tooLate = await rpcError(InteractionPatterns.saveGenerated, {
      ownerId: owner.id,
      videoId,
      jobId: randomUUID(),
      questions: [QUESTIONS[4], { ...QUESTIONS[5], timestamp: 700 }],
    });
    expect(tooLate).toMatchObject({ statusCode: 400, message: 'Question 2: timestamp must not be after the end of the video (600 s)' });
    expect((await videoRow(videoId)).generation_job_id).toBe(first);
    const kept = await sql<{ type: string }>(stack, 'SELECT type FROM library.interactions WHERE video_id = $1 ORDER BY "timestamp"', [videoId]);
    expect(kept.map((r) => r.type)).toEqual(['multiple_choice', 'single_choice']);

    const second = randomUUID();
    const replaced = await save({ ownerId: owner.id, videoId, jobId: second, questions: [QUESTIONS[7]] });
    expect(replaced.created).toBe(true);
    expect(replaced.interactions.map((i) => i.type)).toEqual(['fill_gaps']);
    expect(await videoRow(videoId)).toMatchObject({ generation_job_id: second, duration: 600 });

    const failed = await rpc(InteractionPatterns.markGenerationFailed, { ownerId: owner.id, videoId, jobId: randomUUID() });
    expect(failed).toEqual({ videoId, status: 'failed' });

    const stranger = await account();
    expect(await rpcError(InteractionPatterns.saveGenerated, { ownerId: stranger.id, videoId, jobId: randomUUID(), questions: [QUESTIONS[0]] })).toMatchObject({
      statusCode: 404,
      message: 'Video not found',
    });
    await api(stack).delete(`/api/videos/${videoId}`).set(bearer(owner)).expect(200);
    expect(await rpcError(InteractionPatterns.saveGenerated, { ownerId: owner.id, videoId, jobId: randomUUID(), questions: [QUESTIONS[0]] })).toMatchObject({ statusCode: 404 });
    expect(await rpcError(InteractionPatterns.markGenerationFailed, { ownerId: owner.id, videoId, jobId: randomUUID() })).toMatchObject({ statusCode: 404 });
    expect(await rpcError(InteractionPatterns.saveGenerated, { ownerId: owner.id, videoId, jobId: 'job-1', questions: [QUESTIONS[0]] })).toMatchObject({
      statusCode: 400,
      message: 'jobId must be a UUID',
    });
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
