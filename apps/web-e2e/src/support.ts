import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { Client } from 'pg';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { startStack, type RunningStack, type StackOptions } from '@veolearn/testing';

export const PASSWORD = 'correct horse battery';
export const SCREENSHOT_DIR = join(__dirname, '..', 'screenshots');

/** The system Chromium; tests never download a browser. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
}

let counter = 0;
export function newAccount() {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return { username: `web_${tag}`, email: `web.${tag}@example.com`, password: PASSWORD, firstName: 'Grace' };
}

export async function screenshot(page: Page, name: string, fullPage = false): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage });
}

/** Fills and submits the sign-in form. */
export async function signIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/auth/signin`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

export interface TestAccount {
  username: string;
  email: string;
  password: string;
  firstName: string;
}

/** Creates an account through the API (faster than the form) and returns its session token. */
export async function signUpViaApi(baseUrl: string, account: TestAccount): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...account, confirmPassword: account.password, lastName: '', acceptTerms: true }),
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** Runs a statement against the stack's own test database. */
export async function stackSql(stack: RunningStack, text: string, values: unknown[] = []): Promise<void> {
  const client = new Client({ connectionString: stack.databaseUrl });
  await client.connect();
  try {
    await client.query(text, values);
  } finally {
    await client.end();
  }
}

/** A JSON call to the stack's API with `token` as the bearer (none when null): its status and parsed body. */
export async function apiJson<T>(stack: RunningStack, token: string | null, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = {};
  if (token !== null) headers['Authorization'] = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${stack.baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** A new account allowed any number of videos, signed in after that change (so its session carries it): the token. */
export async function unlimitedSession(stack: RunningStack): Promise<string> {
  const account = newAccount();
  await signUpViaApi(stack.baseUrl, account);
  await stackSql(stack, 'UPDATE auth.users SET has_unlimited_access = true WHERE email = $1', [account.email]);
  const signIn = await apiJson<{ token: string }>(stack, null, 'POST', '/api/auth/signin', { username: account.email, password: account.password });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${JSON.stringify(signIn.body)}`);
  return signIn.body.token;
}

/** WCAG 2.0 and 2.1 A/AA (2.1 A brings label-in-name, 2.5.3), and the best practices (heading order). */
/** The natural size of a <video>'s poster as the browser decodes it ([width, height]). */
export function posterSize(video: Locator): Promise<number[]> {
  return video.evaluate(async (v: HTMLVideoElement) => {
    const image = new Image();
    image.src = v.poster;
    await image.decode();
    return [image.naturalWidth, image.naturalHeight];
  });
}

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

export interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: Array<{ target: unknown[] }>;
}

/**
 * axe-core's violations of AXE_TAGS on the page as it is, through @axe-core/playwright (it evaluates
 * axe over the DevTools protocol, which the app's Content-Security-Policy does not govern). Legacy
 * mode: one axe.run in the page, as our pages have no frames of their own to audit (YouTube's are
 * not ours); the cross-frame mode opened a page per audit and doubled the accessibility spec's time.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).setLegacyMode(true).analyze();
  return results.violations;
}

export interface BrowserSuite {
  stack: RunningStack;
  browser: Browser;
  /** A fresh 1280×800 page for every test. */
  page: Page;
  url(path: string): string;
  /** The toast whose text contains `text` (and `description`, when given): see ToastProbe. */
  toast(text: string, description?: string): ToastProbe;
}

/**
 * A toast to wait for. `waitFor()` resolves once a toast with the text has been shown since the
 * last wait that took one with that text, whether it is still up or not. Looking for it on screen
 * missed toasts on a loaded machine: the toast stays 1.5 s, the only `role="status"` in it is
 * Radix's screen-reader announcer, which lives 1 s, and a closing dialog keeps the page
 * aria-hidden for part of that. `waitFor({ state: 'hidden' })` waits for it to be gone.
 */
