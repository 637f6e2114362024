import { Client } from 'pg';
import { newAccount, screenshot, signIn, signUpViaApi, useBrowserSuite, stackSql } from './support';

const ADMIN = { email: 'admin.dash@example.com', password: 'admin password 123', username: 'admin' };
const VIDEO_URL = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

describe('creator dashboard in the browser', () => {
  const suite = useBrowserSuite({ name: 'web_dashboard', admin: ADMIN });
  const { url, toast } = suite;
  const videoCard = (title: string) => suite.page.getByTestId('video-card').filter({ hasText: title });

  const sql = (text: string, values: unknown[]) => stackSql(suite.stack, text, values);

  async function signedInAccount() {
    const account = newAccount();
    await signUpViaApi(suite.stack.baseUrl, account);
    await signIn(suite.page, suite.stack.baseUrl, account.email, account.password);
    await suite.page.waitForURL(url('/user-dashboard'));
    await suite.page.getByRole('heading', { name: `Welcome, ${account.firstName}!` }).waitFor();
    return account;
  }

  async function videoMenu(title: string, item: string | RegExp) {
    await suite.page.getByRole('button', { name: `More actions for ${title}` }).click();
    await suite.page.getByRole('menuitem', { name: item }).click();
  }

  it('organises a library: folder with a colour, rename, add, rename inline, move, export, delete', async () => {
    await signedInAccount();
    await suite.page.getByText('This folder is empty').waitFor();
    await suite.page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('Video Projects').waitFor();

    // New folder: the button waits for a non-blank name; the colour is kept.
    await suite.page.getByRole('button', { name: 'New Folder' }).click();
    const create = suite.page.getByRole('button', { name: 'Create Folder' });
    expect(await create.isDisabled()).toBe(true);
    await suite.page.getByLabel('Folder name').fill('   ');
    expect(await create.isDisabled()).toBe(true);
    await suite.page.getByLabel('Folder name').fill('Biology');
    await suite.page.getByRole('radio', { name: 'Green' }).click();
    await create.click();
    await toast('Folder created').waitFor();
    const folder = suite.page.getByTestId('folder-card').filter({ hasText: 'Biology' });
    await folder.waitFor();
    expect(await folder.getAttribute('style')).toContain('rgb(16, 185, 129)');

    // Rename the folder from its menu.
    await suite.page.getByRole('button', { name: 'Folder actions for Biology' }).click();
    await suite.page.getByRole('menuitem', { name: 'Rename' }).click();
    await suite.page.getByLabel('Folder name').fill('Biology 101');
    await suite.page.getByRole('button', { name: 'Save' }).click();
    await toast('Folder updated').waitFor();
    await suite.page.getByTestId('folder-card').filter({ hasText: 'Biology 101' }).waitFor();

    // Add a YouTube video; the trial allows exactly one, the second is refused with an upgrade link.
    await suite.page.getByLabel('YouTube link').fill(VIDEO_URL);
    await suite.page.getByLabel('Title', { exact: true }).fill('Cell structure');
    await suite.page.getByRole('button', { name: 'Add Video' }).click();
    await videoCard('Cell structure').waitFor();
    await videoCard('Cell structure').getByText('0 questions').waitFor();

    await suite.page.getByLabel('YouTube link').fill('https://youtu.be/9bZkp7q19f0');
    await suite.page.getByLabel('Title', { exact: true }).fill('Second video');
    await suite.page.getByRole('button', { name: 'Add Video' }).click();
    const refusal = suite.page.getByRole('alert').filter({ hasText: /Free Trial plan includes 1 interactive video/ });
    await refusal.waitFor();
    expect(await refusal.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/subscribe');

    // Inline rename: Enter saves.
    await videoMenu('Cell structure', 'Rename');
    const titleInput = suite.page.getByLabel('Video title');
    await titleInput.fill('Cells');
    await titleInput.press('Enter');
    await toast('Video updated').waitFor();
    await videoCard('Cells').getByRole('heading', { name: 'Cells', exact: true }).waitFor();

    // Escape cancels.
    await videoMenu('Cells', 'Rename');
    await titleInput.fill('Not saved');
    await titleInput.press('Escape');
    await titleInput.waitFor({ state: 'detached' });
    await suite.page.getByRole('heading', { name: 'Cells', exact: true }).waitFor();
    await suite.page.reload();
    await suite.page.getByRole('heading', { name: 'Cells', exact: true }).waitFor();
    expect(await suite.page.getByText('Not saved').count()).toBe(0);

    // Screenshots with a folder and a video.
    await suite.page.getByRole('button', { name: 'Add Video' }).waitFor();
    await screenshot(suite.page, 'dashboard-videos-1280', true);
    const mobile = await suite.browser.newContext({ viewport: { width: 390, height: 844 } });
    const mobilePage = await mobile.newPage();
    await mobilePage.goto(url('/'));
    await mobilePage.evaluate((token) => localStorage.setItem('authToken', token ?? ''), await suite.page.evaluate(() => localStorage.getItem('authToken')));
    await mobilePage.goto(url('/user-dashboard'));
    await mobilePage.getByRole('heading', { name: 'Cells', exact: true }).waitFor();
    await screenshot(mobilePage, 'dashboard-videos-390', true);
    await mobilePage.goto(url('/user-dashboard?tab=analytics'));
    await mobilePage.getByText('Question types').waitFor();
    await screenshot(mobilePage, 'dashboard-analytics-390', true);
    await mobile.close();

    // Export on a trial: share link and embed work, SCORM and LMS say which plan has them.
    await videoMenu('Cells', 'Export');
    const exportDialog = suite.page.getByRole('dialog', { name: 'Export “Cells”' });
    await exportDialog.getByText('Share link and embed work on every plan', { exact: false }).waitFor();
    await exportDialog.getByRole('tab', { name: 'Share URL' }).click();
    await exportDialog.getByRole('textbox', { name: 'Share URL' }).waitFor();
    await exportDialog.getByRole('tab', { name: 'LTI/LMS' }).click();
    await exportDialog.getByRole('link', { name: 'Upgrade' }).waitFor();
    await exportDialog.getByRole('button', { name: 'Close' }).first().click();
    await exportDialog.waitFor({ state: 'detached' });

    // Move into the folder, then back Home.
    await videoMenu('Cells', 'Biology 101');
    await toast('Video moved successfully').waitFor();
    await videoCard('Cells').waitFor({ state: 'detached' });
    await suite.page.getByRole('button', { name: 'Open folder Biology 101' }).click();
    await suite.page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('Biology 101').waitFor();
    await videoCard('Cells').waitFor();
    await videoMenu('Cells', 'Home');
    await toast('Video moved successfully').waitFor();
    await suite.page.getByText('This folder is empty').waitFor();
    await suite.page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('button', { name: 'Video Projects' }).click();
    await videoCard('Cells').waitFor();

    // Delete with the confirmation dialog.
    await videoMenu('Cells', 'Delete');
    const confirm = suite.page.getByRole('dialog', { name: 'Are you sure you want to delete this video?' });
    await confirm.getByText(/permanently deleted, together with its questions and all of its data/).waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await videoMenu('Cells', 'Delete');
    await confirm.getByRole('button', { name: 'Delete Video' }).click();
    await toast('Video deleted successfully').waitFor();
    await videoCard('Cells').waitFor({ state: 'detached' });

    // Deleting a folder says its content moves up.
    await suite.page.getByRole('button', { name: 'Folder actions for Biology 101' }).click();
    await suite.page.getByRole('menuitem', { name: 'Delete' }).click();
    const folderDialog = suite.page.getByRole('dialog', { name: /Delete folder/ });
    await folderDialog.getByText('they move to Video Projects', { exact: false }).waitFor();
    await folderDialog.getByRole('button', { name: 'Delete Folder' }).click();
    await suite.page.getByText('This folder is empty').waitFor();
  });

  it('shows the analytics tab with real figures and no invented accuracy', async () => {
    await signedInAccount();
    await suite.page.getByRole('tab', { name: 'Analytics' }).click();
    await suite.page.getByText('Question types').waitFor();
    await suite.page.getByText('No answers yet').waitFor();
    expect(await suite.page.getByText('85%').count()).toBe(0);
    await suite.page.getByText('Single choice').waitFor();
    await suite.page.getByText('Priority ranking').waitFor();
    expect(await suite.page.getByRole('tabpanel').getByRole('meter').count()).toBe(13);
    await suite.page.getByText('Video Sources').waitFor();
    await suite.page.getByText('Account Overview').waitFor();
    await toast('Welcome back').waitFor({ state: 'hidden' });
    await screenshot(suite.page, 'dashboard-analytics-1280', true);

    await suite.page.getByRole('tab', { name: 'VR Learning' }).click();
    await suite.page.getByText('Chrome or Firefox', { exact: false }).waitFor();
    expect(await suite.page.getByRole('link', { name: 'Browse VR content' }).getAttribute('href')).toBe('/vr-learning');

    await suite.page.getByRole('tab', { name: 'Billing' }).click();
    expect(await suite.page.getByTestId('current-plan').textContent()).toBe('Free Trial');
    expect(await suite.page.getByRole('button', { name: 'Update Payment Method' }).count()).toBe(0);
  });

  it('states watch time under a minute in seconds and counts partial credit by its fraction on the Analytics tab', async () => {
    const account = await signedInAccount();
    // A learner watched 54 s and answered three questions: 2 of 3 matches, half the options, nothing right.
    await sql(
      `WITH u AS (SELECT id FROM auth.users WHERE email = $1),
            v AS (INSERT INTO library.videos (owner_id, title, type, url, youtube_id, status)
                  SELECT id, 'Cells', 'youtube', $2, 'dQw4w9WgXcQ', 'ready' FROM u RETURNING id),
            q AS (INSERT INTO library.interactions (video_id, type, question, options, correct_answer, timestamp, topic_title, feedback)
                  SELECT v.id, t, 'Which?', '["a","b"]', '"a"', 10 * g, 'Cells', '{"correct":"Yes","incorrect":"No"}'
                  FROM v, unnest(ARRAY['matching','multiple_choice','ordering']) WITH ORDINALITY AS x(t, g) RETURNING id, timestamp),
            a AS (INSERT INTO library.attempts (id, video_id, learner_id, status, completed_at, watch_time_seconds)
                  SELECT gen_random_uuid(), v.id, 'anon:web-analytics', 'completed', now(), 54 FROM v RETURNING id)
       INSERT INTO library.answers (attempt_id, interaction_id, response, correct, status, credit)
       SELECT a.id, q.id, '[0]', false, 'incorrect', CASE q.timestamp WHEN 10 THEN 0.6667 WHEN 20 THEN 0.5 ELSE 0 END FROM a, q`,
      [account.email, VIDEO_URL],
    );
    await suite.page.goto(url('/user-dashboard?tab=analytics'));
    const figures = suite.page.getByRole('region', { name: 'Analytics figures' });
    await figures.getByText('54 s watched').waitFor();
    await figures.getByText('38.9%').waitFor();
    await figures.getByText('0 of 3 answers correct, 2 partly correct').waitFor();
    expect(await figures.getByText('0%', { exact: true }).count()).toBe(0);
    await suite.page.getByRole('region', { name: 'Summary' }).getByText('54 s', { exact: true }).waitFor();
    await toast('Welcome back').waitFor({ state: 'hidden' });
    await screenshot(suite.page, 'dashboard-analytics-partial-1280', true);
  });

  it('shows the trial counter at 1280 and 390 px, and "Generate questions" makes the lesson from the video already added (no 402)', async () => {
    const account = await signedInAccount();
    const counter = suite.page.getByTestId('plan-usage-label');
    expect(await counter.textContent()).toBe('0 of 1 lessons used');
    await suite.page.getByLabel('YouTube link').fill(VIDEO_URL);
    await suite.page.getByLabel('Title', { exact: true }).fill('Cell structure');
    await suite.page.getByRole('button', { name: 'Add Video' }).click();
    await videoCard('Cell structure').waitFor();
    await suite.page.getByTestId('plan-usage').getByText('1 of 1 lessons used').waitFor();
    expect(await suite.page.getByTestId('plan-usage').getByRole('link', { name: 'Upgrade for more lessons' }).getAttribute('href')).toBe('/subscribe');
    await toast('Welcome back').waitFor({ state: 'hidden' });
    await screenshot(suite.page, 'dashboard-plan-usage-1280');

    const mobile = await suite.browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const mobilePage = await mobile.newPage();
      await mobilePage.goto(url('/terms'));
      await mobilePage.evaluate((token) => localStorage.setItem('authToken', token ?? ''), await suite.page.evaluate(() => localStorage.getItem('authToken')));
      await mobilePage.goto(url('/user-dashboard'));
      await mobilePage.getByTestId('plan-usage').getByText('1 of 1 lessons used').waitFor();
      expect(await mobilePage.getByTestId('plan-usage').isVisible()).toBe(true);
      expect(await mobilePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await mobilePage.getByRole('heading', { name: 'Cell structure' }).waitFor();
      await screenshot(mobilePage, 'dashboard-plan-usage-390');
    } finally {
      await mobile.close();
    }

    // The card's menu and its button offer "Generate questions" for a video without questions.
    await suite.page.getByRole('button', { name: 'More actions for Cell structure' }).click();
    await suite.page.getByRole('menuitem', { name: 'Generate questions' }).waitFor();
    await suite.page.keyboard.press('Escape');
    await videoCard('Cell structure').getByRole('link', { name: 'Generate questions for Cell structure' }).click();
    await suite.page.waitForURL(/\/create\?for=\d+$/);
    const videoId = Number(new URL(suite.page.url()).searchParams.get('for'));
    await suite.page.getByTestId('generating-for-library').getByText('Cell structure').waitFor();
    expect(await suite.page.getByTestId('plan-limit-notice').count()).toBe(0);
    // The video step is skipped: the wizard opens on the transcript.
    expect(await suite.page.getByRole('tab', { name: 'Transcript', exact: true }).getAttribute('aria-selected')).toBe('true');
    await suite.page.getByLabel('Transcript', { exact: true }).fill(
      'Cells are the basic units of life. Every cell has a membrane that controls what goes in and out. ' +
        'The nucleus holds the genetic material. Mitochondria release energy from food. Plant cells also have a cell wall and chloroplasts.',
    );
    await suite.page.getByRole('button', { name: 'Continue to Settings' }).click();
    expect(await suite.page.getByLabel('Lesson title').inputValue()).toBe('Cell structure');
    const started = suite.page.waitForResponse((res) => res.url().endsWith('/api/youtube/transcript-paste'));
    await suite.page.getByRole('button', { name: 'Generate Interactive Video' }).click();
    const response = await started;
    expect(response.status()).toBe(202);
    expect(JSON.parse(response.request().postData() ?? '{}')).toMatchObject({ videoId });
    await suite.page.waitForURL(url(`/edit-questions/${videoId}`), { timeout: 60_000 });
    const client = new Client({ connectionString: suite.stack.databaseUrl });
    await client.connect();
    try {
      const rows = await client.query('SELECT count(*)::int AS n FROM library.videos v JOIN auth.users u ON u.id = v.owner_id WHERE u.email = $1', [account.email]);
      expect(rows.rows[0].n).toBe(1);
    } finally {
      await client.end();
    }
  });

  it('edits the profile from the Account tab', async () => {
    const account = await signedInAccount();
    await suite.page.getByRole('tab', { name: 'Account' }).click();
    await suite.page.getByText('Not set').first().waitFor();
    await suite.page.getByRole('button', { name: 'Edit Profile' }).click();
    await suite.page.getByLabel('Last name').fill('Hopper');
    await suite.page.getByLabel('Username').fill(`${account.username}_x`);
    await suite.page.getByRole('button', { name: 'Save Changes' }).click();
    await suite.page.getByRole('dialog').waitFor({ state: 'detached' });
    await suite.page.getByText('Hopper', { exact: true }).waitFor();
    await suite.page.getByText(`${account.username}_x`, { exact: true }).waitFor();

    // A taken username is refused with the server's message.
    await suite.page.getByRole('button', { name: 'Edit Profile' }).click();
    await suite.page.getByLabel('Username').fill('admin');
    await suite.page.getByRole('button', { name: 'Save Changes' }).click();
    await suite.page.getByRole('dialog').getByRole('alert').waitFor();
  });

  it('warns about the trial ending at 3 days left and leads to /subscribe', async () => {
    const account = await signedInAccount();
    expect(await suite.page.getByRole('button', { name: 'Upgrade Now' }).count()).toBe(0);
    await sql(`UPDATE auth.users SET trial_ends_at = now() + interval '2 days 12 hours' WHERE email = $1`, [account.email]);
    await suite.page.reload();
    await suite.page.getByText('Your free trial ends in 3 days').waitFor();
    await suite.page.getByTestId('trial-days-left').filter({ hasText: '3 days left in trial' }).waitFor();
    await suite.page.getByRole('button', { name: 'Upgrade Now' }).click();
    const dialog = suite.page.getByRole('dialog', { name: 'Upgrade to Premium' });
    for (const feature of ['Unlimited interactive videos', 'AI-powered video generation', 'VR-compatible content', 'Advanced analytics', 'Priority support']) {
      await dialog.getByText(feature).waitFor();
    }
    await dialog.getByRole('link', { name: 'Subscribe Now' }).click();
    await suite.page.waitForURL(url('/subscribe'));
    await suite.page.getByRole('heading', { name: 'Choose your plan' }).waitFor();
    await suite.page.getByLabel('Free Trial plan').getByText('Current plan', { exact: true }).waitFor();
    await suite.page.getByText('Online payment isn’t available yet.').waitFor();
  });

  it('shows the plans on /subscribe when signed out, with a sign-up call to action', async () => {
    await suite.page.goto(url('/subscribe'));
    await suite.page.getByRole('heading', { name: 'Choose your plan' }).waitFor();
    for (const price of ['$0', '200 AUD', '500 AUD']) await suite.page.getByText(price, { exact: true }).waitFor();
    await suite.page.getByText('50 interactive videos').waitFor();
    await suite.page.getByText('Unlimited interactive videos').waitFor();
    expect(await suite.page.getByText('Current plan').count()).toBe(0);
    expect(await suite.page.locator('a[href^="mailto:support@"]').count()).toBeGreaterThan(0);
    await suite.page.getByRole('link', { name: 'Start Free Trial' }).waitFor();
    await screenshot(suite.page, 'subscribe-1280', true);

    const mobile = await suite.browser.newContext({ viewport: { width: 390, height: 844 } });
    const mobilePage = await mobile.newPage();
    await mobilePage.goto(url('/subscribe'));
    await mobilePage.getByRole('heading', { name: 'Choose your plan' }).waitFor();
    await screenshot(mobilePage, 'subscribe-390', true);
    await mobile.close();
  });

  it('shows Site Admin only to the user named admin', async () => {
    await signIn(suite.page, suite.stack.baseUrl, ADMIN.email, ADMIN.password);
    await suite.page.waitForURL(url('/dashboard'));
    const siteAdmin = suite.page.getByRole('link', { name: 'Site Admin' });
    await siteAdmin.waitFor();
    expect(await siteAdmin.getAttribute('href')).toBe('/admin/site');
  });

  it('lets an admin open the job queue dashboard from the Account tab; a teacher does not see it (issue 15)', async () => {
    const page = suite.page;
    const refused: string[] = [];
    page.on('console', (message) => {
      // Only scripts matter: the dashboard's web-font stylesheet is refused by the CSP, and is not needed.
      if (message.type() === 'error' && /Content Security Policy/.test(message.text()) && /script/i.test(message.text())) refused.push(message.text());
    });
    await signIn(page, suite.stack.baseUrl, ADMIN.email, ADMIN.password);
    await page.waitForURL(url('/dashboard'));
    await page.goto(url('/user-dashboard'));
    await page.getByRole('tab', { name: 'Account' }).click();
    await page.getByRole('heading', { name: 'Admin tools' }).waitFor();
    await page.getByRole('button', { name: 'Open queue dashboard' }).click();
    await page.waitForURL(/\/admin\/queues\/?$/);
    // bull-board's own page, with the product's three queues read from Redis.
    for (const queue of ['generation', 'export', 'lti-grades']) await page.getByText(queue, { exact: true }).first().waitFor();
    await screenshot(page, 'admin-queues-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByText('generation', { exact: true }).first().waitFor();
    await screenshot(page, 'admin-queues-390');
    expect(refused).toEqual([]);

    // Signed out of the dashboard's cookie, the page says how to get in.
    await page.context().clearCookies();
    await page.goto(url('/admin/queues'));
    await page.getByText('Open the queue dashboard from the admin area while signed in as an admin.').waitFor();

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.evaluate(() => localStorage.clear());
    await signedInAccount();
    await page.getByRole('tab', { name: 'Account' }).click();
    await page.getByRole('button', { name: 'Edit Profile' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Admin tools' }).count()).toBe(0);
  });

  it('shows a paid plan with its price and the payment buttons as not available yet', async () => {
    const account = await signedInAccount();
    expect(await suite.page.getByRole('link', { name: 'Site Admin' }).count()).toBe(0);
    await sql(`UPDATE auth.users SET plan = 'pro', subscription_status = 'active' WHERE email = $1`, [account.email]);
    await suite.page.goto(url('/user-dashboard?tab=billing'));
    await suite.page.getByTestId('current-plan').filter({ hasText: 'Pro' }).waitFor();
    await suite.page.getByText('200 AUD', { exact: true }).waitFor();
    expect(await suite.page.getByRole('button', { name: 'Update Payment Method' }).isDisabled()).toBe(true);
    expect(await suite.page.getByRole('button', { name: 'View Billing History' }).isDisabled()).toBe(true);
    await suite.page.getByText('Online payments are not available yet', { exact: false }).waitFor();
    await suite.page.getByText('Premium', { exact: true }).first().waitFor();
  });
});
