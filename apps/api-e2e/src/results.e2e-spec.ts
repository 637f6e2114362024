import { randomUUID } from 'node:crypto';
import { parseCsv } from '@veolearn/domain';
import { startStack, type RunningStack } from '@veolearn/testing';
import { api, expectErrorBody, RELAXED_LIMITS, sql, type Account, bearer, unlimitedAccount } from './support';

/**
 * Issue 14, lesson results for the teacher: GET /api/videos/{id}/results and /results.csv. A class
 * of 30 learners takes a lesson through the real attempts API (so the server grades every answer),
 * then the owner reads the statistics and the CSV; nobody else can.
 */

let stack: RunningStack;

type Body = Record<string, unknown>;

/** A new account allowed any number of videos. */
const account = () => unlimitedAccount(stack);

const feedback = { correct: 'Right.', incorrect: 'Not quite.' };
const planets = { topicTitle: 'Planets', topicStartTime: 0, feedback };
const QUESTIONS: Body[] = [
  { ...planets, type: 'single_choice', question: 'Which planet is largest?', options: ['Mars', 'Jupiter', 'Venus', 'Earth'], correctAnswer: 1, timestamp: 10 },
  { ...planets, type: 'true_false', question: 'Pluto is a planet.', options: ['True', 'False'], correctAnswer: false, timestamp: 20 },
  { ...planets, type: 'multiple_choice', question: 'Which are gas giants?', options: ['Jupiter', 'Mars', 'Saturn', 'Venus'], correctAnswer: [0, 2], timestamp: 30 },
  { ...planets, type: 'ordering', question: 'Order them from the Sun', options: ['Earth', 'Mercury', 'Mars', 'Venus'], correctAnswer: [1, 3, 0, 2], timestamp: 40 },
];

/** What learner i of the class answers to each question (null: skip), and whether they retry a wrong first try. */
function plan(i: number): { responses: unknown[]; retryFirst: boolean; complete: boolean } {
  const q1 = i <= 17 ? 1 : i <= 25 ? 0 : 2; // 18 right, 8 Mars, 4 Venus
  const q2 = i <= 23 ? false : true; // 24 right, 6 True
  const q3 = i <= 14 ? [0, 2] : i <= 24 ? [0, 1] : [0, 2, 3]; // 15 right, 10 with Mars, 5 with Venus
  const q4 = i <= 19 ? [1, 3, 0, 2] : i <= 26 ? [3, 1, 0, 2] : null; // 20 right, 7 half right, 3 skip
  return { responses: [q1, q2, q3, q4], retryFirst: i >= 18 && i <= 21, complete: i <= 27 };
}

/** Display names that a spreadsheet would misread, or that need quoting. */
const NAMES: Record<number, string> = {
  0: 'Ada Lovelace',
  1: '=HYPERLINK("http://evil.example","click")',
  2: 'Smith, "Jo"',
  3: '@SUM(1+1)',
  4: '-2+3',
  5: '+44 20 7946 0000',
};

let owner: Account;
let videoId: number;
let ids: number[];

async function play(i: number): Promise<void> {
  const learnerId = randomUUID();
  const { responses, retryFirst, complete } = plan(i);
  const body: Body = { learnerId };
  if (NAMES[i]) body['displayName'] = NAMES[i];
  const started = await api(stack).post(`/api/play/${videoId}/attempts`).send(body).expect(200);
  const attemptId = started.body.id as string;
  for (const [q, response] of responses.entries()) {
    const interactionId = ids[q];
    if (response === null) {
      await api(stack).post(`/api/attempts/${attemptId}/skip`).send({ learnerId, interactionId }).expect(200);
      continue;
    }
    const res = await api(stack).post(`/api/attempts/${attemptId}/answers`).send({ learnerId, interactionId, response }).expect(200);
    if (q === 0 && retryFirst) {
      expect(res.body.correct).toBe(false);
      // The second try after Review Chapter: right this time, but the first try is what counts.
      await api(stack).post(`/api/attempts/${attemptId}/answers`).send({ learnerId, interactionId, response: 1 }).expect(200);
    }
  }
  if (complete) await api(stack).post(`/api/attempts/${attemptId}/complete`).send({ learnerId }).expect(200);
}

