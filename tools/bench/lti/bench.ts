/**
 * Benchmark: LTI 1.3 launches and grade passbacks through the gateway and the lti-service, against
 * the local test platform (libs/testing LtiTestPlatform: its own keys, JWKS, token endpoint and AGS
 * line items, in this process).
 *
 *   launch   GET /api/lti/login (state, nonce, browser cookie) → the platform signs an id_token for
 *            that nonce → POST /api/lti/launch (JWKS from cache, every claim checked, LTI user and
 *            launch rows written) → 303 to the player. Timed from the login to the 303.
 *   grade    POST /api/lti/submit-grade for distinct learners (stored, queued), then timed until the
 *            platform has received every score (token by client credentials once, then cached).
 *
 * Prints launches per second and grade passbacks per second with p50/p99, beside a bare baseline
 * measured in the same run: launches against a plain node:http tool that does only the state cookie and
 * the jose verification, and scores POSTed straight to the platform's line item. Not a test: it fails
 * only if a launch, a grade or a delivery fails.
 *
 * Run (after `npx nx run-many -t build -p gateway auth-service video-service generation-service export-service lti-service admin-metrics-service`):
 *   npm run bench:lti
 * Env: BENCH_LAUNCHES (default 300), BENCH_GRADES (default 300), BENCH_CONCURRENCY (default 10).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes, randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { SignJWT, createRemoteJWKSet, exportJWK, generateKeyPair, jwtVerify } from 'jose';
import { LtiTestPlatform, startStack } from '@veolearn/testing';
import { positive, runBenchmark, table } from '../shared/bench-kit';

const LAUNCHES = Math.floor(positive('BENCH_LAUNCHES', 300));
const GRADES = Math.floor(positive('BENCH_GRADES', 300));
const CONCURRENCY = Math.floor(positive('BENCH_CONCURRENCY', 10));
const ADMIN = { email: 'bench.lti.admin@example.com', password: 'bench lti admin password', username: 'admin' };

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(v < 10 ? 1 : 0) : '-');

/** Runs `count` tasks, `concurrency` at a time; answers each task's duration in ms. */
async function pool(count: number, concurrency: number, task: (i: number) => Promise<void>): Promise<{ durations: number[]; totalMs: number }> {
  const durations: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) {
        const i = next++;
        const t0 = performance.now();
        await task(i);
        durations.push(performance.now() - t0);
      }
    }),
  );
  return { durations, totalMs: performance.now() - started };
}

