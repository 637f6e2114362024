// @ts-check
'use strict';
/**
 * Starts VeoLearn's processes (migrations, services, gateway) from the built apps in dist/.
 * Used by `npm start` (tools/stack/start.cjs) and by the integration and browser tests
 * (libs/testing, as @veolearn/process-stack), so both run the product the same way. Plain
 * CommonJS with its types beside it (index.d.ts): `npm start` runs it with node, before any build.
 */
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');
const { Client } = require('pg');
const Redis = require('ioredis');

const ROOT = path.resolve(__dirname, '../../..');

/** The services behind the gateway, in start order. */
const SERVICES = [
  { name: 'auth-service', main: 'dist/apps/auth-service/main.js', portVar: 'AUTH_SERVICE_PORT', migrate: true },
  { name: 'video-service', main: 'dist/apps/video-service/main.js', portVar: 'VIDEO_SERVICE_PORT', migrate: true },
  { name: 'generation-service', main: 'dist/apps/generation-service/main.js', portVar: 'GENERATION_SERVICE_PORT', migrate: true },
  { name: 'export-service', main: 'dist/apps/export-service/main.js', portVar: 'EXPORT_SERVICE_PORT', migrate: true },
  { name: 'lti-service', main: 'dist/apps/lti-service/main.js', portVar: 'LTI_SERVICE_PORT', migrate: true },
  { name: 'admin-metrics-service', main: 'dist/apps/admin-metrics-service/main.js', portVar: 'ADMIN_METRICS_SERVICE_PORT', migrate: true },
];
const GATEWAY = { name: 'gateway', main: 'dist/apps/gateway/main.js' };

const START_HINTS = {
  postgres:
    'Start it with `pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start` (Debian), `brew services start postgresql` (macOS) or `docker compose up -d postgres`.',
  redis:
    'Start it with `redis-server --daemonize yes` (Debian/macOS) or `docker compose up -d redis`.',
  nats: 'Start it with `nats-server -js &` or `docker compose up -d nats`, or use TRANSPORT=tcp.',
};

function describeUrl(url) {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || (u.protocol.startsWith('redis') ? 6379 : u.protocol.startsWith('nats') ? 4222 : 5432)}`;
  } catch {
    return url;
  }
}

function adminUrl(databaseUrl) {
  const u = new URL(databaseUrl);
  u.pathname = '/postgres';
  return u.toString();
}

async function checkPostgres(databaseUrl) {
  const client = new Client({ connectionString: adminUrl(databaseUrl), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function checkRedis(redisUrl) {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 3000, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } finally {
    redis.disconnect();
  }
}

function checkTcp(url) {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: u.hostname, port: Number(u.port || 4222) });
    socket.setTimeout(3000, () => socket.destroy(new Error('timed out')));
    socket.once('connect', () => {
      socket.end();
      resolve(undefined);
    });
    socket.once('error', reject);
  });
}

/**
 * Checks that Postgres, Redis (and NATS when chosen) answer. Returns a list of problems,
 * each naming what is down, where it looked and how to start it.
 */
async function checkDependencies(env) {
  const problems = [];
  const attempts = [
    ['PostgreSQL', 'postgres', env.DATABASE_URL, () => checkPostgres(env.DATABASE_URL)],
    ['Redis', 'redis', env.REDIS_URL, () => checkRedis(env.REDIS_URL)],
  ];
  if (env.TRANSPORT === 'nats') attempts.push(['NATS', 'nats', env.NATS_URL, () => checkTcp(env.NATS_URL)]);
  for (const [label, key, url, check] of attempts) {
    try {
      await check();
    } catch (error) {
      problems.push(
        `${label} is not reachable at ${describeUrl(url)} (${error instanceof Error ? error.message : String(error)}). ${START_HINTS[key]}`,
      );
    }
  }
  return problems;
}

/** Creates the database named in DATABASE_URL when it is missing. */
async function ensureDatabase(databaseUrl) {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unusual database name "${name}"; create it yourself.`);
  const client = new Client({ connectionString: adminUrl(databaseUrl) });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name}"`);
  } catch (error) {
    if (!['42P04', '23505'].includes(/** @type {{code?: string}} */ (error).code ?? '')) throw error;
  } finally {
    await client.end();
  }
}

/**
 * Ports for test and bench servers come from below Linux's ephemeral range (32768-60999), where the kernel
 * never hands out the local port of an outgoing connection. A port picked with listen(0) comes from that
 * range: between the pick and the app's own listen, a Postgres, Redis or service connection of another
 * stack running beside it could take it, and the app then exited with EADDRINUSE (once in a parallel API
 * run, which cost that spec's stack a restart of about 45 s).
 */
const PORT_RANGE = { low: 20000, high: 32000 };
/** Ports this process has handed out, so one stack never gets the same port twice before binding it. */
const handedOut = new Set();

