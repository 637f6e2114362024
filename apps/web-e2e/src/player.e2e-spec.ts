import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { newAccount, posterSize, screenshot, signUpViaApi, useBrowserSuite, apiJson, unlimitedSession } from './support';

/** 320×180, about 20 s, a moving clock; made by fixtures/make-lesson-webm.cjs (no duration in its header). */
const LESSON_WEBM = readFileSync(join(__dirname, '..', 'fixtures', 'lesson.webm'));
const CAPTIONS = 'WEBVTT\n\n00:00.500 --> 00:04.000\nThe clock starts.\n\n00:04.000 --> 00:08.000\nFive seconds in.\n';
const WRONG_TITLE = "That's not quite right. What would you like to do?";

type Json = Record<string, unknown>;

const FEEDBACK = {
  single: { correct: 'Yes: the sky scatters blue light.', incorrect: 'Look up on a clear day and try to remember.', explanation: 'Air scatters short wavelengths most.' },
  truth: { correct: 'Right: at sea level water boils at 100 °C.', incorrect: 'Think of a kettle at sea level.' },
  order: { correct: 'Well ordered.', incorrect: 'Count again from the smallest.' },
};

/** Three questions: single choice at 3 s (chapter from 1 s), true/false at 6 s, ordering at 9 s. */
const QUESTIONS: Json[] = [
  {
    type: 'single_choice',
    question: 'Which colour is the sky on a clear day at noon?',
    options: ['Green', 'Blue', 'Red'],
    correctAnswer: 1,
    timestamp: 3,
    topicTitle: 'Colours',
    topicStartTime: 1,
    feedback: FEEDBACK.single,
  },
  {
    type: 'true_false',
    question: 'Water boils at 100 °C at sea level.',
    options: ['True', 'False'],
    correctAnswer: true,
    timestamp: 6,
    topicTitle: 'Water',
    topicStartTime: 5,
    feedback: FEEDBACK.truth,
  },
  {
    type: 'ordering',
    question: 'Put the numbers in ascending order.',
    options: ['three', 'one', 'two'],
    correctAnswer: [1, 2, 0],
    timestamp: 9,
    topicTitle: 'Numbers',
    topicStartTime: 8,
    feedback: FEEDBACK.order,
  },
];

interface AttemptResults {
  id: string;
  status: string;
  lastPosition: number;
  totalQuestions: number;
  answeredCount: number;
  correctCount: number;
  skippedCount: number;
  score: number;
  answers: Array<{ interactionId: number; status: string; attempts: number }>;
  rows: Array<{ interactionId: number; status: string }>;
}

