/**
 * Benchmark: first load of the web app, measured with Lighthouse (default config: mobile, simulated
 * 4G and 4x CPU slowdown, performance only) in the system Chromium, on `/`, `/auth/signin` and
 * `/play/{id}` of a lesson this bench creates through the API.
 *
 *   gateway  the real stack (startStack: own database and Redis prefix) serving the web build:
 *            NestJS on Fastify, helmet headers, @fastify/static with the .br/.gz copies, the SPA
 *            fallback for index.html.
 *   bare     the same files (a snapshot of the same build) from a plain node:http server in this
 *            process: the .br/.gz copy the browser accepts, the same Cache-Control, index.html for
 *            any other path. Requests under /api/ (the player's lesson and media) are proxied to the
 *            gateway, so both targets render the same page; the difference is what the gateway costs
 *            for the page itself.
 *
 * Prints the median of BENCH_RUNS runs per page and target (score, LCP, FCP, TBT, transferred KB), and
 * what Lighthouse found unused in the JavaScript. Not a test: it asserts nothing about speed and fails
 * only if a page or a run fails.
 *
 * Run (after `npx nx run-many -t build -p gateway auth-service video-service generation-service export-service lti-service admin-metrics-service web`):
 *   npm run bench:lighthouse
 * Env: BENCH_RUNS (default 3), BENCH_WARMUP_RUNS (default 1: Lighthouse on / of each target, not counted; the first
 *   run after the stack starts is slower, with cold Chromium and services), BENCH_WEB_DIST (default dist/apps/web), CHROMIUM_PATH (default /usr/bin/chromium),
 *   BENCH_LIGHTHOUSE_REPORTS (a folder: the full Lighthouse JSON of every run is written there).
 */
import { spawn } from 'node:child_process';
import { cpSync, createReadStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { Client } from 'pg';
import { startStack } from '@veolearn/testing';
import { positive } from '../shared/bench-kit';

const ROOT = resolve(__dirname, '..', '..', '..');
const RUNS = Math.floor(positive('BENCH_RUNS', 3));
const WARMUP_RUNS = process.env['BENCH_WARMUP_RUNS'] === '0' ? 0 : Math.floor(positive('BENCH_WARMUP_RUNS', 1));
const WEB_DIST = resolve(ROOT, process.env['BENCH_WEB_DIST'] ?? 'dist/apps/web');
const REPORTS = process.env['BENCH_LIGHTHOUSE_REPORTS'] ? resolve(process.env['BENCH_LIGHTHOUSE_REPORTS']) : undefined;
const RUNNER = join(__dirname, 'run-lighthouse.mjs');
const LESSON_WEBM = join(ROOT, 'apps', 'web-e2e', 'fixtures', 'lesson.webm');
/** Its poster frame as the create wizard captures it in the browser (make-lesson-poster.cjs; 320×180 JPEG, 6 KB). */
const LESSON_POSTER = join(ROOT, 'apps', 'web-e2e', 'fixtures', 'lesson-poster.jpg');

interface RunFigures {
  url: string;
  finalUrl: string;
  score: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  siMs: number;
  cls: number;
  transferBytes: number;
  requests: number;
  lcpElement: string | null;
  unusedJs: Array<{ url: string; totalBytes: number; wastedBytes: number }>;
  renderBlocking: Array<{ url: string; wastedMs: number }>;
  resources: Array<{ url: string; transferSize: number; resourceType: string }>;
  warnings: string[];
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * The bare baseline: a node:http static server over `root` with the build's precompressed copies
 * (br before gzip, as the browser accepts), the gateway's Cache-Control (hashed /assets/ immutable for
 * a year, the rest no-cache), index.html for unknown paths, and /api/* proxied to `apiBase`.
 */
async function startBareServer(root: string, apiBase: string): Promise<{ base: string; server: Server }> {
  const api = new URL(apiBase);
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://bare');
    if (url.pathname.startsWith('/api/')) {
      const upstream = httpRequest(
        { host: api.hostname, port: api.port, method: req.method, path: req.url, headers: { ...req.headers, host: api.host } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => {
        res.writeHead(502).end();
      });
      req.pipe(upstream);
      return;
    }
    let file = normalize(join(root, decodeURIComponent(url.pathname)));
    if (!file.startsWith(root + sep) || !existsSync(file) || !statSync(file).isFile()) file = join(root, 'index.html');
    const accepts = String(req.headers['accept-encoding'] ?? '');
    let sent = file;
    let encoding: string | undefined;
    for (const [token, suffix] of [['br', '.br'], ['gzip', '.gz']] as const) {
      if (new RegExp(`\\b${token}\\b`).test(accepts) && existsSync(file + suffix)) {
        sent = file + suffix;
        encoding = token;
        break;
      }
    }
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'content-length': statSync(sent).size,
      'cache-control': file.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      vary: 'accept-encoding',
      ...(encoding ? { 'content-encoding': encoding } : {}),
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(sent).pipe(res);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/**
 * One Lighthouse run in its own process (and its own Chromium); a run Lighthouse itself reports as
 * broken (NO_NAVSTART and other runtime errors of a busy machine) is tried again, twice at most.
 */
async function lighthouseRun(url: string, reportFile?: string): Promise<RunFigures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseOnce(url, reportFile);
    } catch (error) {
      if (attempt >= 3 || !/Lighthouse: [A-Z_]+/.test(String(error))) throw error;
      console.log(`  (Lighthouse run on ${url} broken, trying again: ${String(error).match(/Lighthouse: [A-Z_]+/)?.[0]})`);
    }
  }
}

