/**
 * Benchmark: the library's read paths through the gateway and the video-service, beside a bare
 * Fastify + pg process doing the same reads.
 *
 *   list   GET /api/videos?folder=<id>&pageSize=1000  (bearer token) vs bare GET /videos?folder=<id>&pageSize=1000
 *   play   GET /api/play/<id>  (public, the learner's hot path)  vs bare GET /play/<id>
 *
 * Seeded by SQL: one user, one folder holding 1,000 videos, one of them with 50 questions.
 * autocannon (100 connections) loads each target in turn in the same run; prints req/s, p50,
 * p99 and the gateway/bare ratios. Not a test: it fails only if a request did not get a 2xx.
 *
 * Run (after `npx nx run-many -t build -p gateway auth-service video-service`):
 *   SWC_NODE_PROJECT=tsconfig.base.json node -r @swc-node/register tools/bench/library/bench.ts
 * Env: BENCH_TRANSPORT=tcp|nats (default tcp), BENCH_SECONDS (default 10),
 *      BENCH_SERVICE_TIMEOUT_MS (gateway's SERVICE_TIMEOUT_MS, default 60000),
 *      BENCH_WARMUP_SECONDS (default 3), BENCH_CONNECTIONS (default 100),
 *      BENCH_ROUNDS (default 1: alternate the targets this many times and report medians).
 */
import { isDeepStrictEqual } from 'node:util';
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { Client } from 'pg';
import { type RunningStack, startStack } from '@veolearn/testing';
import { check as checkText, CONNECTIONS, type Figures, load as loadTarget, positive, ROUNDS, SECONDS, startBareServer, stopChild, summarize, table, TRANSPORT, WARMUP_SECONDS, assertNoFailures, runBenchmark, signUp } from '../shared/bench-kit';

const SERVICE_TIMEOUT_MS = positive('BENCH_SERVICE_TIMEOUT_MS', 60_000);
const VIDEOS = 1000;
const QUESTIONS = 50;


/** One folder with VIDEOS videos; the newest video gets QUESTIONS questions of mixed types. */
async function seed(databaseUrl: string, ownerId: number): Promise<{ folderId: number; videoId: number }> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const [{ id: folderId }] = (await client.query(`INSERT INTO library.folders (owner_id, name) VALUES ($1, 'Bench') RETURNING id`, [ownerId])).rows;
    await client.query(
      `INSERT INTO library.videos (owner_id, folder_id, title, type, url, youtube_id, thumbnail_url, created_at, published_at)
       SELECT $1, $2, 'Bench video ' || g, 'youtube', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ',
              'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg', now() - make_interval(secs => $3 - g), now() - make_interval(secs => $3 - g)
       FROM generate_series(1, $3) g`,
      [ownerId, folderId, VIDEOS],
    );
    const [{ id: videoId }] = (
      await client.query('SELECT id FROM library.videos WHERE folder_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1', [folderId])
    ).rows;
    await client.query(
      `INSERT INTO library.interactions (video_id, type, question, options, correct_answer, timestamp, topic_title, feedback, position)
       SELECT $1, (ARRAY['single_choice','multiple_choice','true_false','scenario','matching','ordering','sorting_groups','fill_gaps','drag_drop','priority_ranking'])[1 + g % 10],
              'Question ' || g || ': which of these is right?', '["First option","Second option","Third option","Fourth option"]', '"Second option"',
              g * 6.5, 'Topic ' || (g / 10), '{"correct":"Well done","incorrect":"Have another look"}', g
       FROM generate_series(1, $2) g`,
      [videoId, QUESTIONS],
    );
    await client.query('ANALYZE library.videos; ANALYZE library.interactions; ANALYZE library.folders');
    return { folderId, videoId };
  } finally {
    await client.end();
  }
}

/** Starts bare-server.cjs in its own process (the gateway has its own process too) and returns its base URL. */
async function startBare(stack: RunningStack, ownerId: number): Promise<{ url: string; child: ChildProcess }> {
  const { port, child } = await startBareServer(join(__dirname, 'bare-server.cjs'), { DATABASE_URL: stack.databaseUrl, OWNER_ID: String(ownerId) });
  return { url: `http://127.0.0.1:${port}`, child };
}

/** One request by hand: a 200 with a JSON body. */
async function check(url: string, token?: string): Promise<unknown> {
  return JSON.parse(await checkText(url, token));
}

// A 1,000-video page under 100 connections can take seconds on a small machine.
const load = (target: string, url: string, token: string | undefined, seconds: number) => loadTarget(target, url, token, seconds, 60);

interface Target {
  name: string;
  url: string;
  token?: string;
}

