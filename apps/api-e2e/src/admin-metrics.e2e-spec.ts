import { type OpenAiStub, startOpenAiStub, startStack, type RunningStack } from '@veolearn/testing';
import { parseCsv } from '@veolearn/domain';
import { type Account, api, bearer, expectErrorBody, RELAXED_LIMITS, signUp, sql, unlimitedAccount } from './support';
import { waterCycleSrt } from './fixtures/transcripts';

/**
 * The admin area's figures (issue 16) through the real gateway, services, relays and the
 * admin-metrics-service: every figure comes from domain events the producers wrote in the same
 * transaction as their change.
 */
const ADMIN = { email: 'owner.admin@example.com', password: 'admin password 1', username: 'admin' };
const YOUTUBE_LINK = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let stack: RunningStack;
let stub: OpenAiStub;
let admin: Account;

beforeAll(async () => {
  stub = await startOpenAiStub();
  stack = await startStack({
    name: 'admin_metrics',
    admin: ADMIN,
    env: { ...RELAXED_LIMITS, OPENAI_API_KEY: stub.apiKey, OPENAI_BASE_URL: stub.url, OPENAI_MODEL: 'stub-model-1' },
  });
  const res = await api(stack).post('/api/auth/signin').send({ username: ADMIN.email, password: ADMIN.password }).expect(200);
  admin = { id: res.body.user.id as number, token: res.body.token as string };
});

afterAll(async () => {
  await stack?.stop();
  await stub?.close();
});

const get = async (path: string): Promise<Body> => (await api(stack).get(path).set(bearer(admin)).expect(200)).body as Body;

