import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { Client } from 'pg';
import type { Frame, Page } from 'playwright-core';
import { newAccount, signUpViaApi } from './support';

/**
 * A test LMS for SCORM packages: a static server for unpacked packages and a parent page whose SCORM
 * 1.2 `API` and 2004 `API_1484_11` are the real scorm-again runtime, with helpers to launch a package
 * in its frame, answer through the package's own buttons and read what the runtime received.
 */

export const ROOT = resolve(__dirname, '..', '..', '..');
export const SCORM_AGAIN = join(ROOT, 'node_modules', 'scorm-again', 'dist', 'scorm-again.js');

/**
 * The LMS page: scorm-again's 1.2 and 2004 runtimes on window.API / window.API_1484_11, every Commit
 * and Finish counted, and launch(saved) to (re)open the package at `launchUrl` in an iframe with a
 * fresh runtime loaded with `saved` (what the previous launch left, or what the LMS read from the manifest).
 */
export const lmsPage = (launchUrl: string) => `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Test LMS</title><script src="/scorm-again.js"></script></head>
<body>
<h1>Test LMS</h1>
<div id="frame"></div>
<script>
  window.lmsCalls = [];
  window.launch = function (saved) {
    var api12 = new window.Scorm12API({ logLevel: 5 });
    var api2004 = new window.Scorm2004API({ logLevel: 5 });
    if (saved && saved.v12) api12.loadFromJSON(saved.v12, 'cmi');
    if (saved && saved.v2004) api2004.loadFromJSON(saved.v2004, 'cmi');
    ['LMSInitialize', 'LMSCommit', 'LMSFinish'].forEach(function (name) { api12.on(name, function () { window.lmsCalls.push(name); }); });
    ['Initialize', 'Commit', 'Terminate'].forEach(function (name) { api2004.on(name, function () { window.lmsCalls.push(name); }); });
    window.API = api12;
    window.API_1484_11 = api2004;
    var host = document.getElementById('frame');
    host.innerHTML = '';
    var frame = document.createElement('iframe');
    frame.name = 'sco';
    frame.title = 'Lesson';
    frame.style.width = '1100px';
    frame.style.height = '900px';
    frame.src = ${JSON.stringify(launchUrl).replace(/</g, '\\u003c')};
    host.appendChild(frame);
  };
  window.closeLesson = function () { document.getElementById('frame').innerHTML = ''; };
  window.cmi = function () {
    return { v12: JSON.parse(JSON.stringify(window.API.cmi)), v2004: JSON.parse(JSON.stringify(window.API_1484_11.cmi)) };
  };
</script>
</body></html>`;

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.vtt': 'text/vtt',
  '.xml': 'application/xml',
  '.webm': 'video/webm',
  '.mp4': 'video/mp4',
};

/**
 * Static files under `root` (byte ranges for videos), scorm-again at /scorm-again.js and the LMS page
 * at `/lms?launch=<path of the launch page under root>`.
 */
export function startScormServer(root: string): Promise<Server> {
  const base = resolve(root);
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = decodeURIComponent(url.pathname);
    if (path === '/lms') {
      res.writeHead(200, { 'Content-Type': 'text/html' }).end(lmsPage(url.searchParams.get('launch') ?? '/index.html'));
      return;
    }
    const file = path === '/scorm-again.js' ? SCORM_AGAIN : normalize(join(base, path));
    if (file !== SCORM_AGAIN && !file.startsWith(base + sep)) {
      res.writeHead(403).end();
      return;
    }
    if (!existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    const body = readFileSync(file);
    const type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
    const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
    if (range) {
      const start = Number(range[1]);
      const end = range[2] ? Math.min(Number(range[2]), body.length - 1) : body.length - 1;
      res.writeHead(206, { 'Content-Type': type, 'Content-Range': `bytes ${start}-${end}/${body.length}`, 'Accept-Ranges': 'bytes', 'Content-Length': end - start + 1 });
      res.end(body.subarray(start, end + 1));
      return;
    }
    res.writeHead(200, { 'Content-Type': type, 'Accept-Ranges': 'bytes', 'Content-Length': body.length }).end(body);
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

export const serverOrigin = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

export const closeServer = (server: Server | undefined) => new Promise<void>((done) => (server ? server.close(() => done()) : done()));

export type Cmi = Record<string, unknown>;
export interface LmsCmi {
  v12: Cmi;
  v2004: Cmi;
}

export const interactionsOf = (cmi: Cmi): Array<Record<string, unknown>> => Object.values((cmi['interactions'] ?? {}) as Record<string, Record<string, unknown>>);
export const get = (cmi: unknown, path: string): unknown => path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], cmi);

interface LmsWindow {
  launch(saved: unknown): void;
  closeLesson(): void;
  cmi(): LmsCmi;
  lmsCalls: string[];
}