async function main(): Promise<void> {
  console.log(`Library benchmark: ${CONNECTIONS} connections, ${SECONDS} s per target (+${WARMUP_SECONDS} s warm-up), transport ${TRANSPORT}`);
  const stack = await startStack({
    name: 'bench_library',
    transport: TRANSPORT,
    env: {
      RATE_LIMIT_PER_MINUTE: '100000000',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000000',
      ANONYMOUS_RATE_LIMIT_PER_MINUTE: '100000000',
      IP_RATE_LIMIT_PER_MINUTE: '100000000',
      LOG_LEVEL: 'error',
      // 100 connections asking for 1,000 videos each queue for seconds on a small machine; the
      // default 5 s would turn that queueing into 503s instead of measuring it.
      SERVICE_TIMEOUT_MS: String(SERVICE_TIMEOUT_MS),
    },
  });
  let bare: { url: string; child: ChildProcess } | undefined;
  try {
    const { token, userId } = await signUp(stack.baseUrl);
    const { folderId, videoId } = await seed(stack.databaseUrl, userId);
    console.log(`  seeded: folder ${folderId} with ${VIDEOS} videos; video ${videoId} with ${QUESTIONS} questions`);
    bare = await startBare(stack, userId);

    const pairs: Array<[Target, Target]> = [
      [
        { name: `list 1000: gateway -> video-service (${TRANSPORT})`, url: `${stack.baseUrl}/api/videos?folder=${folderId}&pageSize=${VIDEOS}`, token },
        { name: 'list 1000: bare Fastify + pg', url: `${bare.url}/videos?folder=${folderId}&pageSize=${VIDEOS}` },
      ],
      [
        { name: `play (50 q): gateway -> video-service (${TRANSPORT})`, url: `${stack.baseUrl}/api/play/${videoId}` },
        { name: 'play (50 q): bare Fastify + pg', url: `${bare.url}/play/${videoId}` },
      ],
    ];
    for (const [gateway, bareTarget] of pairs) {
      const viaGateway = await check(gateway.url, gateway.token);
      const viaBare = await check(bareTarget.url);
      if (!isDeepStrictEqual(viaGateway, viaBare)) {
        throw new Error(`${gateway.name} and ${bareTarget.name} answer differently:\n  gateway: ${JSON.stringify(viaGateway).slice(0, 400)}\n  bare:    ${JSON.stringify(viaBare).slice(0, 400)}`);
      }
    }
    const list = (await check(pairs[0][0].url, token)) as { items: Array<{ questionCount: number }>; total: number };
    if (list.items.length !== VIDEOS || list.total !== VIDEOS || list.items[0].questionCount !== QUESTIONS) {
      throw new Error(`Unexpected list answer: ${list.items.length} items, total ${list.total}, first questionCount ${list.items[0]?.questionCount}`);
    }

    const targets = pairs.flat();
    const runs: Figures[][] = targets.map(() => []);
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [i, target] of targets.entries()) {
        process.stdout.write(`  ${ROUNDS > 1 ? `round ${round}/${ROUNDS} ` : ''}${target.name}: warm-up...`);
        const warm = await load(target.name, target.url, target.token, WARMUP_SECONDS);
        process.stdout.write(` measuring...`);
        const figures = await load(target.name, target.url, target.token, SECONDS);
        figures.non2xx += warm.non2xx;
        figures.errors += warm.errors;
        figures.timeouts += warm.timeouts;
        runs[i].push(figures);
        process.stdout.write(` ${Math.round(figures.rps)} req/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms\n`);
      }
    }
    const results = runs.map(summarize);

    console.log('');
    if (ROUNDS > 1) console.log(`Medians of ${ROUNDS} rounds (requests, non-2xx and errors are totals):`);
    console.log(
      table([
        ['target', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'non-2xx', 'errors'],
        ...results.map((r) => [r.target, r.rps.toFixed(0), r.p50.toFixed(1), r.p99.toFixed(1), String(r.total), String(r.non2xx), String(r.errors)]),
      ]),
    );
    console.log('');
    for (let i = 0; i < results.length; i += 2) {
      const [gw, b] = [results[i], results[i + 1]];
      const label = i === 0 ? 'list' : 'play';
      console.log(
        `${label}: gateway/bare req/s ${(gw.rps / b.rps).toFixed(2)} (bare serves ${(b.rps / gw.rps).toFixed(2)}x), p50 ${(gw.p50 / b.p50).toFixed(2)}, p99 ${(gw.p99 / b.p99).toFixed(2)}`,
      );
    }

    assertNoFailures(results, stack.logDir);
  } finally {
    if (bare) await stopChild(bare.child);
    await stack.stop();
  }
}

runBenchmark('LIBRARY', main);
