import { readFile } from 'node:fs/promises';
import { Client } from 'pg';
import type { Page } from 'playwright-core';
import { axeViolations, newAccount, screenshot, signIn, signUpViaApi, useBrowserSuite } from './support';

/**
 * The admin area against the real API (issue 16). What the admin pages show comes from the gateway's
 * /api/admin/* routes and the admin-metrics service: nothing here is faked, except the two forced
 * failures of the quick-access panel (500 and no network), which only the error screenshots need.
 */
const ADMIN = { email: 'admin.area@example.com', password: 'admin password 123', username: 'admin' };

describe('admin area in the browser', () => {
  const suite = useBrowserSuite({ name: 'web_admin', admin: ADMIN });
  const { url, toast } = suite;

  async function userCount(): Promise<number> {
    const client = new Client({ connectionString: suite.stack.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: string }>('SELECT count(*)::text AS n FROM auth.users');
      return Number(rows[0].n);
    } finally {
      await client.end();
    }
  }

  async function seriousViolations(page: Page): Promise<Array<{ id: string; help: string }>> {
    return (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical').map(({ id, help }) => ({ id, help }));
  }

  async function adminSignIn(page: Page): Promise<void> {
    await page.goto(url('/admin/login'));
    await page.getByRole('heading', { name: 'Admin sign-in' }).waitFor();
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(url('/admin'));
  }

  const summaryCard = (page: Page, title: string) => page.getByRole('region', { name: 'Summary' }).getByRole('group', { name: title, exact: true });

  it('an admin signs in at /admin/login, reads real figures, switches range, exports users and logs out', async () => {
    const page = suite.page;
    const teachers = [newAccount(), newAccount()];
    for (const account of teachers) await signUpViaApi(suite.stack.baseUrl, account);
    const total = await userCount();

    await adminSignIn(page);
    await page.getByRole('heading', { name: 'Admin dashboard', level: 1 }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('isAdmin'))).toBe('true');

    // SERVER DATA: the four cards, the quick-access panel and the users table come from /api/admin/*.
    await summaryCard(page, 'Total Users').getByText(String(total), { exact: true }).waitFor();
    await summaryCard(page, 'Monthly Revenue').getByText(/AUD$/).waitFor();
    await summaryCard(page, 'Server Costs').getByText(/AUD$/).waitFor();
    await summaryCard(page, 'Profit Margin').getByText(/%$|—/).first().waitFor();
    const recent = page.getByRole('table', { name: 'Recent users' });
    for (const account of teachers) await recent.getByText(account.email).waitFor();
    const users = page.getByRole('table', { name: 'Users' });
    await users.getByRole('row').filter({ hasText: ADMIN.email }).getByText('Admin', { exact: true }).waitFor();
    for (const account of teachers) await users.getByRole('row').filter({ hasText: account.email }).getByText('User', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Site Admin' }).waitFor();
    await screenshot(page, 'admin-dashboard-1280');
    expect(await seriousViolations(page)).toEqual([]);

    // Range: the page asks the API for the 7-day figures (SERVER DATA: answered 200).
    const sevenDays = page.waitForResponse((r) => r.url().includes('/api/admin/analytics?range=7d'));
    await page.getByRole('combobox', { name: 'Time range' }).click();
    await page.getByRole('option', { name: 'Last 7 days' }).click();
    expect((await sevenDays).status()).toBe(200);
    await summaryCard(page, 'Total Users').getByText(String(total), { exact: true }).waitFor();

    // Export Users: the server's CSV, under the server's name (SERVER DATA).
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Users' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^veolearn-users-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await file.path(), 'utf8');
    for (const account of teachers) expect(csv).toContain(account.email);
    await toast('Export Complete').waitFor();

    // The other tabs render the API's figures without an accessibility fault (SERVER DATA).
    const tabs: Array<[string, () => Promise<unknown>]> = [
      ['Subscriptions', () => page.getByRole('heading', { name: 'By plan' }).waitFor()],
      ['Server Costs', () => page.getByRole('heading', { name: /^Breakdown/ }).waitFor()],
      ['Security', () => page.getByRole('region', { name: 'Security figures' }).waitFor()],
      ['Analytics', () => page.getByRole('heading', { name: 'Video sources' }).waitFor()],
    ];
    for (const [name, shown] of tabs) {
      await page.getByRole('tab', { name }).click();
      await shown();
      expect({ tab: name, violations: await seriousViolations(page) }).toEqual({ tab: name, violations: [] });
    }
    await screenshot(page, 'admin-analytics-1280', true);

    // Phone width: the page never scrolls sideways; wide tables scroll inside their card.
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('table', { name: 'Users', exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'admin-dashboard-390', true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });

    // Logout: token and admin flag gone, back to the admin sign-in.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(url('/admin/login'));
    expect(await page.evaluate(() => [localStorage.getItem('authToken'), localStorage.getItem('isAdmin')])).toEqual([null, null]);
    await page.goto(url('/admin'));
    await page.waitForURL(url('/auth/signin'));
  });

  it("shows the quick-access panel's two failures with Retry (forced: a 500, then no network)", async () => {
    const page = suite.page;
    await adminSignIn(page);
    await page.getByRole('table', { name: 'Recent users' }).waitFor();

    // The only interception in this spec: it forces the error states the screenshots show.
    await page.route('**/api/admin/quick-access', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }));
    await page.getByRole('button', { name: 'Refresh Data' }).click();
    await page.getByRole('alert').filter({ hasText: 'Failed to fetch admin data' }).waitFor();
    await screenshot(page, 'admin-error-500-1280');
    await page.unroute('**/api/admin/quick-access');

    await page.route('**/api/admin/quick-access', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('alert').filter({ hasText: 'Network error' }).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'admin-error-network-390');
    await page.unroute('**/api/admin/quick-access');

    // SERVER DATA: Retry with the network back shows the panel again.
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('table', { name: 'Recent users' }).waitFor();
  });

  it('a non-admin sees Access Denied and lands on /user-dashboard; /admin/login keeps no session of theirs', async () => {
    const page = suite.page;
    const teacher = newAccount();
    await signUpViaApi(suite.stack.baseUrl, teacher);
    await signIn(page, suite.stack.baseUrl, teacher.email, teacher.password);
    await page.waitForURL(url('/user-dashboard'));

    await page.goto(url('/admin'));
    await page.getByText("Access Denied: You don't have admin permissions. Redirecting to dashboard.").waitFor();
    const shownAt = Date.now();
    await screenshot(page, 'admin-denied-1280');
    await page.waitForURL(url('/user-dashboard'));
    // 2 s after the message (less the time the check above took to see it).
    expect(Date.now() - shownAt).toBeGreaterThan(1500);
    await page.getByRole('heading', { name: `Welcome, ${teacher.firstName}!` }).waitFor();

    // The teacher at the admin sign-in: told so, and no token is kept.
    await page.evaluate(() => localStorage.clear());
    await page.goto(url('/admin/login'));
    await page.getByLabel('Email').fill(teacher.email);
    await page.getByLabel('Password', { exact: true }).fill(teacher.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'This account does not have admin permissions.' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    expect(new URL(page.url()).pathname).toBe('/admin/login');
  });

  it('sends signed-out visitors from /admin and /admin/site to sign-in; /admin/login says why a sign-in failed', async () => {
    const page = suite.page;
    for (const path of ['/admin', '/admin/site']) {
      await page.goto(url(path));
      await page.waitForURL(url('/auth/signin'));
    }
    await page.goto(url('/admin/login'));
    await page.getByRole('heading', { name: 'Admin sign-in' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await toast('Please fill in all fields').waitFor();
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await toast('Invalid email or password. Please try again.').waitFor();
    await screenshot(page, 'admin-login-1280');
  });

  it("site admin: saves fixed monthly costs and sets a user's plan", async () => {
    const page = suite.page;
    const teacher = newAccount();
    await signUpViaApi(suite.stack.baseUrl, teacher);
    await adminSignIn(page);
    await page.getByRole('link', { name: 'Site Admin' }).click();
    await page.waitForURL(url('/admin/site'));
    await page.getByRole('heading', { name: 'Site administration', level: 1 }).waitFor();

    // SERVER DATA: GET and PUT /api/admin/settings/costs.
    const form = page.getByRole('form', { name: 'Fixed monthly costs' });
    await form.waitFor();
    await page.getByRole('button', { name: 'Add cost' }).click();
    await form.getByLabel('Name').last().fill('Servers (browser test)');
    await form.getByLabel('Monthly amount (AUD)').last().fill('-1');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Enter an amount of 0 or more.').waitFor();
    await form.getByLabel('Monthly amount (AUD)').last().fill('300');
    await form.getByRole('button', { name: 'Save' }).click();
    await toast('Fixed costs saved').waitFor();
    await page.reload();
    // Kept: the form reloads with the saved row (read once it has loaded).
    const names = page.getByRole('form', { name: 'Fixed monthly costs' }).getByLabel('Name');
    await names.first().waitFor();
    expect(await names.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).toContain('Servers (browser test)');

    // Plan prices come from the code; LTI platforms from the LTI admin route (SERVER DATA).
    await page.getByText('$200.00 AUD per seat / month').waitFor();
    await page.getByRole('heading', { name: 'LTI platform registrations' }).waitFor();

    // SERVER DATA: search, then PUT /api/admin/users/{id}/subscription.
    await page.getByLabel('Search users').fill(teacher.email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('button', { name: `Edit ${teacher.username}` }).click();
    const editor = page.getByRole('group', { name: `Plan and status of ${teacher.email}` });
    await editor.getByRole('combobox', { name: 'Plan' }).click();
    await page.getByRole('option', { name: 'Pro' }).click();
    await editor.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Premium' }).click();
    await editor.getByRole('button', { name: 'Save' }).click();
    await toast('Subscription updated').waitFor();

    await screenshot(page, 'admin-site-1280', true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'admin-site-390', true);
  });
});
