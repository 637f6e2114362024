import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { useBrowserSuite, apiJson, unlimitedSession } from './support';

/** Where the issue asks for these screenshots: tmp/screenshots/read-instead-*.png at the repository root. */
const SHOTS = join(__dirname, '..', '..', '..', 'tmp', 'screenshots');
/** 320×180, about 20 s (fixtures/make-lesson-webm.cjs). */
const LESSON_WEBM = readFileSync(join(__dirname, '..', 'fixtures', 'lesson.webm'));
const WRONG_TITLE = "That's not quite right. What would you like to do?";
/** Anything YouTube serves: aborted, as on a school network that blocks it. */
const YOUTUBE = /^https:\/\/([a-z0-9-]+\.)*(youtube\.com|youtube-nocookie\.com|ytimg\.com|googlevideo\.com)\//;

type Json = Record<string, unknown>;

const SRT = `1
00:00:00,500 --> 00:00:03,000
Sunlight holds every colour of the rainbow.

2
00:00:03,000 --> 00:00:06,500
Air scatters the blue part of it most, so a clear sky at noon looks blue.

3
00:00:08,000 --> 00:00:11,000
Water boils at one hundred degrees Celsius at sea level.

4
00:00:11,000 --> 00:00:14,000
On a high mountain it boils at a lower temperature.

5
00:00:16,000 --> 00:00:19,000
Counting starts at one, then comes two, then three.
`;

const QUESTIONS: Json[] = [
  {
    type: 'single_choice',
    question: 'Which colour is the sky on a clear day at noon?',
    options: ['Green', 'Blue', 'Red'],
    correctAnswer: 1,
    timestamp: 7,
    topicTitle: 'Colours of the sky',
    topicStartTime: 0,
    feedback: { correct: 'Yes: air scatters blue light most.', incorrect: 'Read what the air does to sunlight.' },
  },
  {
    type: 'true_false',
    question: 'Water boils at 100 °C at sea level.',
    options: ['True', 'False'],
    correctAnswer: true,
    timestamp: 14,
    topicTitle: 'Boiling water',
    topicStartTime: 7.5,
    feedback: { correct: 'Right: at sea level water boils at 100 °C.', incorrect: 'Think of a kettle at sea level.' },
  },
  {
    type: 'single_choice',
    question: 'Which number comes after one?',
    options: ['Three', 'Two', 'Zero'],
    correctAnswer: 1,
    timestamp: 19,
    topicTitle: 'Counting',
    topicStartTime: 15,
    feedback: { correct: 'Yes: two follows one.' },
  },
];

interface AttemptResults {
  id: string;
  status: string;
  lastPosition: number;
  score: number;
  correctCount: number;
  answeredCount: number;
  answers: Array<{ interactionId: number; status: string; attempts: number }>;
}

