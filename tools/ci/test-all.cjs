// @ts-check
'use strict';
/**
 * `npm test`: every check the project has, in order, with one summary at the end.
 * Static checks, unit tests, the build, integration tests through the gateway over TCP and
 * over NATS, browser tests, and the bundle budget. Exits non-zero if anything failed.
 */
const { spawn, spawnSync } = require('node:child_process');
const readline = require('node:readline');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');
const RESULTS = path.join(ROOT, 'tmp', 'test-results');

const env = { ...process.env, NX_NO_CLOUD: 'true', NX_DAEMON: 'false', FORCE_COLOR: process.env.CI ? '0' : '1' };
const only = process.argv.slice(2);

const apiJest = (file) => ['npx', 'jest', '--config', 'apps/api-e2e/jest.e2e.cts', '--runInBand', '--json', '--outputFile', `tmp/test-results/${file}`];

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
  // Jest's default is one worker fewer than the cores: one worker on this two-core machine, while the
  // parent process mostly waits. Two workers use both cores.
  { name: 'unit', command: ['npx', 'jest', '--config', 'jest.config.ts', '--maxWorkers=2', '--json', '--outputFile', 'tmp/test-results/unit.json'], jest: 'unit.json' },
  // deploy/k8s rendered with kubectl kustomize and checked (schemas, project rules), after proving the checks reject broken objects: a few seconds.
  { name: 'k8s', command: ['node', 'tools/k8s/validate.mjs', '--self-test'] },
  { name: 'build', command: ['npx', 'nx', 'run-many', '-t', 'build', '-p', 'gateway', 'auth-service', 'video-service', 'generation-service', 'export-service', 'lti-service', 'admin-metrics-service', 'web', '--output-style=static'] },
  { name: 'api-tcp', command: apiJest('api-tcp.json'), env: { TEST_TRANSPORT: 'tcp' }, jest: 'api-tcp.json', needsBuild: true },
  { name: 'api-nats', command: apiJest('api-nats.json'), env: { TEST_TRANSPORT: 'nats' }, jest: 'api-nats.json', needsBuild: true },
  {
    name: 'web-e2e',
    // Two specs at a time, each with its own stack and Chromium: much of a browser test is waiting (a video
    // playing in real time, a job finishing), so two share the two cores well: 640 s against 1,268 s of spec time in the last clean-clone run.
    command: ['npx', 'jest', '--config', 'apps/web-e2e/jest.e2e.cts', '--maxWorkers=2', '--json', '--outputFile', 'tmp/test-results/web-e2e.json'],
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
/**
 * When both API steps run (a full `npm test`), the TCP and NATS runs go side by side, each with its
 * own stack names (TEST_STACK_TAG), without the specs that measure time or take services down
 * (API_E2E_PART=parallel, see apps/api-e2e/jest.e2e.cts); those run afterwards, alone, for both
 * transports. On two cores that takes about two thirds of the time of one run after the other.
 */
const selected = (name) => !only.length || only.includes(name);
/**
 * The NATS run has fewer specs than the TCP run (about 340 s against 470 s side by side): these TCP-only
 * specs (about 65 s) run over TCP after the NATS run, in its lane, so both lanes end at about the same time.
 */
const TCP_AFTER_NATS = ['google', 'plan-writes', 'account'];
const API_TOGETHER = selected('api-tcp') && selected('api-nats');

async function main() {
  for (const planned of STEPS) {
    if (!selected(planned.name)) continue;
    if (API_TOGETHER && planned.name === 'api-nats') continue; // ran with api-tcp
    // A step that runs dist/ alone: build first (cached by nx when nothing changed).
    if (planned.needsBuild && built === undefined && BUILD) runStep({ ...BUILD, name: `build (for ${planned.name})` });
    if (API_TOGETHER && planned.name === 'api-tcp') {
      const nats = /** @type {typeof STEPS[number]} */ (STEPS.find((step) => step.name === 'api-nats'));
      const tag = (transport) => (process.env.TEST_STACK_TAG ? `${process.env.TEST_STACK_TAG}_${transport}` : transport);
      const moved = TCP_AFTER_NATS.join(',');
      await runTogether([
        [{ ...planned, env: { ...planned.env, API_E2E_PART: 'parallel', API_E2E_SKIP: moved, TEST_STACK_TAG: tag('tcp') } }],
        [
          { ...nats, env: { ...nats.env, API_E2E_PART: 'parallel', TEST_STACK_TAG: tag('nats') } },
          { ...planned, name: 'api-tcp-after-nats', command: apiJest('api-tcp-after-nats.json'), jest: 'api-tcp-after-nats.json', env: { ...planned.env, API_E2E_PART: 'parallel', API_E2E_ONLY: moved, TEST_STACK_TAG: tag('tcp2') } },
        ],
      ]);
      for (const transport of ['tcp', 'nats']) {
        const file = `api-serial-${transport}.json`;
        runStep({ name: `api-serial-${transport}`, command: apiJest(file), env: { TEST_TRANSPORT: transport, API_E2E_PART: 'serial' }, jest: file, needsBuild: true });
      }
      continue;
    }
    runStep(planned);
  }
}

/** Whether a step cannot run because the build failed (and records it). @param {typeof STEPS[number]} step */
function blockedByBuild(step) {
  if (!step.needsBuild || built !== false) return false;
  console.log(`\n=== ${step.name} not run: the build failed, and the output in dist/ would be stale`);
  outcomes.push({ name: step.name, ok: false, seconds: '0.0', detail: ' (not run: the build failed)' });
  return true;
}

/** Runs one step (or records why it did not run) and adds its outcome to the summary. @param {typeof STEPS[number]} step */
function runStep(step) {
  if (blockedByBuild(step)) return;
  const started = Date.now();
  console.log(`\n=== ${step.name}: ${step.command.join(' ')}`);
  const result = spawnSync(step.command[0], step.command.slice(1), { cwd: ROOT, stdio: 'inherit', env: { ...env, ...step.env } });
  record(step, result.status, started);
}

/**
 * Runs lanes side by side, the steps of each lane one after the other; each line of their output is
 * prefixed with the step's name.
 * @param {Array<Array<typeof STEPS[number]>>} lanes
 */
async function runTogether(lanes) {
  const names = lanes.map((lane) => lane.map((step) => step.name).join(' then '));
  await Promise.all(
    lanes.map(async (lane, index) => {
      for (const step of lane) {
        if (blockedByBuild(step)) continue;
        await runPrefixed(step, names.filter((_, other) => other !== index).join(', '));
      }
    }),
  );
}

/** Runs one step with its output prefixed by its name. @param {typeof STEPS[number]} step @param {string} beside */
function runPrefixed(step, beside) {
  return new Promise((resolve) => {
    const started = Date.now();
    console.log(`\n=== ${step.name} (side by side with ${beside}): ${step.command.join(' ')}`);
    const child = spawn(step.command[0], step.command.slice(1), { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...env, ...step.env } });
    for (const stream of [child.stdout, child.stderr]) readline.createInterface({ input: stream }).on('line', (line) => console.log(`[${step.name}] ${line}`));
    child.on('error', (error) => {
      console.log(`[${step.name}] ${error.message}`);
    });
    child.on('close', (code) => {
      record(step, code, started);
      resolve(undefined);
    });
  });
}

/** Adds a finished step's outcome (and its jest counts) to the summary. @param {typeof STEPS[number]} step @param {number | null} status @param {number} started */
function record(step, status, started) {
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
  const ok = status === 0;
  if (step.command === BUILD?.command) built = ok;
  outcomes.push({ name: step.name, ok, seconds, detail });
  console.log(`=== ${step.name} ${ok ? 'passed' : 'FAILED'} in ${seconds}s${detail}`);
}

main().then(summarise, (error) => {
  console.error(error);
  process.exit(1);
});

function summarise() {
  console.log('\nSummary of the test run:');
  for (const o of outcomes) console.log(`  ${o.ok ? 'ok  ' : 'FAIL'} ${o.name.padEnd(24)} ${o.seconds.padStart(6)}s${o.detail}`);
  const failedSteps = outcomes.filter((o) => !o.ok).length;
  console.log(`Steps: ${outcomes.length - failedSteps} passed, ${failedSteps} failed`);
  console.log(`Tests: ${passedTests} passed, ${failedTests} failed`);
  process.exit(failedSteps === 0 && failedTests === 0 ? 0 : 1);
}