function lighthouseOnce(url: string, reportFile?: string): Promise<RunFigures> {
  return new Promise((ok, fail) => {
    const args = [RUNNER, url, ...(reportFile ? ['--json-out', reportFile] : [])];
    const child = spawn(process.execPath, args, {
      env: { ...process.env, PUPPETEER_SKIP_DOWNLOAD: '1', PUPPETEER_SKIP_CHROMIUM_DOWNLOAD: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('exit', (code) => {
      const line = out.trim().split('\n').pop();
      if (code !== 0 || !line) return fail(new Error(`Lighthouse on ${url} exited ${code}: ${err.slice(-2000)}`));
      ok(JSON.parse(line) as RunFigures);
    });
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const s = (ms: number) => (ms / 1000).toFixed(2);

async function createLesson(baseUrl: string, databaseUrl: string): Promise<number> {
  const tag = Date.now().toString(36);
  const account = { username: `bench_lh_${tag}`, email: `bench.lh.${tag}@example.com`, password: 'bench lighthouse password', firstName: 'Bench' };
  const signup = await fetch(`${baseUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...account, confirmPassword: account.password, lastName: '', acceptTerms: true }),
  });
  if (signup.status !== 201) throw new Error(`sign-up answered ${signup.status}: ${await signup.text()}`);
  // Unlimited videos; the session is made afterwards so that it carries the entitlement.
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query('UPDATE auth.users SET has_unlimited_access = true WHERE email = $1', [account.email]);
  } finally {
    await db.end();
  }
  const signin = await fetch(`${baseUrl}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: account.email, password: account.password }),
  });
  if (signin.status !== 200) throw new Error(`sign-in answered ${signin.status}: ${await signin.text()}`);
  const auth = { authorization: `Bearer ${((await signin.json()) as { token: string }).token}` };

  // The e2e player's lesson: the 20 s WebM fixture uploaded like the wizard does (with the poster frame
  // the wizard captures), three questions, shared.
  const form = new FormData();
  form.append('title', 'Lighthouse bench lesson');
  form.append('poster', new Blob([readFileSync(LESSON_POSTER)], { type: 'image/jpeg' }), 'poster.jpg');
  form.append('file', new Blob([readFileSync(LESSON_WEBM)], { type: 'video/webm' }), 'lesson.webm');
  const upload = await fetch(`${baseUrl}/api/videos/upload`, { method: 'POST', headers: auth, body: form });
  if (upload.status !== 201) throw new Error(`upload answered ${upload.status}: ${await upload.text()}`);
  const { id } = (await upload.json()) as { id: number };
  const questions = [
    { type: 'single_choice', question: 'Which colour is the sky on a clear day at noon?', options: ['Green', 'Blue', 'Red'], correctAnswer: 1, timestamp: 3 },
    { type: 'true_false', question: 'Water boils at 100 °C at sea level.', options: ['True', 'False'], correctAnswer: true, timestamp: 6 },
    { type: 'ordering', question: 'Put the numbers in ascending order.', options: ['three', 'one', 'two'], correctAnswer: [1, 2, 0], timestamp: 9 },
  ];
  const json = { ...auth, 'content-type': 'application/json' };
  // The length a learner's first play stores (MediaRecorder's WebM has none in its header, so the wizard
  // could not read it): with it and the poster, the player fetches the file only on Play.
  const settings = await fetch(`${baseUrl}/api/videos/${id}/settings`, { method: 'PUT', headers: json, body: JSON.stringify({ duration: 20 }) });
  if (settings.status !== 200) throw new Error(`settings answered ${settings.status}: ${await settings.text()}`);
  for (const question of questions) {
    const res = await fetch(`${baseUrl}/api/videos/${id}/interactions`, { method: 'POST', headers: json, body: JSON.stringify(question) });
    if (res.status !== 201) throw new Error(`adding a question answered ${res.status}: ${await res.text()}`);
  }
  const shared = await fetch(`${baseUrl}/api/videos/${id}/sharing`, { method: 'PUT', headers: json, body: JSON.stringify({ published: true }) });
  if (shared.status !== 200) throw new Error(`sharing answered ${shared.status}: ${await shared.text()}`);
  const play = await fetch(`${baseUrl}/api/play/${id}`);
  if (play.status !== 200) throw new Error(`GET /api/play/${id} answered ${play.status}: ${await play.text()}`);
  return id;
}

async function main(): Promise<void> {
  if (!existsSync(join(WEB_DIST, 'index.html'))) throw new Error(`No web build at ${WEB_DIST}: run npx nx run web:build first`);
  // A snapshot of the build, so both targets serve the same files even if someone rebuilds meanwhile.
  const workDir = mkdtempSync(join(tmpdir(), 'veolearn-bench-lighthouse-'));
  const webDir = join(workDir, 'web');
  cpSync(WEB_DIST, webDir, { recursive: true });
  if (REPORTS) mkdirSync(REPORTS, { recursive: true });
  const index = readFileSync(join(webDir, 'index.html'), 'utf8');
  console.log(`Lighthouse benchmark: ${RUNS} run(s) per page and target (+${WARMUP_RUNS} warm-up), mobile default config (simulated throttling)`);
  console.log(`  build: ${WEB_DIST} (entry ${index.match(/src="(\/assets\/[^"]+\.js)"/)?.[1] ?? '?'})`);
  console.log(`  machine: ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);

  const stack = await startStack({
    name: 'bench_lighthouse',
    env: {
      LOG_LEVEL: 'error',
      WEB_DIST: webDir,
      UPLOAD_DIR: join(workDir, 'uploads'),
      RATE_LIMIT_PER_MINUTE: '100000000',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000000',
      ANONYMOUS_RATE_LIMIT_PER_MINUTE: '100000000',
      IP_RATE_LIMIT_PER_MINUTE: '100000000',
    },
  });
  let bare: Server | undefined;
  let failed = false;
  try {
    const lessonId = await createLesson(stack.baseUrl, stack.databaseUrl);
    const started = await startBareServer(webDir, stack.baseUrl);
    bare = started.server;
    // BENCH_PAGES=play (or signin, landing; comma-separated) measures only those pages.
    const only = (process.env['BENCH_PAGES'] ?? '').split(',').map((p) => p.trim()).filter(Boolean);
    const named: Record<string, string> = { landing: '/', signin: '/auth/signin', play: `/play/${lessonId}` };
    const pages = only.length ? only.map((p) => named[p] ?? p) : Object.values(named);
    const targets = [
      { name: 'gateway', base: stack.baseUrl },
      { name: 'bare', base: started.base },
    ];
    for (const target of targets) {
      const res = await fetch(`${target.base}/`, { headers: { 'accept-encoding': 'br' } });
      if (res.status !== 200) throw new Error(`${target.name} / answered ${res.status}`);
    }

    // Warm-up: the first Chromium start and the services' first requests are slow; not counted.
    for (let run = 0; run < WARMUP_RUNS; run++) {
      for (const target of targets) await lighthouseRun(`${target.base}/`);
    }
    if (WARMUP_RUNS > 0) console.log(`  (${WARMUP_RUNS} warm-up run(s) per target on / done, not counted)`);

    const results = new Map<string, RunFigures[]>();
    // Interleaved (page by page, gateway then bare, round after round), so load on the machine hits both alike.
    for (let run = 0; run < RUNS; run++) {
      for (const page of pages) {
        for (const target of targets) {
          const key = `${page}|${target.name}`;
          const report = REPORTS ? join(REPORTS, `${target.name}${page.replace(/\//g, '_')}-${run + 1}.json`) : undefined;
          const figures = await lighthouseRun(`${target.base}${page}`, report);
          console.log(
            `  run ${run + 1} ${target.name.padEnd(7)} ${page.padEnd(14)} score ${figures.score}  LCP ${s(figures.lcpMs)} s  FCP ${s(figures.fcpMs)} s  TBT ${figures.tbtMs.toFixed(0)} ms  ${kb(figures.transferBytes)} KB`,
          );
          results.set(key, [...(results.get(key) ?? []), figures]);
        }
      }
    }

    console.log(`\nMedians of ${RUNS} run(s) (Lighthouse ${RUNS > 1 ? 'medians per figure' : 'single run'}); load average now ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    console.log('| page | target | score | LCP s | FCP s | TBT ms | transfer KB | requests |');
    console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const page of pages) {
      for (const target of targets) {
        const runs = results.get(`${page}|${target.name}`) ?? [];
        const m = (pick: (f: RunFigures) => number) => median(runs.map(pick));
        const label = page.startsWith('/play/') ? '/play/{id}' : page;
        console.log(
          `| ${label} | ${target.name} | ${m((f) => f.score)} | ${s(m((f) => f.lcpMs))} | ${s(m((f) => f.fcpMs))} | ${m((f) => f.tbtMs).toFixed(0)} | ${kb(m((f) => f.transferBytes))} | ${m((f) => f.requests)} |`,
        );
      }
    }

    console.log('\nWhat the gateway run of each page loaded and left unused (last run):');
    for (const page of pages) {
      const last = (results.get(`${page}|gateway`) ?? []).at(-1);
      if (!last) continue;
      console.log(`  ${page}: LCP element ${last.lcpElement ?? '-'}`);
      const js = last.resources.filter((r) => r.resourceType === 'Script');
      const css = last.resources.filter((r) => r.resourceType === 'Stylesheet');
      const fonts = last.resources.filter((r) => r.resourceType === 'Font');
      const sum = (rs: Array<{ transferSize: number }>) => rs.reduce((n, r) => n + r.transferSize, 0);
      console.log(`    scripts ${js.length} (${kb(sum(js))} KB), stylesheets ${css.length} (${kb(sum(css))} KB), fonts ${fonts.length} (${kb(sum(fonts))} KB)`);
      for (const u of last.unusedJs) console.log(`    unused JS: ${u.url.replace(/^https?:\/\/[^/]+/, '')} ${kb(u.wastedBytes)} of ${kb(u.totalBytes)} KB`);
      for (const r of last.renderBlocking) console.log(`    render-blocking: ${r.url.replace(/^https?:\/\/[^/]+/, '')} ~${r.wastedMs.toFixed(0)} ms`);
      for (const w of last.warnings) console.log(`    warning: ${w}`);
    }
  } catch (error) {
    failed = true;
    console.error(error instanceof Error ? error.message : error);
    console.error(`Logs: ${stack.logDir}`);
  } finally {
    if (bare) {
      bare.closeAllConnections();
      await new Promise<void>((ok) => bare!.close(() => ok()));
    }
    await stack.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
  if (failed) process.exit(1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