describe('Read instead: the lesson as text when the video cannot play', () => {
  const suite = useBrowserSuite({ name: 'web_read_instead', env: { RATE_LIMIT_PER_MINUTE: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '100000' } });
  const { url } = suite;
  let token = '';

  const api = <T>(method: string, path: string, body?: unknown, auth = true) => apiJson<T>(suite.stack, auth ? token : null, method, path, body);

  beforeAll(async () => {
    // Unlimited videos; the session is made afterwards so that it carries the new entitlements.
    token = await unlimitedSession(suite.stack);
  });

  /** A shared YouTube lesson (20 s, no skipping forward unless told) with the SRT as its transcript and three chapters of questions. */
  async function youtubeLesson(title: string, skippingMode = 'no_skip_forward', questions = QUESTIONS): Promise<{ videoId: number; ids: number[] }> {
    const created = await api<{ id: number }>('POST', '/api/videos', { youtubeUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', title });
    expect(created.status).toBe(201);
    const videoId = created.body.id;
    expect((await api('PUT', `/api/videos/${videoId}/settings`, { duration: 20, skippingMode })).status).toBe(200);
    expect((await api('PUT', `/api/videos/${videoId}/captions`, { text: SRT })).status).toBe(200);
    const ids: number[] = [];
    for (const question of questions) {
      const res = await api<{ id: number }>('POST', `/api/videos/${videoId}/interactions`, question);
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    expect((await api('PUT', `/api/videos/${videoId}/sharing`, { published: true })).status).toBe(200);
    return { videoId, ids };
  }

  async function shot(page: Page, name: string, fullPage = true): Promise<void> {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: join(SHOTS, `read-instead-${name}.png`), fullPage });
  }

  /** Nothing wider than the window (no sideways scrolling, nothing cut off at the right). */
  async function expectNoOverflow(page: Page): Promise<void> {
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, window: window.innerWidth }));
    expect(widths.page).toBeLessThanOrEqual(widths.window);
  }

  /** The element, scrolled into view, lies whole inside the window. */
  async function expectReachable(page: Page, target: Locator): Promise<void> {
    await target.scrollIntoViewIfNeeded();
    const box = await target.boundingBox();
    const viewport = page.viewportSize();
    expect(box).not.toBeNull();
    if (!box || !viewport) return;
    expect({ target: target.toString(), inside: box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height }).toEqual({
      target: target.toString(),
      inside: true,
    });
  }

  async function attemptOf(page: Page): Promise<AttemptResults> {
    const attemptId = await page.getByTestId('reading-view').getAttribute('data-attempt-id');
    const learnerId = await page.evaluate(() => localStorage.getItem('veolearn-learner-id'));
    const res = await api<AttemptResults>('GET', `/api/attempts/${attemptId}?learnerId=${learnerId}`, undefined, false);
    expect(res.status).toBe(200);
    return res.body;
  }

  const card = (page: Page) => page.getByTestId('question-card');
  const chapter = (page: Page, title: string) => page.getByTestId('reading-chapter').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    it(`${width}x${height}: YouTube blocked, Read instead; each chapter's text then its questions; wrong answer, review, right answer; the server's score`, async () => {
      const { page } = suite;
      await page.setViewportSize({ width, height });
      const { videoId, ids } = await youtubeLesson(`Sky and water ${width}`);
      let blocked = 0;
      await page.route(YOUTUBE, (route) => {
        blocked += 1;
        return route.abort('blockedbyclient');
      });

      // A learner (no session) opens the shared lesson: YouTube cannot load.
      await page.goto(url(`/player/${videoId}`));
      const failure = page.getByRole('alert').filter({ hasText: 'Video source not available' });
      await failure.waitFor({ timeout: 20_000 });
      expect(blocked).toBeGreaterThan(0);
      await failure.getByText('The video could not load on this network.').waitFor();
      const readInstead = failure.getByRole('button', { name: 'Read instead' });
      await expectReachable(page, readInstead);
      await expectReachable(page, failure.getByRole('button', { name: 'Try again' }));
      await expectNoOverflow(page);
      await shot(page, `failure-${width}`, false);

      // The reading view: the first chapter's title and clean text, then (on request) its question. The chapters'
      // text comes late here (as on a slow network): no question opens before its chapter has been read.
      let releaseText = () => undefined as void;
      const textHeld = new Promise<void>((resolve) => (releaseText = resolve));
      await page.route(`**/api/play/${videoId}/reading`, async (route) => {
        await textHeld;
        await route.continue();
      });
      await readInstead.click();
      await page.getByText('Loading the lesson text...').waitFor();
      await page.waitForTimeout(1500);
      releaseText();
      const view = page.getByTestId('reading-view');
      await view.waitFor();
      await page.getByText('The video could not load on this network.').waitFor();
      await chapter(page, 'Colours of the sky').waitFor();
      const firstText = chapter(page, 'Colours of the sky').getByTestId('chapter-text');
      expect(await firstText.innerText()).toBe(
        'Sunlight holds every colour of the rainbow. Air scatters the blue part of it most, so a clear sky at noon looks blue.',
      );
      // Readable: body-size text, lines no longer than a comfortable measure.
      const style = await firstText.evaluate((el) => ({ size: parseFloat(getComputedStyle(el).fontSize), width: el.getBoundingClientRect().width }));
      expect(style.size).toBeGreaterThanOrEqual(16);
      expect(style.width).toBeLessThanOrEqual(720);
      expect(await page.getByRole('heading', { name: 'Boiling water' }).count()).toBe(0);
      expect(await card(page).count()).toBe(0);
      await expectNoOverflow(page);
      await shot(page, `chapter-${width}`);

      await page.getByRole('button', { name: 'Go to the Questions' }).click();
      await card(page).getByRole('heading', { name: QUESTIONS[0].question as string }).waitFor();
      await card(page).getByText('Green', { exact: true }).click();
      await card(page).getByRole('button', { name: 'Submit Answer' }).click();
      await card(page).getByRole('heading', { name: WRONG_TITLE }).waitFor();
      await card(page).getByText('Read what the air does to sunlight.').waitFor();
      expect(await card(page).getByText('Correct answer').count()).toBe(0);
      await expectReachable(page, card(page).getByRole('button', { name: 'Review Chapter' }));
      await expectReachable(page, card(page).getByRole('button', { name: 'Continue Reading' }));
      await expectNoOverflow(page);
      await shot(page, `wrong-answer-${width}`, false);

      // Review Chapter: back to the chapter's text, and the question asked again under it.
      await card(page).getByRole('button', { name: 'Review Chapter' }).click();
      const heading = page.getByRole('heading', { name: 'Colours of the sky', exact: true });
      // The first chapter is at the top already at 1280 px: wait for the review itself (its notice, and
      // focus moved to the title, which the view does after rendering it) before looking at the scroll.
      await page.getByTestId('player-notice').filter({ hasText: 'Reviewing the chapter' }).waitFor();
      await page.waitForFunction(() => document.activeElement?.id === 'reading-chapter-0');
      const top = await page.evaluate(() => document.getElementById('reading-chapter-0')?.getBoundingClientRect().top ?? -1);
      expect(top).toBeGreaterThanOrEqual(0);
      expect(top).toBeLessThan((page.viewportSize()?.height ?? 0) / 2);
      expect(await heading.evaluate((el) => el === document.activeElement)).toBe(true);
      await card(page).getByTestId('second-try').waitFor();
      await shot(page, `review-${width}`, false);
      await card(page).getByText('Blue', { exact: true }).click();
      await card(page).getByRole('button', { name: 'Submit Answer' }).click();
      await page.getByTestId('player-notice').filter({ hasText: 'Yes: air scatters blue light most.' }).waitFor();

      // The next chapter comes after the first one's questions: its text, then its question.
      await chapter(page, 'Boiling water').getByTestId('chapter-text').getByText('Water boils at one hundred degrees Celsius at sea level.').waitFor();
      expect(await chapter(page, 'Boiling water').getByTestId('chapter-text').innerText()).toBe(
        'Water boils at one hundred degrees Celsius at sea level. On a high mountain it boils at a lower temperature.',
      );
      expect(await card(page).count()).toBe(0);
      await chapter(page, 'Boiling water').getByRole('button', { name: 'Go to the Questions' }).click();
      await card(page).getByRole('heading', { name: QUESTIONS[1].question as string }).waitFor();
      await card(page).getByText('True', { exact: true }).click();
      await card(page).getByRole('button', { name: 'Submit Answer' }).click();
      await page.getByTestId('player-notice').filter({ hasText: 'Right: at sea level water boils at 100 °C.' }).waitFor();

      await chapter(page, 'Counting').getByRole('button', { name: 'Go to the Questions' }).click();
      await card(page).getByRole('heading', { name: QUESTIONS[2].question as string }).waitFor();
      await shot(page, `question-${width}`, false);
      await card(page).getByText('Two', { exact: true }).click();
      await card(page).getByRole('button', { name: 'Submit Answer' }).click();
      await page.getByTestId('reading-progress').filter({ hasText: '3 of 3 questions completed' }).waitFor();

      // The server kept its no-skip rule: every answer was accepted in order, and the place reached is the lesson's end.
      const seeResults = page.getByRole('button', { name: 'See Your Results' });
      await expectReachable(page, seeResults);
      await shot(page, `end-${width}`);
      await seeResults.click();
      await page.getByRole('heading', { name: 'Activity Complete!' }).waitFor({ timeout: 30_000 });
      const attempt = await attemptOf(page);
      expect(attempt).toMatchObject({ status: 'completed', answeredCount: 3, correctCount: 2, score: 66.7, lastPosition: 20 });
      expect(attempt.answers.map((a) => [a.interactionId, a.status])).toEqual([
        [ids[0], 'correct'],
        [ids[1], 'correct'],
        [ids[2], 'correct'],
      ]);
      await page.getByTestId('results-figures').getByText(`${attempt.score}%`).waitFor();
      expect(await page.getByTestId('result-row').count()).toBe(3);
      await page.getByTestId('result-row').first().getByText('Correct on a later try').waitFor();
      await expectReachable(page, page.getByRole('button', { name: 'Retry Activity' }));
      await expectNoOverflow(page);
      await shot(page, `results-${width}`);
    });
  }

  it('keeps the pace of a no-seek lesson: the question opens once the server allows its time, and the answer counts', async () => {
    const { page } = suite;
    const { videoId, ids } = await youtubeLesson('Paced water', 'no_seek', [QUESTIONS[1]]);
    await page.route(YOUTUBE, (route) => route.abort('blockedbyclient'));
    await page.goto(url(`/player/${videoId}`));
    await page.getByRole('button', { name: 'Read instead' }).click();
    await page.getByRole('button', { name: 'Go to the Questions' }).click();
    // The question is at 0:14: the server allows the position at 1.5 times real time (plus 3 s) since the attempt began.
    const pace = page.getByTestId('reading-pace');
    await pace.waitFor();
    expect(await pace.innerText()).toMatch(/This lesson keeps to the pace of its video: the next question opens in about \d+ s\./);
    expect(await card(page).count()).toBe(0);
    await shot(page, 'paced-1280', false);
    await card(page).getByRole('heading', { name: QUESTIONS[1].question as string }).waitFor({ timeout: 20_000 });
    await card(page).getByText('True', { exact: true }).click();
    await card(page).getByRole('button', { name: 'Submit Answer' }).click();
    await page.getByTestId('player-notice').filter({ hasText: 'Right: at sea level water boils at 100 °C.' }).waitFor();
    const attempt = await attemptOf(page);
    expect(attempt.lastPosition).toBeGreaterThanOrEqual(14);
    expect(attempt.answers.map((a) => [a.interactionId, a.status])).toEqual([[ids[0], 'correct']]);
  });

  it('offers a quiet "Read instead" link under a video that plays, and goes back to the video on the same attempt', async () => {
    const { page } = suite;
    const form = new FormData();
    form.append('title', 'Clock lesson');
    form.append('file', new Blob([LESSON_WEBM], { type: 'video/webm' }), 'lesson.webm');
    const res = await fetch(url('/api/videos/upload'), { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
    expect(res.status).toBe(201);
    const videoId = ((await res.json()) as { id: number }).id;
    expect((await api('PUT', `/api/videos/${videoId}/captions`, { text: SRT })).status).toBe(200);
    for (const question of QUESTIONS) expect((await api('POST', `/api/videos/${videoId}/interactions`, question)).status).toBe(201);
    expect((await api('PUT', `/api/videos/${videoId}/sharing`, { published: true })).status).toBe(200);

    await page.goto(url(`/player/${videoId}`));
    await page.getByRole('slider', { name: 'Seek' }).waitFor();
    const link = page.getByRole('button', { name: 'Read instead' });
    await link.waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'Video source not available' }).count()).toBe(0);
    await shot(page, 'link-1280', false);
    await link.click();
    await page.getByTestId('reading-view').waitFor();
    // No reason given: the video did not fail.
    expect(await page.getByText('The video could not load on this network.').count()).toBe(0);
    await page.getByRole('button', { name: 'Go to the Questions' }).click();
    await card(page).getByText('Blue', { exact: true }).click();
    await card(page).getByRole('button', { name: 'Submit Answer' }).click();
    await page.getByTestId('reading-progress').filter({ hasText: '1 of 3 questions completed' }).waitFor();

    // Back to the video: the same attempt goes on, with the first question done.
    await page.getByRole('button', { name: 'Watch the video' }).click();
    await page.getByRole('slider', { name: 'Seek' }).waitFor();
    await page.getByTestId('questions-completed').filter({ hasText: '1 of 3' }).waitFor();

    await page.setViewportSize({ width: 390, height: 844 });
    await expectReachable(page, page.getByRole('button', { name: 'Read instead' }));
    await expectNoOverflow(page);
    await shot(page, 'link-390');
  });
});
