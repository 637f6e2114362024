import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startStack, type RunningStack } from '@veolearn/testing';
import { launchBrowser, newAccount, screenshot, signIn } from './support';

const ADMIN = { email: 'admin.web@example.com', password: 'admin password 123', username: 'admin' };

describe('web app in the browser', () => {
  let stack: RunningStack;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    stack = await startStack({ name: 'web_e2e', admin: ADMIN });
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

  it('renders the landing page with its sections and screenshots it', async () => {
    await page.goto(url('/'));
    await page.getByRole('heading', { level: 1, name: /interactive lesson/i }).waitFor();
    await page.getByRole('link', { name: 'Sign In' }).waitFor();
    await page.getByRole('link', { name: 'Start Free Trial' }).first().waitFor();
    for (const heading of ['Frequently asked questions', /Simple per.seat pricing/, 'Plug into your LMS with LTI 1.3']) {
      await page.getByRole('heading', { name: heading }).waitFor();
    }
    expect(await page.locator('#faq details').count()).toBe(8);
    expect(await page.locator('footer a[href^="mailto:"]').count()).toBeGreaterThan(0);
    await screenshot(page, 'landing-1280', true);

    const mobile = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const mobilePage = await mobile.newPage();
    await mobilePage.goto(url('/'));
    await mobilePage.getByRole('heading', { level: 1 }).waitFor();
    await screenshot(mobilePage, 'landing-390', true);
    await mobile.close();
  });

  it('opens and closes the LTI modal, and its call to action closes it too', async () => {
    await page.goto(url('/'));
    await page.getByRole('button', { name: 'What is LTI? Learn More' }).click();
    const dialog = page.getByRole('dialog', { name: 'What is LTI?' });
    await dialog.waitFor();
    for (const lms of ['Moodle', 'Canvas', 'Blackboard', 'Brightspace', 'Schoology', 'Google Classroom']) {
      await dialog.getByText(lms, { exact: true }).waitFor();
    }
    await screenshot(page, 'lti-modal');
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'What is LTI? Learn More' }).click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Start Free Trial' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.waitForURL(url('/auth/signup'));
  });

  it('signs up to the user dashboard and signs out to the landing page', async () => {
    const account = newAccount();
    await page.goto(url('/auth/signup'));
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await screenshot(page, 'sign-up');
    await page.getByLabel('First name').fill(account.firstName);
    await page.getByLabel(/^Username/).fill(account.username);
    await page.getByLabel(/^Email/).fill(account.email);
    await page.getByLabel(/^Password/).fill(account.password);
    await page.getByLabel(/^Confirm password/).fill(account.password);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Start Free Trial' }).click();

    await page.waitForURL(url('/user-dashboard'));
    await page.getByRole('heading', { name: `Welcome, ${account.firstName}!` }).waitFor();
    await page.getByText('Free Trial', { exact: true }).first().waitFor();
    await page.getByText('This folder is empty').waitFor();
    await screenshot(page, 'dashboard');
    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    expect(token).toBeTruthy();

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(url('/'));
    await page.getByRole('link', { name: 'Sign In' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    // The server ended the session too: the old token no longer opens the user record.
    const after = await fetch(url('/api/auth/user'), { headers: { Authorization: `Bearer ${token}` } });
    expect(after.status).toBe(401);
  });

  it('shows sign-up validation messages without calling the server', async () => {
    await page.goto(url('/auth/signup'));
    await page.getByLabel(/^Password/).fill('short');
    await page.getByRole('button', { name: 'Start Free Trial' }).click();
    await page.getByText('Choose a username.').waitFor();
    await page.getByText('Passwords need at least 8 characters.').waitFor();
    await page.getByText('Please accept the Terms of Service and Privacy Policy.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/signup');
  });

  it('maps a wrong password, then the lockout after five failures', async () => {
    const account = newAccount();
    const res = await fetch(url('/api/auth/signup'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...account, confirmPassword: account.password, lastName: '', acceptTerms: true }),
    });
    expect(res.status).toBe(201);

    await page.goto(url('/auth/signin'));
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await screenshot(page, 'sign-in');
    await signIn(page, stack.baseUrl, account.email, 'wrong password 1');
    await toast('Invalid email or password. Please try again.').waitFor();

    for (let attempt = 2; attempt <= 5; attempt += 1) {
      await page.getByLabel('Password', { exact: true }).fill(`wrong password ${attempt}`);
      // Listen before clicking: on a busy machine the answer can arrive before a later listener.
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/auth/signin'));
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await answered;
    }
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await toast('Account temporarily locked. Please try again later.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/signin');
  });

  it('asks for missing fields before calling the server', async () => {
    await page.goto(url('/auth/signin'));
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await toast('Please fill in all fields').waitFor();
  });

  it('explains that Google sign-in is not set up instead of leaving the page', async () => {
    await page.goto(url('/auth/signin'));
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await toast('Google sign-in is not set up on this server').waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/signin');
  });

  it('sends an admin to /dashboard after sign-in', async () => {
    await signIn(page, stack.baseUrl, ADMIN.email, ADMIN.password);
    await toast('Welcome back to VeoLearn!').waitFor();
    await page.waitForURL(url('/dashboard'));
    await page.getByRole('button', { name: 'Logout' }).waitFor();
  });

  it('shows the not-found page for unknown paths', async () => {
    await page.goto(url('/no/such/page'));
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await page.getByText('Did you forget to add the page to the router?').waitFor();
  });

  it('sends OAuth callback failures back to sign-in with a readable message', async () => {
    await page.goto(url('/auth/callback?error=access_denied'));
    await page.waitForURL(url('/auth/signin?error=oauth_failed'));
    await page.getByRole('alert').filter({ hasText: 'Google sign-in did not complete' }).waitFor();

    await page.goto(url('/auth/callback'));
    await page.waitForURL(url('/auth/signin?error=no_token'));
  });

  it('shows a placeholder that says coming soon for later features', async () => {
    await page.goto(url('/create'));
    await page.getByText('Create an interactive video').waitFor();
    await page.getByText('Coming soon.').waitFor();
  });

  it('sends a visitor with a rejected token from the dashboard to sign-in', async () => {
    await page.goto(url('/'));
    await page.evaluate(() => localStorage.setItem('authToken', 'not-a-real-token'));
    await page.goto(url('/user-dashboard'));
    await page.waitForURL(url('/auth/signin'));
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  });
});
