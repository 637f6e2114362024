import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { useBrowserSuite, apiJson, unlimitedSession, axeViolations } from './support';

/** 320×180, about 20 s (fixtures/make-lesson-webm.cjs). */
const LESSON_WEBM = readFileSync(join(__dirname, '..', 'fixtures', 'lesson.webm'));
/** Issue 14 asks for the screenshots here, to be looked at. */
const SHOTS = join(__dirname, '..', '..', '..', 'tmp', 'screenshots');

type Json = Record<string, unknown>;

/** Three questions at 3, 6 and 9 s; each is answered right on the first try. */
const QUESTIONS: Json[] = [
  {
    type: 'single_choice',
    question: 'Which colour is the sky on a clear day at noon?',
    options: ['Green', 'Blue', 'Red'],
    correctAnswer: 1,
    timestamp: 3,
    topicTitle: 'Colours',
    topicStartTime: 1,
    feedback: { correct: 'Yes: the sky scatters blue light.', incorrect: 'Look up on a clear day.' },
  },
  {
    type: 'true_false',
    question: 'Water boils at 100 °C at sea level.',
    options: ['True', 'False'],
    correctAnswer: true,
    timestamp: 6,
    topicTitle: 'Water',
    topicStartTime: 5,
    feedback: { correct: 'Right: at sea level water boils at 100 °C.', incorrect: 'Think of a kettle at sea level.' },
  },
  {
    type: 'single_choice',
    question: 'Which of these is a planet?',
    options: ['The Moon', 'Mars', 'The Sun'],
    correctAnswer: 1,
    timestamp: 9,
    topicTitle: 'Space',
    topicStartTime: 8,
    feedback: { correct: 'Yes: Mars is a planet.', incorrect: 'One of them orbits the Sun.' },
  },
];
const RIGHT = ['Blue', 'True', 'Mars'];
/** axe-core's serious and critical findings (WCAG 2.1 A/AA and best practices) on the page as it is. */
async function seriousViolations(page: Page): Promise<Array<{ id: string; targets: string[] }>> {
  const violations = await axeViolations(page);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target.map(String).join(' ')) }));
}

