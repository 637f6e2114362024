import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { type ClientProxy, ClientProxyFactory } from '@nestjs/microservices';
import { Queue, QueueEvents } from 'bullmq';
import Redis from 'ioredis';
import { firstValueFrom } from 'rxjs';
import { loadConfig } from '@veolearn/config';
import {
  ADMIN_METRICS_EVENTS_QUEUE,
  type AdminAnalytics,
  type AdminCosts,
  type AdminExportRows,
  AdminMetricsPatterns,
  type AdminQuickAccess,
  type AdminSecurity,
  type AdminSecurityEvent,
  type AdminSubscriptions,
  type AdminUsersPage,
  type DomainEvent,
  type FixedCostSettings,
} from '@veolearn/contracts';
import { adminMetricsServiceAddress, clientTransport } from '@veolearn/nest-common';
import { ROOT } from '@veolearn/process-stack';
import { type OpenAiStub, startOpenAiStub, startStack, type RunningStack, TEST_REDIS_URL } from '@veolearn/testing';
import { api, type Account, bearer, PASSWORD, RELAXED_LIMITS, signUp, sql } from './support';
import { waterCycleSrt } from './fixtures/transcripts';

/**
 * Domain events through the real services (transactional outbox → relay → BullMQ → admin-metrics
 * read models), checked with the admin-metrics-service's own message patterns and the `metrics`
 * schema; no gateway admin route is used except the existing plan change.
 */
const TRANSPORT = process.env['TEST_TRANSPORT'] === 'nats' ? 'nats' : 'tcp';
const ADMIN = { email: 'metrics-owner@example.com', password: 'owner password 1', username: 'admin' };

let stack: RunningStack;
let stub: OpenAiStub;
let client: ClientProxy;
let adminToken: string;
let adminId: number;
/** auth-service processes started in place of killed ones. */
const replacements: ChildProcess[] = [];

function send<T>(pattern: string, message: unknown): Promise<T> {
  return firstValueFrom(client.send<T>(pattern, message));
}

async function sendError(pattern: string, message: unknown): Promise<{ statusCode: number; message: string }> {
  try {
    await send(pattern, message);
  } catch (error) {
    return error as { statusCode: number; message: string };
  }
  throw new Error(`${pattern} answered instead of failing`);
}

