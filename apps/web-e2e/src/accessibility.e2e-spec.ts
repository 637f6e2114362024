import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startStack, startYouTubeStub, type RunningStack, type YouTubeStub } from '@veolearn/testing';
import { axeViolations, SCREENSHOT_DIR, newAccount, screenshot, signUpViaApi, stackSql } from './support';

/**
 * axe-core on every page of the route table (apps/web/src/app/app-routes.tsx), signed out and
 * signed in with real data, in one stack and one browser page. Every violation of every page is
 * collected first, so one run lists them all; the test fails on any serious or critical one.
 *
 * axe-core runs through `@axe-core/playwright` (support.ts axeViolations).
 */

/** 320×180, about 20 s (fixtures/make-lesson-webm.cjs). */
const LESSON_WEBM = readFileSync(join(__dirname, '..', 'fixtures', 'lesson.webm'));
const FAILING = new Set(['serious', 'critical']);
const YOUTUBE_ID = 'dQw4w9WgXcQ';

const TRANSCRIPT = [
  '0:00 Welcome to our science series. Today we follow a drop of water around the planet, the water cycle.',
  '0:11 When the sun warms the sea, some of the water turns into vapour and rises. This is called evaporation.',
  '0:27 As the warm, moist air rises it cools down, and the vapour condenses into droplets that form clouds.',
  '0:41 When the droplets grow too heavy they fall as precipitation: rain, snow, sleet or hail.',
].join('\n');

const QUESTIONS = [
  { type: 'single_choice', question: 'Which colour is the sky on a clear day at noon?', options: ['Green', 'Blue', 'Red'], correctAnswer: 1, timestamp: 3 },
  { type: 'true_false', question: 'Water boils at 100 °C at sea level.', options: ['True', 'False'], correctAnswer: true, timestamp: 6 },
  { type: 'ordering', question: 'Put the numbers in ascending order.', options: ['three', 'one', 'two'], correctAnswer: [1, 2, 0], timestamp: 9 },
].map((q, i) => ({ ...q, topicTitle: `Topic ${i + 1}`, topicStartTime: 3 * i, feedback: { correct: 'Well done.', incorrect: 'Review the chapter.' } }));

