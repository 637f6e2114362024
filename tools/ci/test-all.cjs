// @ts-check
'use strict';
/**
 * `npm test`: every check the project has, in order, with one summary at the end.
 * Static checks, unit tests, the build, integration tests through the gateway over TCP and
 * over NATS, browser tests, and the bundle budget. Exits non-zero if anything failed.
 */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');
const RESULTS = path.join(ROOT, 'tmp', 'test-results');

const env = { ...process.env, NX_NO_CLOUD: 'true', NX_DAEMON: 'false', FORCE_COLOR: process.env.CI ? '0' : '1' };
const only = process.argv.slice(2);

/**
 * `needsBuild`: the step runs the built apps in dist/. Run alone (`test-all.cjs api-tcp`), the
 * build step runs first (nx answers from its cache when nothing changed), so a step never tests
 * stale output; in a full run the build step already ran. After a failed build they do not run.
 * @type {Array<{name: string, command: string[], env?: Record<string, string>, jest?: string, needsBuild?: boolean}>}
 */
const STEPS = [
  { name: 'lint', command: ['npx', 'nx', 'run-many', '-t', 'lint', '--output-style=static'] },
  { name: 'typecheck', command: ['npx', 'nx', 'run-many', '-t', 'typecheck', '--output-style=static'] },
  { name: 'typecheck-tools', command: ['npx', 'tsc', '-p', 'tools/bench/tsconfig.json'] },
  { name: 'unit', command: ['npx', 'jest', '--config', 'jest.config.ts', '--json', '--outputFile', 'tmp/test-results/unit.json'], jest: 'unit.json' },
  { name: 'build', command: ['npx', 'nx', 'run-many', '-t', 'build', '-p', 'gateway', 'auth-service', 'video-service', 'generation-service', 'export-service', 'web', '--output-style=static'] },
  {
    name: 'api-tcp',
    command: ['npx', 'jest', '--config', 'apps/api-e2e/jest.e2e.cts', '--runInBand', '--json', '--outputFile', 'tmp/test-results/api-tcp.json'],
    env: { TEST_TRANSPORT: 'tcp' },
    jest: 'api-tcp.json',
    needsBuild: true,
  },
  {
    name: 'api-nats',
    command: ['npx', 'jest', '--config', 'apps/api-e2e/jest.e2e.cts', '--runInBand', '--json', '--outputFile', 'tmp/test-results/api-nats.json'],
    env: { TEST_TRANSPORT: 'nats' },
    jest: 'api-nats.json',
    needsBuild: true,
  },
  {
    name: 'web-e2e',
    command: ['npx', 'jest', '--config', 'apps/web-e2e/jest.e2e.cts', '--runInBand', '--json', '--outputFile', 'tmp/test-results/web-e2e.json'],
    jest: 'web-e2e.json',
    needsBuild: true,
  },
  { name: 'bundle-budget', command: ['node', 'tools/bundle-report/bundle-report.mjs'], needsBuild: true },
];

const unknown = only.filter((name) => !STEPS.some((step) => step.name === name));
if (unknown.length) {
  console.error(`Unknown step ${unknown.join(', ')}; the steps are: ${STEPS.map((step) => step.name).join(' ')}`);
  process.exit(2);
}

fs.rmSync(RESULTS, { recursive: true, force: true });
fs.mkdirSync(RESULTS, { recursive: true });

/** @type {Array<{name: string, ok: boolean, seconds: string, detail: string}>} */
const outcomes = [];
let passedTests = 0;
let failedTests = 0;
/** Whether the build step ran in this invocation: undefined (not yet), true or false (it failed). @type {boolean | undefined} */
let built;
const BUILD = STEPS.find((step) => step.name === 'build');
for (const planned of STEPS) {
  if (only.length && !only.includes(planned.name)) continue;
  const steps = [planned];
  // A step that runs dist/ alone: build first (cached by nx when nothing changed).
  if (planned.needsBuild && built === undefined && BUILD) steps.unshift({ ...BUILD, name: `build (for ${planned.name})` });
  for (const step of steps) runStep(step);
}

/** Runs one step (or records why it did not run) and adds its outcome to the summary. @param {typeof STEPS[number]} step */
function runStep(step) {
  if (step.needsBuild && built === false) {
    console.log(`\n=== ${step.name} not run: the build failed, and the output in dist/ would be stale`);
    outcomes.push({ name: step.name, ok: false, seconds: '0.0', detail: ' (not run: the build failed)' });
    return;
  }
  const started = Date.now();
  console.log(`\n=== ${step.name}: ${step.command.join(' ')}`);
  const result = spawnSync(step.command[0], step.command.slice(1), { cwd: ROOT, stdio: 'inherit', env: { ...env, ...step.env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  let detail = '';
  if (step.jest) {
    const file = path.join(RESULTS, step.jest);
    if (fs.existsSync(file)) {
      const report = JSON.parse(fs.readFileSync(file, 'utf8'));
      passedTests += report.numPassedTests;
      failedTests += report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
      detail = ` (${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests} skipped)`;
    }
  }
  const ok = result.status === 0;
  if (step.command === BUILD?.command) built = ok;
  outcomes.push({ name: step.name, ok, seconds, detail });
  console.log(`=== ${step.name} ${ok ? 'passed' : 'FAILED'} in ${seconds}s${detail}`);
}

console.log('\nSummary of the test run:');
for (const o of outcomes) console.log(`  ${o.ok ? 'ok  ' : 'FAIL'} ${o.name.padEnd(24)} ${o.seconds.padStart(6)}s${o.detail}`);
const failedSteps = outcomes.filter((o) => !o.ok).length;
console.log(`Steps: ${outcomes.length - failedSteps} passed, ${failedSteps} failed`);
console.log(`Tests: ${passedTests} passed, ${failedTests} failed`);
process.exit(failedSteps === 0 && failedTests === 0 ? 0 : 1);