export interface ToastProbe {
  waitFor(options?: { state?: 'visible' | 'hidden'; timeout?: number }): Promise<void>;
}

/** The toasts on screen: Radix renders each as an `li` in the "Notifications (F8)" region. */
const TOAST_SELECTOR = '[role="region"][aria-label^="Notifications"] li';

/**
 * Runs in every page before its own scripts: logs each toast once, as it is added, with its text
 * then and a handle to read it later.
 */
const TOAST_LOG_SCRIPT = `(() => {
  const seen = new WeakSet();
  const log = (window.__veoToasts = []);
  const look = () => {
    for (const el of document.querySelectorAll(${JSON.stringify(TOAST_SELECTOR)})) {
      if (seen.has(el) || !(el.textContent || '').trim()) continue;
      seen.add(el);
      log.push({ el, first: el.textContent, taken: false });
    }
  };
  new MutationObserver(look).observe(document, { childList: true, subtree: true, characterData: true });
})();`;

interface ToastLogEntry {
  el: Element;
  first: string;
  taken: boolean;
}

/**
 * Takes the first toast logged after the last one taken (of any text) whose text contains `text`,
 * case and spacing aside as with hasText: a toast shown before one the test already waited for
 * does not answer a later wait.
 */
function takeLoggedToast(texts: string[]): boolean {
  const norm = (value: string | null | undefined) => (value ?? '').replace(/\s+/g, ' ').trim().toLowerCase();
  const has = (value: string | null) => texts.every((text) => norm(value).includes(norm(text)));
  const log = (window as unknown as { __veoToasts?: ToastLogEntry[] }).__veoToasts ?? [];
  const after = log.map((entry) => entry.taken).lastIndexOf(true) + 1;
  const hit = log.slice(after).find((entry) => has(entry.first) || has(entry.el.textContent));
  if (hit) hit.taken = true;
  return Boolean(hit);
}

/**
 * Starts the product and Chromium for one describe block, and gives each test its own page.
 * Read the fields inside tests and hooks: they are set by the hooks this registers.
 */
export function useBrowserSuite(options: StackOptions): BrowserSuite {
  let context: BrowserContext | undefined;
  const suite = {
    url: (path: string) => `${suite.stack.baseUrl}${path}`,
    toast: (text: string, description?: string): ToastProbe => ({
      async waitFor(options = {}) {
        if (options.state === 'hidden') {
          await suite.page.locator(TOAST_SELECTOR).filter({ hasText: text }).filter({ hasText: description ?? '' }).first().waitFor(options);
          return;
        }
        const texts = description === undefined ? [text] : [text, description];
        await suite.page.waitForFunction(takeLoggedToast, texts, { polling: 100, timeout: options.timeout });
      },
    }),
  } as BrowserSuite;

  beforeAll(async () => {
    // Side by side; whichever started is kept for afterAll to stop if the other failed.
    const [stack, browser] = await Promise.allSettled([startStack(options), launchBrowser()]);
    if (stack.status === 'fulfilled') suite.stack = stack.value;
    if (browser.status === 'fulfilled') suite.browser = browser.value;
    if (stack.status === 'rejected') throw stack.reason;
    if (browser.status === 'rejected') throw browser.reason;
  }, 180_000);

  afterAll(async () => {
    await suite.browser?.close();
    await suite.stack?.stop();
  });

  beforeEach(async () => {
    // A test that leaves Chromium gone (a page held open by a beforeunload prompt can take the
    // browser down on close) must not fail every test after it: start a new one.
    if (!suite.browser.isConnected()) suite.browser = await launchBrowser();
    context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript(TOAST_LOG_SCRIPT);
    suite.page = await context.newPage();
  });

  afterEach(async () => {
    const closing = context;
    context = undefined;
    try {
      await closing?.close();
    } catch (err) {
      // Already closed with its browser: the next test relaunches it.
      if (suite.browser.isConnected()) throw err;
    }
  });

  return suite;
}
