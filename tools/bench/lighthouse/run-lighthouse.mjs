#!/usr/bin/env node
/**
 * One Lighthouse run (default config: mobile, simulated throttling, performance category only)
 * against one URL, in the system Chromium. Prints one JSON line with the figures the bench reports.
 * Spawned by bench.ts once per run so every run gets a fresh browser and a fresh process.
 *
 *   node tools/bench/lighthouse/run-lighthouse.mjs <url> [--json-out file]
 *
 * Never downloads a browser: CHROMIUM_PATH (default /usr/bin/chromium) must exist.
 */
import { existsSync, writeFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const url = process.argv[2];
if (!url) {
  console.error('usage: run-lighthouse.mjs <url> [--json-out file]');
  process.exit(2);
}
const jsonOutIndex = process.argv.indexOf('--json-out');
const jsonOut = jsonOutIndex > -1 ? process.argv[jsonOutIndex + 1] : undefined;
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromePath)) {
  console.error(`No Chromium at ${chromePath} (set CHROMIUM_PATH); this bench never downloads one.`);
  process.exit(2);
}

const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  logLevel: 'silent',
});
try {
  const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  if (!result) throw new Error('Lighthouse gave no result');
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const audit = (id) => lhr.audits[id];
  const items = (id) => audit(id)?.details?.items ?? [];
  const figures = {
    url,
    finalUrl: lhr.finalDisplayedUrl,
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcpMs: audit('largest-contentful-paint').numericValue,
    fcpMs: audit('first-contentful-paint').numericValue,
    tbtMs: audit('total-blocking-time').numericValue,
    siMs: audit('speed-index').numericValue,
    cls: audit('cumulative-layout-shift').numericValue,
    transferBytes: audit('total-byte-weight').numericValue,
    requests: items('network-requests').length,
    // Where the time and bytes go: what the report's opportunities point at.
    lcpElement: items('largest-contentful-paint-element')[0]?.items?.[0]?.node?.snippet ?? items('largest-contentful-paint-element')[0]?.node?.snippet ?? null,
    unusedJs: items('unused-javascript').map((i) => ({ url: i.url, totalBytes: i.totalBytes, wastedBytes: i.wastedBytes })),
    renderBlocking: items('render-blocking-resources').map((i) => ({ url: i.url, wastedMs: i.wastedMs })),
    resources: items('network-requests').map((i) => ({ url: i.url, transferSize: i.transferSize, resourceType: i.resourceType })),
    warnings: lhr.runWarnings,
  };
  if (jsonOut) writeFileSync(jsonOut, JSON.stringify(lhr));
  process.stdout.write(`${JSON.stringify(figures)}\n`);
} finally {
  await chrome.kill();
}
