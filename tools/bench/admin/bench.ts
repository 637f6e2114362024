/**
 * Benchmark: the admin API over 100,000 users and 1,000,000 domain events.
 *
 *   npx nx run-many -t build -p gateway auth-service video-service generation-service export-service lti-service admin-metrics-service
 *   npm run bench:admin
 *
 * Starts the stack (database veolearn_test_bench_admin, own Redis prefix), signs in its admin, fills
 * the admin-metrics-service's read models by SQL (seed.ts: BENCH_USERS accounts, BENCH_EVENTS events
 * over 90 days with their hourly rollups), then for every admin endpoint and range times BENCH_RUNS
 * requests through the gateway (bearer token, admin check, the hop to the admin-metrics-service) and,
 * as the bare baseline in the same run, the same query code (AdminMetricsQueries) called in this
 * process on the same database. Prints p50/p99 of each, then the users CSV export (every account,
 * streamed): its time, rows, and the peak resident memory of the gateway and the admin-metrics-service
 * while it ran, against the bare baseline of paging the same rows in this process. Not a test: it fails
 * only if a request does.
 *
 * Env: BENCH_USERS (100000), BENCH_EVENTS (1000000), BENCH_RUNS (30).
 */
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { DataSource } from 'typeorm';
import { startStack } from '@veolearn/testing';
// The benchmark drives the service's own query code as its bare baseline (tools/ is no project, so the module-boundary rule does not apply).
import { AdminMetricsQueries } from '../../../apps/admin-metrics-service/src/app/queries/admin-metrics.queries';
import { positive, runBenchmark, table } from '../shared/bench-kit';
import { seedAdminMetrics } from './seed';

const USERS = Math.floor(positive('BENCH_USERS', 100_000));
const EVENTS = Math.floor(positive('BENCH_EVENTS', 1_000_000));
const RUNS = Math.floor(positive('BENCH_RUNS', 30));
const ADMIN = { email: 'bench.admin@example.com', password: 'bench admin password', username: 'admin' };
/** Synthetic accounts start above this id, clear of the real ones. */
const ID0 = 10_000_000;
/** Rows the gateway asks for per page while streaming a CSV (admin-export.controller.ts). */
const EXPORT_PAGE_ROWS = 2000;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

async function timed(runs: number, work: () => Promise<unknown>): Promise<{ p50: number; p99: number }> {
  await work(); // warm-up
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  return { p50: percentile(ms, 50), p99: percentile(ms, 99) };
}

/** Resident memory of a process in MB (Linux /proc). */
function rssMb(pid: number | undefined): number {
  if (!pid) return NaN;
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

/** Samples the processes' RSS every 20 ms while `work` runs; answers its result, its time and each peak. */
async function withPeakMemory<T>(pids: Record<string, number | undefined>, work: () => Promise<T>): Promise<{ result: T; ms: number; before: Record<string, number>; peak: Record<string, number> }> {
  const before = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, rssMb(pid)]));
  const peak = { ...before };
  const timer = setInterval(() => {
    for (const [name, pid] of Object.entries(pids)) peak[name] = Math.max(peak[name] ?? 0, rssMb(pid));
  }, 20);
  const started = performance.now();
  try {
    const result = await work();
    return { result, ms: performance.now() - started, before, peak };
  } finally {
    clearInterval(timer);
  }
}

const fmt = (v: number) => (Number.isFinite(v) ? v.toFixed(v < 10 ? 1 : 0) : '-');