/** Polls an admin route until `done` holds (events travel through the outbox, the relay and the queue). */
async function eventually(path: string, done: (body: Body) => boolean, timeoutMs = 20_000): Promise<Body> {
  const deadline = Date.now() + timeoutMs;
  let last: Body = {};
  while (Date.now() < deadline) {
    last = await get(path);
    if (done(last)) return last;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${path} did not reach the expected figures within ${timeoutMs} ms; last: ${JSON.stringify(last).slice(0, 2000)}`);
}

const settle = () => new Promise((r) => setTimeout(r, 1500));

const ADMIN_ROUTES: Array<[method: 'get' | 'put', path: string, body?: Body]> = [
  ['get', '/api/admin/analytics?range=7d'],
  ['get', '/api/admin/costs'],
  ['get', '/api/admin/subscriptions?range=24h'],
  ['get', '/api/admin/users'],
  ['get', '/api/admin/security-events'],
  ['put', '/api/admin/security-events/1', { resolved: true }],
  ['get', '/api/admin/quick-access'],
  ['get', '/api/admin/export/users?timeRange=30d'],
  ['get', '/api/admin/settings/costs'],
  ['put', '/api/admin/settings/costs', { items: [], usdToAud: 1.5 }],
  ['put', '/api/admin/users/1/subscription', { plan: 'pro' }],
  ['get', '/api/admin/users/1/subscription-events'],
];

describe('admin routes are for admins only', () => {
  it('answers 401 signed out and 403 to a teacher on every /api/admin route', async () => {
    const teacher = await signUp(stack);
    for (const [method, path, body] of ADMIN_ROUTES) {
      const anonymous = await api(stack)[method](path).send(body);
      expect([path, anonymous.status]).toEqual([path, 401]);
      const refused = await api(stack)[method](path).set('Authorization', `Bearer ${teacher.token}`).send(body);
      expect([path, refused.status]).toEqual([path, 403]);
      expect(refused.body.message).toBe("You don't have admin permissions.");
    }
  });

  it('refuses bad input with a 400 a person can read', async () => {
    const cases: Array<[string, RegExp]> = [
      ['/api/admin/analytics?range=1y', /range must be one of 24h, 7d, 30d, 90d/],
      ['/api/admin/users?pageSize=1000', /pageSize must be at most 100/],
      ['/api/admin/users?page=0', /page must be 1 or more/],
      ['/api/admin/security-events?severity=urgent', /severity must be one of/],
      ['/api/admin/security-events?resolved=maybe', /resolved must be true or false/],
      ['/api/admin/export/passwords', /Unknown export "passwords"/],
      ['/api/admin/export/users?timeRange=forever', /timeRange must be one of/],
    ];
    for (const [path, message] of cases) {
      const res = await api(stack).get(path).set(bearer(admin));
      expect([path, res.status]).toEqual([path, 400]);
      expect(expectErrorBody(res.body, 400)).toMatch(message);
    }
    const badCost = await api(stack).put('/api/admin/settings/costs').set(bearer(admin)).send({ items: [{ name: 'Hosting', category: 'hosting', monthlyAmount: -5 }], usdToAud: 1.5 });
    expect(badCost.status).toBe(400);
    expect(badCost.body.message).toMatch(/monthlyAmount cannot be negative/);
    const unknown = await api(stack).put('/api/admin/security-events/999999999').set(bearer(admin)).send({ resolved: true });
    expect(unknown.status).toBe(404);
    const badId = await api(stack).put('/api/admin/security-events/1;drop').set(bearer(admin)).send({ resolved: true });
    expect(badId.status).toBe(400);
  });
});

describe('figures from real events, each counted once', () => {
  it('sign-ups, sign-ins, a failed sign-in and a plan change show in users, analytics, subscriptions, security and quick access', async () => {
    const before = {
      analytics: await get('/api/admin/analytics?range=24h'),
      subscriptions: await get('/api/admin/subscriptions?range=24h'),
      security: await get('/api/admin/security-events?range=24h'),
      quick: await get('/api/admin/quick-access'),
    };
    const learnerA = await signUp(stack, { firstName: 'Grace', lastName: 'Hopper' });
    const learnerB = await signUp(stack);
    await api(stack).post('/api/auth/signin').send({ username: learnerA.body.email, password: learnerA.body.password }).expect(200);
    await api(stack).post('/api/auth/signin').send({ username: learnerA.body.email, password: 'not the password' }).expect(401);
    await api(stack).put(`/api/admin/users/${learnerA.user.id}/subscription`).set(bearer(admin)).send({ plan: 'pro', subscriptionStatus: 'active' }).expect(200);
    // Complimentary: unlimited access given by an admin holds a plan without paying for it.
    await api(stack).put(`/api/admin/users/${learnerB.user.id}/subscription`).set(bearer(admin)).send({ plan: 'enterprise', subscriptionStatus: 'active', hasUnlimitedAccess: true }).expect(200);

    const analytics = await eventually('/api/admin/analytics?range=24h', (b) => b['newUsersThisPeriod'] >= before.analytics['newUsersThisPeriod'] + 2);
    const subscriptions = await eventually('/api/admin/subscriptions?range=24h', (b) => b['activeSubscriptions'] > before.subscriptions['activeSubscriptions']);
    const security = await eventually('/api/admin/security-events?range=24h', (b) => b['failedLogins'] > before.security['failedLogins']);
    await settle();
    // Exactly once: the same figures after the relays and the consumer had time to repeat anything.
    expect(await get('/api/admin/analytics?range=24h')).toMatchObject({ newUsersThisPeriod: before.analytics['newUsersThisPeriod'] + 2, totalUsers: before.analytics['totalUsers'] + 2 });
    expect(analytics['newUsersThisPeriod']).toBe(before.analytics['newUsersThisPeriod'] + 2);
    const subsAfter = await get('/api/admin/subscriptions?range=24h');
    expect(subsAfter['activeSubscriptions']).toBe(before.subscriptions['activeSubscriptions'] + 1);
    expect(subsAfter['monthlyRevenue']).toBeCloseTo(before.subscriptions['monthlyRevenue'] + 200, 2);
    expect(subscriptions['recentEvents'].filter((e: Body) => e['userEmail'] === learnerA.body.email && e['toPlan'] === 'pro')).toHaveLength(1);
    expect(subsAfter['explanations']).toEqual(expect.any(Object));
    expect((await get('/api/admin/security-events?range=24h'))['failedLogins']).toBe(before.security['failedLogins'] + 1);
    const failed = security['events'].find((e: Body) => e['eventType'] === 'login_failed' && e['userEmail'] === learnerA.body.email);
    expect(failed).toMatchObject({ resolved: false, severity: expect.any(String) });
    expect(await get('/api/admin/quick-access')).toMatchObject({ totalUsers: before.quick['totalUsers'] + 2, paidUsers: before.quick['paidUsers'] + 1 });
    // The admin's own account (active, unlimited) never counted as revenue.
    expect(before.quick['paidUsers']).toBe(0);

    const found = await get(`/api/admin/users?search=${encodeURIComponent(learnerA.body.email)}`);
    expect(found['total']).toBe(1);
    expect(found['items'][0]).toMatchObject({
      id: learnerA.user.id,
      email: learnerA.body.email,
      firstName: 'Grace',
      lastName: 'Hopper',
      plan: 'pro',
      subscriptionStatus: 'active',
      status: 'Premium',
      role: 'User',
      isAdmin: false,
    });
    expect(found['items'][0]['lastLoginAt']).toEqual(expect.any(String));
    const complimentary = await get(`/api/admin/users?search=${encodeURIComponent(learnerB.body.username)}`);
    expect(complimentary['items'][0]).toMatchObject({ plan: 'enterprise', status: 'Premium', subscriptionStatus: 'active' });
    const admins = await get('/api/admin/users?search=owner.admin');
    expect(admins['items'][0]).toMatchObject({ role: 'Admin', isAdmin: true });

    // Mark resolved, then filter.
    const resolved = await api(stack).put(`/api/admin/security-events/${failed['id']}`).set(bearer(admin)).send({ resolved: true }).expect(200);
    expect(resolved.body).toMatchObject({ id: failed['id'], resolved: true });
    const open = await get('/api/admin/security-events?range=24h&resolved=false&pageSize=100');
    expect(open['events'].some((e: Body) => e['id'] === failed['id'])).toBe(false);
    const onlyFailed = await get('/api/admin/security-events?range=24h&eventType=login_failed&pageSize=100');
    expect(onlyFailed['events'].every((e: Body) => e['eventType'] === 'login_failed')).toBe(true);
  });

  it('a generation with the model records its AI cost; fixed costs and the rate give costs, profit and margin', async () => {
    const owner = await unlimitedAccount(stack);
    const before = { costs: await get('/api/admin/costs?range=7d'), analytics: await get('/api/admin/analytics?range=7d') };
    const res = await api(stack)
      .post('/api/youtube/transcript-paste')
      .set(bearer(owner))
      .send({ youtubeUrl: YOUTUBE_LINK, transcript: waterCycleSrt(), interactionCount: 4, questionTypes: ['single'] })
      .expect(202);
    const jobId = res.body.job.id as string;
    const deadline = Date.now() + 30_000;
    for (;;) {
      const job = (await api(stack).get(`/api/generation/jobs/${jobId}`).set(bearer(owner)).expect(200)).body;
      if (job.state === 'completed') break;
      if (job.state === 'failed' || Date.now() > deadline) throw new Error(`generation did not complete: ${JSON.stringify(job)}`);
      await new Promise((r) => setTimeout(r, 150));
    }
    const [cost] = await sql<{ prompt_tokens: number; completion_tokens: number; cost_usd: string }>(
      stack,
      'SELECT prompt_tokens, completion_tokens, cost_usd FROM generation.cost_events WHERE job_id = $1',
      [jobId],
    );
    expect(Number(cost.cost_usd)).toBeGreaterThan(0);

    const saved = await api(stack)
      .put('/api/admin/settings/costs')
      .set(bearer(admin))
      .send({ items: [{ name: 'Hosting', category: 'hosting', monthlyAmount: 300 }, { name: 'E-mail', category: 'others', monthlyAmount: 30 }], usdToAud: 2 })
      .expect(200);
    expect(saved.body).toMatchObject({ usdToAud: 2, items: [expect.objectContaining({ name: 'Hosting', monthlyAmount: 300 }), expect.objectContaining({ name: 'E-mail', monthlyAmount: 30 })] });
    expect((await get('/api/admin/settings/costs'))['items']).toHaveLength(2);

    const costs = await eventually('/api/admin/costs?range=7d', (b) => b['usage']['aiCalls'] > before.costs['usage']['aiCalls']);
    expect(costs['usage']['aiCalls']).toBe(before.costs['usage']['aiCalls'] + 1);
    expect(costs['usage']['promptTokens']).toBe(before.costs['usage']['promptTokens'] + cost.prompt_tokens);
    expect(costs['breakdown']['hosting']).toBeCloseTo((300 * 7) / 30, 2);
    expect(costs['breakdown']['others']).toBeGreaterThanOrEqual((30 * 7) / 30 - 0.01);
    // Shown to the cent: the model's price in USD at the admin's rate (2 AUD per USD here).
    const aiAud = costs['breakdown']['openai'] - before.costs['breakdown']['openai'];
    expect(aiAud).toBeCloseTo(Number(cost.cost_usd) * 2, 2);
    const total = ['openai', 'veo', 'hosting', 'youtube', 'others'].reduce((sum, key) => sum + costs['breakdown'][key], 0);
    expect(costs['totalCosts']).toBeCloseTo(total, 2);
    expect(costs['profit']).toBeCloseTo(costs['revenue'] - costs['totalCosts'], 2);
    if (costs['revenue'] > 0) expect(costs['profitMargin']).toBeCloseTo((costs['profit'] / costs['revenue']) * 100, 1);
    else expect(costs['profitMargin']).toBeNull();
    expect(costs['details'].some((d: Body) => d['service'] === 'openai' && d['currency'] === 'AUD')).toBe(true);

    const analytics = await eventually('/api/admin/analytics?range=7d', (b) => b['totalQuestions'] >= before.analytics['totalQuestions'] + 4);
    expect(analytics['totalQuestions']).toBe(before.analytics['totalQuestions'] + 4);
    expect(analytics['videosCreated']).toBe(before.analytics['videosCreated'] + 1);
    expect(analytics['videoSources']['youtube']).toBe(before.analytics['videoSources']['youtube'] + 1);
  });

  it('cuts each range at its edge: an event just inside 7 days counts in 7d, one just outside only in 30d', async () => {
    const before7 = await get('/api/admin/analytics?range=7d');
    const before30 = await get('/api/admin/analytics?range=30d');
    // Two sign-ups as the auth-service's outbox holds them, written two minutes either side of the 7-day edge.
    const edge = async (userId: number, offset: string) =>
      sql(
        stack,
        `INSERT INTO auth.outbox (id, type, version, occurred_at, producer, payload)
         VALUES (gen_random_uuid(), 'user.registered', 1, now() - interval '7 days' + interval '${offset}', 'auth-service', $1)`,
        [
          JSON.stringify({
            userId,
            username: `edge_${userId}`,
            email: `edge.${userId}@example.com`,
            firstName: null,
            lastName: null,
            isAdmin: false,
            plan: 'trial',
            subscriptionStatus: 'trial',
            trialEndsAt: null,
            via: 'password',
          }),
        ],
      );
    await edge(990_000_001, '2 minutes');
    await edge(990_000_002, '-2 minutes');
    const after30 = await eventually('/api/admin/analytics?range=30d', (b) => b['newUsersThisPeriod'] >= before30['newUsersThisPeriod'] + 2);
    expect(after30['newUsersThisPeriod']).toBe(before30['newUsersThisPeriod'] + 2);
    const after7 = await get('/api/admin/analytics?range=7d');
    expect(after7['newUsersThisPeriod']).toBe(before7['newUsersThisPeriod'] + 1);
    // Hourly points over 24 hours: the partial hours at both ends included (25 unless now is on the hour).
    const day = await get('/api/admin/analytics?range=24h');
    expect([24, 25]).toContain(day['series'].length);
  });
});

describe('CSV export', () => {
  it('streams every user as veolearn-users-<date>.csv with quoting and formula injection neutralised', async () => {
    const risky = [
      await signUp(stack, { firstName: '=HYPERLINK("http://evil.example","click")', lastName: '+1' }),
      await signUp(stack, { firstName: '@SUM(A1:A2)', lastName: '-2' }),
      await signUp(stack, { firstName: 'Ann "Al", Jr', lastName: 'Smith' }),
    ];
    await eventually(`/api/admin/users?search=${encodeURIComponent(risky[2].body.email)}`, (b) => b['total'] === 1);
    const total = (await get('/api/admin/users?pageSize=1'))['total'] as number;
    const res = await api(stack).get('/api/admin/export/users?timeRange=7d').set(bearer(admin)).buffer(true).parse((r, cb) => {
      let text = '';
      r.setEncoding('utf8');
      r.on('data', (chunk: string) => (text += chunk));
      r.on('end', () => cb(null, text));
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain(`filename="veolearn-users-${new Date().toISOString().slice(0, 10)}.csv"`);
    const text = res.body as string;
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text).toContain('\r\n');
    const rows = parseCsv(text);
    const header = rows[0];
    expect(header).toEqual(expect.arrayContaining(['id', 'email']));
    expect(rows).toHaveLength(total + 1);
    const col = (name: string) => header.indexOf(name);
    const rowOf = (email: string) => rows.find((r) => r[col('email')] === email) as string[];
    const first = rowOf(risky[0].body.email);
    expect(first.some((cell) => cell === `'=HYPERLINK("http://evil.example","click")`)).toBe(true);
    expect(first.some((cell) => cell === `'+1`)).toBe(true);
    const second = rowOf(risky[1].body.email);
    expect(second.some((cell) => cell === `'@SUM(A1:A2)`)).toBe(true);
    expect(second.some((cell) => cell === `'-2`)).toBe(true);
    expect(rowOf(risky[2].body.email).some((cell) => cell === 'Ann "Al", Jr')).toBe(true);
    expect(text).toContain('"Ann ""Al"", Jr"');
  });

  it('exports security events and subscriptions of the range', async () => {
    for (const kind of ['security-events', 'subscriptions', 'costs']) {
      const res = await api(stack).get(`/api/admin/export/${kind}?timeRange=24h`).set(bearer(admin)).expect(200);
      expect(res.headers['content-disposition']).toContain(`veolearn-${kind}-`);
      const rows = parseCsv(res.text);
      expect(rows.length).toBeGreaterThan(1);
    }
  });
});
