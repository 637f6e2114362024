import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startStack, type RunningStack } from '@veolearn/testing';
import { api, type Account, bearer, expectErrorBody, RELAXED_LIMITS, sql, unlimitedAccount } from './support';

/**
 * Gamification (issue 14) through the real gateway and video-service. Days are UTC days; to move a
 * learner across days the stack's video-service reads "now" from a file this spec writes
 * (TEST_CLOCK_FILE, honoured only with NODE_ENV=test). An empty file means the system clock.
 */
const CLOCK_FILE = join(__dirname, '../../../tmp/test-clock', `${process.env['TEST_STACK_TAG'] ?? 'default'}-gamification.txt`);

function setClock(iso: string | null): void {
  writeFileSync(CLOCK_FILE, iso ?? '');
}

let stack: RunningStack;

beforeAll(async () => {
  mkdirSync(join(CLOCK_FILE, '..'), { recursive: true });
  setClock(null);
  stack = await startStack({ name: 'gamification', env: { ...RELAXED_LIMITS, TEST_CLOCK_FILE: CLOCK_FILE } });
});

afterAll(async () => {
  await stack?.stop();
});

afterEach(() => setClock(null));

type Body = Record<string, unknown>;

const account = () => unlimitedAccount(stack);

/** A single-choice question at `timestamp` whose right answer is 1. */
const single = (timestamp: number): Body => ({
  type: 'single_choice',
  question: `Which planet is largest? (${timestamp})`,
  options: ['Mars', 'Jupiter', 'Venus'],
  correctAnswer: 1,
  timestamp,
  topicTitle: 'Planets',
  topicStartTime: 0,
  feedback: { correct: 'Yes', incorrect: 'No' },
});

