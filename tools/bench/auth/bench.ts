/**
 * Benchmark: the price of the microservice hop on the hottest path, the session check.
 *
 *   gateway  GET /api/auth/validate  -> gateway (NestJS/Fastify) -> auth-service (TCP or NATS)
 *   bare     GET /validate           -> one Fastify process doing the same JWT + Redis check
 *
 * Both are driven by autocannon (100 connections) one after the other in the same run, with the
 * same signed-up user's token, against the same Redis and Postgres. Prints req/s, p50, p99 and the
 * gateway/bare ratios. Not a test: it prints figures, and fails only if a request did not get a 2xx.
 *
 * Run (after `npx nx run-many -t build -p gateway auth-service`):
 *   SWC_NODE_PROJECT=tsconfig.base.json node -r @swc-node/register tools/bench/auth/bench.ts
 * Env: BENCH_TRANSPORT=tcp|nats (default tcp), BENCH_SECONDS (default 10),
 *      BENCH_WARMUP_SECONDS (default 3), BENCH_CONNECTIONS (default 100),
 *      BENCH_ROUNDS (default 1: alternate the targets this many times and report medians).
 */
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { type RunningStack, startStack, TEST_JWT_SECRET, TEST_REDIS_URL } from '@veolearn/testing';
import { check, CONNECTIONS, type Figures, load, ROUNDS, SECONDS, startBareServer, stopChild, summarize, table, TRANSPORT, WARMUP_SECONDS, assertNoFailures, runBenchmark, signUp } from '../shared/bench-kit';



/** Starts bare-server.cjs in its own process (the gateway has its own process too) and returns its URL. */
async function startBare(stack: RunningStack): Promise<{ url: string; child: ChildProcess }> {
  const { port, child } = await startBareServer(join(__dirname, 'bare-server.cjs'), {
    JWT_SECRET: TEST_JWT_SECRET,
    REDIS_URL: stack.env['REDIS_URL'] ?? TEST_REDIS_URL,
    REDIS_PREFIX: stack.redisPrefix,
    DATABASE_URL: stack.databaseUrl,
  });
  return { url: `http://127.0.0.1:${port}/validate`, child };
}

async function main(): Promise<void> {
  console.log(`Auth benchmark: ${CONNECTIONS} connections, ${SECONDS} s per target (+${WARMUP_SECONDS} s warm-up), transport ${TRANSPORT}`);
  const stack = await startStack({
    name: 'bench_auth',
    transport: TRANSPORT,
    env: { RATE_LIMIT_PER_MINUTE: '100000000', AUTH_RATE_LIMIT_PER_MINUTE: '100000000', ANONYMOUS_RATE_LIMIT_PER_MINUTE: '100000000', IP_RATE_LIMIT_PER_MINUTE: '100000000', LOG_LEVEL: 'error', ...(process.env['BENCH_NODE_OPTIONS'] ? { NODE_OPTIONS: process.env['BENCH_NODE_OPTIONS'] } : {}) },
  });
  let bare: { url: string; child: ChildProcess } | undefined;
  try {
    const { token } = await signUp(stack.baseUrl);
    bare = await startBare(stack);
    const gatewayUrl = `${stack.baseUrl}/api/auth/validate`;

    const viaGateway = await check(gatewayUrl, token);
    const viaBare = await check(bare.url, token);
    if (viaGateway !== viaBare) throw new Error(`The two targets answer differently:\n  gateway: ${viaGateway}\n  bare:    ${viaBare}`);

    const targets: Array<[string, string]> = [
      [`gateway -> auth-service (${TRANSPORT})`, gatewayUrl],
      ['bare Fastify (one process)', bare.url],
    ];
    // Each round loads every target once (warm-up, then measured); with several rounds the
    // targets alternate, so a change of background load hits both, and the table shows medians.
    const runs: Figures[][] = targets.map(() => []);
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [i, [name, url]] of targets.entries()) {
        process.stdout.write(`  ${ROUNDS > 1 ? `round ${round}/${ROUNDS} ` : ''}${name}: warm-up...`);
        const warm = await load(name, url, token, WARMUP_SECONDS);
        process.stdout.write(` measuring...`);
        const figures = await load(name, url, token, SECONDS);
        figures.non2xx += warm.non2xx;
        figures.errors += warm.errors;
        figures.timeouts += warm.timeouts;
        runs[i].push(figures);
        process.stdout.write(` ${Math.round(figures.rps)} req/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms\n`);
      }
    }
    const results = runs.map(summarize);

    const [gw, bareFigures] = results;
    console.log('');
    if (ROUNDS > 1) console.log(`Medians of ${ROUNDS} rounds (requests, non-2xx and errors are totals):`);
    console.log(
      table([
        ['target', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'non-2xx', 'errors'],
        ...results.map((r) => [r.target, r.rps.toFixed(0), r.p50.toFixed(1), r.p99.toFixed(1), String(r.total), String(r.non2xx), String(r.errors)]),
      ]),
    );
    console.log('');
    console.log(`gateway/bare req/s: ${(gw.rps / bareFigures.rps).toFixed(2)}  (bare serves ${(bareFigures.rps / gw.rps).toFixed(2)}x the requests)`);
    console.log(`gateway/bare p50:   ${(gw.p50 / bareFigures.p50).toFixed(2)}`);
    console.log(`gateway/bare p99:   ${(gw.p99 / bareFigures.p99).toFixed(2)}`);

    assertNoFailures(results, stack.logDir);
  } finally {
    if (bare) await stopChild(bare.child);
    await stack.stop();
  }
}

runBenchmark('AUTH', main);
