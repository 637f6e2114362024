import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startOAuthMock, startStack, type OAuthMock, type RunningStack } from '@veolearn/testing';
import { launchBrowser, newAccount, signUpViaApi } from './support';

/**
 * Login CSRF: a link must never sign a browser into somebody else's account. /auth/callback ignores
 * `?token=` and exchanges a one-time `?code=` only in the browser that started the Google sign-in.
 */
const GOOGLE_USER = { sub: 'google-uid-csrf', email: 'mallory.google@example.com', email_verified: true, name: 'Mallory', given_name: 'Mallory' };

let oauth: OAuthMock;
let stack: RunningStack;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const url = (path: string) => `${stack.baseUrl}${path}`;

beforeAll(async () => {
  oauth = await startOAuthMock(GOOGLE_USER);
  stack = await startStack({ name: 'web_google_csrf', env: oauth.googleEnv });
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await oauth?.stop();
});

beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
});

afterEach(async () => {
  await context?.close();
});

/** Signs this browser in as a new account (the app keeps the token in localStorage) and returns its e-mail. */
async function signInAsNewAccount(): Promise<string> {
  const account = newAccount();
  const token = await signUpViaApi(stack.baseUrl, account);
  await page.goto(url('/'));
  await page.evaluate((value) => localStorage.setItem('authToken', value), token);
  return account.email;
}

/**
 * Who the browser is signed in as, asked through GET /api/auth/user with the app's stored token:
 * null without a token, `HTTP <status>` when the token is refused. A 5xx (a service slow to answer
 * on a busy machine) is asked again, up to three times: it says nothing about who is signed in.
 */
function signedInEmail(): Promise<string | null> {
  return page.evaluate(async () => {
    const token = localStorage.getItem('authToken');
    if (!token) return null;
    for (let attempt = 1; ; attempt += 1) {
      const res = await fetch('/api/auth/user', { headers: { Authorization: `Bearer ${token}` } });
      if (res.ok) return ((await res.json()) as { email: string }).email;
      if (res.status < 500 || attempt === 3) return `HTTP ${res.status}`;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  });
}

/** Runs Google sign-in outside the browser (the attacker's own machine) and returns the code it lands with. */
async function attackersCode(): Promise<string> {
  const start = await fetch(url('/api/auth/google'), { redirect: 'manual' });
  const cookie = (start.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const provider = await fetch(start.headers.get('location') ?? '', { redirect: 'manual' });
  const back = new URL(provider.headers.get('location') ?? '');
  const callback = await fetch(url(`${back.pathname}${back.search}`), { redirect: 'manual', headers: { cookie } });
  const code = new URL(callback.headers.get('location') ?? '', stack.baseUrl).searchParams.get('code');
  if (!code) throw new Error(`no code: ${callback.headers.get('location')}`);
  return code;
}

describe('Google sign-in and login CSRF in the browser', () => {
  it("stays signed in as A when A opens /auth/callback?token=<B's token>", async () => {
    const emailA = await signInAsNewAccount();
    const tokenB = await signUpViaApi(stack.baseUrl, newAccount());
    await page.goto(url(`/auth/callback?token=${encodeURIComponent(tokenB)}`));
    await page.waitForURL((current) => !current.pathname.startsWith('/auth/callback'), { timeout: 15_000 });
    expect(await signedInEmail()).toBe(emailA);
  });

  it("stays signed in as A when A opens /auth/callback?code=<a code issued to another browser>", async () => {
    const emailA = await signInAsNewAccount();
    const code = await attackersCode();
    await page.goto(url(`/auth/callback?code=${encodeURIComponent(code)}`));
    await page.waitForURL((current) => current.pathname === '/auth/signin', { timeout: 15_000 });
    expect(new URL(page.url()).searchParams.get('error')).toBe('oauth_failed');
    expect(await signedInEmail()).toBe(emailA);
  });

  it('signs in with Google in the browser that started it', async () => {
    await page.goto(url('/api/auth/google'));
    await page.waitForURL((current) => current.pathname === '/user-dashboard', { timeout: 20_000 });
    expect(await signedInEmail()).toBe(GOOGLE_USER.email);
  });
});