/** Whether nothing listens on `port` (on any address: the gateway binds 0.0.0.0). */
function canListen(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '0.0.0.0', () => server.close(() => resolve(true)));
  });
}

/** A port nothing listens on, below the ephemeral range (or, failing 50 tries there, one the kernel picks). */
async function freePort() {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = PORT_RANGE.low + Math.floor(Math.random() * (PORT_RANGE.high - PORT_RANGE.low));
    if (handedOut.has(port)) continue;
    if (await canListen(port)) {
      handedOut.add(port);
      return port;
    }
  }
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function assertBuilt() {
  const missing = [...SERVICES, GATEWAY].map((s) => s.main).filter((main) => !fs.existsSync(path.join(ROOT, main)));
  if (missing.length) {
    throw new Error(`Build output missing (${missing.join(', ')}). Run \`npx nx run-many -t build\` first.`);
  }
}

/** Runs a one-off command of an app (e.g. `migrate`, `seed-admin`) and resolves when it exits 0. */
function runCommand(main, args, env, log) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, main), ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const collect = (chunk) => {
      output += chunk.toString();
      log(chunk);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(undefined) : reject(new Error(`${main} ${args.join(' ')} exited with ${code}:\n${output.slice(-2000)}`))));
  });
}

async function waitForHealth(baseUrl, timeoutMs, isAlive) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error('a process exited during start-up');
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
      last = `${response.status} ${await response.text()}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The gateway did not become healthy within ${timeoutMs} ms (last answer: ${last})`);
}

/**
 * Runs every service's migrations against env.DATABASE_URL. Each service owns its schema and
 * migrations table, and takes an advisory lock per schema, so they run side by side.
 * @param {Record<string, string>} env
 * @param {(name: string) => (chunk: Buffer|string) => void} output
 */
async function migrate(env, output) {
  assertBuilt();
  await Promise.all(SERVICES.filter((s) => s.migrate).map((service) => runCommand(service.main, ['migrate'], env, output(`${service.name}:migrate`))));
}

const TEST_TEMPLATE_PREFIX = 'veolearn_test_tpl_';
const TEST_TEMPLATE_LOCK = "hashtext('veolearn-test-template')";

/**
 * The name of the migrated template database for the services built in dist/: a fingerprint of
 * their built files, so a new build (possibly new migrations) gets a new template.
 */
function testTemplateName() {
  assertBuilt();
  const hash = require('node:crypto').createHash('sha1');
  for (const service of SERVICES.filter((s) => s.migrate)) hash.update(fs.readFileSync(path.join(ROOT, service.main)));
  return `${TEST_TEMPLATE_PREFIX}${hash.digest('hex').slice(0, 16)}`;
}

/**
 * Builds the tests' template database if this build has none: the services' own `migrate`
 * commands, side by side, into a database that is renamed when complete (a template that exists
 * is whole); earlier builds' templates are dropped. Call with the lock held.
 * @param {import('pg').Client} admin  connected to the `postgres` database
 * @param {{ pgBaseUrl: string, env: Record<string, string>, output: (name: string) => (chunk: Buffer|string) => void }} options
 */
async function buildTestTemplate(admin, options) {
  const template = testTemplateName();
  const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
  if (found.rowCount) return template;
  const building = `${template}_building`;
  await admin.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${building}"`);
  await migrate({ ...options.env, DATABASE_URL: `${options.pgBaseUrl}/${building}` }, options.output);
  await admin.query(`ALTER DATABASE "${building}" RENAME TO "${template}"`);
  const old = await admin.query('SELECT datname FROM pg_database WHERE datname LIKE $1 AND datname <> $2', [`${TEST_TEMPLATE_PREFIX}%`, template]);
  for (const row of old.rows) await admin.query(`DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`);
  return template;
}

/**
 * Tests only. With one advisory lock (so runs of two checkouts, or two jest processes, never copy
 * a template that is being built): builds the template if needed, then, given a name, drops and
 * recreates that database as a copy of it, which takes a fraction of a second where five
 * migrations take several seconds on every test stack.
 * @param {{ pgBaseUrl?: string, output?: (name: string) => (chunk: Buffer|string) => void, database?: string }} options
 */
async function prepareTestDatabase(options) {
  const pgBaseUrl = options.pgBaseUrl ?? process.env.TEST_DATABASE_BASE_URL ?? 'postgres://postgres@127.0.0.1:5432';
  // What the `migrate` commands' configuration check needs; they use nothing else of it.
  const env = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    JWT_SECRET: 'only-for-running-migrations-of-the-test-template',
  };
  const admin = new Client({ connectionString: `${pgBaseUrl}/postgres` });
  await admin.connect();
  try {
    await admin.query(`SELECT pg_advisory_lock(${TEST_TEMPLATE_LOCK})`);
    try {
      const template = await buildTestTemplate(admin, { pgBaseUrl, env, output: options.output ?? (() => () => undefined) });
      if (options.database) {
        await admin.query(`DROP DATABASE IF EXISTS "${options.database}" WITH (FORCE)`);
        await admin.query(`CREATE DATABASE "${options.database}" TEMPLATE "${template}"`);
      }
    } finally {
      await admin.query(`SELECT pg_advisory_unlock(${TEST_TEMPLATE_LOCK})`).catch(() => undefined);
    }
  } finally {
    await admin.end();
  }
}

