// @ts-check
'use strict';
/**
 * The npm registry this project installs from carries only the Linux x64 builds of packages
 * that ship one binary package per platform. `npm install` then leaves the other platforms'
 * optional packages out of package-lock.json, and `npm ci` refuses the lockfile as out of sync.
 * This adds those optional packages back as platform-restricted entries (never installed on a
 * machine they do not fit). Run it after every `npm install`: `npm run lockfile:fix`.
 */
const fs = require('node:fs');
const path = require('node:path');

const LOCK = path.resolve(__dirname, '../../package-lock.json');
const lock = JSON.parse(fs.readFileSync(LOCK, 'utf8'));
const packages = lock.packages;

const OS = ['android', 'darwin', 'freebsd', 'linux', 'win32', 'openharmony', 'sunos', 'aix', 'netbsd', 'openbsd'];
const CPU = { arm64: 'arm64', x64: 'x64', ia32: 'ia32', arm: 'arm', loong64: 'loong64', ppc64: 'ppc64', riscv64: 'riscv64', s390x: 's390x', wasm32: 'wasm32' };

function platformOf(name) {
  const tokens = name.replace(/^@[^/]+\//, '').split('-');
  const os = tokens.find((t) => OS.includes(t));
  let cpu = tokens.map((t) => (t === 'gnueabihf' || t === 'eabi' || t === 'musleabihf' ? 'arm' : t)).find((t) => t in CPU);
  if (tokens.includes('wasm32')) cpu = 'wasm32';
  const entry = {};
  // Packages for an unknown platform, or a WebAssembly fallback, are never needed where a native build exists.
  entry.os = os ? [os] : ['none'];
  if (cpu) entry.cpu = [cpu];
  if (tokens.includes('musl') || tokens.includes('musleabihf')) entry.libc = ['musl'];
  return entry;
}

/** Where npm would find `name` from the package at `from` (nested first, then the ancestors). */
function resolves(from, name) {
  let base = from;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return true;
    if (!base) return false;
    const index = base.lastIndexOf('/node_modules/');
    base = index === -1 ? '' : base.slice(0, index);
  }
}

let added = 0;
for (const [location, pkg] of Object.entries(packages)) {
  for (const [name, spec] of Object.entries(pkg.optionalDependencies ?? {})) {
    if (resolves(location, name)) continue;
    const version = String(spec).replace(/^[~^=]/, '');
    packages[`node_modules/${name}`] = { version, optional: true, ...platformOf(name) };
    added++;
  }
}
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
fs.writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added ? `Added ${added} platform-restricted optional packages to package-lock.json` : 'package-lock.json already lists every optional platform package');