beforeAll(async () => {
  stack = await startStack({ name: 'results', env: RELAXED_LIMITS });
  owner = await account();
  const created = await api(stack).post('/api/videos').set(bearer(owner)).send({ youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ', title: 'The Solar System: Planets!' }).expect(201);
  videoId = created.body.id as number;
  await api(stack).put(`/api/videos/${videoId}/settings`).set(bearer(owner)).send({ duration: 60 }).expect(200);
  ids = [];
  for (const question of QUESTIONS) ids.push((await api(stack).post(`/api/videos/${videoId}/interactions`).set(bearer(owner)).send(question).expect(201)).body.id as number);
  await api(stack).put(`/api/videos/${videoId}/sharing`).set(bearer(owner)).send({ published: true }).expect(200);
  for (let i = 0; i < 30; i++) await play(i);
  // One more browser answers wrong, then restarts: the restarted attempt no longer counts, its new one does.
  const learnerId = randomUUID();
  const first = await api(stack).post(`/api/play/${videoId}/attempts`).send({ learnerId }).expect(200);
  await api(stack).post(`/api/attempts/${first.body.id}/answers`).send({ learnerId, interactionId: ids[0], response: 3 }).expect(200);
  await api(stack).post(`/api/play/${videoId}/attempts`).send({ learnerId, restart: true }).expect(200);
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

describe('GET /api/videos/{id}/results', () => {
  it('gives the owner per-question statistics of the class, graded by the server', async () => {
    const res = await api(stack).get(`/api/videos/${videoId}/results`).set(bearer(owner)).expect(200);
    expect(res.body.video).toEqual({ id: videoId, title: 'The Solar System: Planets!', questionCount: 4, published: true });
    // 30 learners and the restarter's new attempt; 28 completed. Mean of 15×100, 3×75, 2×50, 4×37.5, 3×12.5, 1×0.
    expect(res.body.summary).toEqual({ attempts: 31, completed: 28, inProgress: 3, learners: 31, averageScore: 71.9, averageTimeSpentSeconds: 0 });
    const [q1, q2, q3, q4] = res.body.questions;
    expect(q1).toMatchObject({
      number: 1,
      interactionId: ids[0],
      type: 'single_choice',
      correctAnswer: 'Jupiter',
      answered: 30,
      skipped: 0,
      firstTryCorrect: 18,
      firstTryCorrectShare: 0.6,
      averageCredit: 0.6,
      // Four learners tried again after a wrong first try: 34 tries over 30 answers.
      averageTries: 1.13,
      // The second try (right) replaced the response, but the first try's wrong option is what counts.
      mostChosenWrongOption: { index: 0, text: 'Mars', count: 8, share: 0.2667 },
    });
    expect(q2).toMatchObject({ correctAnswer: 'False', answered: 30, firstTryCorrect: 24, firstTryCorrectShare: 0.8, averageTries: 1, mostChosenWrongOption: { index: 0, text: 'True', count: 6, share: 0.2 } });
    expect(q3).toMatchObject({
      correctAnswer: 'Jupiter; Saturn',
      answered: 30,
      firstTryCorrect: 15,
      firstTryCorrectShare: 0.5,
      mostChosenWrongOption: { index: 1, text: 'Mars', count: 10, share: 0.3333 },
    });
    // Partial credit counts in the mean credit, not as right; ordering has no wrong option to name.
    expect(q4).toMatchObject({
      correctAnswer: 'Mercury > Venus > Earth > Mars',
      answered: 27,
      skipped: 3,
      firstTryCorrect: 20,
      firstTryCorrectShare: 0.7407,
      averageCredit: 0.8704,
      averageTries: 1,
      mostChosenWrongOption: null,
    });
    expect(res.body.scoreDistribution.map((b: { from: number; to: number; count: number }) => `${b.from}-${b.to}:${b.count}`)).toEqual([
      '0-9:1',
      '10-19:3',
      '20-29:0',
      '30-39:4',
      '40-49:0',
      '50-59:2',
      '60-69:0',
      '70-79:3',
      '80-89:0',
      '90-100:15',
    ]);
  });

  it('lists the attempts newest first, a page at a time, without the learner ids', async () => {
    const res = await api(stack).get(`/api/videos/${videoId}/results?pageSize=10&page=1`).set(bearer(owner)).expect(200);
    expect(res.body.attempts).toMatchObject({ total: 31, page: 1, pageSize: 10 });
    expect(res.body.attempts.items).toHaveLength(10);
    const all = (await api(stack).get(`/api/videos/${videoId}/results?pageSize=200`).set(bearer(owner)).expect(200)).body.attempts.items as Body[];
    expect(all).toHaveLength(31);
    expect(all.slice(0, 10)).toEqual(res.body.attempts.items);
    const started = all.map((a) => String(a['startedAt']));
    expect([...started].sort().reverse()).toEqual(started);
    const ada = all.find((a) => a['displayName'] === 'Ada Lovelace');
    expect(ada).toEqual({
      id: expect.any(String),
      learner: 'Ada Lovelace',
      displayName: 'Ada Lovelace',
      anonymousId: expect.stringMatching(/^[0-9a-f]{8}$/),
      lmsUser: null,
      lmsCourse: null,
      signedIn: false,
      status: 'completed',
      score: 100,
      correctCount: 4,
      answeredCount: 4,
      skippedCount: 0,
      totalQuestions: 4,
      timeSpentSeconds: 0,
      startedAt: expect.any(String),
      completedAt: expect.any(String),
      answers: [
        { interactionId: ids[0], result: 'correct', credit: 1, tries: 1, answer: 'Jupiter' },
        { interactionId: ids[1], result: 'correct', credit: 1, tries: 1, answer: 'False' },
        { interactionId: ids[2], result: 'correct', credit: 1, tries: 1, answer: 'Jupiter; Saturn' },
        { interactionId: ids[3], result: 'correct', credit: 1, tries: 1, answer: 'Mercury > Venus > Earth > Mars' },
      ],
    });
    // A wrong first try then a right second one: the first try's answer is what the teacher sees.
    const retried = all.filter((a) => (a['answers'] as Body[])[0]?.['tries'] === 2);
    expect(retried).toHaveLength(4);
    for (const a of retried) expect((a['answers'] as Body[])[0]).toEqual({ interactionId: ids[0], result: 'incorrect', credit: 0, tries: 2, answer: 'Mars' });
    const anonymous = all.filter((a) => a['displayName'] === null);
    expect(anonymous.length).toBe(25);
    for (const a of anonymous) expect(a['learner']).toBe(`Anonymous ${a['anonymousId']}`);
    expect(all.filter((a) => a['status'] === 'in_progress')).toHaveLength(3);
    // The learner id acts for the learner on the attempts API: it is never in the teacher's view.
    const learnerIds = (await sql<{ learner_id: string }>(stack, 'SELECT learner_id FROM library.attempts WHERE video_id = $1', [videoId])).map((r) => r.learner_id);
    const raw = JSON.stringify(all);
    for (const id of learnerIds) expect(raw).not.toContain(id);
  });

  it('answers 404 to anyone but the owner and for a missing video, 401 signed out, 400 for a bad id or page', async () => {
    const other = await account();
    expectErrorBody((await api(stack).get(`/api/videos/${videoId}/results`).set(bearer(other)).expect(404)).body, 404);
    expectErrorBody((await api(stack).get(`/api/videos/2000000000/results`).set(bearer(owner)).expect(404)).body, 404);
    expectErrorBody((await api(stack).get(`/api/videos/${videoId}/results`).expect(401)).body, 401);
    expectErrorBody((await api(stack).get(`/api/videos/abc/results`).set(bearer(owner)).expect(400)).body, 400);
    expect(expectErrorBody((await api(stack).get(`/api/videos/${videoId}/results?pageSize=500`).set(bearer(owner)).expect(400)).body, 400)).toBe('pageSize must be at most 200');
    expectErrorBody((await api(stack).get(`/api/videos/${videoId}/results.csv`).set(bearer(other)).expect(404)).body, 404);
    expectErrorBody((await api(stack).get(`/api/videos/${videoId}/results.csv`).expect(401)).body, 401);
  });

  it('shows an empty lesson as zeros, with no averages yet', async () => {
    const created = await api(stack).post('/api/videos').set(bearer(owner)).send({ youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ', title: 'Nobody yet' }).expect(201);
    const res = await api(stack).get(`/api/videos/${created.body.id}/results`).set(bearer(owner)).expect(200);
    expect(res.body).toMatchObject({
      summary: { attempts: 0, completed: 0, inProgress: 0, learners: 0, averageScore: null, averageTimeSpentSeconds: null },
      attempts: { items: [], total: 0 },
      questions: [],
    });
    expect(res.body.scoreDistribution.every((b: { count: number }) => b.count === 0)).toBe(true);
  });

  it('refuses a display name longer than 60 characters, and stores a blank one as none', async () => {
    const learnerId = randomUUID();
    const long = await api(stack).post(`/api/play/${videoId}/attempts`).send({ learnerId, displayName: 'x'.repeat(61) });
    expect(expectErrorBody(long.body, 400)).toBe('displayName must be text of at most 60 characters');
    const blank = await api(stack).post(`/api/play/${videoId}/attempts`).send({ learnerId, displayName: '   ' }).expect(200);
    const rows = await sql<{ display_name: string | null }>(stack, 'SELECT display_name FROM library.attempts WHERE id = $1', [blank.body.id]);
    expect(rows[0].display_name).toBeNull();
    // Named on resuming: the results show it from then on.
    await api(stack).post(`/api/play/${videoId}/attempts`).send({ learnerId, displayName: '  Grace   Hopper ' }).expect(200);
    const named = await sql<{ display_name: string | null }>(stack, 'SELECT display_name FROM library.attempts WHERE id = $1', [blank.body.id]);
    expect(named[0].display_name).toBe('Grace Hopper');
    await sql(stack, 'DELETE FROM library.attempts WHERE id = $1', [blank.body.id]);
  });
});

/** The owner's CSV download, its body as text. */
function csvDownload(id: number) {
  return api(stack)
    .get(`/api/videos/${id}/results.csv`)
    .set(bearer(owner))
    .buffer(true)
    .parse((response, done) => {
      const chunks: Buffer[] = [];
      response.on('data', (c: Buffer) => chunks.push(c));
      response.on('end', () => done(null, Buffer.concat(chunks).toString('utf8')));
    })
    .expect(200);
}

describe('GET /api/videos/{id}/results.csv', () => {
  it('streams every attempt as RFC 4180 CSV named after the lesson, with formulas neutralised', async () => {
    const res = await csvDownload(videoId);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toContain(`filename="veolearn-the-solar-system-planets-results-${today}.csv"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const text = res.body as string;
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    const [header, ...records] = parseCsv(text);
    expect(header.slice(0, 15)).toEqual([
      'Learner',
      'Display name',
      'Anonymous ID',
      'LMS user',
      'LMS course',
      'Signed in',
      'Status',
      'Score (%)',
      'Correct first try',
      'Answered',
      'Skipped',
      'Questions',
      'Time spent (s)',
      'Started (UTC)',
      'Finished (UTC)',
    ]);
    expect(header.slice(15)).toEqual([
      'Q1 (0:10) Which planet is largest?',
      'Q1 answer',
      'Q2 (0:20) Pluto is a planet.',
      'Q2 answer',
      'Q3 (0:30) Which are gas giants?',
      'Q3 answer',
      'Q4 (0:40) Order them from the Sun',
      'Q4 answer',
    ]);
    expect(records).toHaveLength(31);
    for (const r of records) expect(r).toHaveLength(23);
    const byName = (name: string) => records.find((r) => r[1] === name);
    // Spreadsheet formulas get a leading apostrophe; quotes and commas survive the round trip.
    expect(byName(`'=HYPERLINK("http://evil.example","click")`)?.[0]).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(byName('Smith, "Jo"')).toBeDefined();
    expect(byName("'@SUM(1+1)")).toBeDefined();
    expect(byName("'-2+3")).toBeDefined();
    expect(byName("'+44 20 7946 0000")).toBeDefined();
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(text).toContain('"Smith, ""Jo"""');
    // Nothing else in the file starts with a formula character.
    for (const r of records) for (const cell of r) expect(cell).not.toMatch(/^[=+@\t\r]/);
    const ada = byName('Ada Lovelace') as string[];
    expect(ada.slice(0, 13)).toEqual(['Ada Lovelace', 'Ada Lovelace', expect.stringMatching(/^[0-9a-f]{8}$/), '', '', 'no', 'completed', '100', '4', '4', '0', '4', '0']);
    expect(ada[13]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(ada.slice(15)).toEqual(['correct', 'Jupiter', 'correct', 'False', 'correct', 'Jupiter; Saturn', 'correct', 'Mercury > Venus > Earth > Mars']);
    // A wrong first try followed by a right second one: the first try's answer and both tries.
    const retried = records.filter((r) => r[15] === 'incorrect (2 tries)');
    expect(retried).toHaveLength(4);
    for (const r of retried) expect(r[16]).toBe('Mars');
    expect(records.filter((r) => r[21] === 'partly correct (50%)').every((r) => r[22] === 'Venus > Mercury > Earth > Mars')).toBe(true);
    expect(records.filter((r) => r[21] === 'skipped')).toHaveLength(3);
    expect(records.filter((r) => r[6] === 'in progress')).toHaveLength(3);
    // Oldest first.
    const started = records.map((r) => r[13]);
    expect([...started].sort()).toEqual(started);
  });

  it('streams a class larger than one chunk whole, each attempt once', async () => {
    // 1,100 attempts written straight into the table: this checks the chunking, not grading (above).
    const created = await api(stack).post('/api/videos').set(bearer(owner)).send({ youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ', title: 'Big class' }).expect(201);
    const big = created.body.id as number;
    await sql(
      stack,
      `INSERT INTO library.attempts (id, video_id, learner_id, status, started_at, display_name)
       SELECT gen_random_uuid(), $1, 'learner-' || g, 'completed', now() - make_interval(secs => g % 7), 'Learner ' || g FROM generate_series(1, 1100) g`,
      [big],
    );
    const res = await csvDownload(big);
    const [, ...records] = parseCsv(res.body as string);
    expect(records).toHaveLength(1100);
    expect(new Set(records.map((r) => r[0])).size).toBe(1100);
  });
});
