import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { newAccount, screenshot, signIn, useBrowserSuite } from './support';

/** One GET with the given Accept-Encoding, the body as sent (not decompressed). */
function rawGet(target: string, encoding: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(target, { headers: { 'accept-encoding': encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const ADMIN = { email: 'admin.web@example.com', password: 'admin password 123', username: 'admin' };

describe('web app in the browser', () => {
  const suite = useBrowserSuite({ name: 'web_e2e', admin: ADMIN });
  const { url, toast } = suite;

  it('renders the landing page with its sections and screenshots it', async () => {
    await suite.page.goto(url('/'));
    await suite.page.getByRole('heading', { level: 1, name: /interactive lesson/i }).waitFor();
    await suite.page.getByRole('link', { name: 'Sign In' }).waitFor();
    await suite.page.getByRole('link', { name: 'Start Free Trial' }).first().waitFor();
    for (const heading of ['Frequently asked questions', /Simple per.seat pricing/, 'Plug into your LMS with LTI 1.3']) {
      await suite.page.getByRole('heading', { name: heading }).waitFor();
    }
    await suite.page.locator('footer a[href^="mailto:"]').first().waitFor();
    expect(await suite.page.locator('#faq details').count()).toBe(8);
    await screenshot(suite.page, 'landing-1280', true);

    const mobile = await suite.browser.newContext({ viewport: { width: 390, height: 844 } });
    const mobilePage = await mobile.newPage();
    await mobilePage.goto(url('/'));
    await mobilePage.getByRole('heading', { level: 1 }).waitFor();
    await mobilePage.locator('footer').waitFor();
    await screenshot(mobilePage, 'landing-390', true);
    // A link to a section (a fresh load) draws the sections at once and scrolls to the one asked for.
    const linked = await mobile.newPage();
    await linked.goto(url('/#pricing'));
    await linked.getByRole('heading', { name: /Simple per.seat pricing/ }).waitFor();
    await linked.waitForFunction(() => (document.getElementById('pricing')?.getBoundingClientRect().top ?? 9999) < 200);
    await mobile.close();
  });

  it('serves the build compressed (brotli, else gzip, else plain), hashed assets cached for a year and pages never', async () => {
    const plainPage = await rawGet(url('/'), 'identity');
    expect(plainPage.headers['content-encoding']).toBeUndefined();
    expect(plainPage.headers['cache-control']).toBe('no-cache');
    const html = plainPage.body.toString('utf8');
    const page = await rawGet(url('/'), 'gzip, deflate, br');
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.body).toString('utf8')).toBe(html);
    const script = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
    expect(script).toMatch(/^\/assets\/.+\.js$/);
    const plain = await rawGet(url(script!), 'identity');
    const br = await rawGet(url(script!), 'gzip, deflate, br');
    const gz = await rawGet(url(script!), 'gzip');
    expect([plain.status, br.status, gz.status]).toEqual([200, 200, 200]);
    expect([plain.headers['content-encoding'], br.headers['content-encoding'], gz.headers['content-encoding']]).toEqual([undefined, 'br', 'gzip']);
    for (const res of [plain, br, gz]) expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    // What a browser on a school network downloads: a third of the plain size at most.
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
  });

  it('opens and closes the LTI modal, and its call to action closes it too', async () => {
    await suite.page.goto(url('/'));
    await suite.page.getByRole('button', { name: 'What is LTI? Learn More' }).click();
    const dialog = suite.page.getByRole('dialog', { name: 'What is LTI?' });
    await dialog.waitFor();
    for (const lms of ['Moodle', 'Canvas', 'Blackboard', 'Brightspace', 'Schoology', 'Google Classroom']) {
      await dialog.getByText(lms, { exact: true }).waitFor();
    }
    await screenshot(suite.page, 'lti-modal');
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'detached' });

    await suite.page.getByRole('button', { name: 'What is LTI? Learn More' }).click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Start Free Trial' }).click();
    await dialog.waitFor({ state: 'detached' });
    await suite.page.waitForURL(url('/auth/signup'));
  });

  it('signs up to the user dashboard and signs out to the landing page', async () => {
    const account = newAccount();
    await suite.page.goto(url('/auth/signup'));
    await suite.page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await screenshot(suite.page, 'sign-up');
    await suite.page.getByLabel('First name').fill(account.firstName);
    await suite.page.getByLabel(/^Username/).fill(account.username);
    await suite.page.getByLabel(/^Email/).fill(account.email);
    await suite.page.getByLabel(/^Password/).fill(account.password);
    await suite.page.getByLabel(/^Confirm password/).fill(account.password);
    await suite.page.getByRole('checkbox').check();
    await suite.page.getByRole('button', { name: 'Start Free Trial' }).click();

    await suite.page.waitForURL(url('/user-dashboard'));
    await suite.page.getByRole('heading', { name: `Welcome, ${account.firstName}!` }).waitFor();
    await suite.page.getByText('Free Trial', { exact: true }).first().waitFor();
    await suite.page.getByText('This folder is empty').waitFor();
    await screenshot(suite.page, 'dashboard');
    const token = await suite.page.evaluate(() => localStorage.getItem('authToken'));
    expect(token).toBeTruthy();

    await suite.page.getByRole('button', { name: 'Logout' }).click();
    await suite.page.waitForURL(url('/'));
    await suite.page.getByRole('link', { name: 'Sign In' }).waitFor();
    expect(await suite.page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    // The server ended the session too: the old token no longer opens the user record.
    const after = await fetch(url('/api/auth/user'), { headers: { Authorization: `Bearer ${token}` } });
    expect(after.status).toBe(401);
  });

  it('shows sign-up validation messages without calling the server', async () => {
    await suite.page.goto(url('/auth/signup'));
    await suite.page.getByLabel(/^Password/).fill('short');
    await suite.page.getByRole('button', { name: 'Start Free Trial' }).click();
    await suite.page.getByText('Choose a username.').waitFor();
    await suite.page.getByText('Passwords need at least 8 characters.').waitFor();
    await suite.page.getByText('Please accept the Terms of Service and Privacy Policy.').waitFor();
    expect(new URL(suite.page.url()).pathname).toBe('/auth/signup');
  });

  it('maps a wrong password, then the lockout after five failures', async () => {
    const account = newAccount();
    const res = await fetch(url('/api/auth/signup'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...account, confirmPassword: account.password, lastName: '', acceptTerms: true }),
    });
    expect(res.status).toBe(201);

    await suite.page.goto(url('/auth/signin'));
    await suite.page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await screenshot(suite.page, 'sign-in');
    await signIn(suite.page, suite.stack.baseUrl, account.email, 'wrong password 1');
    await toast('Invalid email or password. Please try again.').waitFor();

    for (let attempt = 2; attempt <= 5; attempt += 1) {
      await suite.page.getByLabel('Password', { exact: true }).fill(`wrong password ${attempt}`);
      // Listen before clicking: on a busy machine the answer can arrive before a later listener.
      const answered = suite.page.waitForResponse((r) => r.url().endsWith('/api/auth/signin'));
      await suite.page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await answered;
    }
    await suite.page.getByLabel('Password', { exact: true }).fill(account.password);
    await suite.page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await toast('Account temporarily locked. Please try again later.').waitFor();
    expect(new URL(suite.page.url()).pathname).toBe('/auth/signin');
  });

  it('asks for missing fields before calling the server', async () => {
    await suite.page.goto(url('/auth/signin'));
    await suite.page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await toast('Please fill in all fields').waitFor();
  });

  it('explains that Google sign-in is not set up instead of leaving the page', async () => {
    await suite.page.goto(url('/auth/signin'));
    await suite.page.getByRole('button', { name: 'Continue with Google' }).click();
    await toast('Google sign-in is not set up on this server').waitFor();
    expect(new URL(suite.page.url()).pathname).toBe('/auth/signin');
  });

  it('sends an admin to /dashboard after sign-in', async () => {
    await signIn(suite.page, suite.stack.baseUrl, ADMIN.email, ADMIN.password);
    await toast('Welcome back to VeoLearn!').waitFor();
    await suite.page.waitForURL(url('/dashboard'));
    // An admin's /dashboard is the admin dashboard (issue 16); everyone's library stays at /user-dashboard.
    await suite.page.getByRole('heading', { name: 'Admin dashboard', level: 1 }).waitFor();
    await suite.page.getByRole('button', { name: 'Logout' }).waitFor();
  });

  it('shows the not-found page for unknown paths', async () => {
    await suite.page.goto(url('/no/such/page'));
    await suite.page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await suite.page.getByText('Did you forget to add the page to the router?').waitFor();
  });

  it('lets other sites frame the embed page only', async () => {
    const embed = await fetch(url('/embed/1'));
    expect(embed.status).toBe(200);
    expect(embed.headers.get('content-security-policy')).toMatch(/frame-ancestors \*$/);
    expect(embed.headers.get('x-frame-options')).toBeNull();
    for (const path of ['/', '/dashboard', '/player/1', '/video/1']) {
      const page = await fetch(url(path));
      expect({ path, csp: page.headers.get('content-security-policy') }).toEqual({ path, csp: expect.stringContaining("frame-ancestors 'self'") });
      expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    }
  });

  it('sends OAuth callback failures back to sign-in with a readable message', async () => {
    await suite.page.goto(url('/auth/callback?error=access_denied'));
    await suite.page.waitForURL(url('/auth/signin?error=oauth_failed'));
    await suite.page.getByRole('alert').filter({ hasText: 'Google sign-in did not complete' }).waitFor();

    await suite.page.goto(url('/auth/callback'));
    await suite.page.waitForURL(url('/auth/signin?error=no_token'));
  });

  it('sends a visitor with a rejected token from the dashboard to sign-in', async () => {
    await suite.page.goto(url('/'));
    await suite.page.evaluate(() => localStorage.setItem('authToken', 'not-a-real-token'));
    await suite.page.goto(url('/user-dashboard'));
    await suite.page.waitForURL(url('/auth/signin'));
    expect(await suite.page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  });
});
