import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { allowFramingByAnySite } from '../http/spa-fallback';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/**
 * The page a refused LTI login or launch answers with: inside the LMS's frame, it says what was wrong
 * and what to do; never a stack trace. Framable by any site (the LMS), without scripts.
 */
export function sendLtiErrorPage(reply: FastifyReply, status: number, message: string, refused = 'This LMS launch was refused'): void {
  const title = status >= 500 ? 'The lesson could not be opened right now' : refused;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>VeoLearn: ${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1f2937}h1{font-size:1.4rem}p.reason{background:#fef2f2;border:1px solid #fecaca;padding:.75rem 1rem;border-radius:.5rem}</style>
</head><body>
<h1>${escapeHtml(title)}</h1>
<p class="reason">${escapeHtml(message)}</p>
<p>Open the lesson again from your course. If it keeps happening, send this message to your LMS administrator.</p>
</body></html>
`;
  allowFramingByAnySite(reply);
  void reply.status(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

/** LTI Dynamic Registration 1.0 section 3.6.2: the tool's page tells the platform it is done. */
const CLOSE_SCRIPT = "(window.opener || window.parent).postMessage({ subject: 'org.imsglobal.lti.close' }, '*');";
const CLOSE_SCRIPT_HASH = createHash('sha256').update(CLOSE_SCRIPT).digest('base64');

/** The end of a dynamic registration: what was registered, then the close message to the LMS (its one script, allowed by hash). */
export function sendRegistrationDonePage(reply: FastifyReply, platformName: string, clientId: string): void {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>VeoLearn is registered</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1f2937}</style>
</head><body>
<h1>VeoLearn is registered</h1>
<p>${escapeHtml(platformName)} can now launch VeoLearn lessons (client id ${escapeHtml(clientId)}). You can close this window.</p>
<script>${CLOSE_SCRIPT}</script>
</body></html>
`;
  void reply
    .status(200)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', `default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-${CLOSE_SCRIPT_HASH}'; frame-ancestors *`)
    .send(html);
  void reply.removeHeader('x-frame-options');
  reply.raw?.removeHeader('x-frame-options');
}

/**
 * LTI client-side postMessage storage (lti_storage_target): the page puts the login's browser secret
 * into the platform's storage frame before going on to the platform ('put'), or reads it back and
 * posts the launch again with it ('get'), for browsers that block the tool's cookie inside the LMS's
 * frame. Messages go only to, and are read only from, the platform's origin. One fixed script, allowed
 * by its hash; the page's data is a JSON block.
 */
const STORAGE_SCRIPT = `(function () {
  var d = JSON.parse(document.getElementById('lti-data').textContent);
  var platform = window.parent !== window ? window.parent : window.opener;
  var target = platform;
  try { if (d.target !== '_parent' && platform && platform.frames[d.target]) target = platform.frames[d.target]; } catch (e) {}
  var id = 'veolearn-' + Math.random().toString(36).slice(2);
  var finished = false;
  function finish(value) {
    if (finished) return;
    finished = true;
    if (d.mode === 'put') { window.location.replace(d.redirect); return; }
    var form = document.getElementById('lti-form');
    form.elements.lti_storage_value.value = typeof value === 'string' ? value : '';
    form.submit();
  }
  window.addEventListener('message', function (event) {
    if (event.origin !== d.origin) return;
    var m = event.data || {};
    if (m.message_id !== id) return;
    if (m.subject === 'lti.put_data.response' || m.subject === 'lti.get_data.response') finish(m.value);
  });
  try {
    if (!target) throw new Error('no platform window');
    target.postMessage(d.mode === 'put' ? { subject: 'lti.put_data', message_id: id, key: d.key, value: d.value } : { subject: 'lti.get_data', message_id: id, key: d.key }, d.origin);
  } catch (e) { finish(''); }
  setTimeout(function () { finish(''); }, 3000);
})();`;
const STORAGE_SCRIPT_HASH = createHash('sha256').update(STORAGE_SCRIPT).digest('base64');

export type StoragePage =
  | { mode: 'put'; target: string; origin: string; key: string; value: string; redirect: string }
  | { mode: 'get'; target: string; origin: string; key: string; idToken: string; state: string };

/** The storage key of a login's browser secret. */
export function storageKey(state: string): string {
  return `veolearn_state_${state}`;
}

export function sendStoragePage(reply: FastifyReply, page: StoragePage): void {
  const data = JSON.stringify(page.mode === 'put' ? page : { mode: page.mode, target: page.target, origin: page.origin, key: page.key }).replace(/</g, '\\u003c');
  const form =
    page.mode === 'get'
      ? `<form id="lti-form" method="post" action="/api/lti/launch"><input type="hidden" name="id_token" value="${escapeHtml(page.idToken)}"><input type="hidden" name="state" value="${escapeHtml(page.state)}"><input type="hidden" name="lti_storage_value" value=""></form>`
      : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>VeoLearn: opening the lesson</title></head><body>
<p>Opening the lesson...</p>
${form}
<script type="application/json" id="lti-data">${data}</script>
<script>${STORAGE_SCRIPT}</script>
</body></html>
`;
  void reply
    .status(200)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', `default-src 'none'; script-src 'sha256-${STORAGE_SCRIPT_HASH}'; form-action 'self'; base-uri 'none'; frame-ancestors *`)
    .send(html);
  void reply.removeHeader('x-frame-options');
  reply.raw?.removeHeader('x-frame-options');
}
