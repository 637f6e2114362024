import { readFileSync } from 'node:fs';
import { Client } from 'pg';
import type { Page } from 'playwright-core';
import { newAccount, screenshot, signUpViaApi, useBrowserSuite } from './support';

const QUESTIONS = [
  {
    type: 'single_choice',
    question: 'Which planet is the largest?',
    options: ['Mars', 'Jupiter', 'Venus'],
    correctAnswer: 1,
    timestamp: 10,
    topicTitle: 'Planets',
    topicStartTime: 0,
    feedback: { correct: 'Yes.', incorrect: 'Not quite.' },
  },
  {
    type: 'true_false',
    question: 'Pluto is a planet.',
    options: ['True', 'False'],
    correctAnswer: false,
    timestamp: 20,
    topicTitle: 'Planets',
    topicStartTime: 0,
    feedback: { correct: 'Right.', incorrect: 'It is a dwarf planet.' },
  },
];

/** Issue 14: the teacher's results page after two learners took the lesson. */
describe('lesson results in the browser', () => {
  const suite = useBrowserSuite({ name: 'web_results', env: { RATE_LIMIT_PER_MINUTE: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '100000' } });
  const { url } = suite;
  let token = '';
  let videoId = 0;

  async function api<T>(method: string, path: string, body?: unknown, auth: string | null = token): Promise<T> {
    const headers: Record<string, string> = {};
    if (auth) headers['Authorization'] = `Bearer ${auth}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(url(path), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  async function signedIn(page: Page, auth = token): Promise<void> {
    await page.goto(url('/favicon.ico'));
    await page.evaluate((t) => localStorage.setItem('authToken', t), auth);
  }

  /** A learner takes the lesson through the attempts API (the player's own calls), graded by the server. */
  async function learner(responses: unknown[], options: { displayName?: string; complete: boolean }): Promise<void> {
    const learnerId = crypto.randomUUID();
    const attempt = await api<{ id: string }>('POST', `/api/play/${videoId}/attempts`, { learnerId, displayName: options.displayName }, null);
    const questions = await api<{ questions: Array<{ id: number }> }>('GET', `/api/play/${videoId}`, undefined, null);
    for (const [i, response] of responses.entries()) {
      await api('POST', `/api/attempts/${attempt.id}/answers`, { learnerId, interactionId: questions.questions[i].id, response }, null);
    }
    if (options.complete) await api('POST', `/api/attempts/${attempt.id}/complete`, { learnerId }, null);
  }

  beforeAll(async () => {
    const owner = newAccount();
    await signUpViaApi(suite.stack.baseUrl, owner);
    // Room for a second lesson; the session is made afterwards so that it carries the new limit.
    const client = new Client({ connectionString: suite.stack.databaseUrl });
    await client.connect();
    await client.query('UPDATE auth.users SET has_unlimited_access = true WHERE email = $1', [owner.email]);
    await client.end();
    token = (await api<{ token: string }>('POST', '/api/auth/signin', { username: owner.email, password: owner.password }, null)).token;
    const video = await api<{ id: number }>('POST', '/api/videos', { youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ', title: 'Planets of the Solar System' });
    videoId = video.id;
    for (const q of QUESTIONS) await api('POST', `/api/videos/${videoId}/interactions`, q);
    await api('PUT', `/api/videos/${videoId}/sharing`, { published: true });
    await learner([1, false], { displayName: 'Ada Lovelace', complete: true });
    await learner([0, true], { complete: false });
  });

  it('shows the owner who answered what, with a chart and a CSV download, at 1280 and 390 px', async () => {
    const { page } = suite;
    await signedIn(page);
    // From the dashboard's lesson menu.
    await page.goto(url('/user-dashboard'));
    await page.getByRole('button', { name: 'More actions for Planets of the Solar System' }).click();
    await page.getByRole('menuitem', { name: 'Results' }).click();
    await page.waitForURL(url(`/lesson-results/${videoId}`));
    await page.getByRole('heading', { name: 'Lesson results', level: 1 }).waitFor();
    expect(await page.getByTestId('results-title').textContent()).toBe('Planets of the Solar System');
    expect(await page.getByTestId('stat-attempts').textContent()).toBe('2');
    expect(await page.getByTestId('stat-completed').textContent()).toBe('1');
    expect(await page.getByTestId('stat-average').textContent()).toBe('100%');
    const questions = page.getByTestId('question-result');
    expect(await questions.count()).toBe(2);
    expect(await questions.nth(0).getByTestId('first-try-share').textContent()).toBe('50% (1 of 2)');
    expect(await questions.nth(0).getByTestId('most-chosen-wrong').textContent()).toBe('Mars (1)');
    expect(await questions.nth(1).getByTestId('most-chosen-wrong').textContent()).toBe('True (1)');
    const rows = page.getByTestId('attempt-row');
    expect(await rows.count()).toBe(2);
    const ada = rows.filter({ hasText: 'Ada Lovelace' });
    expect(await ada.getByText('100%').count()).toBe(1);
    expect(await ada.getByText('Completed').count()).toBe(1);
    const anonymous = rows.filter({ hasText: /Anonymous [0-9a-f]{8}/ });
    expect(await anonymous.getByText('In progress').count()).toBe(1);
    // What each learner answered.
    await ada.locator('summary').click();
    expect((await ada.getByTestId('attempt-answers').innerText()).replace(/\s+/g, ' ')).toBe('Q1 Correct: Jupiter Q2 Correct: False');
    await anonymous.locator('summary').click();
    expect((await anonymous.getByTestId('attempt-answers').innerText()).replace(/\s+/g, ' ')).toBe('Q1 Incorrect: Mars Q2 Incorrect: True');
    await page.getByTestId('score-chart').waitFor();
    await screenshot(page, 'lesson-results-1280', true);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const file = await download;
    const today = new Date().toISOString().slice(0, 10);
    expect(file.suggestedFilename()).toBe(`veolearn-planets-of-the-solar-system-results-${today}.csv`);
    const csv = readFileSync(await file.path(), 'utf8');
    expect(csv.startsWith('\uFEFFLearner,')).toBe(true);
    expect(csv).toContain('Ada Lovelace,Ada Lovelace,');
    expect(csv.trim().split('\r\n')).toHaveLength(3);

    const phone = await suite.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const mobile = await phone.newPage();
    await signedIn(mobile);
    await mobile.goto(url(`/lesson-results/${videoId}`));
    await mobile.getByTestId('attempts-table').waitFor();
    // Nothing wider than the phone: the table keeps to its card.
    expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Every column shown on a phone fits the card without scrolling sideways.
    expect(await mobile.getByTestId('attempts-scroll').evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
    await screenshot(mobile, 'lesson-results-390', true);
    await phone.close();
  });

  it('opens from the question editor, and says when nobody has taken a lesson yet', async () => {
    const { page } = suite;
    await signedIn(page);
    const empty = await api<{ id: number }>('POST', '/api/videos', { youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ', title: 'Not taken yet' });
    await api('POST', `/api/videos/${empty.id}/interactions`, QUESTIONS[0]);
    await page.goto(url(`/edit-questions/${empty.id}`));
    await page.getByRole('link', { name: 'Results' }).click();
    await page.waitForURL(url(`/lesson-results/${empty.id}`));
    await page.getByRole('heading', { name: 'No one has taken this lesson yet' }).waitFor();
    expect(await page.getByRole('button', { name: 'Download CSV' }).isDisabled()).toBe(true);
    await page.getByRole('link', { name: 'Open the share page' }).waitFor();
    expect(await page.getByTestId('results-empty').textContent()).toContain('The lesson is private');
    // Once shared, the hint is the link to send.
    await api('PUT', `/api/videos/${empty.id}/sharing`, { published: true });
    await page.reload();
    expect(await page.getByTestId('results-share-link').textContent()).toBe(url(`/player/${empty.id}`));
    await screenshot(page, 'lesson-results-empty-1280');
  });

  it('says not found to another signed-in user, and sends a signed-out visitor to sign-in', async () => {
    const { page } = suite;
    await page.goto(url(`/lesson-results/${videoId}`));
    await page.waitForURL(url('/auth/signin'));
    const stranger = await signUpViaApi(suite.stack.baseUrl, newAccount());
    await signedIn(page, stranger);
    await page.goto(url(`/lesson-results/${videoId}`));
    await page.getByRole('heading', { name: 'Video Not Found' }).waitFor();
    expect(await page.getByText('Ada Lovelace').count()).toBe(0);
  });

  it("lets a learner give their name in the player, remembered, and the teacher's results show it", async () => {
    const phone = await suite.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const learnerPage = await phone.newPage();
    await learnerPage.goto(url(`/player/${videoId}`));
    await learnerPage.getByText('questions completed').waitFor();
    await screenshot(learnerPage, 'player-display-name-form-390');
    await learnerPage.getByLabel('Your name for your teacher (optional)').fill('  Sam   Lee ');
    await learnerPage.getByRole('button', { name: 'Save' }).click();
    await learnerPage.getByText('Your teacher sees you as Sam Lee.').waitFor();
    await screenshot(learnerPage, 'player-display-name-390');
    // The attempt under way carries the name (the player resumed it with the name).
    const named = async () =>
      (await api<{ attempts: { items: Array<{ learner: string; displayName: string | null; status: string }> } }>('GET', `/api/videos/${videoId}/results`)).attempts.items.find(
        (a) => a.displayName === 'Sam Lee',
      );
    for (let i = 0; i < 50 && !(await named()); i++) await learnerPage.waitForTimeout(100);
    expect(await named()).toMatchObject({ learner: 'Sam Lee', status: 'in_progress' });
    // Remembered in this browser.
    await learnerPage.reload();
    await learnerPage.getByText('Your teacher sees you as Sam Lee.').waitFor();
    await phone.close();
  });
});
