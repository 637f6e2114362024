import { randomUUID } from 'node:crypto';
import { startStack, type RunningStack } from '@veolearn/testing';
import { api, expectErrorBody, RELAXED_LIMITS, sql, type Account, bearer, unlimitedAccount } from './support';

let stack: RunningStack;

beforeAll(async () => {
  stack = await startStack({ name: 'attempts', env: RELAXED_LIMITS });
});

afterAll(async () => {
  await stack?.stop();
});

type Body = Record<string, unknown>;
type Mode = 'free' | 'no_skip_forward' | 'no_seek';

/** A new account allowed any number of videos. */
const account = () => unlimitedAccount(stack);

/** Feedback whose texts name the question, so a leak shows up in the raw JSON. */
function feedback(tag: string) {
  return { correct: `RIGHT-SECRET-${tag}`, incorrect: `WRONG-HINT-${tag}`, explanation: `EXPLAIN-SECRET-${tag}` };
}

const single = (timestamp: number, tag: string): Body => ({
  type: 'single_choice',
  question: `Which planet is largest? (${tag})`,
  options: ['Mars', 'Jupiter', 'Venus'],
  correctAnswer: 1,
  timestamp,
  topicTitle: 'Planets',
  topicStartTime: 0,
  feedback: feedback(tag),
});

/**
 * A video of `owner` made through the API, 600 s long, with the given settings and questions;
 * answers the video id and the question ids in the order given.
 */
async function lesson(owner: Account, settings: { skippingMode?: Mode; requireCorrect?: boolean }, questions: Body[]): Promise<{ videoId: number; ids: number[] }> {
  const created = await api(stack).post('/api/videos').set(bearer(owner)).send({ youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ', title: 'Lesson' }).expect(201);
  const videoId = created.body.id as number;
  await api(stack)
    .put(`/api/videos/${videoId}/settings`)
    .set(bearer(owner))
    .send({ ...settings, duration: 600 })
    .expect(200);
  const ids: number[] = [];
  for (const question of questions) {
    const res = await api(stack).post(`/api/videos/${videoId}/interactions`).set(bearer(owner)).send(question);
    expect({ status: res.status, body: res.body }).toMatchObject({ status: 201 });
    ids.push(res.body.id as number);
  }
  // Shared by link: anonymous learners may play it.
  await api(stack).put(`/api/videos/${videoId}/sharing`).set(bearer(owner)).send({ published: true }).expect(200);
  return { videoId, ids };
}

function start(videoId: number, learnerId: string, extra: Body = {}) {
  return api(stack)
    .post(`/api/play/${videoId}/attempts`)
    .send({ learnerId, ...extra });
}

function answer(attemptId: string, learnerId: string, interactionId: number, response: unknown) {
  return api(stack).post(`/api/attempts/${attemptId}/answers`).send({ learnerId, interactionId, response });
}

function progress(attemptId: string, learnerId: string, position: number, watchedSeconds = 0) {
  return api(stack).post(`/api/attempts/${attemptId}/progress`).send({ learnerId, position, watchedSeconds });
}

/** Every value found under a `correctAnswer` key anywhere in the JSON. */
function correctAnswersIn(value: unknown): unknown[] {
  if (Array.isArray(value)) return value.flatMap(correctAnswersIn);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, v]) => (key === 'correctAnswer' ? [v, ...correctAnswersIn(v)] : correctAnswersIn(v)));
}

/** Pretends the last progress report came `seconds` ago (the no_seek clock and the watch-time cap use real time). */
async function backdateProgress(attemptId: string, seconds: number): Promise<void> {
  await sql(stack, `UPDATE library.attempts SET last_progress_at = now() - make_interval(secs => $2) WHERE id = $1`, [attemptId, seconds]);
}

let owner: Account;

beforeAll(async () => {
  owner = await account();
});