/** A shared lesson with `count` questions (10 s apart) and the given settings. */
async function lesson(owner: Account, count: number, settings: Body = {}): Promise<{ videoId: number; ids: number[] }> {
  const created = await api(stack).post('/api/videos').set(bearer(owner)).send({ youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ', title: 'Planets' }).expect(201);
  const videoId = created.body.id as number;
  await api(stack)
    .put(`/api/videos/${videoId}/settings`)
    .set(bearer(owner))
    .send({ ...settings, duration: 600 })
    .expect(200);
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const res = await api(stack).post(`/api/videos/${videoId}/interactions`).set(bearer(owner)).send(single(10 * (i + 1)));
    expect(res.status).toBe(201);
    ids.push(res.body.id as number);
  }
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

function complete(attemptId: string, learnerId: string) {
  return api(stack).post(`/api/attempts/${attemptId}/complete`).send({ learnerId });
}

/** Starts (or restarts) the lesson, answers every question right and completes it; answers the completed view. */
async function perfectRun(videoId: number, ids: number[], learnerId: string, restart = false): Promise<Body> {
  const attempt = await start(videoId, learnerId, restart ? { restart: true } : {}).expect(200);
  for (const id of ids) await answer(attempt.body.id as string, learnerId, id, 1).expect(200);
  return (await complete(attempt.body.id as string, learnerId).expect(200)).body as Body;
}

const ids = (achievements: Array<{ id: string }>) => achievements.map((a) => a.id);

let owner: Account;

beforeAll(async () => {
  owner = await account();
});

describe('points and the lesson streak', () => {
  it('gives 10 points for a right first try and 5 for a right later try, and a wrong first try ends the streak', async () => {
    const { videoId, ids: [q1, q2, q3] } = await lesson(owner, 3, { requireCorrect: true });
    const learner = randomUUID();
    const started = await start(videoId, learner).expect(200);
    const attemptId = started.body.id as string;
    expect(started.body.gamification).toEqual({
      attemptPoints: 0,
      lessonStreak: 0,
      bestLessonStreak: 0,
      dayStreak: 0,
      totalPoints: 0,
      level: 1,
      levelStart: 0,
      nextLevelAt: 100,
      newAchievements: [],
      achievements: [],
    });

    const first = await answer(attemptId, learner, q1, 1).expect(200);
    expect(first.body.attempt.gamification).toMatchObject({ attemptPoints: 10, lessonStreak: 1, bestLessonStreak: 1, totalPoints: 10 });
    const wrong = await answer(attemptId, learner, q2, 0).expect(200);
    expect(wrong.body.attempt.gamification).toMatchObject({ attemptPoints: 10, lessonStreak: 0, bestLessonStreak: 1 });
    const retried = await answer(attemptId, learner, q2, 1).expect(200);
    // Right on the second try: 5 points, and the run stays broken.
    expect(retried.body.attempt.gamification).toMatchObject({ attemptPoints: 15, lessonStreak: 0, bestLessonStreak: 1 });
    const third = await answer(attemptId, learner, q3, 1).expect(200);
    expect(third.body.attempt.gamification).toMatchObject({ attemptPoints: 25, lessonStreak: 1, bestLessonStreak: 1, totalPoints: 25 });

    const done = await complete(attemptId, learner).expect(200);
    // The score is the first tries' (2 of 3), whatever the points.
    expect(done.body).toMatchObject({ status: 'completed', score: 66.7, correctCount: 2 });
    expect(done.body.gamification).toMatchObject({ attemptPoints: 25, totalPoints: 25, level: 1, dayStreak: 1 });
    expect(ids(done.body.gamification.newAchievements)).toEqual(['first_lesson']);
    const [row] = await sql<{ score: number }>(stack, 'SELECT score FROM library.attempts WHERE id = $1', [attemptId]);
    expect(row.score).toBeCloseTo(66.7, 5);
    const points = await sql<{ interaction_id: number; points: number; first_try: boolean; learner_key: string }>(
      stack,
      'SELECT interaction_id, points, first_try, learner_key FROM library.learner_points WHERE attempt_id = $1 ORDER BY interaction_id',
      [attemptId],
    );
    expect(points).toEqual([
      { interaction_id: q1, points: 10, first_try: true, learner_key: `learner:${learner}` },
      { interaction_id: q2, points: 5, first_try: false, learner_key: `learner:${learner}` },
      { interaction_id: q3, points: 10, first_try: true, learner_key: `learner:${learner}` },
    ]);
    const results = await api(stack).get(`/api/attempts/${attemptId}`).query({ learnerId: learner }).expect(200);
    expect(results.body.score).toBe(66.7);
    expect(results.body.gamification).toMatchObject({ attemptPoints: 25, totalPoints: 25 });
  });

  it('gives a wrong first try followed by a right second try 5 points (without "require correct")', async () => {
    const { videoId, ids: [q1] } = await lesson(owner, 1);
    const learner = randomUUID();
    const attemptId = (await start(videoId, learner).expect(200)).body.id as string;
    await answer(attemptId, learner, q1, 2).expect(200);
    const second = await answer(attemptId, learner, q1, 1).expect(200);
    expect(second.body.attempt).toMatchObject({ score: 0, gamification: { attemptPoints: 5, lessonStreak: 0 } });
  });

  it('counts a run of right answers, awards "On a roll" at five in a row and levels up from the total points', async () => {
    const { videoId, ids: questions } = await lesson(owner, 10);
    const learner = randomUUID();
    const attemptId = (await start(videoId, learner).expect(200)).body.id as string;
    const seen: Body[] = [];
    for (const id of questions) seen.push((await answer(attemptId, learner, id, 1).expect(200)).body.attempt.gamification as Body);
    expect(seen.map((g) => g['lessonStreak'])).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(ids(seen[3]['newAchievements'] as Array<{ id: string }>)).toEqual([]);
    expect(ids(seen[4]['newAchievements'] as Array<{ id: string }>)).toEqual(['on_a_roll']);
    expect(seen[8]).toMatchObject({ totalPoints: 90, level: 1, levelStart: 0, nextLevelAt: 100 });
    expect(seen[9]).toMatchObject({ totalPoints: 100, level: 2, levelStart: 100, nextLevelAt: 300 });
    expect(ids(seen[9]['newAchievements'] as Array<{ id: string }>)).toEqual(['on_a_roll', 'century']);
    const on = (seen[9]['achievements'] as Array<{ id: string; name: string; description: string; earnedAt: string }>)[0];
    expect(on).toEqual({ id: 'on_a_roll', name: 'On a roll', description: 'Answered 5 questions in a row right on the first try.', earnedAt: expect.any(String) });
  });
});

describe('achievements', () => {
  it('awards "First lesson" and "Perfect score" once: repeating the perfect lesson awards nothing new', async () => {
    const { videoId, ids: questions } = await lesson(owner, 2);
    const learner = randomUUID();
    const first = await perfectRun(videoId, questions, learner);
    expect(first).toMatchObject({ score: 100 });
    const gamification = first['gamification'] as { newAchievements: Array<{ id: string }>; achievements: Array<{ id: string }>; totalPoints: number };
    expect(ids(gamification.newAchievements)).toEqual(['first_lesson', 'perfect_score']);
    expect(gamification.totalPoints).toBe(20);

    const again = await perfectRun(videoId, questions, learner, true);
    const repeat = again['gamification'] as typeof gamification;
    expect(ids(repeat.newAchievements)).toEqual([]);
    expect(ids(repeat.achievements)).toEqual(['first_lesson', 'perfect_score']);
    // Points are earned again by a new attempt; achievements are not.
    expect(repeat.totalPoints).toBe(40);
    const rows = await sql<{ achievement: string; n: number }>(
      stack,
      'SELECT achievement, count(*)::int AS n FROM library.learner_achievements WHERE learner_key = $1 GROUP BY achievement ORDER BY achievement',
      [`learner:${learner}`],
    );
    expect(rows).toEqual([
      { achievement: 'first_lesson', n: 1 },
      { achievement: 'perfect_score', n: 1 },
    ]);
  });

  it('gives no "Perfect score" for a lesson with a wrong first try, nor for a lesson without questions', async () => {
    const { videoId, ids: [q1, q2] } = await lesson(owner, 2);
    const learner = randomUUID();
    const attemptId = (await start(videoId, learner).expect(200)).body.id as string;
    await answer(attemptId, learner, q1, 1).expect(200);
    await answer(attemptId, learner, q2, 0).expect(200);
    const done = await complete(attemptId, learner).expect(200);
    expect(ids(done.body.gamification.newAchievements)).toEqual(['first_lesson']);

    const empty = await lesson(owner, 0);
    const other = randomUUID();
    const emptyAttempt = (await start(empty.videoId, other).expect(200)).body.id as string;
    const emptyDone = await complete(emptyAttempt, other).expect(200);
    expect(ids(emptyDone.body.gamification.newAchievements)).toEqual(['first_lesson']);
  });
});

describe('day streak (UTC days, with the test clock)', () => {
  it('counts consecutive days with a completed lesson, awards the five-day streak once, and starts again after a missed day', async () => {
    const learner = randomUUID();
    const lessons = [];
    for (let i = 0; i < 5; i += 1) lessons.push(await lesson(owner, 1));
    const days = ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05'];
    const streaks: number[] = [];
    const earned: string[][] = [];
    for (const [i, day] of days.entries()) {
      // Late in the UTC day: still that day, wherever the learner is.
      setClock(`${day}T23:30:00.000Z`);
      const done = await perfectRun(lessons[i].videoId, lessons[i].ids, learner);
      const g = done['gamification'] as { dayStreak: number; newAchievements: Array<{ id: string }> };
      streaks.push(g.dayStreak);
      earned.push(ids(g.newAchievements));
    }
    expect(streaks).toEqual([1, 2, 3, 4, 5]);
    expect(earned[0]).toEqual(['first_lesson', 'perfect_score']);
    expect(earned[1]).toEqual([]);
    expect(earned[4]).toEqual(['five_day_streak', 'five_lessons']);

    // A second lesson the same day does not lengthen the streak; the next morning it is still alive.
    setClock('2026-03-05T23:45:00.000Z');
    expect(((await perfectRun(lessons[0].videoId, lessons[0].ids, learner, true))['gamification'] as Body)['dayStreak']).toBe(5);
    setClock('2026-03-06T08:00:00.000Z');
    expect((await start(lessons[1].videoId, learner, { restart: true }).expect(200)).body.gamification.dayStreak).toBe(5);

    // 7 March is missed: on 8 March the streak is gone until a lesson is completed, then it is 1.
    setClock('2026-03-08T09:00:00.000Z');
    const attempt = await start(lessons[1].videoId, learner, { restart: true }).expect(200);
    expect(attempt.body.gamification.dayStreak).toBe(0);
    await answer(attempt.body.id as string, learner, lessons[1].ids[0], 1).expect(200);
    const done = await complete(attempt.body.id as string, learner).expect(200);
    expect(done.body.gamification.dayStreak).toBe(1);
    expect(ids(done.body.gamification.newAchievements)).toEqual([]);
    expect(ids(done.body.gamification.achievements)).toEqual(['first_lesson', 'perfect_score', 'five_day_streak', 'five_lessons']);
    const stored = await sql<{ day: string }>(stack, `SELECT to_char(day, 'YYYY-MM-DD') AS day FROM library.learner_completions WHERE learner_key = $1 ORDER BY day`, [
      `learner:${learner}`,
    ]);
    expect(stored.map((r) => r.day)).toEqual(['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-05', '2026-03-08']);
  });
});

describe('who the points belong to', () => {
  it('keeps a signed-in user\'s points together across browsers, and each anonymous learner id apart', async () => {
    const a = await lesson(owner, 1);
    const b = await lesson(owner, 1);
    const user = await account();
    const browserOne = randomUUID();
    const browserTwo = randomUUID();
    const one = await start(a.videoId, browserOne).set(bearer(user)).expect(200);
    await answer(one.body.id as string, browserOne, a.ids[0], 1).set(bearer(user)).expect(200);
    const two = await start(b.videoId, browserTwo).set(bearer(user)).expect(200);
    expect(two.body.gamification.totalPoints).toBe(10);
    const answered = await answer(two.body.id as string, browserTwo, b.ids[0], 1).set(bearer(user)).expect(200);
    expect(answered.body.attempt.gamification).toMatchObject({ attemptPoints: 10, totalPoints: 20 });

    // The same browser ids without the account are anonymous learners of their own.
    const anonymous = await start(b.videoId, randomUUID()).expect(200);
    expect(anonymous.body.gamification.totalPoints).toBe(0);
    const keys = await sql<{ learner_key: string }>(stack, 'SELECT DISTINCT learner_key FROM library.learner_points WHERE attempt_id = ANY($1::uuid[])', [
      [one.body.id, two.body.id],
    ]);
    expect(keys).toEqual([{ learner_key: `user:${user.id}` }]);
  });
});

describe('the per-lesson switch', () => {
  it('is on by default; turned off, the lesson shows and stores nothing, and the score is the same', async () => {
    const on = await lesson(owner, 2);
    expect((await api(stack).get(`/api/play/${on.videoId}`).expect(200)).body.video.gamification).toBe(true);
    const off = await lesson(owner, 2, { gamification: false });
    const settings = await api(stack).get(`/api/videos/${off.videoId}`).set(bearer(owner)).expect(200);
    expect(settings.body.gamification).toBe(false);
    expect((await api(stack).get(`/api/play/${off.videoId}`).expect(200)).body.video.gamification).toBe(false);

    const scores: number[] = [];
    for (const { videoId, ids: [q1, q2] } of [on, off]) {
      const learner = randomUUID();
      const started = await start(videoId, learner).expect(200);
      const attemptId = started.body.id as string;
      const right = await answer(attemptId, learner, q1, 1).expect(200);
      await answer(attemptId, learner, q2, 0).expect(200);
      const done = await complete(attemptId, learner).expect(200);
      const results = await api(stack).get(`/api/attempts/${attemptId}`).query({ learnerId: learner }).expect(200);
      scores.push(done.body.score as number);
      if (videoId === off.videoId) {
        expect([started.body.gamification, right.body.attempt.gamification, done.body.gamification, results.body.gamification]).toEqual([null, null, null, null]);
        const stored = await sql<{ n: number }>(
          stack,
          `SELECT (SELECT count(*) FROM library.learner_points WHERE attempt_id = $1 OR learner_key = $2)
                + (SELECT count(*) FROM library.learner_completions WHERE attempt_id = $1 OR learner_key = $2)
                + (SELECT count(*) FROM library.learner_achievements WHERE attempt_id = $1 OR learner_key = $2) AS n`,
          [attemptId, `learner:${learner}`],
        );
        expect(Number(stored[0].n)).toBe(0);
      } else {
        expect(done.body.gamification).toMatchObject({ attemptPoints: 10 });
      }
    }
    expect(scores).toEqual([50, 50]);

    // Turned back on, the next answers count again.
    await api(stack).put(`/api/videos/${off.videoId}/settings`).set(bearer(owner)).send({ gamification: true }).expect(200);
    const learner = randomUUID();
    const attemptId = (await start(off.videoId, learner).expect(200)).body.id as string;
    expect((await answer(attemptId, learner, off.ids[0], 1).expect(200)).body.attempt.gamification).toMatchObject({ attemptPoints: 10 });
  });

  it('refuses a switch that is not true or false, and a malformed learner id, with a readable 400', async () => {
    const { videoId } = await lesson(owner, 1);
    const bad = await api(stack).put(`/api/videos/${videoId}/settings`).set(bearer(owner)).send({ gamification: 'yes' });
    expect(expectErrorBody(bad.body, 400)).toBe('gamification must be true or false');
    const other = await account();
    const foreign = await api(stack).put(`/api/videos/${videoId}/settings`).set(bearer(other)).send({ gamification: false });
    expect(expectErrorBody(foreign.body, 404)).toBe('Video not found');
    const badLearner = await start(videoId, 'not a learner id!');
    expect(expectErrorBody(badLearner.body, 400)).toBe('learnerId must be the learner id the player keeps (8 to 100 letters, digits, "-" or "_")');
  });
});