describe('interactive video player in the browser', () => {
  const uploadDir = mkdtempSync(join(tmpdir(), 'veolearn-player-uploads-'));
  const suite = useBrowserSuite({
    name: 'web_player',
    env: { RATE_LIMIT_PER_MINUTE: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '100000', UPLOAD_DIR: uploadDir },
  });
  const { url } = suite;
  let token = '';

  afterAll(() => rmSync(uploadDir, { recursive: true, force: true }));

  const api = <T>(method: string, path: string, body?: unknown, auth = true) => apiJson<T>(suite.stack, auth ? token : null, method, path, body);

  beforeAll(async () => {
    // Unlimited videos; the session is made afterwards so that it carries the new entitlements.
    token = await unlimitedSession(suite.stack);
  });

  /** Uploads the WebM (multipart, like the wizard), applies settings, adds the questions and shares it unless asked not to; answers the ids. */
  async function lesson(
    title: string,
    settings: Json = {},
    questions: Json[] = QUESTIONS,
    captions?: string,
    shared = true,
  ): Promise<{ videoId: number; ids: number[] }> {
    const form = new FormData();
    form.append('title', title);
    form.append('file', new Blob([LESSON_WEBM], { type: 'video/webm' }), 'lesson.webm');
    if (captions) form.append('captions', new Blob([captions], { type: 'text/vtt' }), 'lesson.vtt');
    const res = await fetch(url('/api/videos/upload'), { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
    expect(res.status).toBe(201);
    const video = (await res.json()) as { id: number; mediaUrl: string; duration: number | null };
    expect(video.duration).toBeNull();
    if (Object.keys(settings).length > 0) expect((await api('PUT', `/api/videos/${video.id}/settings`, settings)).status).toBe(200);
    const ids: number[] = [];
    for (const question of questions) {
      const created = await api<{ id: number }>('POST', `/api/videos/${video.id}/interactions`, question);
      expect(created.status).toBe(201);
      ids.push(created.body.id);
    }
    if (shared) expect((await api('PUT', `/api/videos/${video.id}/sharing`, { published: true })).status).toBe(200);
    return { videoId: video.id, ids };
  }

  const video = (page: Page) => page.evaluate(() => {
    const v = document.querySelector('video');
    return v ? { paused: v.paused, currentTime: v.currentTime, duration: v.duration } : null;
  });
  const dialog = (page: Page) => page.getByRole('dialog');
  const playButton = (page: Page) => page.getByRole('button', { name: 'Play', exact: true });

  async function openPlayer(page: Page, path: string): Promise<void> {
    const errors: string[] = [];
    const onError = (error: Error) => errors.push(error.message);
    page.on('pageerror', onError);
    try {
      await page.goto(url(path));
      await page.getByRole('slider', { name: 'Seek' }).waitFor();
    } catch (error) {
      // Say what the page showed (a busy CI machine once left it blank): its errors and its text.
      const text = (await page.locator('body').innerText().catch(() => '')).slice(0, 300);
      throw new Error(`${path} did not open (page errors: ${errors.join('; ') || 'none'}; text: ${JSON.stringify(text)})`, { cause: error });
    } finally {
      page.off('pageerror', onError);
    }
    // The controls come alive once the source is ready (the WebM's duration found).
    await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('button[aria-label="Play"]')?.disabled);
  }

  async function attemptOf(page: Page): Promise<AttemptResults> {
    const attemptId = await page.getByTestId('player').getAttribute('data-attempt-id');
    const learnerId = await page.evaluate(() => localStorage.getItem('veolearn-learner-id'));
    const res = await api<AttemptResults>('GET', `/api/attempts/${attemptId}?learnerId=${learnerId}`, undefined, false);
    expect(res.status).toBe(200);
    return res.body;
  }

  /** Waits for the question to pop up and checks it stopped the video within 100 ms after its time. */
  async function expectPausedAt(page: Page, question: string, timestamp: number): Promise<void> {
    await dialog(page).getByRole('heading', { name: question }).waitFor();
    const state = await video(page);
    expect(state?.paused).toBe(true);
    expect(state?.currentTime).toBeGreaterThanOrEqual(timestamp);
    expect(state?.currentTime).toBeLessThanOrEqual(timestamp + 0.1);
    // The question takes focus, and is announced.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(question);
    expect(await page.getByTestId('player-announcer').textContent()).toContain(question);
  }

  /** The first non-null value `read` gives within 5 s (else the last one). */
  async function eventually<T>(read: () => Promise<T | null>): Promise<T | null> {
    let value: T | null = null;
    for (let i = 0; i < 50 && value === null; i++) {
      value = await read();
      if (value === null) await new Promise((r) => setTimeout(r, 100));
    }
    return value;
  }

  /** Puts an ordering list in the wanted order with the Move up buttons (keyboard-reachable buttons). */
  async function arrange(list: Locator, wanted: string[]): Promise<void> {
    for (let target = 0; target < wanted.length; target++) {
      const texts = await list.getByRole('listitem').allInnerTexts();
      const from = texts.findIndex((t) => t.includes(wanted[target]));
      for (let i = from; i > target; i--) await list.getByRole('button', { name: `Move "${wanted[target]}" up` }).click();
    }
  }

  /** Each element is on screen whole, with no scrolling (page scrolled to the top, at the viewport's size). */
  async function expectOnScreen(page: Page, ...targets: Locator[]): Promise<void> {
    const viewport = page.viewportSize();
    if (!viewport) throw new Error('no viewport');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    for (const target of targets) {
      const box = await target.boundingBox();
      expect(box).not.toBeNull();
      if (!box) return;
      const where = { target: target.toString(), box, viewport };
      expect({ ...where, fits: box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width + 0.5 && box.y + box.height <= viewport.height + 0.5 }).toEqual({
        ...where,
        fits: true,
      });
    }
  }

  /** Video, controls and the questions counter, plus whatever else is given, fit the screen. */
  async function expectPlayerFits(page: Page, ...more: Locator[]): Promise<void> {
    await expectOnScreen(page, page.locator('video'), page.getByRole('slider', { name: 'Seek' }), playOrPause(page), page.getByTestId('questions-completed'), ...more);
  }

  const playOrPause = (page: Page) => page.getByRole('button', { name: /^(Play|Pause)$/ }).last();

  it('pauses within 100 ms at each question, reviews the chapter after a wrong answer and shows the results the server recorded', async () => {
    const { page } = suite;
    const { videoId, ids } = await lesson('Sky and water');
    // A lesson without captions never asks for them (no 404 on every load).
    const captionRequests: string[] = [];
    page.on('request', (r) => r.url().includes('captions.vtt') && captionRequests.push(r.url()));
    await openPlayer(page, `/player/${videoId}`);
    await page.getByRole('heading', { name: 'Sky and water' }).waitFor();
    await page.getByTestId('questions-completed').filter({ hasText: '0 of 3 questions completed' }).waitFor();
    // MediaRecorder's WebM has no duration in its header; the player finds it (about 20 s) instead of showing Infinity.
    await page.getByTestId('time-display').filter({ hasText: /^0:00 \/ 0:(19|2\d)$/ }).waitFor();
    expect(await page.getByTestId('question-marker').count()).toBe(3);
    await screenshot(page, 'player-ready-1280');

    await playButton(page).click();
    await expectPausedAt(page, QUESTIONS[0].question as string, 3);
    await screenshot(page, 'player-question-1280');

    // A wrong answer: the server's hint and the two ways on, and nothing that gives the answer away.
    await dialog(page).getByText('Green', { exact: true }).click();
    await dialog(page).getByRole('button', { name: 'Submit Answer' }).click();
    await dialog(page).getByRole('heading', { name: WRONG_TITLE }).waitFor();
    await dialog(page).getByText(FEEDBACK.single.incorrect).waitFor();
    expect(await dialog(page).getByText(FEEDBACK.single.explanation).count()).toBe(0);
    expect(await dialog(page).getByText('Blue', { exact: true }).count()).toBe(0);
    await dialog(page).getByRole('button', { name: 'Continue Video' }).waitFor();

    // Review Chapter goes back to the chapter start (1 s) and plays.
    await dialog(page).getByRole('button', { name: 'Review Chapter' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    const reviewed = await video(page);
    expect(reviewed?.currentTime).toBeGreaterThanOrEqual(1);
    expect(reviewed?.currentTime).toBeLessThan(2);
    await page.getByTestId('player-notice').filter({ hasText: 'The question is asked again at 0:03.' }).waitFor();
    await page.waitForFunction(() => document.querySelector('video')?.paused === false);

    // The same question again at its time: the second try, right this time (the first try keeps the score).
    await expectPausedAt(page, QUESTIONS[0].question as string, 3);
    await dialog(page).getByTestId('second-try').waitFor();
    expect(await dialog(page).getByRole('button', { name: 'Skip Question' }).count()).toBe(0);
    await dialog(page).getByText('Blue', { exact: true }).click();
    await dialog(page).getByRole('button', { name: 'Submit Answer' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    await page.getByTestId('player-notice').filter({ hasText: 'Your first answer is the one that counts towards your score.' }).waitFor();

    // The next one stops the video at 6 s.
    await expectPausedAt(page, QUESTIONS[1].question as string, 6);
    await dialog(page).getByText('True', { exact: true }).click();
    await dialog(page).getByRole('button', { name: 'Submit Answer' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    await page.getByTestId('player-notice').filter({ hasText: FEEDBACK.truth.correct }).waitFor();
    // A right answer resumes playback.
    await page.waitForFunction(() => document.querySelector('video')?.paused === false);
    await page.getByTestId('questions-completed').filter({ hasText: '2 of 3 questions completed' }).waitFor();

    // Ordering with the Move buttons.
    await expectPausedAt(page, QUESTIONS[2].question as string, 9);
    await arrange(dialog(page).getByRole('list', { name: 'Order' }), ['one', 'two', 'three']);
    await dialog(page).getByRole('button', { name: 'Submit Answer' }).click();
    await dialog(page).waitFor({ state: 'detached' });

    // The rest plays to the end; the attempt is completed and its figures shown.
    await page.getByRole('heading', { name: 'Activity Complete!' }).waitFor({ timeout: 30_000 });
    const results = await attemptOf(page);
    expect(results).toMatchObject({ status: 'completed', totalQuestions: 3, answeredCount: 3, correctCount: 2, skippedCount: 0 });
    expect(results.rows.map((r) => [r.interactionId, r.status])).toEqual([
      [ids[0], 'correct'],
      [ids[1], 'correct'],
      [ids[2], 'correct'],
    ]);
    expect(results.score).toBeCloseTo(66.7, 1);
    expect(results.answers[0].attempts).toBe(2);
    const figures = page.getByTestId('results-figures');
    expect(await figures.innerText()).toMatch(new RegExp(`${results.correctCount}\\s+Correct\\s+1\\s+Incorrect\\s+0\\s+Skipped\\s+${results.score}%\\s+Score`));
    expect(await page.getByTestId('result-row').count()).toBe(3);
    await page.getByTestId('result-row').first().getByText('Correct on a later try').waitFor();
    // Watch time counts replays: it is time spent, and says so.
    await page.getByText(/time spent: \d+ s/).waitFor();
    await screenshot(page, 'player-results-1280', true);
    // An anonymous learner has no dashboard to go back to.
    expect(await page.getByRole('link', { name: 'Back to Dashboard' }).count()).toBe(0);
    expect(captionRequests).toEqual([]);

    // Retry Activity starts a new attempt from 0.
    await page.getByRole('button', { name: 'Retry Activity' }).click();
    await page.getByTestId('questions-completed').filter({ hasText: '0 of 3 questions completed' }).waitFor();
    expect(await page.getByTestId('player').getAttribute('data-attempt-id')).not.toBe(results.id);
    expect((await video(page))?.currentTime).toBeLessThan(0.5);
  });

  /** A shared lesson uploaded with its poster frame and its length, with one question. */
  async function posterLesson(title: string): Promise<number> {
    const form = new FormData();
    form.append('title', title);
    form.append('poster', new Blob([readFileSync(join(__dirname, '..', 'fixtures', 'lesson-poster.jpg'))], { type: 'image/jpeg' }), 'poster.jpg');
    form.append('file', new Blob([LESSON_WEBM], { type: 'video/webm' }), 'lesson.webm');
    const res = await fetch(url('/api/videos/upload'), { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    // The length as a learner's first play (or the wizard, for a file with one in its header) stores it.
    expect((await api('PUT', `/api/videos/${id}/settings`, { duration: 20 })).status).toBe(200);
    expect((await api('POST', `/api/videos/${id}/interactions`, QUESTIONS[0])).status).toBe(201);
    expect((await api('PUT', `/api/videos/${id}/sharing`, { published: true })).status).toBe(200);
    return id;
  }

  it('a lesson with a poster and a known length shows the poster first and fetches the file only on Play (issue 15)', async () => {
    const { page } = suite;
    const id = await posterLesson('Poster lesson');

    const fileRequests: string[] = [];
    const onRequest = (r: { url(): string }) => new URL(r.url()).pathname === `/api/media/${id}` && fileRequests.push(r.url());
    page.on('request', onRequest);
    try {
      await openPlayer(page, `/play/${id}`);
      const element = page.getByTestId('player').locator('video');
      expect(await element.getAttribute('poster')).toBe(`/api/media/${id}/poster`);
      expect(await element.getAttribute('preload')).toBe('none');
      // The poster is the frame lesson-poster.jpg holds, decodable by the browser.
      expect(await posterSize(element)).toEqual([320, 180]);
      await page.getByTestId('time-display').filter({ hasText: '0:00 / 0:20' }).waitFor();
      expect(await page.getByTestId('question-marker').count()).toBe(1);
      await new Promise((r) => setTimeout(r, 500));
      expect(fileRequests).toEqual([]);

      await playButton(page).click();
      await expectPausedAt(page, QUESTIONS[0].question as string, 3);
      expect(fileRequests.length).toBeGreaterThan(0);
    } finally {
      page.off('request', onRequest);
    }
  });

  it("a shared lesson's page carries its title and poster in the HTML, drawn before any script, and the player takes its place without a move (issue 15)", async () => {
    const id = await posterLesson('Still of a lesson <&>');
    const html = await (await fetch(url(`/play/${id}`))).text();
    expect(html).toContain('<title>Still of a lesson &#60;&#38;&#62; – VeoLearn</title>');
    expect(html).toContain(`<link rel="preload" as="image" href="/api/media/${id}/poster" fetchpriority="high">`);
    // A private lesson's page is the plain app: nothing of it in the HTML.
    expect((await api('PUT', `/api/videos/${id}/sharing`, { published: false })).status).toBe(200);
    const privateHtml = await (await fetch(url(`/play/${id}`))).text();
    expect(privateHtml).not.toContain('lesson-preview');
    expect(privateHtml).not.toContain('Still of a lesson');
    expect((await api('PUT', `/api/videos/${id}/sharing`, { published: true })).status).toBe(200);

    for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
      // A signed-out learner, as a shared link opens it.
      const context = await suite.browser.newContext({ viewport });
      try {
        const page = await context.newPage();
        // With no script at all, the page shows the lesson's title and its poster frame.
        await page.route('**/assets/*.js', (route) => route.abort());
        await page.goto(url(`/play/${id}`));
        await page.waitForFunction(() => (document.querySelector('#lesson-preview img') as HTMLImageElement | null)?.naturalWidth === 320);
        expect(await page.locator('#lesson-preview').getByText('Still of a lesson <&>').isVisible()).toBe(true);
        const still = await page.locator('#lesson-preview img').boundingBox();
        await screenshot(page, `play-still-${viewport.width}`);
        await page.unroute('**/assets/*.js');

        // With its scripts, the player replaces the still, its video exactly where the poster was.
        await openPlayer(page, `/play/${id}`);
        expect(await page.locator('#lesson-preview').count()).toBe(0);
        expect(await page.locator('#root').getAttribute('hidden')).toBeNull();
        const box = await page.getByTestId('player').locator('video').boundingBox();
        expect(still).not.toBeNull();
        expect(box).not.toBeNull();
        for (const key of ['x', 'y', 'width', 'height'] as const) expect(Math.abs((box?.[key] ?? 0) - (still?.[key] ?? -99))).toBeLessThanOrEqual(1);
        expect(await page.getByRole('heading', { name: 'Still of a lesson <&>' }).isVisible()).toBe(true);
      } finally {
        await context.close();
      }
    }
  });

  it('resumes after a reload with the position, answers and score restored', async () => {
    const { page } = suite;
    const { videoId, ids } = await lesson('Resume me');
    await openPlayer(page, `/player/${videoId}`);
    await playButton(page).click();
    await expectPausedAt(page, QUESTIONS[0].question as string, 3);
    await dialog(page).getByText('Blue', { exact: true }).click();
    await dialog(page).getByRole('button', { name: 'Submit Answer' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 4.2);
    const saved = page.waitForResponse((r) => r.url().includes('/progress') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    expect((await saved).status()).toBe(200);
    const before = await video(page);

    await page.reload();
    await openPlayer(page, `/player/${videoId}`);
    await page.getByTestId('questions-completed').filter({ hasText: '1 of 3 questions completed' }).waitFor();
    await page.getByTestId('player-notice').filter({ hasText: 'Welcome back' }).waitFor();
    const after = await video(page);
    expect(Math.abs((after?.currentTime ?? 0) - (before?.currentTime ?? 0))).toBeLessThan(0.3);
    const attempt = await attemptOf(page);
    expect(attempt.answers.map((a) => [a.interactionId, a.status])).toEqual([[ids[0], 'correct']]);
    expect(attempt.score).toBeCloseTo(33.3, 1);

    // The answered question is not asked again: the next one is.
    await playButton(page).click();
    await expectPausedAt(page, QUESTIONS[1].question as string, 6);
  });

  it('asks a question the learner seeked past; no_skip_forward refuses the seek and hides Skip Question', async () => {
    const { page } = suite;
    const free = await lesson('Free mode');
    await openPlayer(page, `/player/${free.videoId}`);
    const slider = page.getByRole('slider', { name: 'Seek' });
    await slider.focus();
    await slider.press('ArrowRight');
    await slider.press('ArrowRight');
    expect((await video(page))?.currentTime).toBeCloseTo(10, 0);
    // Keyboard only: Tab back to Play... the play button is the slider's neighbour.
    await playButton(page).focus();
    await page.keyboard.press('Enter');
    await dialog(page).getByRole('heading', { name: QUESTIONS[0].question as string }).waitFor();
    await dialog(page).getByRole('button', { name: 'Skip Question' }).click();
    await dialog(page).getByRole('heading', { name: QUESTIONS[1].question as string }).waitFor();
    await page.getByTestId('player-notice').filter({ hasText: 'Question skipped' }).waitFor();

    const strict = await lesson('Strict mode', { skippingMode: 'no_skip_forward' });
    await openPlayer(page, `/player/${strict.videoId}`);
    await page.getByRole('slider', { name: 'Seek' }).focus();
    await page.keyboard.press('End');
    await page.getByTestId('player-notice').filter({ hasText: 'Answer the question at 0:03 before moving on.' }).waitFor();
    expect((await video(page))?.currentTime).toBeLessThanOrEqual(3);
    await playButton(page).click();
    await dialog(page).getByRole('heading', { name: QUESTIONS[0].question as string }).waitFor();
    expect(await dialog(page).getByRole('button', { name: 'Skip Question' }).count()).toBe(0);
    // The server holds the line too.
    const attempt = await attemptOf(page);
    const learnerId = await page.evaluate(() => localStorage.getItem('veolearn-learner-id'));
    const refused = await api<{ allowedPosition: number }>('POST', `/api/attempts/${attempt.id}/progress`, { learnerId, position: 15, watchedSeconds: 0 }, false);
    expect(refused.status).toBe(409);
    expect(refused.body.allowedPosition).toBeLessThanOrEqual(4);

    // With "answer correctly to continue": Try Again instead of Continue Video, until it is right.
    const must = await lesson('Must be right', { requireCorrect: true });
    await openPlayer(page, `/player/${must.videoId}`);
    await playButton(page).click();
    await dialog(page).getByRole('heading', { name: QUESTIONS[0].question as string }).waitFor();
    await dialog(page).getByText('Green', { exact: true }).click();
    await dialog(page).getByRole('button', { name: 'Submit Answer' }).click();
    await dialog(page).getByRole('heading', { name: WRONG_TITLE }).waitFor();
    expect(await dialog(page).getByRole('button', { name: 'Continue Video' }).count()).toBe(0);
    expect(await dialog(page).getByText('Correct answer').count()).toBe(0);
    await dialog(page).getByRole('button', { name: 'Try Again' }).click();
    await dialog(page).getByText('Blue', { exact: true }).click();
    await dialog(page).getByRole('button', { name: 'Submit Answer' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    await page.getByTestId('questions-completed').filter({ hasText: '1 of 3 questions completed' }).waitFor();
    const retried = await attemptOf(page);
    expect(retried.answers[0]).toMatchObject({ status: 'correct', attempts: 2 });
    expect(retried.correctCount).toBe(0);

    // no_seek: a jump made while paused, from outside the player's own controls (the browser's media
    // controls), is checked at once and snapped back.
    const noSeek = await lesson('No seeking', { skippingMode: 'no_seek' });
    await openPlayer(page, `/player/${noSeek.videoId}`);
    await page.evaluate(() => {
      const v = document.querySelector('video');
      if (v) v.currentTime = 15;
    });
    await page.getByTestId('player-notice').filter({ hasText: 'This video does not allow skipping ahead.' }).waitFor();
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 99) < 10);
    expect((await video(page))?.paused).toBe(true);
  });

  for (const [width, height] of [
    [1280, 720],
    [390, 844],
  ] as const) {
    it(`fits ${width}x${height}: a wrong answer keeps the answer back, asks again after Review Chapter, shows it after the second try; partial credit; Welcome back`, async () => {
      const { page } = suite;
      await page.setViewportSize({ width, height });
      const { videoId, ids } = await lesson(`Fit ${width}`);
      await openPlayer(page, `/play/${videoId}`);
      await expectPlayerFits(page);

      await playButton(page).click();
      await expectPausedAt(page, QUESTIONS[0].question as string, 3);
      await dialog(page).getByText('Green', { exact: true }).click();
      await dialog(page).getByRole('button', { name: 'Submit Answer' }).click();
      await dialog(page).getByRole('heading', { name: WRONG_TITLE }).waitFor();
      expect(await dialog(page).getByText('Correct answer').count()).toBe(0);
      await screenshot(page, `player-wrong-answer-${width}`);
      await expectPlayerFits(page, dialog(page).getByRole('button', { name: 'Review Chapter' }), dialog(page).getByRole('button', { name: 'Continue Video' }));

      // Review Chapter, then the same question again; wrong again: now the answer is shown, and only Continue Video.
      await dialog(page).getByRole('button', { name: 'Review Chapter' }).click();
      await expectPausedAt(page, QUESTIONS[0].question as string, 3);
      await dialog(page).getByTestId('second-try').waitFor();
      await dialog(page).getByText('Red', { exact: true }).click();
      await dialog(page).getByRole('button', { name: 'Submit Answer' }).click();
      await dialog(page).getByRole('heading', { name: "That's still not right." }).waitFor();
      await dialog(page).getByText('Correct answer').waitFor();
      await dialog(page).getByText('Blue', { exact: true }).waitFor();
      await dialog(page).getByText(FEEDBACK.single.explanation).waitFor();
      expect(await dialog(page).getByRole('button', { name: 'Review Chapter' }).count()).toBe(0);
      await screenshot(page, `player-second-try-${width}`);
      await expectPlayerFits(page, dialog(page).getByRole('button', { name: 'Continue Video' }));
      await dialog(page).getByRole('button', { name: 'Continue Video' }).click();

      // A right answer: its feedback under the video, on screen.
      await expectPausedAt(page, QUESTIONS[1].question as string, 6);
      await dialog(page).getByText('True', { exact: true }).click();
      await dialog(page).getByRole('button', { name: 'Submit Answer' }).click();
      const correct = page.getByTestId('player-notice').filter({ hasText: FEEDBACK.truth.correct });
      await correct.waitFor();
      await playOrPause(page).click();
      await screenshot(page, `player-correct-${width}`);
      await expectPlayerFits(page, correct);

      // Partial credit is "partly correct", and Continue Video shows the answer under the video.
      await playOrPause(page).click();
      await expectPausedAt(page, QUESTIONS[2].question as string, 9);
      await arrange(dialog(page).getByRole('list', { name: 'Order' }), ['one', 'three', 'two']);
      await dialog(page).getByRole('button', { name: 'Submit Answer' }).click();
      await dialog(page).getByRole('heading', { name: "That's partly correct. What would you like to do?" }).waitFor();
      expect(await dialog(page).getByText(/not quite right/i).count()).toBe(0);
      await dialog(page).getByRole('button', { name: 'Continue Video' }).click();
      const revealed = page.getByTestId('player-notice').filter({ hasText: 'Correct answer: one → two → three' });
      await revealed.waitFor();
      await playOrPause(page).click();
      const attempt = await attemptOf(page);
      expect(attempt.answers.map((a) => [a.interactionId, a.status, a.attempts])).toEqual([
        [ids[0], 'incorrect', 2],
        [ids[1], 'correct', 1],
        [ids[2], 'incorrect', 1],
      ]);
      expect(attempt.correctCount).toBe(1);

      // Coming back: the Welcome back notice is on screen with the player.
      await page.reload();
      await openPlayer(page, `/play/${videoId}`);
      const welcome = page.getByTestId('player-notice').filter({ hasText: 'Welcome back' });
      await welcome.waitFor();
      await screenshot(page, `player-welcome-back-${width}`);
      await expectPlayerFits(page, welcome);

      // The results: partial credit apart from the incorrect ones.
      await playButton(page).click();
      await page.getByRole('heading', { name: 'Activity Complete!' }).waitFor({ timeout: 30_000 });
      const rows = page.getByTestId('result-row');
      await rows.nth(0).getByText('Incorrect', { exact: true }).waitFor();
      await rows.nth(2).getByText('Partly correct', { exact: true }).waitFor();
      expect(await page.getByTestId('results-figures').innerText()).toMatch(/1\s+Correct\s+1\s+Partly correct\s+1\s+Incorrect\s+0\s+Skipped/);
      await screenshot(page, `player-results-partly-${width}`, true);
    });
  }

  it('/play: header, question manager with tries for the owner only, and the not-found screen; phone layout', async () => {
    const { page } = suite;
    const { videoId } = await lesson('A lesson with a manager');
    // An anonymous learner: no dashboard link (it leads to sign-in) and no question manager (it lists every question).
    await openPlayer(page, `/play/${videoId}`);
    await page.getByRole('heading', { name: 'A lesson with a manager' }).waitFor();
    expect(await page.getByRole('link', { name: /Dashboard/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Question Manager/ }).count()).toBe(0);
    // Another signed-in user: neither.
    const other = newAccount();
    const otherToken = await signUpViaApi(suite.stack.baseUrl, other);
    await page.evaluate((t) => localStorage.setItem('authToken', t), otherToken);
    await openPlayer(page, `/play/${videoId}`);
    await page.getByRole('heading', { name: 'A lesson with a manager' }).waitFor();
    expect(await page.getByRole('link', { name: /Dashboard/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Question Manager/ }).count()).toBe(0);
    // Its owner: both.
    await page.evaluate((t) => localStorage.setItem('authToken', t), token);
    await openPlayer(page, `/play/${videoId}`);
    await page.getByText(`Video ID: ${videoId} · 3 questions`).waitFor();
    expect(await page.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/dashboard');
    await page.getByRole('button', { name: 'Show Question Manager' }).click();
    const manager = page.getByTestId('question-manager');
    await manager.waitFor();
    const rows = await manager.getByRole('listitem').allInnerTexts();
    expect(rows).toHaveLength(3);
    expect(rows[0]).toContain('Which colour is the sky on a clear day a…');
    expect(rows[0]).toMatch(/0:03[\s\S]*Single choice[\s\S]*0 attempts/);
    expect(rows[2]).toMatch(/0:09[\s\S]*Ordering/);

    await playButton(page).click();
    await dialog(page).getByRole('heading', { name: QUESTIONS[0].question as string }).waitFor();
    await dialog(page).getByText('Red', { exact: true }).click();
    await dialog(page).getByRole('button', { name: 'Submit Answer' }).click();
    await dialog(page).getByRole('heading', { name: WRONG_TITLE }).waitFor();
    await manager.getByRole('listitem').first().getByText('1 attempt', { exact: true }).waitFor();
    await screenshot(page, 'player-play-manager-1280');
    await page.getByRole('button', { name: 'Hide Question Manager' }).click();
    await manager.waitFor({ state: 'detached' });

    // Not found.
    await page.goto(url('/play/999999'));
    await page.getByRole('heading', { name: 'Video not found' }).waitFor();
    await page.getByText("The video you're looking for doesn't exist.").waitFor();
    await page.getByText('Requested ID: 999999').waitFor();
    expect(await page.getByRole('link', { name: 'Try Video 234' }).getAttribute('href')).toBe('/play/234');
    expect(await page.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/dashboard');

    // Phone: the question sits under the video; the results fit.
    const phone = await suite.browser.newContext({ viewport: { width: 390, height: 844 } });
    const mobile = await phone.newPage();
    await mobile.goto(url('/play/999999'));
    await mobile.getByRole('heading', { name: 'Video not found' }).waitFor();
    await screenshot(mobile, 'player-not-found-390');
    await openPlayer(mobile, `/play/${videoId}`);
    await screenshot(mobile, 'player-ready-390', true);
    await playButton(mobile).click();
    await dialog(mobile).getByRole('heading', { name: QUESTIONS[0].question as string }).waitFor();
    await dialog(mobile).getByText('Blue', { exact: true }).click();
    await screenshot(mobile, 'player-question-390', true);
    await dialog(mobile).getByRole('button', { name: 'Submit Answer' }).click();
    await dialog(mobile).waitFor({ state: 'detached' });
    await dialog(mobile).getByRole('heading', { name: QUESTIONS[1].question as string }).waitFor({ timeout: 10_000 });
    await dialog(mobile).getByText('False', { exact: true }).click();
    await dialog(mobile).getByRole('button', { name: 'Submit Answer' }).click();
    await dialog(mobile).getByRole('heading', { name: WRONG_TITLE }).waitFor();
    // Continue Video: the correct answer now, under the video, and the next question.
    await dialog(mobile).getByRole('button', { name: 'Continue Video' }).click();
    await mobile.getByTestId('player-notice').filter({ hasText: 'Correct answer: True' }).waitFor();
    await dialog(mobile).getByRole('heading', { name: QUESTIONS[2].question as string }).waitFor({ timeout: 10_000 });
    await arrange(dialog(mobile).getByRole('list', { name: 'Order' }), ['one', 'two', 'three']);
    await screenshot(mobile, 'player-ordering-390', true);
    await dialog(mobile).getByRole('button', { name: 'Submit Answer' }).click();
    await mobile.getByRole('heading', { name: 'Activity Complete!' }).waitFor({ timeout: 30_000 });
    await screenshot(mobile, 'player-results-390', true);
    await phone.close();
  });

  it('simple player for a new tab; a YouTube video fails gracefully offline; the owner stores the duration', async () => {
    const { page } = suite;
    // Private (never shared): only its owner can play it, through the signed media and captions links.
    const { videoId } = await lesson('Simple one', {}, [QUESTIONS[0]], CAPTIONS, false);
    expect((await api('GET', `/api/play/${videoId}`, undefined, false)).status).toBe(404);
    // Played by its owner: the duration the media reports is stored once.
    await page.goto(url('/'));
    await page.evaluate((t) => localStorage.setItem('authToken', t), token);
    await openPlayer(page, `/simple-player/${videoId}`);
    await page.getByRole('heading', { name: 'Simple one' }).waitFor();
    await page.getByText('Private lesson').waitFor();
    expect(await page.evaluate(() => document.querySelector('video')?.getAttribute('src'))).toMatch(/^\/api\/media\/\d+\?access=/);
    expect(await page.getByRole('button', { name: /Question Manager/ }).count()).toBe(0);
    // Captions uploaded with the video: a CC toggle drives the <track>.
    const cc = page.getByRole('button', { name: 'Captions' });
    expect(await cc.getAttribute('aria-pressed')).toBe('false');
    await cc.click();
    expect(await cc.getAttribute('aria-pressed')).toBe('true');
    await page.waitForFunction(() => document.querySelector('video')?.textTracks[0]?.mode === 'showing');
    await page.getByRole('slider', { name: 'Seek' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelector('video')?.textTracks[0]?.activeCues?.length === 1);
    expect(await page.evaluate(() => (document.querySelector('video')?.textTracks[0]?.activeCues?.[0] as VTTCue | undefined)?.text)).toBe('Five seconds in.');
    await screenshot(page, 'player-simple-captions-1280');
    await cc.click();
    await page.waitForFunction(() => document.querySelector('video')?.textTracks[0]?.mode === 'hidden');
    expect(await eventually(async () => (await api<{ duration: number | null }>('GET', `/api/videos/${videoId}`)).body.duration)).toBeGreaterThanOrEqual(20);

    // No internet here: the IFrame API cannot load, and the player says so instead of hanging.
    const created = await api<{ id: number }>('POST', '/api/videos', { youtubeUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', title: 'Offline YouTube' });
    expect(created.status).toBe(201);
    await page.goto(url(`/player/${created.body.id}`));
    const unavailable = page.getByRole('alert').filter({ hasText: 'Video source not available' });
    await unavailable.waitFor({ timeout: 20_000 });
    await unavailable.getByRole('button', { name: 'Try again' }).waitFor();
    await screenshot(page, 'player-youtube-offline-1280');
  });
});