/** (Re)opens the package in the LMS page with a fresh runtime loaded with `saved` ({v12?, v2004?}). */
export async function launch(page: Page, saved: { v12?: Cmi; v2004?: Cmi } | null): Promise<void> {
  await page.evaluate((s) => (window as unknown as LmsWindow).launch(s), saved);
}

/** Removes the lesson's frame, as an LMS does when the learner leaves (the package sees pagehide). */
export async function closeLesson(page: Page): Promise<void> {
  await page.evaluate(() => (window as unknown as LmsWindow).closeLesson());
}

/** What the 1.2 and 2004 runtimes hold now. */
export function readCmi(page: Page): Promise<LmsCmi> {
  return page.evaluate(() => (window as unknown as LmsWindow).cmi());
}

/** Every Initialize, Commit and Finish / Terminate the runtimes received, in order. */
export function lmsCalls(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as LmsWindow).lmsCalls);
}

export async function waitForLmsCall(page: Page, name: string): Promise<void> {
  await page.waitForFunction((n) => (window as unknown as LmsWindow).lmsCalls.includes(n), name);
}

/** The package's frame once it is there. */
export async function sco(page: Page): Promise<Frame> {
  for (let i = 0; i < 100; i++) {
    const frame = page.frame({ name: 'sco' });
    if (frame) return frame;
    await page.waitForTimeout(100);
  }
  throw new Error('the lesson frame did not open');
}

export const videoState = (frame: Frame) =>
  frame.evaluate(() => {
    const v = document.querySelector('video');
    return v ? { paused: v.paused, currentTime: v.currentTime } : null;
  });

/** The launch page's player is ready to play. */
export async function ready(frame: Frame): Promise<void> {
  await frame.getByRole('slider', { name: 'Seek' }).waitFor();
  await frame.waitForFunction(() => !document.querySelector<HTMLButtonElement>('button[aria-label="Play"]')?.disabled);
}

/** Waits for the question, clicks the choices and submits. */
export async function answer(frame: Frame, question: string, choices: string[]): Promise<void> {
  const dialog = frame.getByRole('dialog');
  await dialog.getByRole('heading', { name: question }).waitFor({ timeout: 30_000 });
  for (const choice of choices) await dialog.getByText(choice, { exact: true }).click();
  await dialog.getByRole('button', { name: 'Submit Answer' }).click();
}

/** Waits for an ordering question, puts its list in the wanted order with the Move up buttons and submits. */
export async function answerOrdering(frame: Frame, question: string, wanted: string[]): Promise<void> {
  const dialog = frame.getByRole('dialog');
  await dialog.getByRole('heading', { name: question }).waitFor({ timeout: 30_000 });
  const list = dialog.getByRole('list', { name: 'Order' });
  for (let target = 0; target < wanted.length; target++) {
    const texts = await list.getByRole('listitem').allInnerTexts();
    const from = texts.findIndex((t) => t.includes(wanted[target]));
    for (let i = from; i > target; i--) await list.getByRole('button', { name: `Move "${wanted[target]}" up` }).click();
  }
  await dialog.getByRole('button', { name: 'Submit Answer' }).click();
}

export interface ApiLesson {
  title: string;
  webm: Buffer;
  captions: string;
  questions: ReadonlyArray<Record<string, unknown>>;
}

/**
 * A Pro teacher's uploaded lesson made through the real API: signs up, raises the plan to Pro in
 * the database before signing in (the session carries the entitlements), uploads the video with
 * captions and adds the questions. Answers the session token, the video id and the question ids.
 */
export async function createProLesson(baseUrl: string, databaseUrl: string, lesson: ApiLesson): Promise<{ token: string; videoId: number; ids: number[] }> {
  const account = newAccount();
  await signUpViaApi(baseUrl, account);
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`UPDATE auth.users SET plan = 'pro', subscription_status = 'active' WHERE email = $1`, [account.email]);
  } finally {
    await client.end();
  }
  const signIn = await fetch(new URL('/api/auth/signin', baseUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: account.email, password: account.password }),
  });
  if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}`);
  const token = ((await signIn.json()) as { token: string }).token;
  const auth = { Authorization: `Bearer ${token}` };

  const form = new FormData();
  form.append('title', lesson.title);
  form.append('file', new Blob([new Uint8Array(lesson.webm)], { type: 'video/webm' }), 'lesson.webm');
  form.append('captions', new Blob([lesson.captions], { type: 'text/vtt' }), 'lesson.vtt');
  const upload = await fetch(new URL('/api/videos/upload', baseUrl), { method: 'POST', headers: auth, body: form });
  if (upload.status !== 201) throw new Error(`upload answered ${upload.status}`);
  const videoId = ((await upload.json()) as { id: number }).id;
  const ids: number[] = [];
  for (const question of lesson.questions) {
    const created = await fetch(new URL(`/api/videos/${videoId}/interactions`, baseUrl), {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify(question),
    });
    if (created.status !== 201) throw new Error(`adding a question answered ${created.status}: ${await created.text()}`);
    ids.push(((await created.json()) as { id: number }).id);
  }
  return { token, videoId, ids };
}
