import { createWriteStream, mkdirSync, WriteStream } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
// The process launcher is shared with `npm start`, which must run without TypeScript tooling.
import { freePort, prepareTestDatabase, ROOT, startProcesses, type StartedProcesses } from '@veolearn/process-stack';

export interface StackOptions {
  /** Names the test database (`veolearn_test_<name>`), Redis prefix and log folder. */
  name: string;
  transport?: 'tcp' | 'nats';
  port?: number;
  /** auth-service replicas; more than one needs NATS. */
  replicas?: number;
  env?: Record<string, string>;
  admin?: { email: string; password: string; username?: string };
  /** Extra `generation-service worker` processes. */
  generationWorkers?: number;
}

export interface RunningStack {
  baseUrl: string;
  databaseUrl: string;
  redisPrefix: string;
  env: Record<string, string>;
  processes: StartedProcesses;
  logDir: string;
  stop(): Promise<void>;
}

export const TEST_HEALTH_TOKEN = 'test-health-detail-token-0123456789';
export const TEST_JWT_SECRET = 'test-secret-for-integration-tests-only-0123456789';
export const PG_BASE_URL = process.env['TEST_DATABASE_BASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432';
export const TEST_REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

/** Deletes every Redis key under a prefix this test run created. */
export async function deleteRedisPrefix(prefix: string): Promise<void> {
  const redis = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/**
 * Starts the built product against its own fresh database (`veolearn_test_<name>`, dropped and
 * recreated: tests only drop databases they create) and its own Redis prefix.
 */
/**
 * A stack's name as its database, Redis prefix and log folder use it. TEST_STACK_TAG keeps apart
 * two runs on one machine at the same time that start stacks of the same name: two checkouts, or
 * `npm test` running the TCP and NATS API specs side by side.
 */
function stackId(name: string): string {
  const tag = process.env['TEST_STACK_TAG'] ?? '';
  return `${tag ? `${tag}_` : ''}${name}`.toLowerCase().replace(/[^a-z0-9_]/g, '_');
}

/** Where a stack of this name writes its processes' logs (`tmp/stack-logs/<name>/<process>.log`). */
export function stackLogDir(name: string): string {
  return join(ROOT, 'tmp', 'stack-logs', stackId(name));
}

export async function startStack(options: StackOptions): Promise<RunningStack> {
  const safeName = stackId(options.name);
  const database = `veolearn_test_${safeName}`;
  const databaseUrl = `${PG_BASE_URL}/${database}`;
  const redisPrefix = `veolearn-test-${safeName}-${randomBytes(3).toString('hex')}`;
  const logDir = stackLogDir(options.name);
  mkdirSync(logDir, { recursive: true });
  const streams: WriteStream[] = [];
  const output = (name: string) => {
    const stream = createWriteStream(join(logDir, `${name.replace(/[^a-z0-9-]/gi, '_')}.log`), { flags: 'a' });
    streams.push(stream);
    return (chunk: Buffer | string) => stream.write(chunk);
  };
  // A copy of the migrated template of this build (see prepareTestDatabase): no migrations to run.
  await prepareTestDatabase({ pgBaseUrl: PG_BASE_URL, output, database });

  const env: Record<string, string> = {
    PATH: process.env['PATH'] ?? '',
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: redisPrefix,
    NATS_URL: process.env['TEST_NATS_URL'] ?? 'nats://127.0.0.1:4222',
    // Each stack's own NATS subjects, so stacks sharing the NATS server never answer each other.
    NATS_SUBJECT_PREFIX: redisPrefix,
    TRANSPORT: options.transport ?? (process.env['TEST_TRANSPORT'] === 'nats' ? 'nats' : 'tcp'),
    JWT_SECRET: TEST_JWT_SECRET,
    // Lets tests read the health details with `X-Health-Token` (anonymous callers get only ok/degraded).
    HEALTH_DETAIL_TOKEN: TEST_HEALTH_TOKEN,
    PUBLIC_URL: 'http://127.0.0.1:0',
    PORT: String(options.port ?? 0),
    // Uploads of this stack go to its own folder under tmp/ (never the repository's data/).
    UPLOAD_DIR: join(ROOT, 'tmp', 'stack-uploads', safeName),
    ...(options.admin
      ? { ADMIN_EMAIL: options.admin.email, ADMIN_PASSWORD: options.admin.password, ADMIN_USERNAME: options.admin.username ?? 'admin' }
      : {}),
    ...options.env,
  };
  const pickPorts = env['PORT'] === '0';
  const choosePort = async () => {
    env['PORT'] = String(await freePort());
    if (!options.env?.['PUBLIC_URL']) env['PUBLIC_URL'] = `http://127.0.0.1:${env['PORT']}`;
  };
  if (pickPorts) await choosePort();
  else if (!options.env?.['PUBLIC_URL']) env['PUBLIC_URL'] = `http://127.0.0.1:${env['PORT']}`;

  const start = () =>
    startProcesses({
      env,
      replicas: options.replicas,
      generationWorkers: options.generationWorkers,
      seedAdmin: Boolean(options.admin),
      skipMigrations: true,
      output,
    });
  let processes: StartedProcesses;
  try {
    processes = await start();
  } catch (error) {
    // A port found free can be taken (e.g. as another connection's local port) before the app binds
    // it, and the app exits with EADDRINUSE: when the ports were ours to pick, pick new ones once.
    if (!pickPorts || !/exited/.test(String(error))) throw error;
    await choosePort();
    processes = await start();
  }

  return {
    baseUrl: processes.baseUrl,
    databaseUrl,
    redisPrefix,
    env: processes.env,
    processes,
    logDir,
    async stop() {
      await processes.stop();
      await Promise.all(streams.map((s) => new Promise((resolve) => s.end(resolve))));
      await deleteRedisPrefix(redisPrefix).catch(() => undefined);
    },
  };
}

/** A free TCP port on 127.0.0.1 (for private test servers). */
export { freePort };