async function body(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The bare baseline: the least a tool must do for a launch, in one plain node:http server in this
 * process: GET /login makes a state and nonce and sets the state cookie; POST /launch checks the
 * cookie, verifies the id_token with jose against the platform's JWKS (cached) for issuer, audience
 * and nonce, and answers 303. No database, no service call, no rate limit, no security events.
 */
async function startBareTool(platform: LtiTestPlatform): Promise<{ base: string; server: Server }> {
  const jwks = createRemoteJWKSet(new URL(platform.registration.keysetUrl));
  const nonces = new Map<string, string>();
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://bare');
      if (req.method === 'GET' && url.pathname === '/login') {
        const state = randomBytes(16).toString('hex');
        const nonce = randomBytes(16).toString('hex');
        nonces.set(state, nonce);
        const location = new URL(platform.registration.authLoginUrl);
        location.search = new URLSearchParams({ state, nonce, redirect_uri: url.searchParams.get('target_link_uri') ?? '' }).toString();
        res.writeHead(302, { location: location.toString(), 'set-cookie': `lti-state-${state}=1; HttpOnly; SameSite=None; Secure` });
        return res.end();
      }
      if (req.method === 'POST' && url.pathname === '/launch') {
        const form = new URLSearchParams(await body(req));
        const state = form.get('state') ?? '';
        const nonce = nonces.get(state);
        nonces.delete(state);
        if (!nonce || !(req.headers.cookie ?? '').includes(`lti-state-${state}=`)) {
          res.writeHead(400);
          return res.end('state');
        }
        const { payload } = await jwtVerify(form.get('id_token') ?? '', jwks, { issuer: platform.issuer, audience: platform.clientId });
        if (payload['nonce'] !== nonce) {
          res.writeHead(400);
          return res.end('nonce');
        }
        res.writeHead(303, { location: `/embed/1?lti=${randomUUID()}` });
        return res.end();
      }
      res.writeHead(404);
      res.end();
    })().catch((error: unknown) => {
      res.writeHead(500);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

runBenchmark('LTI', async () => {
  const platform = await new LtiTestPlatform().start();
  const stack = await startStack({
    name: 'bench_lti',
    admin: ADMIN,
    env: { RATE_LIMIT_PER_MINUTE: '1000000', AUTH_RATE_LIMIT_PER_MINUTE: '1000000', LOG_LEVEL: 'error' },
  });
  try {
    const base = stack.baseUrl;
    const origin = stack.env['PUBLIC_URL'];
    platform.useToolJwks(`${base}/api/lti/jwks`);
    const signin = await fetch(`${base}/api/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }) });
    const adminToken = ((await signin.json()) as { token: string }).token;
    const registered = await fetch(`${base}/api/admin/lti/platforms`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify(platform.registration),
    });
    if (!registered.ok) throw new Error(`Registering the platform failed: ${registered.status}`);

    const target = `${origin}/api/lti/launch?video=1`;
    /** One login and launch (through the product, or `at` the bare tool); answers the launch token. */
    async function launch(sub: string, at?: string): Promise<string> {
      const query = new URLSearchParams({ iss: platform.issuer, login_hint: sub, target_link_uri: target, client_id: platform.clientId });
      const login = await fetch(at ? `${at}/login?${query}` : `${base}/api/lti/login?${query}`, { redirect: 'manual' });
      if (login.status !== 302) throw new Error(`Login answered ${login.status}`);
      const location = new URL(login.headers.get('location') as string);
      const state = location.searchParams.get('state') as string;
      const cookie = (login.headers.getSetCookie().find((c) => c.startsWith(`lti-state-${state}=`)) ?? '').split(';')[0];
      const idToken = await platform.sign({ ...platform.baseClaims(location.searchParams.get('nonce') as string, target), sub });
      const res = await fetch(at ? `${at}/launch` : `${base}/api/lti/launch`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
        body: new URLSearchParams({ id_token: idToken, state }),
      });
      if (res.status !== 303) throw new Error(`Launch answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
      return new URL(res.headers.get('location') as string, origin).searchParams.get('lti') as string;
    }

    // Warm-up: the first launch fetches the platform's JWKS; the first grade gets the token.
    await pool(20, CONCURRENCY, (i) => launch(`warmup-${i}`).then(() => undefined));
    const launches = await pool(LAUNCHES, CONCURRENCY, (i) => launch(`learner-${i}`).then(() => undefined));

    const tokens: string[] = [];
    for (let i = 0; i < GRADES; i += 1) tokens.push(await launch(`graded-${i}`));
    const before = platform.scores.length;
    const gradeStart = performance.now();
    const submits = await pool(GRADES, CONCURRENCY, async (i) => {
      const res = await fetch(`${base}/api/lti/submit-grade`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-lti-launch': tokens[i] as string },
        body: JSON.stringify({ videoId: 1, totalInteractions: 5, completedInteractions: 5, score: 80, timeSpent: 60, isVR: false }),
      });
      if (!res.ok) throw new Error(`submit-grade answered ${res.status}`);
    });
    const deadline = Date.now() + 120_000;
    while (platform.scores.length - before < GRADES) {
      if (Date.now() > deadline) throw new Error(`Only ${platform.scores.length - before} of ${GRADES} scores arrived in 120 s`);
      await new Promise((r) => setTimeout(r, 5));
    }
    const deliveredMs = performance.now() - gradeStart;

    // The bare baseline in the same run: launches against the bare tool, and scores posted straight to
    // the platform's line item with one access token (the platform now trusts the bare tool's key).
    const bare = await startBareTool(platform);
    const bareLaunches = await (async () => {
      try {
        await pool(20, CONCURRENCY, (i) => launch(`bare-warmup-${i}`, bare.base).then(() => undefined));
        return await pool(LAUNCHES, CONCURRENCY, (i) => launch(`bare-${i}`, bare.base).then(() => undefined));
      } finally {
        bare.server.close();
      }
    })();
    const keys = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'bare', alg: 'RS256', use: 'sig' };
    const keyServer = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => keyServer.listen(0, '127.0.0.1', resolve));
    platform.useToolJwks(`http://127.0.0.1:${(keyServer.address() as AddressInfo).port}/`);
    const tokenUrl = platform.registration.authTokenUrl;
    const assertion = await new SignJWT({ jti: randomUUID() })
      .setProtectedHeader({ alg: 'RS256', kid: 'bare' })
      .setIssuer(platform.clientId)
      .setSubject(platform.clientId)
      .setAudience(tokenUrl)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(keys.privateKey);
    const tokenRes = await fetch(tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer', client_assertion: assertion, scope: 'https://purl.imsglobal.org/spec/lti-ags/scope/score' }),
    });
    keyServer.close();
    if (!tokenRes.ok) throw new Error(`The bare token request answered ${tokenRes.status}: ${await tokenRes.text()}`);
    const accessToken = ((await tokenRes.json()) as { access_token: string }).access_token;
    const [lineitemPath, lineitemQuery] = platform.lineitem(1).split('?');
    const bareGrades = await pool(GRADES, CONCURRENCY, async (i) => {
      const res = await fetch(`${lineitemPath}/scores?${lineitemQuery}`, {
        method: 'POST',
        headers: { 'content-type': 'application/vnd.ims.lis.v1.score+json', authorization: `Bearer ${accessToken}` },
        body: JSON.stringify({ userId: `bare-${i}`, scoreGiven: 8, scoreMaximum: 10, activityProgress: 'Completed', gradingProgress: 'FullyGraded', timestamp: new Date().toISOString() }),
      });
      if (res.status !== 204) throw new Error(`A bare score POST answered ${res.status}`);
    });

    console.log(`\nLTI benchmark (${cpus().length} CPUs, load ${loadavg()[0].toFixed(2)}, concurrency ${CONCURRENCY}, transport ${stack.env['TRANSPORT']})\n`);
    console.log(
      table([
        ['', 'count', 'per second', 'p50 ms', 'p99 ms'],
        ['launch (login → 303)', String(LAUNCHES), (LAUNCHES / (launches.totalMs / 1000)).toFixed(1), ms(percentile(launches.durations, 50)), ms(percentile(launches.durations, 99))],
        ['submit-grade (stored, queued)', String(GRADES), (GRADES / (submits.totalMs / 1000)).toFixed(1), ms(percentile(submits.durations, 50)), ms(percentile(submits.durations, 99))],
        ['grade passback (to the LMS)', String(GRADES), (GRADES / (deliveredMs / 1000)).toFixed(1), '-', '-'],
        ['bare launch (node:http + jose)', String(LAUNCHES), (LAUNCHES / (bareLaunches.totalMs / 1000)).toFixed(1), ms(percentile(bareLaunches.durations, 50)), ms(percentile(bareLaunches.durations, 99))],
        ['bare score POST (straight to the LMS)', String(GRADES), (GRADES / (bareGrades.totalMs / 1000)).toFixed(1), ms(percentile(bareGrades.durations, 50)), ms(percentile(bareGrades.durations, 99))],
      ]),
    );
    console.log(`\nAll ${GRADES} scores reached the platform ${ms(deliveredMs)} ms after the first submit (access token requests: ${platform.tokenRequests.length}).`);
  } finally {
    await stack.stop();
    await platform.stop();
  }
});
