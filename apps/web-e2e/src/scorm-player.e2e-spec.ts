import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  answer,
  closeLesson,
  closeServer,
  get,
  interactionsOf,
  launch,
  lmsCalls,
  readCmi,
  ready,
  ROOT,
  sco,
  serverOrigin,
  startScormServer,
  videoState,
  waitForLmsCall,
} from './scorm-harness';
import { launchBrowser, screenshot } from './support';

/**
 * The SCORM launch page (dist/apps/web/scorm-player, built by `nx run web:build`) as an LMS runs it:
 * unpacked with a lesson.js and the lesson's video next to it, served over HTTP, inside a parent page
 * whose SCORM 1.2 `API` and 2004 `API_1484_11` are the real scorm-again runtime. The test answers
 * through the package's own buttons, checks what the runtime received, relaunches and checks the
 * resume; then opens the package without any LMS.
 */

const PLAYER_DIST = join(ROOT, 'dist', 'apps', 'web', 'scorm-player');
const WEBM = join(__dirname, '..', 'fixtures', 'lesson.webm');
const WORK = join(ROOT, 'tmp', 'scorm-player-e2e');

const feedback = (topic: string) => ({ correct: `Yes: ${topic}.`, incorrect: `Not quite: ${topic}.`, explanation: `About ${topic}.` });

/** The lesson as the export-service writes it (window.VEOLEARN_LESSON), for an uploaded video. */
function lessonFor(version: '1.2' | '2004') {
  return {
    video: {
      id: 4711,
      title: `Colours </script><b>and</b> shapes (${version})`,
      type: 'upload',
      youtubeId: null,
      mediaFile: 'media/lesson.webm',
      duration: null,
      skippingMode: 'free',
      requireCorrect: version === '2004',
    },
    questions: [
      {
        id: 101,
        videoId: 4711,
        type: 'single_choice',
        question: 'What colour is the sky?',
        options: ['Green', 'Blue', 'Red'],
        correctAnswer: 1,
        timestamp: 2,
        topicTitle: 'Sky',
        topicStartTime: 0,
        feedback: feedback('sky'),
      },
      {
        id: 102,
        videoId: 4711,
        type: 'multiple_choice',
        question: 'Which are shapes?',
        options: ['Circle', 'Seven', 'Square'],
        correctAnswer: [0, 2],
        timestamp: 4,
        topicTitle: 'Shapes',
        topicStartTime: 3,
        feedback: feedback('shapes'),
      },
      {
        id: 103,
        videoId: 4711,
        type: 'true_false',
        question: 'A triangle has three sides.',
        options: ['True', 'False'],
        correctAnswer: true,
        timestamp: 10,
        topicTitle: 'Triangles',
        topicStartTime: 9,
        feedback: feedback('triangles'),
      },
    ],
    scormVersion: version,
    masteryScore: 24,
    generatedAt: '2026-11-24T06:00:00.000Z',
  };
}

/** Unpacks a package: the built launch page, lesson.js (JSON with `<` escaped) and the video. */
function makePackage(version: '1.2' | '2004'): void {
  const dir = join(WORK, `pkg-${version}`);
  cpSync(PLAYER_DIST, dir, { recursive: true });
  const json = JSON.stringify(lessonFor(version)).replace(/</g, '\\u003c');
  writeFileSync(join(dir, 'lesson.js'), `window.VEOLEARN_LESSON = ${json};\n`);
  mkdirSync(join(dir, 'media'), { recursive: true });
  cpSync(WEBM, join(dir, 'media', 'lesson.webm'));
}

