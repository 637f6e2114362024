// @ts-check
'use strict';
/**
 * Runs a one-off command of a built app with the settings of .env (if present) and the
 * environment: `node tools/stack/app-command.cjs auth-service seed-admin`.
 */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { ROOT, checkDependencies, ensureDatabase } = require('../../libs/process-stack/src/index.js');

async function main() {
  const [app, ...args] = process.argv.slice(2);
  if (!app) throw new Error('Usage: app-command.cjs <app> <command> [args]');
  const envFile = path.join(ROOT, '.env');
  if (fs.existsSync(envFile)) process.loadEnvFile(envFile);
  process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/veolearn';
  process.env.REDIS_URL ??= 'redis://127.0.0.1:6379';
  const problems = await checkDependencies(/** @type {Record<string, string>} */ (process.env));
  if (problems.length) {
    for (const problem of problems) console.error(`- ${problem}`);
    process.exit(1);
  }
  await ensureDatabase(process.env.DATABASE_URL);
  const main = path.join(ROOT, 'dist', 'apps', app, 'main.js');
  if (!fs.existsSync(main)) throw new Error(`${main} is missing; build it first (npx nx build ${app}).`);
  const result = spawnSync(process.execPath, [main, ...args], { cwd: ROOT, stdio: 'inherit' });
  process.exit(result.status ?? 1);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
