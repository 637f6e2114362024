#!/usr/bin/env node
/**
 * Prints the gzipped size of the JavaScript that `/` loads up front (the entry module script and
 * its modulepreload links in dist/apps/web/index.html) and fails above the budget.
 * It builds nothing: run `nx build web` first.
 *
 * Usage: node tools/bundle-report/bundle-report.mjs [--dist dist/apps/web] [--budget-kb 150]
 *   The budget applies to everything / needs before it renders: entry, modulepreloads and,
 *   when dist has .vite/manifest.json, the landing page chunk with its imports.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function option(name, fallback) {
  const index = process.argv.indexOf(name);
  return index > -1 && process.argv[index + 1] ? process.argv[index + 1] : fallback;
}

const distDir = resolve(ROOT, option('--dist', 'dist/apps/web'));
const budgetKb = Number(option('--budget-kb', '150'));
const indexPath = join(distDir, 'index.html');

if (!existsSync(indexPath)) {
  console.error(`No ${indexPath}. Build the web app first: npx nx build web`);
  process.exit(2);
}

const html = readFileSync(indexPath, 'utf8');
const attr = (tag, name) => tag.match(new RegExp(`\\s${name}\\s*=\\s*["']([^"']+)["']`, 'i'))?.[1];

const initial = new Set();
for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
  const src = attr(tag, 'src');
  if (src && attr(tag, 'type') === 'module') initial.add(src);
}
for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
  const rel = attr(tag, 'rel');
  const href = attr(tag, 'href');
  if (href && rel === 'modulepreload') initial.add(href);
}

if (initial.size === 0) {
  console.error('index.html loads no module script; is this a Vite build?');
  process.exit(2);
}

const rows = [...initial].map((url) => {
  const file = join(distDir, url.replace(/^\//, '').replace(/^\.\//, ''));
  const source = readFileSync(file);
  return { url, raw: source.length, gzip: gzipSync(source, { level: 9 }).length };
});

/**
 * With Vite's manifest, also count what `/` fetches right after start: the landing page's lazy
 * chunk and its static imports (React.lazy splits every page out of the entry).
 */
const LANDING_SOURCE = option('--landing', 'src/pages/landing-page.tsx');
const manifestPath = join(distDir, '.vite', 'manifest.json');
if (existsSync(manifestPath)) {
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const seen = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    const url = `/${chunk.file}`;
    if (!initial.has(url) && !rows.some((r) => r.url === url)) {
      const source = readFileSync(join(distDir, chunk.file));
      rows.push({ url, raw: source.length, gzip: gzipSync(source, { level: 9 }).length, lazy: true });
    }
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  if (manifest[LANDING_SOURCE]) visit(LANDING_SOURCE);
  else console.warn(`(manifest has no ${LANDING_SOURCE}; counting the entry only)`);
}

const kb = (bytes) => (bytes / 1024).toFixed(2);
const width = Math.max(...rows.map((r) => r.url.length), 10);
console.log(`Initial JavaScript for / (${distDir})`);
for (const row of rows) {
  const note = row.lazy ? '  (landing route, lazy)' : '';
  console.log(`  ${row.url.padEnd(width)}  ${kb(row.raw).padStart(9)} KB raw  ${kb(row.gzip).padStart(8)} KB gzip${note}`);
}
const entryGzip = rows.filter((r) => !r.lazy).reduce((sum, r) => sum + r.gzip, 0);
console.log(`  ${'entry + modulepreload'.padEnd(width)}  ${' '.repeat(16)}  ${kb(entryGzip).padStart(8)} KB gzip`);
const totalGzip = rows.reduce((sum, r) => sum + r.gzip, 0);
const totalRaw = rows.reduce((sum, r) => sum + r.raw, 0);
console.log(`  ${'total'.padEnd(width)}  ${kb(totalRaw).padStart(9)} KB raw  ${kb(totalGzip).padStart(8)} KB gzip`);
console.log(`Budget: ${budgetKb} KB gzip`);

if (totalGzip > budgetKb * 1024) {
  console.error(`FAIL: initial JavaScript is ${kb(totalGzip)} KB gzip, over the ${budgetKb} KB budget.`);
  process.exit(1);
}
console.log('OK');