runBenchmark('admin', async () => {
  console.log(`admin benchmark: ${USERS} users, ${EVENTS} events, ${RUNS} requests per figure; ${cpus().length} CPUs, load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  const stack = await startStack({
    name: 'bench_admin',
    admin: ADMIN,
    env: { RATE_LIMIT_PER_MINUTE: '1000000', AUTH_RATE_LIMIT_PER_MINUTE: '1000000', IP_RATE_LIMIT_PER_MINUTE: '1000000', LOG_LEVEL: 'error', SERVICE_TIMEOUT_MS: '30000' },
  });
  const ds = new DataSource({ type: 'postgres', url: stack.databaseUrl, logging: ['error'] });
  try {
    const signin = await fetch(`${stack.baseUrl}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
    });
    if (!signin.ok) throw new Error(`Admin sign-in answered ${signin.status}`);
    const token = ((await signin.json()) as { token: string }).token;
    await ds.initialize();
    const seeded = performance.now();
    await seedAdminMetrics((sql) => ds.query(sql), USERS, EVENTS, ID0);
    console.log(`seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s\n`);
    const bare = new AdminMetricsQueries(ds);

    const get = async (path: string): Promise<unknown> => {
      const res = await fetch(`${stack.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
      const body = await res.text();
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${body.slice(0, 300)}`);
      return body;
    };

    const targets: Array<[name: string, path: string, direct: () => Promise<unknown>]> = [];
    for (const range of ['24h', '7d', '30d', '90d'] as const) {
      targets.push([`analytics ${range}`, `/api/admin/analytics?range=${range}`, () => bare.analytics({ range })]);
      targets.push([`costs ${range}`, `/api/admin/costs?range=${range}`, () => bare.costs({ range })]);
      targets.push([`subscriptions ${range}`, `/api/admin/subscriptions?range=${range}`, () => bare.subscriptions({ range })]);
      targets.push([`security-events ${range}`, `/api/admin/security-events?range=${range}&pageSize=50`, () => bare.securityEvents({ range, page: 1, pageSize: 50 })]);
    }
    targets.push(['security-events 90d unresolved', '/api/admin/security-events?range=90d&resolved=false&pageSize=50', () => bare.securityEvents({ range: '90d', page: 1, pageSize: 50, resolved: false })]);
    targets.push(['users page 1', '/api/admin/users?pageSize=100', () => bare.users({ page: 1, pageSize: 100 })]);
    targets.push(['users page 500', '/api/admin/users?page=500&pageSize=100', () => bare.users({ page: 500, pageSize: 100 })]);
    targets.push(['users search', '/api/admin/users?search=user4242&pageSize=100', () => bare.users({ page: 1, pageSize: 100, search: 'user4242' })]);
    targets.push(['quick-access', '/api/admin/quick-access', () => bare.quickAccess()]);

    const rows: string[][] = [['endpoint', 'gateway p50 ms', 'gateway p99 ms', 'bare p50 ms', 'bare p99 ms', 'p99 < 200 ms']];
    let worst = 0;
    for (const [name, path, direct] of targets) {
      const through = await timed(RUNS, () => get(path));
      const alone = await timed(RUNS, direct);
      worst = Math.max(worst, through.p99);
      rows.push([name, fmt(through.p50), fmt(through.p99), fmt(alone.p50), fmt(alone.p99), through.p99 < 200 ? 'yes' : 'NO']);
    }
    console.log(table(rows));
    console.log(`\nworst p99 through the gateway: ${fmt(worst)} ms (goal: under 200 ms)\n`);

    // The users CSV: every account, streamed by the gateway page by page.
    const pids = { gateway: stack.processes.processNamed('gateway')?.pid, 'admin-metrics-service': stack.processes.processNamed('admin-metrics-service')?.pid };
    const exported = await withPeakMemory(pids, async () => {
      const res = await fetch(`${stack.baseUrl}/api/admin/export/users?timeRange=90d`, { headers: { authorization: `Bearer ${token}` } });
      if (res.status !== 200 || !res.body) throw new Error(`The users export answered ${res.status}`);
      let bytes = 0;
      let lines = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.length;
        for (const byte of chunk) if (byte === 10) lines += 1;
      }
      return { bytes, lines };
    });
    const own = { bare: process.pid };
    const paged = await withPeakMemory(own, async () => {
      let after: string | null = null;
      let count = 0;
      do {
        const page = await bare.exportRows({ kind: 'users', range: '90d', after, limit: EXPORT_PAGE_ROWS });
        count += page.rows.length;
        after = page.next;
      } while (after);
      return count;
    });
    console.log(
      table([
        ['users CSV', 'rows', 'MB', 'seconds', 'gateway RSS before → peak MB', 'admin-metrics RSS before → peak MB'],
        [
          'through the gateway',
          String(exported.result.lines - 1),
          (exported.result.bytes / 1e6).toFixed(1),
          (exported.ms / 1000).toFixed(1),
          `${fmt(exported.before['gateway'] ?? NaN)} → ${fmt(exported.peak['gateway'] ?? NaN)}`,
          `${fmt(exported.before['admin-metrics-service'] ?? NaN)} → ${fmt(exported.peak['admin-metrics-service'] ?? NaN)}`,
        ],
        ['bare: the same pages in this process', String(paged.result), '-', (paged.ms / 1000).toFixed(1), `(this process) ${fmt(paged.before['bare'] ?? NaN)} → ${fmt(paged.peak['bare'] ?? NaN)}`, '-'],
      ]),
    );
  } finally {
    if (ds.isInitialized) await ds.destroy();
    await stack.stop();
  }
});
