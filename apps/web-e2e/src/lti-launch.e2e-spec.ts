import { chromium, type Browser, type Frame, type Page } from 'playwright-core';
import type { JWTPayload } from 'jose';
import { LTI, LtiTestPlatform, ROLE, startStack, type RunningStack } from '@veolearn/testing';
import { newAccount, screenshot, signUpViaApi } from './support';

/**
 * An LTI 1.3 launch inside an LMS's iframe, in Chromium with third-party cookies blocked: the LMS
 * page (the test platform, served as localhost) frames the tool (served as 127.0.0.1, another site).
 * Without lti_storage_target the tool's state cookie never comes back and the launch is refused;
 * with it, the login's browser secret goes through the platform's storage frame by postMessage and
 * the learner lands in the player with the LMS context.
 */

const ADMIN = { email: 'lti.browser.admin@example.com', password: 'lti browser admin password', username: 'admin' };

describe('LTI launch in a cross-site iframe with third-party cookies blocked', () => {
  let stack: RunningStack;
  let platform: LtiTestPlatform;
  let browser: Browser;
  let page: Page;
  let videoId = 0;
  let ownerToken = '';

  beforeAll(async () => {
    platform = await new LtiTestPlatform().start({ host: 'localhost' });
    stack = await startStack({ name: 'web_lti', admin: ADMIN, env: { RATE_LIMIT_PER_MINUTE: '100000', AUTH_RATE_LIMIT_PER_MINUTE: '100000' } });
    platform.useToolJwks(`${stack.baseUrl}/api/lti/jwks`);
    const signin = await fetch(`${stack.baseUrl}/api/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }) });
    const adminToken = ((await signin.json()) as { token: string }).token;
    const registered = await fetch(`${stack.baseUrl}/api/admin/lti/platforms`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify(platform.registration),
    });
    if (registered.status !== 201) throw new Error(`platform registration failed: ${registered.status} ${await registered.text()}`);
    const owner = await signUpViaApi(stack.baseUrl, newAccount());
    ownerToken = owner;
    const auth = { 'content-type': 'application/json', authorization: `Bearer ${owner}` };
    const video = await fetch(`${stack.baseUrl}/api/videos`, { method: 'POST', headers: auth, body: JSON.stringify({ youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ', title: 'Cells in the LMS' }) });
    videoId = ((await video.json()) as { id: number }).id;
    await fetch(`${stack.baseUrl}/api/videos/${videoId}/sharing`, { method: 'PUT', headers: auth, body: JSON.stringify({ published: true }) });
    platform.nextLaunch = { [LTI.custom]: { video_id: String(videoId) } };
    browser = await chromium.launch({
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      // Chrome's switch that blocks third-party cookies as the phase-out would.
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage', '--test-third-party-cookie-phaseout'],
    });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    await platform?.stop();
  });

  beforeEach(async () => {
    page = await browser.newPage({ viewport: { width: 1100, height: 760 } });
  });

  afterEach(async () => {
    await page.context().close();
  });

  function loginUrl(storageTarget: boolean): string {
    const query = new URLSearchParams({
      iss: platform.issuer,
      login_hint: 'learner-1',
      target_link_uri: `${stack.env['PUBLIC_URL']}/lti/launch?video=${videoId}`,
      client_id: platform.clientId,
    });
    if (storageTarget) query.set('lti_storage_target', 'post_message_forwarding');
    return `${stack.baseUrl}/api/lti/login?${query}`;
  }

  async function toolFrame(): Promise<Frame> {
    const frame = page.frame({ name: 'tool' });
    if (!frame) throw new Error('the LMS page has no tool frame');
    return frame;
  }

  it('refuses the launch when only the blocked cookie could bind the state (the cookie really is blocked)', async () => {
    await page.goto(`${platform.baseUrl}/lms?launch=${encodeURIComponent(loginUrl(false))}`);
    const frame = await toolFrame();
    await frame.waitForURL(/\/api\/lti\/launch$/, { timeout: 20_000 });
    await frame.getByText('This LMS launch was refused').waitFor({ timeout: 20_000 });
    expect(await frame.textContent('body')).toMatch(/not issued to this browser/);
  });

  it('launches through the platform storage frame and lands in the player with the LMS context', async () => {
    await page.goto(`${platform.baseUrl}/lms?launch=${encodeURIComponent(loginUrl(true))}`);
    const frame = await toolFrame();
    await frame.waitForURL(new RegExp(`/embed/${videoId}\\?lti=`), { timeout: 30_000 });
    const badge = frame.getByTestId('lms-connected');
    await badge.waitFor({ timeout: 30_000 });
    expect(await badge.textContent()).toMatch(/LMS connected\s*Biology 101/);
    await screenshot(page, 'lti-launch-in-lms-frame');
  });

  /** A deep linking launch of `sub` as an instructor, made outside the browser; answers its launch token. */
  async function deepLinkingLaunch(sub: string): Promise<string> {
    const query = new URLSearchParams({ iss: platform.issuer, login_hint: sub, target_link_uri: `${stack.env['PUBLIC_URL']}/api/lti/launch`, client_id: platform.clientId });
    const login = await fetch(`${stack.baseUrl}/api/lti/login?${query}`, { redirect: 'manual' });
    const auth = new URL(login.headers.get('location') as string);
    const state = auth.searchParams.get('state') as string;
    const cookie = (login.headers.getSetCookie().find((c) => c.startsWith(`lti-state-${state}=`)) as string).split(';')[0] as string;
    const idToken = await platform.sign({
      ...platform.baseClaims(auth.searchParams.get('nonce') as string, auth.searchParams.get('redirect_uri') as string),
      sub,
      [LTI.roles]: [ROLE.instructor],
      [LTI.messageType]: 'LtiDeepLinkingRequest',
      [LTI.resourceLink]: undefined,
      [LTI.ags]: undefined,
      [LTI.deepLinkingSettings]: { deep_link_return_url: `${platform.baseUrl}/deep-link-return`, accept_types: ['ltiResourceLink'] },
    } as JWTPayload);
    const launched = await fetch(`${stack.baseUrl}/api/lti/launch`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      body: new URLSearchParams({ id_token: idToken, state }),
    });
    return new URL(launched.headers.get('location') as string, stack.baseUrl).searchParams.get('lti') as string;
  }

  it("signs a linked instructor in as the lesson's owner and opens the question editor inside the LMS frame", async () => {
    // The instructor linked their LMS account by picking this lesson while deep linking, signed in as its owner.
    const picked = await fetch(`${stack.baseUrl}/api/lti/deep-link/response`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ownerToken}`, 'x-lti-launch': await deepLinkingLaunch('teacher-in-frame') },
      body: JSON.stringify({ videoId }),
    });
    expect(picked.status).toBe(200);
    platform.nextLaunch = { [LTI.custom]: { video_id: String(videoId) }, sub: 'teacher-in-frame', [LTI.roles]: [ROLE.instructor] };
    try {
      // The frame's storage is blocked with the cookies: the editor's own calls show which session it holds.
      const bearers: string[] = [];
      page.on('request', (request) => {
        const header = request.headers()['authorization'];
        if (request.url().includes(`/api/videos/${videoId}`) && header) bearers.push(header);
      });
      await page.goto(`${platform.baseUrl}/lms?launch=${encodeURIComponent(loginUrl(true))}`);
      const frame = await toolFrame();
      // The one-time code is exchanged and dropped from the address; the session is the owner's.
      await frame.waitForURL(new RegExp(`/edit-questions/${videoId}\\?lti=[^&]+$`), { timeout: 30_000 });
      await frame.getByRole('heading', { name: 'Cells in the LMS' }).waitFor({ timeout: 30_000 });
      expect(bearers.length).toBeGreaterThan(0);
      expect(bearers[0]).not.toBe(`Bearer ${ownerToken}`);
      const me = await fetch(`${stack.baseUrl}/api/auth/user`, { headers: { authorization: bearers[0] as string } });
      const owner = await fetch(`${stack.baseUrl}/api/auth/user`, { headers: { authorization: `Bearer ${ownerToken}` } });
      expect(((await me.json()) as { id: number }).id).toBe(((await owner.json()) as { id: number }).id);
      await screenshot(page, 'lti-instructor-editor-in-lms-frame');
    } finally {
      platform.nextLaunch = { [LTI.custom]: { video_id: String(videoId) } };
    }
  });
});
