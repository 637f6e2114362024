import { randomUUID } from 'node:crypto';
import { startStack, type RunningStack } from '@veolearn/testing';
import { api, signUp, sql } from './support';

/**
 * A school behind one address: LEARNERS anonymous learners play one shared lesson at once from
 * 127.0.0.1, with the default rate limits. Each opens the lesson, starts an attempt, then reports
 * progress every TICK_MS and answers a question every fourth report. The suite runs it for 10 s;
 * the full run is `SCHOOL_LOAD_SECONDS=60` (see README, "Rate limits").
 */
const LOAD_SECONDS = Number(process.env['SCHOOL_LOAD_SECONDS'] ?? 10);
const LEARNERS = Number(process.env['SCHOOL_LOAD_LEARNERS'] ?? 100);
const TICK_MS = Number(process.env['SCHOOL_LOAD_TICK_MS'] ?? 500);
const QUESTIONS = [30, 60, 90, 120, 150, 180, 210, 240];

interface Outcome {
  requests: number;
  failures: string[];
  answered: number;
  attemptId: string | null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe(`a school of ${LEARNERS} learners behind one address`, () => {
  let stack: RunningStack;
  let videoId: number;
  let questionIds: number[];

  beforeAll(async () => {
    // The default limits, as a school gets them.
    stack = await startStack({ name: 'school_load' });
    const { user, body } = await signUp(stack);
    await sql(stack, 'UPDATE auth.users SET has_unlimited_access = true WHERE id = $1', [user.id]);
    const token = (await api(stack).post('/api/auth/signin').send({ username: body.email, password: body.password }).expect(200)).body.token as string;
    const auth = { Authorization: `Bearer ${token}` };
    const created = await api(stack).post('/api/videos').set(auth).send({ youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ', title: 'Class lesson' }).expect(201);
    videoId = created.body.id as number;
    await api(stack).put(`/api/videos/${videoId}/settings`).set(auth).send({ skippingMode: 'free', duration: 600 }).expect(200);
    questionIds = [];
    for (const [i, timestamp] of QUESTIONS.entries()) {
      const res = await api(stack)
        .post(`/api/videos/${videoId}/interactions`)
        .set(auth)
        .send({
          type: 'single_choice',
          question: `Which planet is largest? (${i + 1})`,
          options: ['Mars', 'Jupiter', 'Venus'],
          correctAnswer: 1,
          timestamp,
          topicTitle: 'Planets',
          topicStartTime: 0,
          feedback: { correct: 'Jupiter is the largest planet.', incorrect: 'Look again at the sizes.', explanation: 'Jupiter is the largest planet.' },
        })
        .expect(201);
      questionIds.push(res.body.id as number);
    }
    await api(stack).put(`/api/videos/${videoId}/sharing`).set(auth).send({ published: true }).expect(200);
  }, 120_000);

  afterAll(async () => {
    await stack?.stop();
  });

  async function call(outcome: Outcome, method: string, path: string, body?: unknown): Promise<unknown> {
    outcome.requests += 1;
    try {
      const res = await fetch(`${stack.baseUrl}${path}`, {
        method,
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (!res.ok) {
        outcome.failures.push(`${method} ${path.replace(/[0-9a-f-]{36}/, ':id')} ${res.status} ${text.slice(0, 120)}`);
        return null;
      }
      return text ? JSON.parse(text) : null;
    } catch (error) {
      outcome.failures.push(`${method} ${path} ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  }

  async function learner(index: number, endAt: number): Promise<Outcome> {
    const outcome: Outcome = { requests: 0, failures: [], answered: 0, attemptId: null };
    const learnerId = randomUUID();
    // Spread the arrivals over the first second, as a class opening a link does.
    await sleep((index * 1000) / LEARNERS);
    await call(outcome, 'GET', `/api/play/${videoId}`);
    const attempt = (await call(outcome, 'POST', `/api/play/${videoId}/attempts`, { learnerId })) as { id: string } | null;
    if (!attempt) return outcome;
    outcome.attemptId = attempt.id;
    const startedAt = Date.now();
    for (let tick = 1; Date.now() < endAt; tick++) {
      const tickStart = Date.now();
      const watched = Math.floor((Date.now() - startedAt) / 1000);
      await call(outcome, 'POST', `/api/attempts/${attempt.id}/progress`, { learnerId, position: Math.min(600, watched * 5), watchedSeconds: watched });
      const next = questionIds[outcome.answered];
      if (tick % 4 === 0 && next !== undefined) {
        const result = await call(outcome, 'POST', `/api/attempts/${attempt.id}/answers`, { learnerId, interactionId: next, response: 1 });
        if (result) outcome.answered += 1;
      }
      await sleep(Math.max(0, TICK_MS - (Date.now() - tickStart)));
    }
    return outcome;
  }

  it(`serves every learner for ${LOAD_SECONDS} s with no error and no lost answer`, async () => {
    const began = Date.now();
    const outcomes = await Promise.all(Array.from({ length: LEARNERS }, (_, i) => learner(i, began + LOAD_SECONDS * 1000)));
    const seconds = (Date.now() - began) / 1000;
    const requests = outcomes.reduce((n, o) => n + o.requests, 0);
    const failures = outcomes.flatMap((o) => o.failures);
    const answered = outcomes.reduce((n, o) => n + o.answered, 0);
    const attemptIds = outcomes.map((o) => o.attemptId).filter((id): id is string => id !== null);
    const [stored] = await sql<{ n: number }>(stack, 'SELECT count(*)::int AS n FROM library.answers WHERE attempt_id = ANY($1::uuid[])', [attemptIds]);
    console.log(
      `${LEARNERS} learners from one address for ${seconds.toFixed(1)} s: ${requests} requests (${Math.round(requests / seconds)}/s, ` +
        `${Math.round((requests / seconds) * 60)}/min), ${failures.length} errors, ${answered} answers accepted, ${stored.n} stored`,
    );
    expect(failures.slice(0, 10)).toEqual([]);
    expect(failures).toHaveLength(0);
    expect(attemptIds).toHaveLength(LEARNERS);
    expect(answered).toBeGreaterThan(0);
    expect(stored.n).toBe(answered);
    // More than one address's worth of the per-client limit went through.
    expect((requests / seconds) * 60).toBeGreaterThan(600);
  }, LOAD_SECONDS * 1000 + 60_000);
});