describe('points, streaks and achievements in the player', () => {
  const suite = useBrowserSuite({ name: 'web_gamification', env: { RATE_LIMIT_PER_MINUTE: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '100000' } });
  const { url } = suite;
  let token = '';

  const api = <T>(method: string, path: string, body?: unknown) => apiJson<T>(suite.stack, token, method, path, body);

  beforeAll(async () => {
    // Unlimited videos; the session is made afterwards so that it carries the new entitlements.
    token = await unlimitedSession(suite.stack);
  });

  /** An uploaded lesson with the three questions, shared by link. */
  async function lesson(title: string, settings: Json = {}): Promise<number> {
    const form = new FormData();
    form.append('title', title);
    form.append('file', new Blob([LESSON_WEBM], { type: 'video/webm' }), 'lesson.webm');
    const res = await fetch(url('/api/videos/upload'), { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
    expect(res.status).toBe(201);
    const videoId = ((await res.json()) as { id: number }).id;
    if (Object.keys(settings).length > 0) expect((await api('PUT', `/api/videos/${videoId}/settings`, settings)).status).toBe(200);
    for (const question of QUESTIONS) expect((await api('POST', `/api/videos/${videoId}/interactions`, question)).status).toBe(201);
    expect((await api('PUT', `/api/videos/${videoId}/sharing`, { published: true })).status).toBe(200);
    return videoId;
  }

  async function shot(page: Page, name: string): Promise<void> {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: join(SHOTS, `gamification-${name}.png`) });
  }

  const dialog = (page: Page) => page.getByRole('dialog');

  async function openPlayer(page: Page, videoId: number): Promise<void> {
    await page.goto(url(`/player/${videoId}`));
    await page.getByRole('slider', { name: 'Seek' }).waitFor();
    await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('button[aria-label="Play"]')?.disabled);
  }

  /** Answers the question that opens next with `option`; a right answer closes it and plays on. */
  async function answerNext(page: Page, index: number): Promise<void> {
    await dialog(page).getByRole('heading', { name: QUESTIONS[index].question as string }).waitFor({ timeout: 20_000 });
    await dialog(page).getByText(RIGHT[index], { exact: true }).click();
    await dialog(page).getByRole('button', { name: 'Submit Answer' }).click();
    await dialog(page).waitFor({ state: 'detached' });
  }

  /** Each element is on screen whole, without scrolling. */
  async function expectOnScreen(page: Page, ...targets: Locator[]): Promise<void> {
    const viewport = page.viewportSize();
    if (!viewport) throw new Error('no viewport');
    for (const target of targets) {
      const box = await target.boundingBox();
      const where = { target: target.toString(), box, viewport };
      const fits = !!box && box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width + 0.5 && box.y + box.height <= viewport.height + 0.5;
      expect({ ...where, fits }).toEqual({ ...where, fits: true });
    }
  }

  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    it(`shows points and the streak while playing, and level and achievements on the results screen (${size.width}×${size.height})`, async () => {
      const { page } = suite;
      await page.setViewportSize(size);
      const videoId = await lesson(`Sky, water and space ${size.width}`);
      await openPlayer(page, videoId);
      const badge = page.getByTestId('progress-badge');
      await badge.getByText('Level 1 · 0 points').waitFor();
      await expectOnScreen(page, badge);

      await page.getByRole('button', { name: 'Play', exact: true }).click();
      await dialog(page).getByRole('heading', { name: QUESTIONS[0].question as string }).waitFor();
      await shot(page, `question-${size.width}`);
      await answerNext(page, 0);
      await page.getByTestId('progress-flash').filter({ hasText: '+10 points' }).waitFor();
      await badge.getByText('Level 1 · 10 points').waitFor();
      expect(await page.getByTestId('progress-announcer').textContent()).toBe('+10 points.');
      await expectOnScreen(page, badge, page.getByTestId('progress-flash'));
      await shot(page, `points-${size.width}`);
      expect(await seriousViolations(page)).toEqual([]);

      await answerNext(page, 1);
      await page.getByTestId('progress-streak').filter({ hasText: 'Streak 2' }).waitFor();
      expect(await page.getByTestId('progress-announcer').textContent()).toBe('+10 points. Streak 2.');
      await shot(page, `streak-${size.width}`);

      await answerNext(page, 2);
      await page.getByRole('heading', { name: 'Activity Complete!' }).waitFor({ timeout: 30_000 });
      const progress = page.getByTestId('results-progress');
      await progress.getByTestId('results-level').filter({ hasText: 'Level 1 · 30 points' }).waitFor();
      expect(await progress.getByTestId('results-points').innerText()).toBe('+30 points in this lesson');
      expect(await progress.getByTestId('results-day-streak').innerText()).toBe('Day streak: 1 day');
      expect(await progress.getByTestId('results-best-streak').innerText()).toBe('Best streak in this lesson: 3');
      const achievements = progress.getByTestId('achievement');
      expect(await achievements.allInnerTexts()).toEqual([
        'First lesson\nCompleted your first lesson.',
        'Perfect score\nAnswered every question of a lesson right on the first try.',
      ]);
      expect(await progress.getByRole('progressbar', { name: 'Points towards level 2' }).getAttribute('aria-valuenow')).toBe('30');
      // The score is the attempt's own, whatever the points.
      expect(await page.getByTestId('results-figures').innerText()).toContain('100%');
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `results-${size.width}`);
      // The figures and the level are in view when the results open; the achievements right under them.
      await expectOnScreen(page, page.getByTestId('results-figures'), progress.getByTestId('results-level'));
      await progress.scrollIntoViewIfNeeded();
      await shot(page, `results-achievements-${size.width}`);
      expect(await seriousViolations(page)).toEqual([]);

      // Retry Activity: the new attempt starts at 0 points in the lesson, with the total kept.
      await page.getByRole('button', { name: 'Retry Activity' }).click();
      await badge.getByText('Level 1 · 30 points').waitFor();
      expect(await page.getByTestId('progress-flash').count()).toBe(0);
    });
  }

  it('shows nothing of it when the teacher turned points and achievements off for the lesson', async () => {
    const { page } = suite;
    const videoId = await lesson('A plain lesson', { gamification: false });
    await openPlayer(page, videoId);
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await answerNext(page, 0);
    await page.getByTestId('player-notice').filter({ hasText: 'Correct!' }).waitFor();
    expect(await page.getByTestId('progress-badge').count()).toBe(0);
    expect(await page.getByTestId('progress-announcer').count()).toBe(0);
    await shot(page, 'off-player-1280');
    for (const index of [1, 2]) await answerNext(page, index);
    await page.getByRole('heading', { name: 'Activity Complete!' }).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('results-figures').innerText()).toContain('100%');
    expect(await page.getByTestId('results-progress').count()).toBe(0);
    expect(await page.getByTestId('progress-badge').count()).toBe(0);
    expect(await page.getByText(/points|Achievement/i).allInnerTexts()).toEqual([]);
    await shot(page, 'off-results-1280');
  });

  it('lets the teacher turn points and achievements off in the editor', async () => {
    const { page } = suite;
    const videoId = await lesson('Editor switch');
    await page.goto(url('/terms'));
    await page.evaluate((t) => localStorage.setItem('authToken', t), token);
    await page.goto(url(`/edit-questions/${videoId}`));
    const box = page.getByRole('checkbox', { name: 'Points and achievements' });
    await box.waitFor();
    expect(await box.getAttribute('aria-checked')).toBe('true');
    await box.click();
    await suite.toast('Player settings saved').waitFor();
    expect((await api<{ gamification: boolean }>('GET', `/api/videos/${videoId}`)).body.gamification).toBe(false);
    await page.getByText('They never change the score sent to an LMS.', { exact: false }).scrollIntoViewIfNeeded();
    await shot(page, 'editor-switch-1280');
  });
});
