import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { answer, createProLesson, ready, sco } from './scorm-harness';
import { screenshot, useBrowserSuite, apiJson } from './support';

/**
 * The SCORM test page test-scorm answers: opened in Chromium with no session, it plays the stored
 * package inside the scorm-again runtime (SCORM 1.2 `API`, 2004 `API_1484_11`) from the gateway's
 * signed prefix; the package finds the LMS, and answering a question through the package's own
 * buttons updates the page's panel of what the runtime received.
 */

type Version = '1.2' | '2004';

const WEBM = readFileSync(join(__dirname, '..', 'fixtures', 'lesson.webm'));
const CAPTIONS = 'WEBVTT\n\n00:00.500 --> 00:04.000\nThe clock starts.\n';
const TITLE = 'Sky & <colours>';
const feedback = (topic: string) => ({ correct: `Yes: ${topic}.`, incorrect: `Not quite: ${topic}.`, explanation: `About ${topic}.` });
const QUESTIONS = [
  { type: 'single_choice', question: 'What colour is the sky?', options: ['Green', 'Blue', 'Red'], correctAnswer: 1, timestamp: 2, topicTitle: 'Sky', topicStartTime: 0, feedback: feedback('sky') },
  { type: 'true_false', question: 'Grass is green.', options: ['True', 'False'], correctAnswer: true, timestamp: 8, topicTitle: 'Grass', topicStartTime: 7, feedback: feedback('grass') },
];
const TEST_URL = /^\/api\/exports\/[0-9a-f-]{36}\/t\/\d+\.\d+\.[A-Za-z0-9_-]{43}\/lms$/;

describe('the SCORM test page (test-scorm testUrl) in Chromium', () => {
  const suite = useBrowserSuite({ name: 'web_scorm_test_page', env: { RATE_LIMIT_PER_MINUTE: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '100000' } });
  const { url } = suite;
  let token = '';
  let videoId = 0;
  let ids: number[] = [];

  const api = <T>(method: string, path: string, body?: unknown, auth = true) => apiJson<T>(suite.stack, auth ? token : null, method, path, body);

  beforeAll(async () => {
    ({ token, videoId, ids } = await createProLesson(suite.stack.baseUrl, suite.stack.databaseUrl, { title: TITLE, webm: WEBM, captions: CAPTIONS, questions: QUESTIONS }));
  }, 60_000);

  async function testUrl(version: Version): Promise<string> {
    const res = await api<{ success: boolean; testUrl: string | null; errors: string[] }>('POST', `/api/videos/${videoId}/test-scorm`, { scormVersion: version });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, testUrl: expect.stringMatching(TEST_URL), errors: [] });
    return res.body.testUrl!;
  }

  const panel = (id: string) => suite.page.locator(`#rt-${id}`);

  async function waitForPanel(id: string, text: string | RegExp): Promise<void> {
    await panel(id).filter({ hasText: text }).waitFor({ timeout: 30_000 });
  }

  for (const version of ['1.2', '2004'] as const) {
    it(`SCORM ${version}: plays the package inside the runtime, and answering a question updates the panel`, async () => {
      const { page } = suite;
      const problems: string[] = [];
      const requests: string[] = [];
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console: ${message.text()}`);
      });
      page.on('request', (request) => requests.push(request.url()));
      const link = await testUrl(version);

      const response = await page.goto(url(link));
      expect(response?.status()).toBe(200);
      await page.getByRole('heading', { name: TITLE }).waitFor();
      await expect(panel('version').textContent()).resolves.toBe(version === '1.2' ? 'SCORM 1.2' : 'SCORM 2004');
      const frame = await sco(page);
      await ready(frame);
      await frame.getByTestId('lesson-title').filter({ hasText: TITLE }).waitFor();
      // The package found the page's API: no "progress is not being saved" notice, and it initialized.
      expect(await frame.getByTestId('no-lms-notice').count()).toBe(0);
      await waitForPanel('initialized', 'yes');
      expect(await page.evaluate((v) => (v === '1.2' ? typeof (window as unknown as { API?: unknown }).API : typeof (window as unknown as { API_1484_11?: unknown }).API_1484_11), version)).toBe('object');
      await expect(panel('interactions').textContent()).resolves.toBe('0');

      await frame.getByRole('button', { name: 'Play', exact: true }).click();
      await answer(frame, 'What colour is the sky?', ['Blue']);
      await frame.getByTestId('player-notice').filter({ hasText: 'Yes: sky.' }).waitFor();

      await waitForPanel('interactions', /^1$/);
      expect(Number(await panel('commits').textContent())).toBeGreaterThanOrEqual(1);
      const choice = version === '1.2' ? 'choice, correct (1)' : 'choice, correct';
      await page.locator('#rt-interaction-list li').filter({ hasText: `q${ids[0]}: ${choice}` }).waitFor();
      await waitForPanel('status', version === '1.2' ? 'incomplete' : /incomplete/);
      // 1.2 reports a percentage; 2004 points (10 per question) and the scaled score.
      await waitForPanel('score', version === '1.2' ? /^50 \/ 100$/ : /^10 \/ 20, scaled 0\.5$/);
      await screenshot(page, `scorm-test-page-${version.replace('.', '')}`);

      // Everything came from the gateway's signed prefix of this package; nothing failed or was blocked.
      const prefix = url(link.replace(/lms$/, ''));
      expect(requests.filter((u) => !u.startsWith(prefix))).toEqual([]);
      expect(problems).toEqual([]);
    });
  }

  it("the share page's Test SCORM button opens the test page in a new tab, where the package plays", async () => {
    const { page } = suite;
    await page.goto(url('/favicon.ico'));
    await page.evaluate((t) => localStorage.setItem('authToken', t), token);
    await page.goto(url(`/video/${videoId}`));
    await page.getByRole('heading', { name: 'Share Interactive Video' }).waitFor();
    const popup = page.context().waitForEvent('page', { timeout: 60_000 });
    await page.getByRole('button', { name: 'Test SCORM 1.2' }).click();
    const tab = await popup;
    // The new tab takes the foreground; the toast is on the share page, seen on coming back to it.
    await page.bringToFront();
    await suite.toast('SCORM Test Successful').waitFor({ timeout: 60_000 });
    await tab.bringToFront();
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toMatch(TEST_URL);
    await tab.locator('#rt-version').filter({ hasText: 'SCORM 1.2' }).waitFor();
    const frame = await sco(tab);
    await ready(frame);
    expect(await frame.getByTestId('no-lms-notice').count()).toBe(0);
    await tab.locator('#rt-initialized').filter({ hasText: 'yes' }).waitFor({ timeout: 30_000 });
  });

  it('answers 404 to the page and the package under a tampered link', async () => {
    const link = await testUrl('1.2');
    const tampered = link.replace(/\.([A-Za-z0-9_-])([A-Za-z0-9_-]{42})\/lms$/, (_m, first: string, rest: string) => `.${first === 'A' ? 'B' : 'A'}${rest}/lms`);
    expect(tampered).not.toBe(link);
    expect((await fetch(url(tampered))).status).toBe(404);
    expect((await fetch(url(tampered.replace(/lms$/, 'files/index.html')))).status).toBe(404);
    expect((await fetch(url(link.replace(/lms$/, 'files/index.html')))).status).toBe(200);
  });
});