interface Finding {
  page: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

describe('accessibility (axe-core) on every page', () => {
  let stack: RunningStack;
  let stub: YouTubeStub;
  let browser: Browser;
  let page: Page;
  const findings: Finding[] = [];
  const audited: string[] = [];
  const url = (path: string) => `${stack.baseUrl}${path}`;

  beforeAll(async () => {
    stub = await startYouTubeStub();
    stack = await startStack({
      name: 'web_a11y',
      env: { RATE_LIMIT_PER_MINUTE: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '100000', YOUTUBE_API_KEY: stub.key, YOUTUBE_API_URL: stub.url },
    });
    // WebGL in software, for the VR player's A-Frame scene.
    browser = await chromium.launch({
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-background-networking', '--disable-dev-shm-usage', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist'],
    });
    // Under the app's own Content-Security-Policy: axe is evaluated over the DevTools protocol.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    // Nothing leaves the machine: YouTube's player, thumbnails and fonts answer 404 at once.
    await page.route(
      (u) => !u.href.startsWith(stack.baseUrl),
      (route) => route.fulfill({ status: 404, body: '' }),
    );
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    await stub?.close();
  });

  const sql = (text: string, values: unknown[]) => stackSql(stack, text, values);

  async function api<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(url(path), {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    const text = await res.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** Waits for the page to settle: a heading shown, loaders gone, transitions done. */
  async function settle(ready?: () => Promise<unknown>): Promise<void> {
    await page.getByRole('heading').first().waitFor({ timeout: 20_000 });
    if (ready) await ready();
    await page
      .locator('.animate-spin')
      .first()
      .waitFor({ state: 'hidden', timeout: 5000 })
      .catch(() => undefined);
    await page.waitForTimeout(300);
  }

  /** Runs axe on the page as it is and keeps every violation under `label`. */
  async function audit(label: string): Promise<void> {
    audited.push(label);
    const violations = await axeViolations(page);
    for (const v of violations) {
      findings.push({
        page: label,
        rule: v.id,
        impact: v.impact ?? 'unknown',
        help: v.help,
        targets: v.nodes.map((n) => n.target.map(String).join(' ')),
      });
    }
  }

  async function visit(path: string, ready?: () => Promise<unknown>, label = path): Promise<void> {
    await page.goto(url(path));
    await settle(ready);
    await audit(label);
  }

  async function atWidth(width: number, height: number, label: string): Promise<void> {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(300);
    await audit(`${label} @${width}`);
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  it('has no serious or critical violation on any page, signed out or signed in', async () => {
    const started = Date.now();
    // A creator with unlimited lessons, a folder, an uploaded lesson with questions (shared) and a YouTube video.
    const account = newAccount();
    await signUpViaApi(stack.baseUrl, account);
    await sql('UPDATE auth.users SET has_unlimited_access = true WHERE email = $1', [account.email]);
    const { token } = await api<{ token: string }>('', 'POST', '/api/auth/signin', { username: account.email, password: account.password });
    await api(token, 'POST', '/api/folders', { name: 'Biology', color: '#10B981' });
    const form = new FormData();
    form.append('title', 'Sky and water');
    form.append('file', new Blob([LESSON_WEBM], { type: 'video/webm' }), 'lesson.webm');
    const upload = await fetch(url('/api/videos/upload'), { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
    expect(upload.status).toBe(201);
    const lessonId = ((await upload.json()) as { id: number }).id;
    for (const q of QUESTIONS) await api(token, 'POST', `/api/videos/${lessonId}/interactions`, q);
    await api(token, 'PUT', `/api/videos/${lessonId}/sharing`, { published: true });
    await api(token, 'POST', '/api/videos', { youtubeUrl: `https://www.youtube.com/watch?v=${YOUTUBE_ID}`, title: 'Water cycle on YouTube' });

    // Signed out.
    // (The sections below the hero come in a chunk of their own once it is painted: audited with them.)
    await visit('/', () => page.getByRole('heading', { name: 'Frequently asked questions' }).waitFor());
    await page.getByRole('region', { name: 'VeoLearn at a glance' }).screenshot({ path: join(SCREENSHOT_DIR, 'a11y-landing-stats-1280.png') });
    await atWidth(390, 844, '/');
    await visit('/auth/signin');
    await visit('/auth/signup');
    await visit('/auth/forgot-password');
    await visit('/auth/callback?error=access_denied');
    await screenshot(page, 'a11y-signin-error-1280');
    await visit('/terms');
    await visit('/privacy');
    await visit('/subscribe');
    await visit('/admin');
    await visit('/admin/login');
    await visit('/admin/site');
    await visit('/lti/launch');
    await visit('/lti/deep-link');
    await visit('/no/such/page');
    // The learner's view of a shared lesson.
    const seek = () => page.getByRole('slider', { name: 'Seek' }).waitFor();
    await visit(`/play/${lessonId}`, seek, `/play/{id} (learner)`);
    await atWidth(390, 844, '/play/{id} (learner)');
    // The first question (3 s), then the answer's feedback.
    await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('button[aria-label="Play"]')?.disabled);
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    const question = page.getByRole('dialog');
    await question.getByRole('heading', { name: QUESTIONS[0].question }).waitFor();
    await audit('/play/{id} (learner, question)');
    await question.getByText('Green', { exact: true }).click();
    await question.getByRole('button', { name: 'Submit Answer' }).click();
    await question.getByRole('button', { name: 'Submit Answer' }).waitFor({ state: 'detached' });
    await settle();
    await audit('/play/{id} (learner, wrong answer)');
    await visit(`/embed/${lessonId}`, seek, '/embed/{id}');

    // Signed in.
    await page.goto(url('/terms'));
    await page.evaluate((t) => localStorage.setItem('authToken', t), token);
    const libraryShown = () => page.getByTestId('folder-card').first().waitFor();
    await visit('/user-dashboard', libraryShown);
    await page.getByTestId('video-card').first().waitFor();
    await screenshot(page, 'a11y-dashboard-1280');
    await atWidth(390, 844, '/user-dashboard');
    // Its dialogs: New Folder, and a lesson's Export.
    await page.getByRole('button', { name: 'New Folder' }).click();
    await page.getByRole('dialog').waitFor();
    await audit('/user-dashboard (New Folder dialog)');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'More actions for Sky and water' }).click();
    await page.getByRole('menuitem', { name: 'Export' }).click();
    await page.getByRole('dialog').waitFor();
    await page.waitForTimeout(300);
    await audit('/user-dashboard (Export dialog)');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    for (const tab of ['VR Learning', 'Account', 'Billing', 'Analytics']) {
      const button = page.getByRole('tab', { name: tab });
      if ((await button.count()) === 0) continue;
      await button.first().click();
      await settle();
      await audit(`/user-dashboard (${tab} tab)`);
    }
    await visit('/dashboard', libraryShown);
    await visit('/subscribe', undefined, '/subscribe (signed in)');

    // The create wizard: search results, the transcript with its character count, the settings.
    await visit('/create', () => page.getByRole('heading', { name: 'Create Interactive Video' }).waitFor(), '/create (YouTube)');
    await page.getByLabel('Search topic').fill('the water cycle');
    await page.getByRole('button', { name: 'Find Videos' }).click();
    await page.getByRole('button', { name: 'Next result' }).waitFor({ timeout: 10_000 }).catch(() => undefined);
    await settle();
    await audit('/create (search results)');
    await page.getByRole('tab', { name: 'Transcript', exact: true }).click();
    await page.getByLabel('Transcript', { exact: true }).fill(TRANSCRIPT);
    await page.getByTestId('transcript-count').waitFor();
    await audit('/create (Transcript)');
    await page.getByRole('tab', { name: 'Interactions', exact: true }).click();
    await settle();
    await audit('/create (Interactions)');
    await screenshot(page, 'a11y-create-interactions-1280', true);

    // The question editor, with a question open.
    await visit(`/edit-questions/${lessonId}`, () => page.getByRole('heading', { name: 'Sky and water' }).waitFor(), '/edit-questions/{id}');
    await page.getByTestId('question-item').first().getByRole('button').first().click();
    await page.getByRole('button', { name: 'Save Question' }).waitFor();
    await audit('/edit-questions/{id} (question open)');
    await screenshot(page, 'a11y-editor-1280');

    // The players as the owner, the share page, VR.
    await visit(`/play/${lessonId}`, seek, '/play/{id} (owner)');
    await visit(`/player/${lessonId}`, seek, '/player/{id}');
    await visit(`/simple-player/${lessonId}`, seek, '/simple-player/{id}');
    await visit(`/video/${lessonId}`, () => page.getByText('Shared by link').first().waitFor(), '/video/{id} (share)');
    await screenshot(page, 'a11y-share-1280');
    await visit('/vr-learning', () => page.getByRole('button', { name: 'Launch VR Experience' }).waitFor());
    await page.getByLabel('Search VR content').fill('planet ocean');
    await page.getByLabel('Search VR content').press('Enter');
    await page.getByTestId('vr-result').first().waitFor({ timeout: 10_000 }).catch(() => undefined);
    await audit('/vr-learning (results)');
    await visit(`/vr/${lessonId}`, undefined, '/vr/{id}');
    await visit(`/vr/youtube/${YOUTUBE_ID}`, undefined, '/vr/youtube/{id}');

    const pages = new Set(findings.map((f) => f.page));
    const summary = new Map<string, number>();
    for (const f of findings) summary.set(`${f.rule} (${f.impact})`, (summary.get(`${f.rule} (${f.impact})`) ?? 0) + f.targets.length);
    console.log(
      `axe: ${audited.length} pages and states audited, ${findings.length} violations on ${pages.size} of them, in ${Math.round((Date.now() - started) / 1000)} s\n` +
        [...summary].map(([rule, nodes]) => `  ${rule}: ${nodes} elements`).join('\n') +
        '\n' +
        findings.map((f) => `  ${f.page}: ${f.rule} [${f.impact}] ${f.help}: ${f.targets.slice(0, 6).join(', ')}`).join('\n'),
    );
    const failing = findings.filter((f) => FAILING.has(f.impact));
    expect(failing.map((f) => `${f.page}: ${f.rule} [${f.impact}] ${f.targets.join(', ')}`)).toEqual([]);
  }, 600_000);
});
