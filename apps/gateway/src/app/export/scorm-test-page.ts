import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ScormVersion } from '@veolearn/contracts';

/** Content types of the files a package holds, by extension; anything else is application/octet-stream. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  html: 'text/html; charset=utf-8',
  htm: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  xsd: 'application/xml; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  vtt: 'text/vtt; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  ico: 'image/x-icon',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  ogv: 'video/ogg',
  mov: 'video/quicktime',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  wav: 'audio/wav',
  map: 'application/json; charset=utf-8',
};

export function contentTypeOf(path: string): string {
  const dot = path.lastIndexOf('.');
  const ext = dot >= 0 && dot > path.lastIndexOf('/') ? path.slice(dot + 1).toLowerCase() : '';
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}

/**
 * The package path a request names after `/files/`: every segment percent-decoded, non-empty, not
 * '.' or '..', printable ASCII without '\'; null for anything else (no query or fragment is part of it).
 */
export function packagePathOf(rawPath: string): string | null {
  if (rawPath === '' || rawPath.length > 1000) return null;
  const parts: string[] = [];
  for (const segment of rawPath.split('/')) {
    let part: string;
    try {
      part = decodeURIComponent(segment);
    } catch {
      return null;
    }
    if (part === '' || part === '.' || part === '..' || !/^[\u0020-\u007e]+$/.test(part) || /[\\/]/.test(part)) return null;
    parts.push(part);
  }
  return parts.join('/');
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** The package path as a URL relative to the signed prefix: 'files/' and each segment percent-encoded. */
export const fileHref = (path: string) => `files/${path.split('/').map(encodeURIComponent).join('/')}`;

/**
 * The test LMS page. Everything it loads sits under the same signed prefix (relative URLs): the
 * scorm-again runtime, its own script (no inline script: the CSP allows 'self' scripts only) and
 * the package's launch page in a same-origin iframe.
 */
export function testPageHtml(view: { scormVersion: ScormVersion; title: string; launchPage: string }): string {
  const version = view.scormVersion === '2004' ? 'SCORM 2004' : 'SCORM 1.2';
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>SCORM test: ${escapeHtml(view.title)}</title>
<style>
  body { margin: 0; font-family: system-ui, sans-serif; color: #1f2937; background: #f3f4f6; }
  header { padding: 12px 20px; background: #111827; color: #fff; }
  header h1 { margin: 0; font-size: 18px; }
  header p { margin: 4px 0 0; font-size: 13px; color: #d1d5db; }
  main { display: flex; gap: 16px; padding: 16px; align-items: flex-start; flex-wrap: wrap; }
  #sco-host { flex: 1 1 720px; min-width: 320px; }
  #sco-host iframe { width: 100%; height: 80vh; min-height: 480px; border: 1px solid #d1d5db; background: #fff; }
  aside { flex: 0 0 280px; background: #fff; border: 1px solid #d1d5db; padding: 12px 16px; }
  aside h2 { margin: 0 0 8px; font-size: 16px; }
  aside dl + h2 { margin-top: 16px; }
  dl { margin: 0; display: grid; grid-template-columns: auto 1fr; gap: 6px 12px; font-size: 14px; }
  dt { color: #6b7280; }
  dd { margin: 0; font-weight: 600; word-break: break-word; }
  ol { padding-left: 20px; font-size: 13px; }
</style>
</head>
<body data-scorm-version="${view.scormVersion}" data-launch="${escapeHtml(fileHref(view.launchPage))}">
<header>
  <h1>${escapeHtml(view.title)}</h1>
  <p>Test LMS: the package runs inside a ${version} API (the scorm-again runtime), as an LMS would play it. Nothing is saved.</p>
</header>
<main>
  <div id="sco-host"></div>
  <aside aria-labelledby="runtime-heading">
    <h2 id="runtime-heading">What the LMS received</h2>
    <dl id="runtime" aria-live="polite">
      <dt>Version</dt><dd id="rt-version">${version}</dd>
      <dt>Initialized</dt><dd id="rt-initialized">no</dd>
      <dt>Status</dt><dd id="rt-status">not attempted</dd>
      <dt>Score</dt><dd id="rt-score">none</dd>
      <dt>Interactions</dt><dd id="rt-interactions">0</dd>
      <dt>Commits</dt><dd id="rt-commits">0</dd>
      <dt>Finished</dt><dd id="rt-finished">no</dd>
    </dl>
    <h2>Interactions</h2>
    <ol id="rt-interaction-list"></ol>
  </aside>
</main>
<script src="scorm-again.js"></script>
<script src="lms.js"></script>
</body>
</html>
`;
}

/** The test page's script (served as lms.js next to the page). */
export const TEST_PAGE_SCRIPT = `(function () {
  'use strict';
  var body = document.body;
  var is2004 = body.getAttribute('data-scorm-version') === '2004';
  var settings = { logLevel: 5, autocommit: false };
  var api = is2004 ? new window.Scorm2004API(settings) : new window.Scorm12API(settings);
  var commits = 0;
  var finished = false;
  var initialized = false;

  function text(id, value) {
    var el = document.getElementById(id);
    if (el) el.textContent = value;
  }
  function cmi() {
    try { return JSON.parse(JSON.stringify(api.cmi)); } catch (e) { return {}; }
  }
  function scoreText(score) {
    if (!score) return 'none';
    var parts = [];
    if (score.raw !== undefined && score.raw !== '') parts.push(score.raw + (score.max !== undefined && score.max !== '' ? ' / ' + score.max : ''));
    if (score.scaled !== undefined && score.scaled !== '') parts.push('scaled ' + score.scaled);
    return parts.length ? parts.join(', ') : 'none';
  }
  function refresh() {
    var data = cmi();
    var status;
    var score;
    if (is2004) {
      status = (data.completion_status || 'unknown') + ', ' + (data.success_status || 'unknown');
      score = data.score;
    } else {
      status = (data.core && data.core.lesson_status) || 'not attempted';
      score = data.core && data.core.score;
    }
    var interactions = data.interactions || {};
    var keys = Object.keys(interactions).filter(function (k) { return /^\\d+$/.test(k); });
    text('rt-initialized', initialized ? 'yes' : 'no');
    text('rt-status', status);
    text('rt-score', scoreText(score));
    text('rt-interactions', String(keys.length));
    text('rt-commits', String(commits));
    text('rt-finished', finished ? 'yes' : 'no');
    var list = document.getElementById('rt-interaction-list');
    if (list) {
      list.textContent = '';
      keys.forEach(function (k) {
        var it = interactions[k] || {};
        var li = document.createElement('li');
        var response = is2004 ? it.learner_response : it.student_response;
        li.textContent = (it.id || k) + ': ' + (it.type || '?') + ', ' + (it.result || '?') + (response ? ' (' + response + ')' : '');
        list.appendChild(li);
      });
    }
  }

  api.on(is2004 ? 'Initialize' : 'LMSInitialize', function () { initialized = true; refresh(); });
  api.on(is2004 ? 'Commit' : 'LMSCommit', function () { commits += 1; refresh(); });
  api.on(is2004 ? 'Terminate' : 'LMSFinish', function () { finished = true; refresh(); });
  if (is2004) window.API_1484_11 = api; else window.API = api;

  var frame = document.createElement('iframe');
  frame.name = 'sco';
  frame.title = 'Lesson';
  frame.setAttribute('allow', 'autoplay; fullscreen');
  frame.src = body.getAttribute('data-launch');
  document.getElementById('sco-host').appendChild(frame);
  refresh();
})();
`;

/** scorm-again's browser build (UMD: window.Scorm12API and window.Scorm2004API), found once. */
let runtimeFile: string | null | undefined;
export function scormAgainFile(): string | null {
  if (runtimeFile !== undefined) return runtimeFile;
  const relative = join('node_modules', 'scorm-again', 'dist', 'scorm-again.min.js');
  const starts = [process.cwd(), __dirname];
  for (const start of starts) {
    for (let dir = start, i = 0; i < 8; i++, dir = dirname(dir)) {
      const candidate = join(dir, relative);
      if (existsSync(candidate)) return (runtimeFile = candidate);
      if (dirname(dir) === dir) break;
    }
  }
  return (runtimeFile = null);
}
