import type { Browser, BrowserContext, Page } from 'playwright-core';
import { Client } from 'pg';
import { startStack, type RunningStack } from '@veolearn/testing';
import { launchBrowser, newAccount, screenshot, signIn, signUpViaApi } from './support';

const ADMIN = { email: 'admin.dash@example.com', password: 'admin password 123', username: 'admin' };
const VIDEO_URL = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

describe('creator dashboard in the browser', () => {
  let stack: RunningStack;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    stack = await startStack({ name: 'web_dashboard', admin: ADMIN });
    browser = await launchBrowser();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  beforeEach(async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
  });

  afterEach(async () => {
    await context.close();
  });

  const url = (path: string) => `${stack.baseUrl}${path}`;
  const toast = (text: string) => page.getByRole('status').filter({ hasText: text }).first();
  const videoCard = (title: string) => page.getByTestId('video-card').filter({ hasText: title });

  async function sql(text: string, values: unknown[]): Promise<void> {
    const client = new Client({ connectionString: stack.databaseUrl });
    await client.connect();
    try {
      await client.query(text, values);
    } finally {
      await client.end();
    }
  }

  async function signedInAccount() {
    const account = newAccount();
    await signUpViaApi(stack.baseUrl, account);
    await signIn(page, stack.baseUrl, account.email, account.password);
    await page.waitForURL(url('/user-dashboard'));
    await page.getByRole('heading', { name: `Welcome, ${account.firstName}!` }).waitFor();
    return account;
  }

  async function videoMenu(title: string, item: string | RegExp) {
    await page.getByRole('button', { name: `More actions for ${title}` }).click();
    await page.getByRole('menuitem', { name: item }).click();
  }

  it('organises a library: folder with a colour, rename, add, rename inline, move, export, delete', async () => {
    await signedInAccount();
    await page.getByText('This folder is empty').waitFor();
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('Video Projects').waitFor();

    // New folder: the button waits for a non-blank name; the colour is kept.
    await page.getByRole('button', { name: 'New Folder' }).click();
    const create = page.getByRole('button', { name: 'Create Folder' });
    expect(await create.isDisabled()).toBe(true);
    await page.getByLabel('Folder name').fill('   ');
    expect(await create.isDisabled()).toBe(true);
    await page.getByLabel('Folder name').fill('Biology');
    await page.getByRole('radio', { name: 'Green' }).click();
    await create.click();
    await toast('Folder created').waitFor();
    const folder = page.getByTestId('folder-card').filter({ hasText: 'Biology' });
    await folder.waitFor();
    expect(await folder.getAttribute('style')).toContain('rgb(16, 185, 129)');

    // Rename the folder from its menu.
    await page.getByRole('button', { name: 'Folder actions for Biology' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await page.getByLabel('Folder name').fill('Biology 101');
    await page.getByRole('button', { name: 'Save' }).click();
    await toast('Folder updated').waitFor();
    await page.getByTestId('folder-card').filter({ hasText: 'Biology 101' }).waitFor();

    // Add a YouTube video; the trial allows exactly one, the second is refused with an upgrade link.
    await page.getByLabel('YouTube link').fill(VIDEO_URL);
    await page.getByLabel('Title', { exact: true }).fill('Cell structure');
    await page.getByRole('button', { name: 'Add Video' }).click();
    await videoCard('Cell structure').waitFor();
    await videoCard('Cell structure').getByText('0 questions').waitFor();

    await page.getByLabel('YouTube link').fill('https://youtu.be/9bZkp7q19f0');
    await page.getByLabel('Title', { exact: true }).fill('Second video');
    await page.getByRole('button', { name: 'Add Video' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: /Free Trial plan includes 1 interactive video/ });
    await refusal.waitFor();
    expect(await refusal.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/subscribe');

    // Inline rename: Enter saves.
    await videoMenu('Cell structure', 'Rename');
    const titleInput = page.getByLabel('Video title');
    await titleInput.fill('Cells');
    await titleInput.press('Enter');
    await toast('Video updated').waitFor();
    await videoCard('Cells').getByRole('heading', { name: 'Cells', exact: true }).waitFor();

    // Escape cancels.
    await videoMenu('Cells', 'Rename');
    await titleInput.fill('Not saved');
    await titleInput.press('Escape');
    await titleInput.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Cells', exact: true }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Cells', exact: true }).waitFor();
    expect(await page.getByText('Not saved').count()).toBe(0);

    // Screenshots with a folder and a video.
    await page.getByRole('button', { name: 'Add Video' }).waitFor();
    await screenshot(page, 'dashboard-videos-1280', true);
    const mobile = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const mobilePage = await mobile.newPage();
    await mobilePage.goto(url('/'));
    await mobilePage.evaluate((token) => localStorage.setItem('authToken', token ?? ''), await page.evaluate(() => localStorage.getItem('authToken')));
    await mobilePage.goto(url('/user-dashboard'));
    await mobilePage.getByRole('heading', { name: 'Cells', exact: true }).waitFor();
    await screenshot(mobilePage, 'dashboard-videos-390', true);
    await mobilePage.goto(url('/user-dashboard?tab=analytics'));
    await mobilePage.getByText('Question types').waitFor();
    await screenshot(mobilePage, 'dashboard-analytics-390', true);
    await mobile.close();

    // Export is honest: a later release, and a Pro feature on the trial.
    await videoMenu('Cells', 'Export');
    const exportDialog = page.getByRole('dialog', { name: 'Export “Cells”' });
    await exportDialog.getByText('Export is a Pro feature', { exact: false }).waitFor();
    for (const tab of ['SCORM', 'Share URL', 'Embed Code', 'LTI/LMS']) {
      await exportDialog.getByRole('tab', { name: tab }).click();
      await exportDialog.getByText(`${tab}: coming soon`).waitFor();
    }
    await exportDialog.getByRole('button', { name: 'Close' }).first().click();
    await exportDialog.waitFor({ state: 'detached' });

    // Move into the folder, then back Home.
    await videoMenu('Cells', 'Biology 101');
    await toast('Video moved successfully').waitFor();
    await videoCard('Cells').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Open folder Biology 101' }).click();
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('Biology 101').waitFor();
    await videoCard('Cells').waitFor();
    await videoMenu('Cells', 'Home');
    await toast('Video moved successfully').waitFor();
    await page.getByText('This folder is empty').waitFor();
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('button', { name: 'Video Projects' }).click();
    await videoCard('Cells').waitFor();

    // Delete with the confirmation dialog.
    await videoMenu('Cells', 'Delete');
    const confirm = page.getByRole('dialog', { name: 'Are you sure you want to delete this video?' });
    await confirm.getByText(/permanently deleted, together with its questions and all of its data/).waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await videoMenu('Cells', 'Delete');
    await confirm.getByRole('button', { name: 'Delete Video' }).click();
    await toast('Video deleted successfully').waitFor();
    await videoCard('Cells').waitFor({ state: 'detached' });

    // Deleting a folder says its content moves up.
    await page.getByRole('button', { name: 'Folder actions for Biology 101' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const folderDialog = page.getByRole('dialog', { name: /Delete folder/ });
    await folderDialog.getByText('they move to Video Projects', { exact: false }).waitFor();
    await folderDialog.getByRole('button', { name: 'Delete Folder' }).click();
    await page.getByText('This folder is empty').waitFor();
  });

  it('shows the analytics tab with real figures and no invented accuracy', async () => {
    await signedInAccount();
    await page.getByRole('tab', { name: 'Analytics' }).click();
    await page.getByText('Question types').waitFor();
    await page.getByText('No answers yet').waitFor();
    expect(await page.getByText('85%').count()).toBe(0);
    await page.getByText('Single choice').waitFor();
    await page.getByText('Priority ranking').waitFor();
    expect(await page.getByRole('meter').count()).toBe(13);
    await page.getByText('Video Sources').waitFor();
    await page.getByText('Account Overview').waitFor();
    await toast('Welcome back').waitFor({ state: 'hidden' });
    await screenshot(page, 'dashboard-analytics-1280', true);

    await page.getByRole('tab', { name: 'VR Learning' }).click();
    await page.getByText('Chrome or Firefox', { exact: false }).waitFor();
    expect(await page.getByRole('link', { name: 'Browse VR content' }).getAttribute('href')).toBe('/vr-learning');

    await page.getByRole('tab', { name: 'Billing' }).click();
    expect(await page.getByTestId('current-plan').textContent()).toBe('Free Trial');
    expect(await page.getByRole('button', { name: 'Update Payment Method' }).count()).toBe(0);
  });

  it('edits the profile from the Account tab', async () => {
    const account = await signedInAccount();
    await page.getByRole('tab', { name: 'Account' }).click();
    await page.getByText('Not set').first().waitFor();
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByLabel('Username').fill(`${account.username}_x`);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByText('Hopper', { exact: true }).waitFor();
    await page.getByText(`${account.username}_x`, { exact: true }).waitFor();

    // A taken username is refused with the server's message.
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Username').fill('admin');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByRole('dialog').getByRole('alert').waitFor();
  });

  it('warns about the trial ending at 3 days left and leads to /subscribe', async () => {
    const account = await signedInAccount();
    expect(await page.getByRole('button', { name: 'Upgrade Now' }).count()).toBe(0);
    await sql(`UPDATE auth.users SET trial_ends_at = now() + interval '2 days 12 hours' WHERE email = $1`, [account.email]);
    await page.reload();
    await page.getByText('Your free trial ends in 3 days').waitFor();
    await page.getByTestId('trial-days-left').filter({ hasText: '3 days left in trial' }).waitFor();
    await page.getByRole('button', { name: 'Upgrade Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upgrade to Premium' });
    for (const feature of ['Unlimited interactive videos', 'AI-powered video generation', 'VR-compatible content', 'Advanced analytics', 'Priority support']) {
      await dialog.getByText(feature).waitFor();
    }
    await dialog.getByRole('link', { name: 'Subscribe Now' }).click();
    await page.waitForURL(url('/subscribe'));
    await page.getByRole('heading', { name: 'Choose your plan' }).waitFor();
    await page.getByLabel('Free Trial plan').getByText('Current plan', { exact: true }).waitFor();
    await page.getByText('Online payment isn’t available yet.').waitFor();
  });

  it('shows the plans on /subscribe when signed out, with a sign-up call to action', async () => {
    await page.goto(url('/subscribe'));
    await page.getByRole('heading', { name: 'Choose your plan' }).waitFor();
    for (const price of ['$0', '200 AUD', '500 AUD']) await page.getByText(price, { exact: true }).waitFor();
    await page.getByText('50 interactive videos').waitFor();
    await page.getByText('Unlimited interactive videos').waitFor();
    expect(await page.getByText('Current plan').count()).toBe(0);
    expect(await page.locator('a[href^="mailto:support@"]').count()).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Start Free Trial' }).waitFor();
    await screenshot(page, 'subscribe-1280', true);

    const mobile = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const mobilePage = await mobile.newPage();
    await mobilePage.goto(url('/subscribe'));
    await mobilePage.getByRole('heading', { name: 'Choose your plan' }).waitFor();
    await screenshot(mobilePage, 'subscribe-390', true);
    await mobile.close();
  });

  it('shows Site Admin only to the user named admin', async () => {
    await signIn(page, stack.baseUrl, ADMIN.email, ADMIN.password);
    await page.waitForURL(url('/dashboard'));
    const siteAdmin = page.getByRole('link', { name: 'Site Admin' });
    await siteAdmin.waitFor();
    expect(await siteAdmin.getAttribute('href')).toBe('/admin/site');
  });

  it('shows a paid plan with its price and the payment buttons as not available yet', async () => {
    const account = await signedInAccount();
    expect(await page.getByRole('link', { name: 'Site Admin' }).count()).toBe(0);
    await sql(`UPDATE auth.users SET plan = 'pro', subscription_status = 'active' WHERE email = $1`, [account.email]);
    await page.goto(url('/user-dashboard?tab=billing'));
    await page.getByTestId('current-plan').filter({ hasText: 'Pro' }).waitFor();
    await page.getByText('200 AUD', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Update Payment Method' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'View Billing History' }).isDisabled()).toBe(true);
    await page.getByText('Online payments are not available yet', { exact: false }).waitFor();
    await page.getByText('Premium', { exact: true }).first().waitFor();
  });
});