describe('SCORM launch page (dist/apps/web/scorm-player)', () => {
  let server: Server;
  let browser: Browser;
  let origin: string;
  let page: Page;
  /** Every URL the page asked for: the package makes no request outside itself. */
  let requests: string[];

  beforeAll(async () => {
    if (!existsSync(join(PLAYER_DIST, 'index.html'))) throw new Error(`No ${PLAYER_DIST}: run \`npx nx run web:build\` first.`);
    rmSync(WORK, { recursive: true, force: true });
    makePackage('1.2');
    makePackage('2004');
    server = await startScormServer(WORK);
    origin = serverOrigin(server);
    browser = await launchBrowser();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await closeServer(server);
  });

  beforeEach(async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
    page = await context.newPage();
    requests = [];
    page.on('request', (request) => requests.push(request.url()));
  });

  afterEach(async () => {
    await page?.context().close();
    expect(requests.filter((url) => !url.startsWith(origin))).toEqual([]);
  });

  const lms = (version: '1.2' | '2004') => `${origin}/lms?launch=/pkg-${version}/index.html`;
  const cmi = () => readCmi(page);
  const calls = () => lmsCalls(page);

  it('SCORM 1.2: records every answer, saves progress on leaving, resumes on relaunch and reports the score and status', async () => {
    await page.goto(lms('1.2'));
    await launch(page, null);
    let frame = await sco(page);
    await ready(frame);
    // The creator's title is text; the LMS was found, so there is no notice.
    await frame.getByTestId('lesson-title').filter({ hasText: 'Colours </script><b>and</b> shapes (1.2)' }).waitFor();
    expect(await frame.getByTestId('no-lms-notice').count()).toBe(0);
    expect(await frame.evaluate(() => document.querySelector('video')?.getAttribute('src'))).toBe('media/lesson.webm');
    expect(await page.evaluate(() => (window as unknown as { API: { LMSGetValue(e: string): string } }).API.LMSGetValue('cmi.core.lesson_status'))).toBe('incomplete');

    await frame.getByRole('button', { name: 'Play', exact: true }).click();
    // A wrong answer: the feedback, then Continue Video (free mode, no "require correct").
    await answer(frame, 'What colour is the sky?', ['Green']);
    await frame.getByRole('dialog').getByText('Not quite: sky.').waitFor();
    await screenshot(page, 'scorm12-wrong-answer');
    await frame.getByRole('dialog').getByRole('button', { name: 'Continue Video' }).click();
    await answer(frame, 'Which are shapes?', ['Circle', 'Square']);
    await frame.getByTestId('player-notice').filter({ hasText: 'Yes: shapes.' }).waitFor();
    await frame.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 6);

    // Leaving: the frame goes away (pagehide): position, session time, exit suspend, commit, finish.
    await closeLesson(page);
    await waitForLmsCall(page, 'LMSFinish');
    const first = (await cmi()).v12;
    expect(get(first, 'core.lesson_status')).toBe('incomplete');
    expect(get(first, 'core.exit')).toBe('suspend');
    expect(get(first, 'core.session_time')).toMatch(/^\d{2,4}:\d\d:\d\d(\.\d{1,2})?$/);
    expect(get(first, 'core.session_time')).not.toMatch(/^0+:00:00(\.0+)?$/);
    expect(get(first, 'core.score.raw')).toBe('33.33');
    expect(get(first, 'core.score.max')).toBe('100');
    expect(get(first, 'core.score.min')).toBe('0');
    expect(interactionsOf(first).map((i) => [i['id'], i['type'], i['student_response'], i['result'], get(i, 'correct_responses.0.pattern')])).toEqual([
      ['q101', 'choice', '0', 'wrong', '1'],
      ['q102', 'choice', '0,2', 'correct', '0,2'],
    ]);
    const saved = JSON.parse(String(first['suspend_data']));
    expect(saved).toMatchObject({ v: 1, c: 0, q: { q101: [1, 0], q102: [1, 1] }, x: { n: [expect.arrayContaining([101, 'i']), expect.arrayContaining([102, 'c'])] } });
    expect(saved.x.l).toBeGreaterThanOrEqual(6);
    const firstCalls = await calls();
    expect(firstCalls.filter((c) => c === 'LMSCommit').length).toBeGreaterThanOrEqual(2);
    expect(firstCalls.filter((c) => c === 'LMSFinish')).toHaveLength(1);

    // Relaunch: the LMS gives back the suspend data; the lesson resumes where it was.
    await launch(page, { v12: { suspend_data: first['suspend_data'], core: { entry: 'resume', lesson_status: 'incomplete' }, interactions: first['interactions'] } });
    frame = await sco(page);
    await ready(frame);
    await frame.getByTestId('player-notice').filter({ hasText: 'Welcome back' }).filter({ hasText: 'with 2 of 3 questions completed' }).waitFor();
    await frame.getByTestId('questions-completed').filter({ hasText: '2 of 3 questions completed' }).waitFor();
    const resumedAt = (await videoState(frame))?.currentTime ?? 0;
    expect(resumedAt).toBeGreaterThan(5.5);
    await screenshot(page, 'scorm12-resumed');

    await frame.getByRole('button', { name: 'Play', exact: true }).click();
    await answer(frame, 'A triangle has three sides.', ['True']);
    await frame.getByRole('heading', { name: 'Activity Complete!' }).waitFor({ timeout: 40_000 });
    await frame.getByTestId('lms-saved').waitFor();
    expect(await frame.getByRole('button', { name: 'Retry Activity' }).count()).toBe(0);
    await waitForLmsCall(page, 'LMSFinish');
    const done = (await cmi()).v12;
    expect(get(done, 'core.lesson_status')).toBe('failed');
    expect(get(done, 'core.score.raw')).toBe('66.67');
    expect(get(done, 'core.exit')).toBe('');
    expect(interactionsOf(done).map((i) => [i['id'], i['type'], i['student_response'], i['result']])).toEqual([
      ['q101', 'choice', '0', 'wrong'],
      ['q102', 'choice', '0,2', 'correct'],
      ['q103', 'true-false', 't', 'correct'],
    ]);
    expect(JSON.parse(String(done['suspend_data']))).toMatchObject({ c: 1, x: { c: 1 } });
    await screenshot(page, 'scorm12-results');
  });

  it('SCORM 2004: require-correct with 3 tries per question, interactions, scaled score, completion and success, and resume', async () => {
    await page.goto(lms('2004'));
    await launch(page, null);
    let frame = await sco(page);
    await ready(frame);
    expect(await frame.getByTestId('no-lms-notice').count()).toBe(0);
    // With "require correct" there is no skipping and no Start Over inside an LMS.
    expect(await frame.getByRole('button', { name: 'Start Over' }).count()).toBe(0);

    await frame.getByRole('button', { name: 'Play', exact: true }).click();
    await answer(frame, 'What colour is the sky?', ['Blue']);
    await frame.getByTestId('player-notice').filter({ hasText: 'Yes: sky.' }).waitFor();

    // Three wrong tries: Try Again twice, then the answer shows and the lesson goes on.
    const dialog = frame.getByRole('dialog');
    await answer(frame, 'Which are shapes?', ['Seven']);
    await dialog.getByRole('button', { name: 'Try Again' }).click();
    await answer(frame, 'Which are shapes?', ['Circle']);
    await dialog.getByRole('button', { name: 'Try Again' }).click();
    expect(await dialog.getByText('Correct answer', { exact: true }).count()).toBe(0);
    await answer(frame, 'Which are shapes?', ['Seven']);
    await dialog.getByText('Correct answer', { exact: true }).waitFor();
    await dialog.getByTestId('no-tries-left').filter({ hasText: 'That was your last try for this question.' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Try Again' }).count()).toBe(0);
    await screenshot(page, 'scorm2004-last-try');
    await dialog.getByRole('button', { name: 'Continue Video' }).click();
    await frame.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 5.5);

    await closeLesson(page);
    await waitForLmsCall(page, 'Terminate');
    const first = (await cmi()).v2004;
    expect(first['completion_status']).toBe('incomplete');
    expect(first['exit']).toBe('suspend');
    expect(first['session_time']).toMatch(/^PT\d+H\d+M[\d.]+S$/);
    expect(get(first, 'score.raw')).toBe('10');
    expect(get(first, 'score.max')).toBe('30');
    expect(get(first, 'score.scaled')).toBe('0.3333');
    expect(interactionsOf(first).map((i) => [i['id'], i['type'], i['learner_response'], i['result'], get(i, 'correct_responses.0.pattern')])).toEqual([
      ['q101', 'choice', '1', 'correct', '1'],
      ['q102', 'choice', '1', 'incorrect', '0[,]2'],
      ['q102', 'choice', '0', 'incorrect', '0[,]2'],
      ['q102', 'choice', '1', 'incorrect', '0[,]2'],
    ]);
    const saved = JSON.parse(String(first['suspend_data']));
    expect(saved).toMatchObject({ v: 1, c: 0, q: { q101: [1, 1], q102: [3, 0] } });
    expect(saved.x.n).toEqual(expect.arrayContaining([expect.arrayContaining([102, 'i', 0, 3]), expect.arrayContaining([101, 'c', 1, 1])]));
    const firstCalls = await calls();
    expect(firstCalls.filter((c) => c === 'Commit').length).toBeGreaterThanOrEqual(4);
    expect(firstCalls.filter((c) => c === 'Terminate')).toHaveLength(1);

    await launch(page, { v2004: { suspend_data: first['suspend_data'], entry: 'resume', completion_status: 'incomplete', interactions: first['interactions'] } });
    frame = await sco(page);
    await ready(frame);
    await frame.getByTestId('player-notice').filter({ hasText: 'with 2 of 3 questions completed' }).waitFor();
    expect((await videoState(frame))?.currentTime ?? 0).toBeGreaterThan(5);
    await frame.getByRole('button', { name: 'Play', exact: true }).click();
    await answer(frame, 'A triangle has three sides.', ['True']);
    await frame.getByRole('heading', { name: 'Activity Complete!' }).waitFor({ timeout: 40_000 });
    await waitForLmsCall(page, 'Terminate');
    const done = (await cmi()).v2004;
    expect(done).toMatchObject({ completion_status: 'completed', success_status: 'failed', exit: 'normal' });
    expect(get(done, 'score.raw')).toBe('20');
    expect(get(done, 'score.scaled')).toBe('0.6667');
    expect(interactionsOf(done).at(-1)).toMatchObject({ id: 'q103', type: 'true-false', learner_response: 'true', result: 'correct' });
    expect(String(interactionsOf(done).at(-1)?.['timestamp'])).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('without an LMS it still plays and says that progress is not being saved', async () => {
    await page.goto(`${origin}/pkg-1.2/index.html`);
    await page.getByTestId('no-lms-notice').filter({ hasText: 'Progress is not being saved: this lesson is not running inside an LMS.' }).waitFor();
    await page.getByRole('slider', { name: 'Seek' }).waitFor();
    await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('button[aria-label="Play"]')?.disabled);
    await page.getByRole('heading', { name: 'Colours </script><b>and</b> shapes (1.2)' }).waitFor();
    expect(await page.title()).toBe('Colours </script><b>and</b> shapes (1.2)');
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await page.getByRole('dialog').getByRole('heading', { name: 'What colour is the sky?' }).waitFor({ timeout: 30_000 });
    await page.getByRole('dialog').getByText('Blue', { exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Submit Answer' }).click();
    await page.getByTestId('player-notice').filter({ hasText: 'Yes: sky.' }).waitFor();
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 2.5);
    await page.getByTestId('questions-completed').filter({ hasText: '1 of 3 questions completed' }).waitFor();
    // Start Over is offered: without an LMS the attempt lives in the page.
    await page.getByRole('button', { name: 'Start Over' }).waitFor();
    await screenshot(page, 'scorm-no-lms');
  });
});