describe('video settings', () => {
  it('sets the skipping mode and "require correct", stores a duration once, and shows them to learners', async () => {
    const created = await api(stack).post('/api/videos').set(bearer(owner)).send({ youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ', title: 'Settings' }).expect(201);
    expect(created.body).toMatchObject({ skippingMode: 'free', requireCorrect: false, hasCaptions: false, mediaUrl: null, duration: null });
    const id = created.body.id as number;
    const res = await api(stack).put(`/api/videos/${id}/settings`).set(bearer(owner)).send({ skippingMode: 'no_seek', requireCorrect: true, duration: 212.3 }).expect(200);
    expect(res.body).toMatchObject({ id, skippingMode: 'no_seek', requireCorrect: true, duration: 213, hasCaptions: false, mediaUrl: null, questionCount: 0 });
    const again = await api(stack).put(`/api/videos/${id}/settings`).set(bearer(owner)).send({ duration: 50, skippingMode: 'no_skip_forward' }).expect(200);
    expect(again.body).toMatchObject({ skippingMode: 'no_skip_forward', requireCorrect: true, duration: 213 });
    await api(stack).put(`/api/videos/${id}/sharing`).set(bearer(owner)).send({ published: true }).expect(200);
    const play = await api(stack).get(`/api/play/${id}`).expect(200);
    // A signed-out view is sent as the JSON text the gateway keeps (issue 15): still JSON to the client.
    expect(play.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(play.body.video).toEqual({
      id,
      title: 'Settings',
      type: 'youtube',
      duration: 213,
      status: 'ready',
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      youtubeId: 'dQw4w9WgXcQ',
      thumbnailUrl: expect.any(String),
      skippingMode: 'no_skip_forward',
      requireCorrect: true,
      gamification: true,
      hasCaptions: false,
      mediaUrl: null,
      posterUrl: null,
      captionsUrl: `/api/videos/${id}/captions.vtt`,
      published: true,
    });
    // The player shows its creator links (dashboard, question manager) to the owner only.
    expect(play.body.viewerIsOwner).toBe(false);
    expect((await api(stack).get(`/api/play/${id}`).set(bearer(owner)).expect(200)).body.viewerIsOwner).toBe(true);
    expect((await api(stack).get(`/api/play/${id}`).set(bearer(await account())).expect(200)).body.viewerIsOwner).toBe(false);
  });

  it('refuses bad settings with a readable 400, other owners with 404 and anonymous callers with 401', async () => {
    const { videoId } = await lesson(owner, {}, []);
    const bad = await api(stack).put(`/api/videos/${videoId}/settings`).set(bearer(owner)).send({ skippingMode: 'fast' });
    expect(expectErrorBody(bad.body, 400)).toBe('skippingMode must be one of free, no_skip_forward, no_seek');
    const flag = await api(stack).put(`/api/videos/${videoId}/settings`).set(bearer(owner)).send({ requireCorrect: 'yes' });
    expect(expectErrorBody(flag.body, 400)).toBe('requireCorrect must be true or false');
    const duration = await api(stack).put(`/api/videos/${videoId}/settings`).set(bearer(owner)).send({ duration: -4 });
    expect(expectErrorBody(duration.body, 400)).toBe('duration must be more than 0 seconds');
    const unknown = await api(stack).put(`/api/videos/${videoId}/settings`).set(bearer(owner)).send({ autoplay: true });
    expect(expectErrorBody(unknown.body, 400)).toBe('Unknown field "autoplay" is not allowed');
    const stranger = await account();
    const foreign = await api(stack).put(`/api/videos/${videoId}/settings`).set(bearer(stranger)).send({ skippingMode: 'no_seek' });
    expect(expectErrorBody(foreign.body, 404)).toBe('Video not found');
    await api(stack).put(`/api/videos/${videoId}/settings`).send({ skippingMode: 'no_seek' }).expect(401);
    const [row] = await sql<{ skipping_mode: string }>(stack, 'SELECT skipping_mode FROM library.videos WHERE id = $1', [videoId]);
    expect(row.skipping_mode).toBe('free');
  });
});

describe('starting and resuming', () => {
  it('resumes the same attempt with position, answers and score; restart starts a new one', async () => {
    const { videoId, ids } = await lesson(owner, {}, [single(10, 'r1'), single(20, 'r2')]);
    const learner = randomUUID();
    const first = await start(videoId, learner).expect(200);
    expect(first.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      videoId,
      status: 'in_progress',
      startedAt: expect.any(String),
      completedAt: null,
      lastPosition: 0,
      watchTimeSeconds: 0,
      totalQuestions: 2,
      answeredCount: 0,
      correctCount: 0,
      skippedCount: 0,
      score: 0,
      skippingMode: 'free',
      requireCorrect: false,
      maxAllowedPosition: null,
      answers: [],
      gamification: expect.objectContaining({ attemptPoints: 0, totalPoints: 0, level: 1 }),
    });
    const attemptId = first.body.id as string;
    await answer(attemptId, learner, ids[0], 1).expect(200);
    await progress(attemptId, learner, 14.5).expect(200);

    const resumed = await start(videoId, learner).expect(200);
    expect(resumed.body).toMatchObject({ id: attemptId, lastPosition: 14.5, answeredCount: 1, correctCount: 1, score: 50 });
    expect(resumed.body.answers).toEqual([
      {
        interactionId: ids[0],
        status: 'correct',
        response: 1,
        correctAnswer: 1,
        feedback: feedback('r1'),
        credit: 1,
        attempts: 1,
        secondTry: false,
        answeredAt: expect.any(String),
        timeTakenMs: null,
      },
    ]);
    // Another learner on the same video gets an attempt of their own.
    const other = await start(videoId, randomUUID()).expect(200);
    expect(other.body.id).not.toBe(attemptId);

    const restarted = await start(videoId, learner, { restart: true }).expect(200);
    expect(restarted.body).toMatchObject({ status: 'in_progress', lastPosition: 0, answeredCount: 0, score: 0, answers: [] });
    expect(restarted.body.id).not.toBe(attemptId);
    expect((await start(videoId, learner).expect(200)).body.id).toBe(restarted.body.id);
    const old = await api(stack).get(`/api/attempts/${attemptId}`).query({ learnerId: learner }).expect(200);
    expect(old.body.status).toBe('abandoned');
    const late = await answer(attemptId, learner, ids[1], 1);
    expect(expectErrorBody(late.body, 409)).toBe('This attempt was restarted. Continue in the new one.');
  });

  it('records the signed-in user when a valid token comes along, and ignores a rejected one', async () => {
    const { videoId } = await lesson(owner, {}, [single(10, 'u1')]);
    const learner = await account();
    const signedIn = await start(videoId, randomUUID()).set(bearer(learner)).expect(200);
    const anonymous = await start(videoId, randomUUID()).set({ Authorization: 'Bearer not-a-real-token' }).expect(200);
    const rows = await sql<{ id: string; user_id: number | null }>(stack, 'SELECT id, user_id FROM library.attempts WHERE id = ANY($1::uuid[])', [
      [signedIn.body.id, anonymous.body.id],
    ]);
    expect(Object.fromEntries(rows.map((r) => [r.id, r.user_id]))).toEqual({ [signedIn.body.id]: learner.id, [anonymous.body.id]: null });
  });

  it('refuses a missing or malformed learner id, an unknown video and a malformed attempt id', async () => {
    const { videoId } = await lesson(owner, {}, []);
    expect(expectErrorBody((await start(videoId, '').expect(400)).body, 400)).toBe(
      'learnerId must be the learner id the player keeps (8 to 100 letters, digits, "-" or "_")',
    );
    expect(expectErrorBody((await api(stack).post(`/api/play/${videoId}/attempts`).send({}).expect(400)).body, 400)).toBe(
      'learnerId is required: send the learner id the player keeps',
    );
    await start(videoId, 'x'.repeat(101)).expect(400);
    await start(videoId, 'has spaces in it').expect(400);
    expect(expectErrorBody((await start(videoId, randomUUID(), { restart: 'yes' }).expect(400)).body, 400)).toBe('restart must be true or false');
    expect(expectErrorBody((await start(2_000_000_000, randomUUID()).expect(404)).body, 404)).toBe('Video not found');
    expect(expectErrorBody((await start(0, randomUUID()).expect(400)).body, 400)).toBe('Video id must be a positive whole number');
    const bad = await api(stack).post('/api/attempts/not-a-uuid/answers').send({ learnerId: randomUUID(), interactionId: 1, response: 1 });
    expect(expectErrorBody(bad.body, 400)).toBe('Attempt id must be a UUID');
    const unknown = await answer(randomUUID(), randomUUID(), 1, 1);
    expect(expectErrorBody(unknown.body, 404)).toBe('Attempt not found');
  });
});

describe('the correct answer', () => {
  it('is absent from everything a learner gets before answering, and from a wrong try under "require correct"', async () => {
    const { videoId, ids } = await lesson(owner, { skippingMode: 'no_skip_forward', requireCorrect: true }, [single(30, 'q1'), single(60, 'q2')]);
    const play = await api(stack).get(`/api/play/${videoId}`).expect(200);
    expect(play.text).not.toMatch(/correctAnswer|feedback|SECRET|HINT/);

    const learner = randomUUID();
    const started = await start(videoId, learner).expect(200);
    expect(started.text).not.toMatch(/correctAnswer|SECRET|HINT/);
    expect(started.body.maxAllowedPosition).toBe(31);
    const attemptId = started.body.id as string;

    const moved = await progress(attemptId, learner, 12, 0).expect(200);
    expect(moved.text).not.toMatch(/correctAnswer|SECRET|HINT/);

    const wrong = await answer(attemptId, learner, ids[0], 2).expect(200);
    expect(wrong.text).not.toMatch(/SECRET/);
    expect(wrong.text).not.toContain('q2');
    expect(correctAnswersIn(wrong.body)).toEqual([null, null]);
    expect(wrong.body).toMatchObject({ correct: false, credit: 0, correctAnswer: null, feedback: { incorrect: 'WRONG-HINT-q1' } });
    expect(Object.keys(wrong.body.feedback)).toEqual(['incorrect']);
    expect(wrong.body.attempt.answers).toEqual([expect.objectContaining({ interactionId: ids[0], status: 'incorrect', correctAnswer: null, attempts: 1 })]);

    const resumed = await start(videoId, learner).expect(200);
    expect(resumed.text).not.toMatch(/SECRET/);
    expect(correctAnswersIn(resumed.body)).toEqual([null]);

    const right = await answer(attemptId, learner, ids[0], 1).expect(200);
    expect(right.body).toMatchObject({ correct: true, credit: 1, correctAnswer: 1, feedback: feedback('q1') });
    expect(right.text).not.toMatch(/q2/);
    const results = await api(stack).get(`/api/attempts/${attemptId}`).query({ learnerId: learner }).expect(200);
    expect(results.text).not.toMatch(/SECRET-q2|HINT-q2/);
    expect(results.body.rows.map((r: Body) => r['correctAnswer'])).toEqual([1, null]);
    // Continue Video is not for a wrong answer that must still be corrected.
    const { ids: strictIds, videoId: strictVideo } = await lesson(owner, { requireCorrect: true }, [single(30, 'q3')]);
    const strictAttempt = (await start(strictVideo, learner).expect(200)).body.id as string;
    await answer(strictAttempt, learner, strictIds[0], 0).expect(200);
    const refused = await api(stack).post(`/api/attempts/${strictAttempt}/reveal`).send({ learnerId: learner, interactionId: strictIds[0] });
    expect(expectErrorBody(refused.body, 409)).toBe('This video asks for a correct answer before moving on.');
    expect(refused.text).not.toMatch(/SECRET/);
  });

  it('is withheld after a wrong first try until the second try or Continue Video, and the first try keeps the score', async () => {
    const { videoId, ids } = await lesson(owner, {}, [single(30, 'w1'), single(60, 'w2'), single(90, 'w3')]);
    const learner = randomUUID();
    const attemptId = (await start(videoId, learner).expect(200)).body.id as string;
    const reveal = (interactionId: number) => api(stack).post(`/api/attempts/${attemptId}/reveal`).send({ learnerId: learner, interactionId });

    const notYet = await reveal(ids[0]);
    expect(expectErrorBody(notYet.body, 409)).toBe('Answer this question before its answer can be shown.');
    expect(notYet.text).not.toMatch(/SECRET/);

    // A wrong first try: the hint only, nothing that gives the answer away.
    const wrong = await answer(attemptId, learner, ids[0], 0).expect(200);
    expect(wrong.text).not.toMatch(/SECRET/);
    expect(correctAnswersIn(wrong.body)).toEqual([null, null]);
    expect(wrong.body).toMatchObject({ correct: false, credit: 0, feedback: { incorrect: 'WRONG-HINT-w1' } });
    expect(wrong.body.attempt.answers[0]).toMatchObject({ status: 'incorrect', secondTry: true, attempts: 1 });
    const resumed = await start(videoId, learner).expect(200);
    expect(resumed.text).not.toMatch(/SECRET/);

    // Review Chapter, then the same question again: the second try is accepted, shows the answer, and does not score.
    const second = await answer(attemptId, learner, ids[0], 1).expect(200);
    expect(second.body).toMatchObject({ correct: true, correctAnswer: 1, feedback: feedback('w1') });
    expect(second.body.attempt).toMatchObject({ answeredCount: 1, correctCount: 0, score: 0 });
    expect(second.body.attempt.answers[0]).toMatchObject({ status: 'correct', secondTry: false, attempts: 2, credit: 0 });
    expect(expectErrorBody((await answer(attemptId, learner, ids[0], 1)).body, 409)).toBe('You have already answered this question.');

    // A wrong first try, then Continue Video: the answer is shown and no second try is taken.
    await answer(attemptId, learner, ids[1], 2).expect(200);
    const continued = await reveal(ids[1]).expect(200);
    expect(continued.body).toMatchObject({ correct: false, credit: 0, correctAnswer: 1, feedback: feedback('w2') });
    expect(continued.body.attempt.answers[1]).toMatchObject({ status: 'incorrect', secondTry: false, correctAnswer: 1, attempts: 1 });
    expect((await reveal(ids[1]).expect(200)).body.correctAnswer).toBe(1);
    expect(expectErrorBody((await answer(attemptId, learner, ids[1], 1)).body, 409)).toBe('You have already answered this question.');

    // Two wrong tries: the second shows the answer.
    await answer(attemptId, learner, ids[2], 0).expect(200);
    const wrongTwice = await answer(attemptId, learner, ids[2], 2).expect(200);
    expect(wrongTwice.body).toMatchObject({ correct: false, correctAnswer: 1, feedback: feedback('w3') });
    const done = await api(stack).post(`/api/attempts/${attemptId}/complete`).send({ learnerId: learner }).expect(200);
    expect(done.body).toMatchObject({ answeredCount: 3, correctCount: 0, score: 0 });
  });
});

describe('grading', () => {
  const base = { topicTitle: 'Basics', topicStartTime: 0 };
  const QUESTIONS: Body[] = [
    { type: 'single_choice', question: 'Largest planet?', options: ['Mars', 'Jupiter', 'Venus'], correctAnswer: 1, timestamp: 10, feedback: feedback('sc'), ...base },
    { type: 'multiple_choice', question: 'Even numbers?', options: ['2', '3', '4', '5'], correctAnswer: [0, 2], timestamp: 20, feedback: feedback('mc'), ...base },
    { type: 'true_false', question: 'Water boils at 100 °C at sea level.', correctAnswer: true, timestamp: 30, feedback: feedback('tf'), ...base },
    { type: 'ordering', question: 'Order the steps.', options: ['Add tea', 'Boil water', 'Pour milk'], correctAnswer: [1, 0, 2], timestamp: 40, feedback: feedback('or'), ...base },
    {
      type: 'fill_gaps',
      question: 'Complete the sentence.',
      options: { text: 'Water boils at {{1}} degrees at {{2}} level.' },
      correctAnswer: [['100', 'one hundred'], ['sea']],
      timestamp: 50,
      feedback: feedback('fg'),
      ...base,
    },
    { type: 'matching', question: 'Match the formulas.', options: { left: ['H2O', 'NaCl', 'CO2'], right: ['Salt', 'Water', 'Gas'] }, correctAnswer: [1, 0, 2], timestamp: 60, feedback: feedback('ma'), ...base },
    { type: 'scenario', question: 'What do you do?', scenario: 'A late refund request.', options: ['Refund', 'Explain the policy'], correctAnswer: 1, timestamp: 70, feedback: feedback('sn'), ...base },
  ];
  /** [response, correct, credit] per question, in the order above. */
  const RESPONSES: Array<[unknown, boolean, number]> = [
    [1, true, 1],
    [[2, 0, 2], true, 1],
    [1, false, 0],
    [[1, 2, 0], false, 0.3333],
    [[' One Hundred ', 'Sea.'], true, 1],
    [[1, 2, 0], false, 0.3333],
    [0, false, 0],
  ];

  it('grades each type on the server, keeps the score, and refuses a response of the wrong shape', async () => {
    const { videoId, ids } = await lesson(owner, {}, QUESTIONS);
    const learner = randomUUID();
    const attemptId = (await start(videoId, learner).expect(200)).body.id as string;

    const shapeless = await answer(attemptId, learner, ids[0], 'Jupiter');
    expect(expectErrorBody(shapeless.body, 400)).toBe('The response does not fit this question: send the index of the chosen option.');
    const gaps = await answer(attemptId, learner, ids[4], ['100']);
    expect(expectErrorBody(gaps.body, 400)).toBe('The response does not fit this question: send one text per gap.');
    const missing = await api(stack).post(`/api/attempts/${attemptId}/answers`).send({ learnerId: learner, interactionId: ids[0] });
    expect(expectErrorBody(missing.body, 400)).toBe("response is required: send the learner's answer");

    for (const [i, [response, correct, credit]] of RESPONSES.entries()) {
      const res = await answer(attemptId, learner, ids[i], response);
      expect({ type: QUESTIONS[i]['type'], status: res.status }).toEqual({ type: QUESTIONS[i]['type'], status: 200 });
      expect({ type: QUESTIONS[i]['type'], correct: res.body.correct, credit: res.body.credit }).toEqual({ type: QUESTIONS[i]['type'], correct, credit });
      // A wrong first try withholds the correct answer (and the explanation) until a second try or Continue Video.
      expect(res.body.correctAnswer).toEqual(correct ? QUESTIONS[i]['correctAnswer'] : null);
      expect(res.body.feedback).toEqual(correct ? QUESTIONS[i]['feedback'] : { incorrect: (QUESTIONS[i]['feedback'] as Body)['incorrect'] });
    }
    const credits = RESPONSES.reduce((sum, [, , credit]) => sum + credit, 0);
    const expectedScore = Math.round((credits / RESPONSES.length) * 1000) / 10;
    const view = (await start(videoId, learner).expect(200)).body;
    expect(view).toMatchObject({ answeredCount: 7, correctCount: 3, skippedCount: 0, score: expectedScore });

    const rightAgain = await answer(attemptId, learner, ids[0], 0);
    expect(expectErrorBody(rightAgain.body, 409)).toBe('You have already answered this question.');
    // The second try of a wrong one is accepted and shows the answer; the score keeps the first try.
    const second = await answer(attemptId, learner, ids[2], true).expect(200);
    expect(second.body).toMatchObject({ correct: true, correctAnswer: true, attempt: { correctCount: 3, score: expectedScore } });
    const again = await answer(attemptId, learner, ids[2], false);
    expect(expectErrorBody(again.body, 409)).toBe('You have already answered this question.');
    const foreignQuestion = (await lesson(owner, {}, [single(5, 'x')])).ids[0];
    const elsewhere = await answer(attemptId, learner, foreignQuestion, 1);
    expect(expectErrorBody(elsewhere.body, 404)).toBe('Question not found');
  });

  it('records one answer when the same question is answered several times at once', async () => {
    const { videoId, ids } = await lesson(owner, {}, [single(10, 'cc')]);
    const learner = randomUUID();
    const attemptId = (await start(videoId, learner).expect(200)).body.id as string;
    const results = await Promise.all([1, 0, 1, 2, 1].map((response) => answer(attemptId, learner, ids[0], response)));
    // One first try, and a second one only when the first to land was wrong.
    const accepted = results.filter((r) => r.status === 200).length;
    expect(results.filter((r) => r.status !== 200).map((r) => r.status)).toEqual(Array(5 - accepted).fill(409));
    expect(accepted).toBeGreaterThanOrEqual(1);
    expect(accepted).toBeLessThanOrEqual(2);
    const rows = await sql<{ n: number; tries: number }>(stack, 'SELECT count(*)::int AS n, max(tries)::int AS tries FROM library.answers WHERE attempt_id = $1', [
      attemptId,
    ]);
    expect(rows[0]).toEqual({ n: 1, tries: accepted });
    const [attempt] = await sql<{ answered_count: number }>(stack, 'SELECT answered_count FROM library.attempts WHERE id = $1', [attemptId]);
    expect(attempt.answered_count).toBe(1);
  });
});

describe('skipping modes', () => {
  it('lets a learner skip only in free mode', async () => {
    const free = await lesson(owner, {}, [single(10, 's1'), single(20, 's2')]);
    const learner = randomUUID();
    const attemptId = (await start(free.videoId, learner).expect(200)).body.id as string;
    const skipped = await api(stack).post(`/api/attempts/${attemptId}/skip`).send({ learnerId: learner, interactionId: free.ids[0] }).expect(200);
    expect(skipped.body).toMatchObject({ correct: false, credit: 0, correctAnswer: 1, feedback: feedback('s1') });
    expect(skipped.body.attempt).toMatchObject({ skippedCount: 1, answeredCount: 0, score: 0 });
    expect(skipped.body.attempt.answers).toEqual([expect.objectContaining({ interactionId: free.ids[0], status: 'skipped', response: null, correctAnswer: 1 })]);
    const twice = await api(stack).post(`/api/attempts/${attemptId}/skip`).send({ learnerId: learner, interactionId: free.ids[0] });
    expect(expectErrorBody(twice.body, 409)).toBe('You have already answered this question.');
    const afterSkip = await answer(attemptId, learner, free.ids[0], 1);
    expect(expectErrorBody(afterSkip.body, 409)).toBe('You have already answered this question.');

    for (const settings of [{ skippingMode: 'no_skip_forward' as const }, { skippingMode: 'no_seek' as const }, { requireCorrect: true }]) {
      const strict = await lesson(owner, settings, [single(10, 'st')]);
      const id = (await start(strict.videoId, learner).expect(200)).body.id as string;
      const refused = await api(stack).post(`/api/attempts/${id}/skip`).send({ learnerId: learner, interactionId: strict.ids[0] });
      expect({ settings, status: refused.status }).toEqual({ settings, status: 409 });
      expect(expectErrorBody(refused.body, 409)).toBe('This video asks you to answer every question.');
    }
  });

  it('no_skip_forward refuses progress past an unanswered question and accepts it after answering', async () => {
    const { videoId, ids } = await lesson(owner, { skippingMode: 'no_skip_forward' }, [single(30, 'n1'), single(60, 'n2')]);
    const learner = randomUUID();
    const attemptId = (await start(videoId, learner).expect(200)).body.id as string;
    await progress(attemptId, learner, 25).expect(200);
    const refused = await progress(attemptId, learner, 45).expect(409);
    expect(refused.body).toEqual({ statusCode: 409, error: 'Conflict', message: 'Answer the question at 0:30 before moving on.', allowedPosition: 31 });
    expect((await start(videoId, learner).expect(200)).body.lastPosition).toBe(25);
    // A question further on cannot be answered yet.
    const early = await answer(attemptId, learner, ids[1], 1);
    expect(expectErrorBody(early.body, 409)).toBe('You have not reached this question yet: it comes at 1:00 in the video.');
    // A wrong first try still holds the learner (a second try may follow Review Chapter)…
    await answer(attemptId, learner, ids[0], 0).expect(200);
    expect((await progress(attemptId, learner, 45).expect(409)).body.allowedPosition).toBe(31);
    // …until Continue Video settles it.
    const revealed = await api(stack).post(`/api/attempts/${attemptId}/reveal`).send({ learnerId: learner, interactionId: ids[0] }).expect(200);
    expect(revealed.body).toMatchObject({ correct: false, credit: 0, correctAnswer: 1, feedback: feedback('n1') });
    const accepted = await progress(attemptId, learner, 45).expect(200);
    expect(accepted.body.attempt).toMatchObject({ lastPosition: 45, maxAllowedPosition: 61 });
    expect((await progress(attemptId, learner, 90).expect(409)).body.allowedPosition).toBe(61);
    await progress(attemptId, learner, 5).expect(200);
  });

  it('no_seek refuses a jump ahead of real time but lets playback advance', async () => {
    const { videoId, ids } = await lesson(owner, { skippingMode: 'no_seek' }, [single(500, 'k1')]);
    const learner = randomUUID();
    const attemptId = (await start(videoId, learner).expect(200)).body.id as string;
    const jump = await progress(attemptId, learner, 120).expect(409);
    expect(jump.body).toMatchObject({ statusCode: 409, message: 'This video does not allow skipping ahead.' });
    expect(jump.body.allowedPosition).toBeGreaterThanOrEqual(3);
    expect(jump.body.allowedPosition).toBeLessThan(10);
    await progress(attemptId, learner, 2).expect(200);
    await backdateProgress(attemptId, 20);
    await progress(attemptId, learner, 30, 20).expect(200);
    await backdateProgress(attemptId, 5);
    expect((await progress(attemptId, learner, 80, 5).expect(409)).body.allowedPosition).toBeLessThan(42);
    await progress(attemptId, learner, 10).expect(200);
    // A question the learner cannot have reached by now is refused: 500 s is far ahead of 10 s.
    const early = await answer(attemptId, learner, ids[0], 1);
    expect(expectErrorBody(early.body, 409)).toBe('You have not reached this question yet: it comes at 8:20 in the video.');
    await backdateProgress(attemptId, 330);
    await answer(attemptId, learner, ids[0], 1).expect(200);
  });

  it('"require correct" lets a wrong answer be retried and blocks progress until it is right', async () => {
    const { videoId, ids } = await lesson(owner, { requireCorrect: true }, [single(30, 'c1'), single(60, 'c2')]);
    const learner = randomUUID();
    const attemptId = (await start(videoId, learner).expect(200)).body.id as string;
    // Free mode: an unanswered question does not block…
    await progress(attemptId, learner, 29).expect(200);
    const wrong = await answer(attemptId, learner, ids[0], 0).expect(200);
    expect(wrong.body).toMatchObject({ correct: false, correctAnswer: null, attempt: { maxAllowedPosition: 31 } });
    // …but a wrong answer does, until corrected.
    const blocked = await progress(attemptId, learner, 40).expect(409);
    expect(blocked.body).toMatchObject({ message: 'Answer the question at 0:30 correctly before moving on.', allowedPosition: 31 });
    await answer(attemptId, learner, ids[0], 2).expect(200);
    const right = await answer(attemptId, learner, ids[0], 1).expect(200);
    expect(right.body).toMatchObject({ correct: true, credit: 1, correctAnswer: 1 });
    expect(right.body.attempt).toMatchObject({ answeredCount: 1, correctCount: 0, score: 0, maxAllowedPosition: null });
    expect(right.body.attempt.answers[0]).toMatchObject({ status: 'correct', credit: 0, attempts: 3, response: 1 });
    await progress(attemptId, learner, 40).expect(200);
    const done = await answer(attemptId, learner, ids[0], 1);
    expect(expectErrorBody(done.body, 409)).toBe('You have already answered this question.');
  });
});

describe('completing', () => {
  it('refuses while questions are open in a strict mode, then computes the score', async () => {
    const { videoId, ids } = await lesson(owner, { skippingMode: 'no_skip_forward' }, [single(10, 'p1'), single(20, 'p2')]);
    const learner = randomUUID();
    const attemptId = (await start(videoId, learner).expect(200)).body.id as string;
    await answer(attemptId, learner, ids[0], 1).expect(200);
    const early = await api(stack).post(`/api/attempts/${attemptId}/complete`).send({ learnerId: learner });
    expect(expectErrorBody(early.body, 409)).toBe('Answer the remaining questions first.');
    await answer(attemptId, learner, ids[1], 0).expect(200);
    // The wrong first try waits for a second try or Continue Video.
    expect(expectErrorBody((await api(stack).post(`/api/attempts/${attemptId}/complete`).send({ learnerId: learner })).body, 409)).toBe(
      'Answer the remaining questions first.',
    );
    await api(stack).post(`/api/attempts/${attemptId}/reveal`).send({ learnerId: learner, interactionId: ids[1] }).expect(200);
    const done = await api(stack).post(`/api/attempts/${attemptId}/complete`).send({ learnerId: learner }).expect(200);
    expect(done.body).toMatchObject({ status: 'completed', completedAt: expect.any(String), score: 50, answeredCount: 2, correctCount: 1, maxAllowedPosition: null });
    const twice = await api(stack).post(`/api/attempts/${attemptId}/complete`).send({ learnerId: learner }).expect(200);
    expect(twice.body.completedAt).toBe(done.body.completedAt);
    const [row] = await sql<{ status: string; score: number }>(stack, 'SELECT status, score FROM library.attempts WHERE id = $1', [attemptId]);
    expect(row).toEqual({ status: 'completed', score: 50 });
    const late = await progress(attemptId, learner, 30);
    expect(expectErrorBody(late.body, 409)).toBe('This attempt is already complete. Start a new one to try again.');
    // Coming back after completing starts a new attempt.
    expect((await start(videoId, learner).expect(200)).body.id).not.toBe(attemptId);
  });

  it('in free mode counts unanswered questions as skipped, and lists the results rows', async () => {
    const { videoId, ids } = await lesson(owner, {}, [single(10, 'f1'), single(20, 'f2'), single(30, 'f3')]);
    const learner = randomUUID();
    const attemptId = (await start(videoId, learner).expect(200)).body.id as string;
    await api(stack).post(`/api/attempts/${attemptId}/answers`).send({ learnerId: learner, interactionId: ids[0], response: 1, timeTakenMs: 4200 }).expect(200);
    await answer(attemptId, learner, ids[1], 2).expect(200);

    const before = await api(stack).get(`/api/attempts/${attemptId}`).query({ learnerId: learner }).expect(200);
    // The wrong first try waits for a second try or Continue Video: its answer is not shown yet.
    expect(before.body.rows.map((r: Body) => [r['status'], r['correctAnswer']])).toEqual([
      ['correct', 1],
      ['incorrect', null],
      ['unanswered', null],
    ]);
    expect(before.text).not.toMatch(/SECRET-f3|HINT-f3/);

    const done = await api(stack).post(`/api/attempts/${attemptId}/complete`).send({ learnerId: learner }).expect(200);
    expect(done.body).toMatchObject({ status: 'completed', answeredCount: 2, correctCount: 1, skippedCount: 1, score: 33.3, totalQuestions: 3 });
    const results = await api(stack).get(`/api/attempts/${attemptId}`).query({ learnerId: learner }).expect(200);
    expect(results.body).toMatchObject({ id: attemptId, status: 'completed', score: 33.3 });
    expect(results.body.rows).toEqual([
      { interactionId: ids[0], question: 'Which planet is largest? (f1)', type: 'single_choice', topicTitle: 'Planets', timestamp: 10, status: 'correct', response: 1, correctAnswer: 1, credit: 1, timeTakenMs: 4200 },
      { interactionId: ids[1], question: 'Which planet is largest? (f2)', type: 'single_choice', topicTitle: 'Planets', timestamp: 20, status: 'incorrect', response: 2, correctAnswer: 1, credit: 0, timeTakenMs: null },
      { interactionId: ids[2], question: 'Which planet is largest? (f3)', type: 'single_choice', topicTitle: 'Planets', timestamp: 30, status: 'skipped', response: null, correctAnswer: 1, credit: 0, timeTakenMs: null },
    ]);
  });

  it('answers 404 to another learner on every attempt route', async () => {
    const { videoId, ids } = await lesson(owner, {}, [single(10, 'o1')]);
    const learner = randomUUID();
    const attemptId = (await start(videoId, learner).expect(200)).body.id as string;
    const stranger = randomUUID();
    const calls = [
      answer(attemptId, stranger, ids[0], 1),
      api(stack).post(`/api/attempts/${attemptId}/skip`).send({ learnerId: stranger, interactionId: ids[0] }),
      progress(attemptId, stranger, 5),
      api(stack).post(`/api/attempts/${attemptId}/complete`).send({ learnerId: stranger }),
      api(stack).get(`/api/attempts/${attemptId}`).query({ learnerId: stranger }),
    ];
    for (const res of await Promise.all(calls)) expect(expectErrorBody(res.body, 404)).toBe('Attempt not found');
    const noLearner = await api(stack).get(`/api/attempts/${attemptId}`);
    expect(expectErrorBody(noLearner.body, 400)).toBe('learnerId is required: send the learner id the player keeps');
    const [row] = await sql<{ answered_count: number; status: string }>(stack, 'SELECT answered_count, status FROM library.attempts WHERE id = $1', [attemptId]);
    expect(row).toEqual({ answered_count: 0, status: 'in_progress' });
  });
});

describe('watch time and analytics', () => {
  it('accumulates watch time capped by real time, and the owner sees the attempts in GET /api/analytics/user', async () => {
    const teacher = await account();
    const { videoId, ids } = await lesson(teacher, {}, [single(10, 'a1'), single(20, 'a2')]);
    const [alice, bob] = [randomUUID(), randomUUID()];
    const a = (await start(videoId, alice).expect(200)).body.id as string;
    const b = (await start(videoId, bob).expect(200)).body.id as string;

    await backdateProgress(a, 10);
    expect((await progress(a, alice, 8, 8).expect(200)).body.attempt.watchTimeSeconds).toBe(8);
    await backdateProgress(a, 5);
    // 300 s claimed in 5 real seconds: only 5 count.
    expect((await progress(a, alice, 12, 300).expect(200)).body.attempt.watchTimeSeconds).toBe(13);

    await answer(a, alice, ids[0], 1).expect(200);
    await answer(a, alice, ids[1], 1).expect(200);
    await api(stack).post(`/api/attempts/${a}/complete`).send({ learnerId: alice }).expect(200);
    await answer(b, bob, ids[0], 0).expect(200);

    const res = await api(stack).get('/api/analytics/user').set(bearer(teacher)).expect(200);
    expect(res.body).toMatchObject({ learnerAttempts: 2, completedAttempts: 1, totalInteractions: 3, correctAnswers: 2, totalWatchTimeSeconds: 13 });
    expect(res.body.recentActivity).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'attempt_completed', videoId })]));
  });
});