async function eventually<T>(probe: () => Promise<T | null | undefined | false>, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The outbox rows of one schema whose payload has this userId (or ownerId). */
async function outboxOf(schema: string, key: 'userId' | 'ownerId', id: number) {
  return sql<{ id: string; type: string; sent_at: Date | null }>(stack, `SELECT id, type, sent_at FROM "${schema}".outbox WHERE (payload->>'${key}')::int = $1 ORDER BY occurred_at`, [id]);
}

/** Waits until every one of these event ids was applied, and checks each was applied once. */
async function appliedOnce(ids: string[]): Promise<void> {
  await eventually(async () => {
    const rows = await sql<{ n: number }>(stack, 'SELECT count(*)::int AS n FROM metrics.processed_events WHERE event_id = ANY($1::uuid[])', [ids]);
    return rows[0].n === ids.length;
  }, `${ids.length} events applied`);
}

async function metricsUser(id: number) {
  const [row] = await sql<Record<string, unknown>>(stack, 'SELECT * FROM metrics.users WHERE id = $1', [id]);
  return row;
}

async function signIn(email: string, password = PASSWORD): Promise<string> {
  const res = await api(stack).post('/api/auth/signin').send({ username: email, password }).expect(200);
  return res.body.token as string;
}

function alive(child: ChildProcess | undefined): child is ChildProcess {
  return !!child && child.exitCode === null && child.signalCode === null;
}

async function killAuthService(): Promise<void> {
  const service = [...replacements].reverse().find(alive) ?? stack.processes.processNamed('auth-service');
  if (!alive(service)) return;
  const exited = new Promise((resolve) => service.once('exit', resolve));
  service.kill('SIGKILL');
  await exited;
}

/** Starts an auth-service (optionally with its relay off) and waits until the gateway gets answers from it. */
async function startAuthService(extraEnv: Record<string, string> = {}): Promise<void> {
  replacements.push(stack.processes.spawnService('auth-service', [], extraEnv));
  await eventually(async () => (await api(stack).get('/api/auth/user').set('Authorization', `Bearer ${adminToken}`)).status === 200, 'the auth-service to answer', 30_000);
}

beforeAll(async () => {
  stub = await startOpenAiStub();
  stack = await startStack({
    name: `outbox_${TRANSPORT}`,
    admin: ADMIN,
    env: { ...RELAXED_LIMITS, OPENAI_API_KEY: stub.apiKey, OPENAI_BASE_URL: stub.url, OPENAI_MODEL: 'stub-model-1', OUTBOX_POLL_MS: '200' },
  });
  const config = loadConfig(stack.env);
  client = ClientProxyFactory.create(clientTransport(config, adminMetricsServiceAddress(config)));
  await client.connect();
  const res = await api(stack).post('/api/auth/signin').send({ username: ADMIN.email, password: ADMIN.password }).expect(200);
  adminToken = res.body.token;
  adminId = res.body.user.id;
}, 120_000);

afterAll(async () => {
  await client?.close();
  for (const child of replacements) if (alive(child)) child.kill('SIGKILL');
  await stack?.stop();
  await stub?.close();
});

describe(`domain events into the admin read models (${TRANSPORT})`, () => {
  it('applies a sign-up, a sign-in, a profile change and a plan change exactly once', async () => {
    const { body, user, token } = await signUp(stack, { firstName: 'Ada', lastName: 'Lovelace' });
    await signIn(body.email);
    await api(stack).put('/api/auth/user').set('Authorization', `Bearer ${token}`).send({ firstName: 'Augusta' }).expect(200);
    await api(stack).put(`/api/admin/users/${user.id}/subscription`).set('Authorization', `Bearer ${adminToken}`).send({ plan: 'pro' }).expect(200);

    const rows = await outboxOf('auth', 'userId', user.id);
    expect(rows.map((r) => r.type)).toEqual(
      expect.arrayContaining(['user.registered', 'user.signed-in', 'security.event', 'user.updated', 'subscription.changed']),
    );
    await appliedOnce(rows.map((r) => r.id));
    await eventually(async () => (await outboxOf('auth', 'userId', user.id)).every((r) => r.sent_at !== null), 'the outbox rows marked sent');

    const read = await metricsUser(user.id);
    expect(read).toMatchObject({ registered: true, email: body.email, first_name: 'Augusta', last_name: 'Lovelace', plan: 'pro', subscription_status: 'active', is_admin: false });
    expect(read['last_login_at']).not.toBeNull();
    expect(read['trial_started_at']).not.toBeNull();
    expect(read['converted_at']).not.toBeNull();
    const changes = await sql<{ n: number }>(stack, 'SELECT count(*)::int AS n FROM metrics.subscription_events WHERE user_id = $1', [user.id]);
    expect(changes[0].n).toBe(1);

    const subs = await send<AdminSubscriptions>(AdminMetricsPatterns.subscriptions, { range: '24h' });
    expect(subs.monthlyRevenue).toBeGreaterThanOrEqual(200);
    expect(subs.activeSubscriptions).toBeGreaterThanOrEqual(1);
    expect(subs.byPlan.pro).toBeGreaterThanOrEqual(1);
    expect(subs.conversionRate).toBeGreaterThan(0);
    expect(subs.recentEvents.find((e) => e.userEmail === user.email)).toMatchObject({ toPlan: 'pro', toStatus: 'active', amount: 200 });
    expect(subs.series.length).toBe(25);
    expect(subs.explanations['monthlyRevenue']).toMatch(/unlimited access/);

    const users = await send<AdminUsersPage>(AdminMetricsPatterns.users, { page: 1, pageSize: 10, search: body.email.toUpperCase() });
    expect(users.total).toBe(1);
    expect(users.items[0]).toMatchObject({ id: user.id, status: 'Premium', role: 'User', plan: 'pro', firstName: 'Augusta' });

    const analytics = await send<AdminAnalytics>(AdminMetricsPatterns.analytics, { range: '7d' });
    expect(analytics.newUsersThisPeriod).toBeGreaterThanOrEqual(2);
    expect(analytics.totalUsers).toBeGreaterThanOrEqual(2);
    expect(analytics.recentEvents).toBeGreaterThanOrEqual(rows.length);
    expect(analytics.series).toHaveLength(8);
  });

  it('counts a video, an AI-written lesson and its AI cost', async () => {
    const { user, body } = await signUp(stack);
    await sql(stack, 'UPDATE auth.users SET has_unlimited_access = true WHERE id = $1', [user.id]);
    const owner: Account = { id: user.id, token: await signIn(body.email) };
    const before = await send<AdminCosts>(AdminMetricsPatterns.costs, { range: '24h' });
    const res = await api(stack)
      .post('/api/youtube/transcript-paste')
      .set(bearer(owner))
      .send({ youtubeUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', transcript: waterCycleSrt(), interactionCount: 4, questionTypes: ['single'] })
      .expect(202);
    const jobId = res.body.job.id as string;
    await eventually(async () => {
      const job = await api(stack).get(`/api/generation/jobs/${jobId}`).set(bearer(owner)).expect(200);
      return job.body.state === 'completed';
    }, 'the generation job', 30_000);

    const video = await outboxOf('library', 'ownerId', user.id);
    const generation = await outboxOf('generation', 'ownerId', user.id);
    expect(video.map((r) => r.type)).toEqual(['video.created']);
    expect(generation.map((r) => r.type).sort()).toEqual(['ai.cost-recorded', 'lesson.generated']);
    await appliedOnce([...video, ...generation].map((r) => r.id));

    expect(await metricsUser(user.id)).toMatchObject({ videos_created: 1, videos_current: 1 });
    const costs = await send<AdminCosts>(AdminMetricsPatterns.costs, { range: '24h' });
    expect(costs.usage.aiCalls).toBe(before.usage.aiCalls + 1);
    expect(costs.breakdown.openai).toBeGreaterThanOrEqual(before.breakdown.openai);
    expect(costs.details.some((d) => d.service === 'openai')).toBe(true);
    const analytics = await send<AdminAnalytics>(AdminMetricsPatterns.analytics, { range: '24h' });
    expect(analytics.videoSources.youtube).toBeGreaterThanOrEqual(1);
    expect(analytics.totalQuestions).toBeGreaterThanOrEqual(4);
  });

  it('loses no event of a service killed between its commit and the relay, and applies it once after the restart', async () => {
    await killAuthService();
    // An auth-service whose relay does not run: its writes commit with their events left unsent.
    await startAuthService({ OUTBOX_RELAY: 'false' });
    const { user } = await signUp(stack);
    const rows = await outboxOf('auth', 'userId', user.id);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.every((r) => r.sent_at === null)).toBe(true);
    await new Promise((r) => setTimeout(r, 1000));
    expect(await metricsUser(user.id)).toBeUndefined();

    // Killed before it ever relayed them; a normal auth-service sends them at start.
    await killAuthService();
    await startAuthService();
    await appliedOnce(rows.map((r) => r.id));
    await eventually(async () => (await outboxOf('auth', 'userId', user.id)).every((r) => r.sent_at !== null), 'the outbox rows marked sent');
    expect(await metricsUser(user.id)).toMatchObject({ registered: true, email: user.email });
  }, 90_000);

  it('changes nothing when an applied event comes again, under a new job id or from the outbox again', async () => {
    const { user, body } = await signUp(stack);
    await sql(stack, 'UPDATE auth.users SET has_unlimited_access = true WHERE id = $1', [user.id]);
    const owner: Account = { id: user.id, token: await signIn(body.email) };
    await api(stack).post('/api/videos').set(bearer(owner)).send({ title: 'Replayed', youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' }).expect(201);
    const [created] = await eventually(async () => {
      const rows = await outboxOf('library', 'ownerId', user.id);
      return rows.length > 0 && rows;
    }, 'the video event');
    await appliedOnce([created.id]);
    const snapshot = async () => ({
      user: await metricsUser(user.id),
      processed: (await sql<{ n: number }>(stack, 'SELECT count(*)::int AS n FROM metrics.processed_events'))[0].n,
      rollup: (await sql<{ v: number }>(stack, `SELECT COALESCE(sum(value), 0)::float8 AS v FROM metrics.hourly_rollup WHERE metric = 'type|video.created'`))[0].v,
    });
    const before = await snapshot();
    expect(before.user).toMatchObject({ videos_created: 1, videos_current: 1 });

    // The same event under another BullMQ job id.
    const [row] = await sql<{ id: string; type: string; version: number; occurred_at: Date; producer: string; payload: unknown }>(
      stack,
      'SELECT id, type, version, occurred_at, producer, payload FROM library.outbox WHERE id = $1',
      [created.id],
    );
    const event: DomainEvent = { id: row.id, type: row.type as DomainEvent['type'], version: row.version, occurredAt: new Date(row.occurred_at).toISOString(), producer: row.producer, payload: row.payload as DomainEvent['payload'] };
    const connection = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
    const queue = new Queue(ADMIN_METRICS_EVENTS_QUEUE, { connection, prefix: `${stack.redisPrefix}:bull` });
    const eventsConnection = connection.duplicate();
    const events = new QueueEvents(ADMIN_METRICS_EVENTS_QUEUE, { connection: eventsConnection, prefix: `${stack.redisPrefix}:bull` });
    try {
      await events.waitUntilReady();
      const job = await queue.add(event.type, event, { jobId: `replay-${randomUUID()}` });
      expect(await job.waitUntilFinished(events, 15_000)).toEqual({ applied: false });
    } finally {
      await events.close();
      await queue.close();
      connection.disconnect();
      eventsConnection.disconnect();
    }
    // The relay sends the row again (as after a crash between queueing and marking it sent).
    await sql(stack, 'UPDATE library.outbox SET sent_at = NULL WHERE id = $1', [created.id]);
    await eventually(async () => (await sql<{ sent_at: Date | null }>(stack, 'SELECT sent_at FROM library.outbox WHERE id = $1', [created.id]))[0].sent_at !== null, 'the row sent again');
    await new Promise((r) => setTimeout(r, 500));
    expect(await snapshot()).toEqual(before);
  });

  it('reports failed sign-ins, filters and resolves security events, and refuses bad input with 400 and unknown ids with 404', async () => {
    const { body } = await signUp(stack);
    await api(stack).post('/api/auth/signin').send({ username: body.email, password: 'wrong password 1' }).expect(401);
    const failed = await eventually(async () => {
      const page = await send<AdminSecurity>(AdminMetricsPatterns.securityEvents, { range: '24h', page: 1, pageSize: 5, eventType: 'login_failed' });
      return page.events.find((e) => e.userEmail === body.email.toLowerCase()) && page;
    }, 'the login_failed event');
    expect(failed.failedLogins).toBeGreaterThanOrEqual(1);
    expect(failed.total).toBeGreaterThanOrEqual(1);
    const event = failed.events.find((e) => e.userEmail === body.email.toLowerCase())!;
    expect(event).toMatchObject({ eventType: 'login_failed', severity: 'warning', resolved: false });

    const resolved = await send<AdminSecurityEvent>(AdminMetricsPatterns.resolveSecurityEvent, { id: event.id, resolved: true, actorUserId: adminId });
    expect(resolved).toMatchObject({ id: event.id, resolved: true });
    const onlyResolved = await send<AdminSecurity>(AdminMetricsPatterns.securityEvents, { range: '24h', page: 1, pageSize: 100, resolved: true });
    expect(onlyResolved.events.map((e) => e.id)).toContain(event.id);
    expect(onlyResolved.total).toBe(onlyResolved.events.length);

    expect(await sendError(AdminMetricsPatterns.resolveSecurityEvent, { id: randomUUID(), resolved: true, actorUserId: adminId })).toMatchObject({ statusCode: 404 });
    expect(await sendError(AdminMetricsPatterns.analytics, { range: '1y' })).toMatchObject({ statusCode: 400, message: expect.stringMatching(/range must be one of/) });
    expect(await sendError(AdminMetricsPatterns.users, { page: 0, pageSize: 10 })).toMatchObject({ statusCode: 400 });
    expect(await sendError(AdminMetricsPatterns.users, { page: 1, pageSize: 101 })).toMatchObject({ statusCode: 400 });
    expect(await sendError(AdminMetricsPatterns.exportRows, { kind: 'users', range: '7d', after: null, limit: 5001 })).toMatchObject({ statusCode: 400 });
    expect(await sendError(AdminMetricsPatterns.exportRows, { kind: 'users', range: '7d', after: 'nonsense', limit: 10 })).toMatchObject({ statusCode: 400 });
  });

  it('pages export rows with a cursor, gives quick access figures and keeps fixed costs', async () => {
    const seen: number[] = [];
    let after: string | null = null;
    let columns: string[] = [];
    do {
      const page: AdminExportRows = await send<AdminExportRows>(AdminMetricsPatterns.exportRows, { kind: 'users', range: '24h', after, limit: 2 });
      columns = page.columns;
      expect(page.rows.length).toBeLessThanOrEqual(2);
      seen.push(...page.rows.map((r) => r[0] as number));
      after = page.next;
    } while (after);
    const total = (await sql<{ n: number }>(stack, 'SELECT count(*)::int AS n FROM metrics.users WHERE registered'))[0].n;
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    expect(columns.slice(0, 3)).toEqual(['id', 'username', 'email']);

    const quick = await send<AdminQuickAccess>(AdminMetricsPatterns.quickAccess, {});
    expect(quick.totalUsers).toBe(total);
    expect(quick.recentUsers.length).toBe(Math.min(10, total));

    const defaults = await send<FixedCostSettings>(AdminMetricsPatterns.fixedCosts, {});
    expect(defaults).toMatchObject({ items: [], usdToAud: 1.55, updatedAt: null });
    const saved = await send<FixedCostSettings>(AdminMetricsPatterns.saveFixedCosts, { items: [{ name: 'Hosting', category: 'hosting', monthlyAmount: 300 }], usdToAud: 1.5, actorUserId: adminId });
    expect(saved).toMatchObject({ items: [{ name: 'Hosting', category: 'hosting', monthlyAmount: 300, currency: 'AUD' }], usdToAud: 1.5 });
    const costs = await send<AdminCosts>(AdminMetricsPatterns.costs, { range: '30d' });
    expect(costs.breakdown.hosting).toBe(300);
    expect(costs.explanations['rate']).toMatch(/1\.5 AUD/);
  });

  it('rebuilds the same read models from the producers\' history with the backfill command', async () => {
    const outboxTotal = async () =>
      (
        await sql<{ n: number }>(
          stack,
          `SELECT ((SELECT count(*) FROM auth.outbox) + (SELECT count(*) FROM library.outbox) + (SELECT count(*) FROM generation.outbox)
                 + (SELECT count(*) FROM export.outbox) + (SELECT count(*) FROM lti.outbox))::int AS n`,
        )
      )[0].n;
    await eventually(async () => (await sql<{ n: number }>(stack, 'SELECT count(*)::int AS n FROM metrics.processed_events'))[0].n === (await outboxTotal()), 'every event applied');
    const snapshot = async () =>
      (
        await sql(
          stack,
          `SELECT (SELECT count(*) FROM metrics.processed_events)::int AS events,
                  (SELECT json_agg(u ORDER BY u.id) FROM (SELECT id, registered, email, first_name, plan, subscription_status, videos_created, videos_current,
                     last_login_at, trial_started_at, converted_at FROM metrics.users) u) AS users,
                  (SELECT count(*) FROM metrics.subscription_events)::int AS changes,
                  (SELECT count(*) FROM metrics.security_events WHERE resolved)::int AS resolved,
                  (SELECT json_agg(json_build_array(r.hour, r.metric, round(r.value::numeric, 6)) ORDER BY r.hour, r.metric) FROM metrics.hourly_rollup r) AS rollup`,
        )
      )[0];
    const before = await snapshot();
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn(process.execPath, [join(ROOT, 'dist/apps/admin-metrics-service/main.js'), 'backfill'], { cwd: ROOT, env: stack.env, stdio: 'ignore' });
      child.on('exit', resolve);
    });
    expect(code).toBe(0);
    expect(await snapshot()).toEqual(before);
  }, 60_000);
});