/**
 * Starts the whole product.
 * @param {object} options
 * @param {Record<string, string>} options.env        environment for every process (DATABASE_URL, REDIS_URL, ...)
 * @param {number} [options.replicas]                  auth-service replicas (NATS transport only)
 * @param {(name: string) => (chunk: Buffer|string) => void} options.output  where each process's output goes
 * @param {boolean} [options.seedAdmin]                run `seed-admin` when ADMIN_EMAIL and ADMIN_PASSWORD are set
 * @param {number} [options.healthTimeoutMs]
 * @param {number} [options.generationWorkers]       extra `generation-service worker` processes
 * @param {boolean} [options.skipMigrations]        the database is already migrated (tests copy a migrated template)
 */
async function startProcesses(options) {
  assertBuilt();
  const env = { ...options.env };
  for (const service of SERVICES) {
    if (!env[service.portVar]) env[service.portVar] = String(await freePort());
  }
  await ensureDatabase(env.DATABASE_URL);
  if (!options.skipMigrations) await migrate(env, options.output);
  // The admin account is seeded while the services start (they do not read it at start-up).
  const seeding =
    options.seedAdmin && env.ADMIN_EMAIL && env.ADMIN_PASSWORD
      ? runCommand('dist/apps/auth-service/main.js', ['seed-admin'], env, options.output('auth-service:seed-admin')).then(
          () => undefined,
          (error) => error,
        )
      : Promise.resolve(undefined);

  /** @type {import('node:child_process').ChildProcess[]} */
  const children = [];
  /** @type {Map<string, import('node:child_process').ChildProcess>} */
  const byName = new Map();
  let stopping = false;
  const exits = [];
  const launch = (name, main, args = [], extraEnv = {}) => {
    const child = spawn(process.execPath, [path.join(ROOT, main), ...args], {
      cwd: ROOT,
      env: { ...env, ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const sink = options.output(name);
    child.stdout?.on('data', sink);
    child.stderr?.on('data', sink);
    child.on('exit', (code, signal) => {
      if (!stopping) exits.push(`${name} exited (${signal ?? code})`);
    });
    children.push(child);
    byName.set(name, child);
    return child;
  };
  const replicas = env.TRANSPORT === 'nats' ? Math.max(1, options.replicas ?? 1) : 1;
  for (const service of SERVICES) {
    for (let i = 0; i < replicas; i++) launch(replicas > 1 ? `${service.name}#${i + 1}` : service.name, service.main);
  }
  const generation = SERVICES.find((s) => s.name === 'generation-service');
  for (let i = 0; i < (options.generationWorkers ?? 0); i++) {
    if (generation) launch(`generation-worker#${i + 1}`, generation.main, ['worker']);
  }
  launch(GATEWAY.name, GATEWAY.main);

  const stop = async () => {
    stopping = true;
    await Promise.all(
      children.map(
        (child) =>
          new Promise((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve(undefined);
            const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
            child.once('exit', () => {
              clearTimeout(timer);
              resolve(undefined);
            });
            child.kill('SIGTERM');
          }),
      ),
    );
  };

  const baseUrl = `http://127.0.0.1:${env.PORT}`;
  try {
    await waitForHealth(baseUrl, options.healthTimeoutMs ?? 60_000, () => exits.length === 0);
    const seedError = await seeding;
    if (seedError) throw seedError;
  } catch (error) {
    await stop();
    throw new Error(`${error instanceof Error ? error.message : String(error)}${exits.length ? `; ${exits.join(', ')}` : ''}`);
  }
  /** Launches one more process of a service (e.g. a replacement after a test killed one). */
  const spawnService = (name, args = [], extraEnv = {}) => {
    const service = SERVICES.find((s) => s.name === name);
    if (!service) throw new Error(`Unknown service ${name}`);
    return launch(`${name}${args.length ? `-${args.join('-')}` : ''}#${children.length + 1}`, service.main, args, extraEnv);
  };
  /** The process started under a name ('generation-service', 'generation-worker#1', ...). */
  const processNamed = (name) => byName.get(name);
  return { baseUrl, env, children, stop, exits, spawnService, processNamed };
}

module.exports = { ROOT, SERVICES, GATEWAY, checkDependencies, ensureDatabase, freePort, migrate, prepareTestDatabase, startProcesses, describeUrl };
