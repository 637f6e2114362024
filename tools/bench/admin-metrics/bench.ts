/**
 * Benchmark: the admin-metrics-service queries over 100,000 users and 1,000,000 domain events.
 *
 *   SWC_NODE_PROJECT=tsconfig.base.json node -r @swc-node/register tools/bench/admin-metrics/bench.ts
 *
 * Makes its own database (veolearn_bench_admin_metrics), migrates the metrics schema, fills the read
 * models with synthetic rows by SQL (BENCH_USERS, BENCH_EVENTS; 90 days of events), then times each
 * query of AdminMetricsQueries BENCH_RUNS times and prints the median and worst in ms.
 */
import 'reflect-metadata';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
// The benchmark drives the service's own query code (tools/ is no project, so the module-boundary rule does not apply).
import { METRICS_MIGRATIONS } from '../../../apps/admin-metrics-service/src/app/migrations';
import { AdminMetricsQueries } from '../../../apps/admin-metrics-service/src/app/queries/admin-metrics.queries';

const BASE = process.env['TEST_DATABASE_BASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432';
const DB = 'veolearn_bench_admin_metrics';
const USERS = Number(process.env['BENCH_USERS'] ?? 100_000);
const EVENTS = Number(process.env['BENCH_EVENTS'] ?? 1_000_000);
const RUNS = Number(process.env['BENCH_RUNS'] ?? 7);

const TYPES = ['user.signed-in', 'security.event', 'ai.cost-recorded', 'video.created', 'attempt.completed', 'lesson.generated', 'subscription.changed', 'user.registered'];

async function fill(ds: DataSource): Promise<void> {
  const q = (sql: string) => ds.query(sql);
  const now = `now()`;
  await q(`INSERT INTO metrics.users (id, registered, username, email, first_name, last_name, plan, subscription_status, created_at, last_login_at, videos_created, videos_current, trial_started_at, converted_at, state_at)
    SELECT i, true, 'user' || i, 'user' || i || '@example.com', 'First' || (i % 997), 'Last' || (i % 991),
      (ARRAY['trial','pro','enterprise'])[1 + i % 3], (ARRAY['trial','active','past_due','canceled','active'])[1 + i % 5],
      ${now} - (i % 365) * interval '1 day' - (i % 1440) * interval '1 minute', ${now} - (i % 30) * interval '1 hour', i % 7, i % 5,
      CASE WHEN i % 5 <> 0 THEN ${now} - (i % 365) * interval '1 day' END, CASE WHEN i % 5 = 1 THEN ${now} - (i % 300) * interval '1 day' END, ${now}
    FROM generate_series(1, ${USERS}) i`);
  await q(`INSERT INTO metrics.plan_states (event_id, user_id, at, plan, subscription_status, price, until)
    SELECT md5('reg' || i)::uuid, i, ${now} - (i % 365) * interval '1 day' - interval '1 day', 'trial', 'trial', 0, CASE WHEN i % 3 <> 0 THEN ${now} - (i % 200) * interval '1 day' END
    FROM generate_series(1, ${USERS}) i`);
  await q(`INSERT INTO metrics.plan_states (event_id, user_id, at, plan, subscription_status, price)
    SELECT md5('up' || i)::uuid, i, ${now} - (i % 200) * interval '1 day', CASE WHEN i % 3 = 1 THEN 'pro' ELSE 'enterprise' END, 'active', CASE WHEN i % 3 = 1 THEN 200 ELSE 500 END
    FROM generate_series(1, ${USERS}) i WHERE i % 3 <> 0`);
  await q(`INSERT INTO metrics.subscription_events (event_id, user_id, user_email, event_type, from_plan, to_plan, from_status, to_status, amount, unlimited, occurred_at)
    SELECT md5('up' || i)::uuid, i, 'user' || i || '@example.com', 'upgraded', 'trial', 'pro', 'trial', 'active', 200, false, ${now} - (i % 200) * interval '1 day'
    FROM generate_series(1, ${USERS}) i WHERE i % 3 <> 0`);
  // 1M events over 90 days, with their rollup increments.
  await q(`INSERT INTO metrics.processed_events (event_id, type, producer, occurred_at, increments)
    SELECT md5('ev' || i)::uuid, t, 'bench', ${now} - (i::float8 / ${EVENTS}) * interval '90 days', jsonb_build_object('events', 1, 'type|' || t, 1)
    FROM (SELECT i, (ARRAY['${TYPES.join("','")}'])[1 + i % ${TYPES.length}] AS t FROM generate_series(1, ${EVENTS}) i) s`);
  await q(`INSERT INTO metrics.hourly_rollup (hour, metric, value)
    SELECT date_trunc('hour', occurred_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', key, sum(value::float8) FROM metrics.processed_events, jsonb_each_text(increments) GROUP BY 1, 2`);
  await q(`INSERT INTO metrics.security_events (id, event_type, severity, user_id, user_email, ip_address, details, producer, occurred_at, resolved)
    SELECT event_id, (ARRAY['login_failed','account_locked','rate_limited','lti_launch_refused'])[1 + (random() * 3)::int], (ARRAY['info','warning','critical'])[1 + (random() * 2)::int],
      NULL, 'user@example.com', '10.0.0.1', NULL, 'bench', occurred_at, random() < 0.5 FROM metrics.processed_events WHERE type = 'security.event'`);
  await q(`INSERT INTO metrics.cost_events (event_id, service, provider, model, operation, prompt_tokens, completion_tokens, amount_usd, succeeded, occurred_at)
    SELECT event_id, 'openai', 'openai', 'gpt', 'generate-questions', 1000, 500, 0.002, true, occurred_at FROM metrics.processed_events WHERE type = 'ai.cost-recorded'`);
  await q('VACUUM ANALYZE');
}

async function time(name: string, work: () => Promise<unknown>): Promise<void> {
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = process.hrtime.bigint();
    await work();
    ms.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  ms.sort((a, b) => a - b);
  console.log(`${name.padEnd(40)} median ${ms[Math.floor(ms.length / 2)].toFixed(1).padStart(7)} ms   worst ${ms[ms.length - 1].toFixed(1).padStart(7)} ms`);
}

async function main(): Promise<void> {
  const admin = new Client({ connectionString: `${BASE}/postgres` });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DB}`);
  await admin.end();
  const ds = new DataSource({ type: 'postgres', url: `${BASE}/${DB}`, schema: 'metrics', migrations: METRICS_MIGRATIONS, migrationsTableName: 'migrations', logging: ['error'] });
  await ds.initialize();
  try {
    await ds.query('CREATE SCHEMA IF NOT EXISTS metrics');
    await ds.runMigrations();
    const started = Date.now();
    await fill(ds);
    console.log(`filled ${USERS} users and ${EVENTS} events in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const queries = new AdminMetricsQueries(ds);
    for (const range of ['24h', '7d', '30d', '90d'] as const) {
      await time(`analytics ${range}`, () => queries.analytics({ range }));
      await time(`costs ${range}`, () => queries.costs({ range }));
      await time(`subscriptions ${range}`, () => queries.subscriptions({ range }));
      await time(`security-events ${range}`, () => queries.securityEvents({ range, page: 1, pageSize: 50 }));
    }
    await time('security-events 90d, resolved filter', () => queries.securityEvents({ range: '90d', page: 1, pageSize: 50, resolved: false }));
    await time('security-events 90d, page 100', () => queries.securityEvents({ range: '90d', page: 100, pageSize: 100, eventType: 'login_failed' }));
    await time('users page 1', () => queries.users({ page: 1, pageSize: 100 }));
    await time('users page 500', () => queries.users({ page: 500, pageSize: 100 }));
    await time('users search', () => queries.users({ page: 1, pageSize: 100, search: 'user4242' }));
    await time('quick access', () => queries.quickAccess());
    await time('export users page (5000 rows)', () => queries.exportRows({ kind: 'users', range: '90d', after: null, limit: 5000 }));
    await time('export security page (5000 rows)', () => queries.exportRows({ kind: 'security-events', range: '90d', after: null, limit: 5000 }));
  } finally {
    await ds.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
