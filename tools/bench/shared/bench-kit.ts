/** What both benchmarks share: settings, the bare-server launcher, autocannon runs and the report. */
import autocannon from 'autocannon';
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

export function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

export const TRANSPORT: 'tcp' | 'nats' = process.env['BENCH_TRANSPORT'] === 'nats' ? 'nats' : 'tcp';
export const SECONDS = positive('BENCH_SECONDS', 10);
export const WARMUP_SECONDS = positive('BENCH_WARMUP_SECONDS', 3);
export const CONNECTIONS = positive('BENCH_CONNECTIONS', 100);
export const ROUNDS = Math.floor(positive('BENCH_ROUNDS', 1));

export interface Figures {
  target: string;
  url: string;
  rps: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** Starts a bare-server script that prints {"port": N} once listening. */
export async function startBareServer(script: string, env: Record<string, string>): Promise<{ port: number; child: ChildProcess }> {
  const child = spawn(process.execPath, [script], {
    env: { PATH: process.env['PATH'] ?? '', NODE_ENV: 'production', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`bare-server exited (${code}) before listening`);
  });
  const listening = (async () => {
    for await (const line of lines) {
      const { port } = JSON.parse(line) as { port: number };
      return port;
    }
    throw new Error('bare-server closed its output before listening');
  })();
  const port = await Promise.race([listening, exited]);
  exited.catch(() => undefined);
  return { port, child };
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  child.kill('SIGTERM');
  await exited;
  clearTimeout(timer);
}

/** One request by hand: a 200, whose body text is returned. */
export async function check(url: string, token?: string): Promise<string> {
  const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${text.slice(0, 500)}`);
  return text;
}

/**
 * Loads one target, then waits until the servers have finished what the load left in flight
 * (they keep working on requests whose client went away), so the next target starts idle.
 */
export async function load(target: string, url: string, token: string | undefined, seconds: number, timeoutSeconds = 10): Promise<Figures> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: timeoutSeconds,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  await check(url, token);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  return {
    target,
    url,
    rps: result.requests.mean,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Medians of the rounds' rates and latencies; totals of their counts. */
export function summarize(rounds: Figures[]): Figures {
  const sum = (pick: (f: Figures) => number) => rounds.reduce((total, f) => total + pick(f), 0);
  return {
    target: rounds[0].target,
    url: rounds[0].url,
    rps: median(rounds.map((f) => f.rps)),
    p50: median(rounds.map((f) => f.p50)),
    p99: median(rounds.map((f) => f.p99)),
    total: sum((f) => f.total),
    non2xx: sum((f) => f.non2xx),
    errors: sum((f) => f.errors),
    timeouts: sum((f) => f.timeouts),
  };
}

export function table(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ')).join('\n');
}

/** A benchmark is only meaningful when every request succeeded, warm-up included. */
export function assertNoFailures(results: Figures[], logDir: string): void {
  const failed = results.filter((r) => r.non2xx > 0 || r.errors > 0 || r.timeouts > 0);
  if (failed.length) {
    const detail = failed.map((r) => `${r.target}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`).join('; ');
    throw new Error(`Some requests failed (including warm-up): ${detail}. Logs: ${logDir}`);
  }
}

export interface BenchUser {
  token: string;
  userId: number;
  email: string;
  password: string;
}

/** Signs up a fresh user through the gateway. */
export async function signUp(baseUrl: string): Promise<BenchUser> {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const password = 'Bench-Passw0rd!2024';
  const email = `bench_${suffix}@example.com`;
  const response = await fetch(`${baseUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: `bench_${suffix}`,
      email,
      password,
      confirmPassword: password,
      firstName: 'Bench',
      lastName: 'Mark',
      acceptTerms: true,
    }),
  });
  const body = (await response.json()) as { token?: string; user?: { id: number } };
  if (!response.ok || !body.token || !body.user) throw new Error(`Sign-up failed: ${response.status} ${JSON.stringify(body)}`);
  return { token: body.token, userId: body.user.id, email, password };
}

/** Runs a benchmark's main and exits 0, or 1 with the reason. */
export function runBenchmark(name: string, main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`\n${name} BENCHMARK FAILED: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
