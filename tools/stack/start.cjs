// @ts-check
'use strict';
/**
 * `npm start`: checks Postgres and Redis, builds what changed, runs migrations, then starts
 * every service and the gateway, which serves the web app at http://localhost:3000.
 */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { ROOT, checkDependencies, startProcesses } = require('../../libs/process-stack/src/index.js');

const COLORS = [36, 35, 33, 32, 34, 31];

function loadEnvFile() {
  const file = path.join(ROOT, '.env');
  if (fs.existsSync(file)) {
    process.loadEnvFile(file);
    console.log('Loaded settings from .env');
  }
}

function prefixed(name, index) {
  let pending = '';
  const color = COLORS[index % COLORS.length];
  return (chunk) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) process.stdout.write(`\x1b[${color}m[${name}]\x1b[0m ${line}\n`);
  };
}

async function main() {
  loadEnvFile();
  /** @type {Record<string, string>} */
  const env = Object.fromEntries(Object.entries(process.env).filter((entry) => typeof entry[1] === 'string'));
  env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/veolearn';
  env.REDIS_URL ??= 'redis://127.0.0.1:6379';
  env.NATS_URL ??= 'nats://127.0.0.1:4222';
  env.TRANSPORT ??= 'tcp';
  env.PORT ??= '3000';
  env.AUTH_SERVICE_PORT ??= '4001';
  env.VIDEO_SERVICE_PORT ??= '4002';
  env.NODE_ENV ??= 'production';
  if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
    // A local single-machine start: a per-machine secret kept in .veolearn-secret, never committed.
    const secretFile = path.join(ROOT, '.veolearn-secret');
    if (!fs.existsSync(secretFile)) fs.writeFileSync(secretFile, require('node:crypto').randomBytes(48).toString('base64url'), { mode: 0o600 });
    env.JWT_SECRET = fs.readFileSync(secretFile, 'utf8').trim();
  }

  const problems = await checkDependencies(env);
  if (problems.length) {
    console.error('VeoLearn cannot start:');
    for (const problem of problems) console.error(`  - ${problem}`);
    console.error('Settings come from the environment or .env (see .env.example).');
    process.exit(1);
  }

  if (env.SKIP_BUILD !== '1') {
    console.log('Building (cached after the first run)...');
    const build = spawnSync('npx', ['nx', 'run-many', '-t', 'build', '-p', 'gateway', 'auth-service', 'video-service', 'generation-service', 'export-service', 'lti-service', 'admin-metrics-service', 'web', '--output-style=static'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, NX_NO_CLOUD: 'true', NX_DAEMON: 'false' },
    });
    if (build.status !== 0) {
      console.error('The build failed; see the output above.');
      process.exit(1);
    }
  }

  let index = 0;
  const names = new Map();
  const stack = await startProcesses({
    env,
    seedAdmin: true,
    output: (name) => {
      if (!names.has(name)) names.set(name, prefixed(name, index++));
      return names.get(name);
    },
  });
  console.log(`\nVeoLearn is running at http://localhost:${env.PORT}  (API docs: http://localhost:${env.PORT}/api/docs)\nPress Ctrl+C to stop.`);

  let shuttingDown = false;
  const shutdown = async (code) => {
    if (shuttingDown) return;
    shuttingDown = true;
    await stack.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  for (const child of stack.children) {
    child.on('exit', () => {
      if (!shuttingDown) {
        console.error(`A VeoLearn process stopped unexpectedly (${stack.exits.join(', ')}); stopping the rest.`);
        void shutdown(1);
      }
    });
  }
}

main().catch((error) => {
  console.error(`VeoLearn could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
