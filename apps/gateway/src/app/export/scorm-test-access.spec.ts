import { AppConfig } from '@veolearn/config';
import { ScormTestAccess } from './scorm-test-access';
import { contentTypeOf, fileHref, packagePathOf, scormAgainFile, testPageHtml } from './scorm-test-page';

function access(secret = 'a-test-secret-that-is-long-enough-0123456789'): ScormTestAccess {
  return new ScormTestAccess(Object.assign(new AppConfig(), { JWT_SECRET: secret }));
}

const JOB = '3f2c1a4e-9b7d-4c1e-8f00-123456789abc';
const OTHER_JOB = '3f2c1a4e-9b7d-4c1e-8f00-123456789abd';

describe('ScormTestAccess', () => {
  const now = Date.UTC(2026, 10, 24, 10, 30);

  it('accepts its own token for the same job until it expires and answers the owner it names; nothing else', () => {
    const signer = access();
    const token = signer.sign(JOB, 42, now);
    expect(token).toMatch(/^42\.\d+\.[A-Za-z0-9_-]{43}$/);
    expect(signer.verify(JOB, token, now)).toBe(42);
    expect(signer.verify(JOB.toUpperCase(), token, now)).toBe(42);
    expect(signer.verify(JOB, token, now + 12 * 3600 * 1000)).toBe(42);
    expect(signer.verify(JOB, token, now + 14 * 3600 * 1000)).toBeNull();
    expect(signer.verify(OTHER_JOB, token, now)).toBeNull();
    expect(access('another-secret-that-is-long-enough-0123456789').verify(JOB, token, now)).toBeNull();
    const [owner, expires, signature] = token.split('.');
    expect(signer.verify(JOB, `43.${expires}.${signature}`, now)).toBeNull();
    expect(signer.verify(JOB, `${owner}.${Number(expires) + 3600}.${signature}`, now)).toBeNull();
    for (const junk of [undefined, '', '.', 'abc', `${owner}.${expires}`, `${token}x`, `0.${expires}.${signature}`, ['x'], 'x'.repeat(500)]) {
      expect(signer.verify(JOB, junk, now)).toBeNull();
    }
    for (const badJob of ['', '../x', 'not-a-uuid', 7]) expect(signer.verify(badJob, token, now)).toBeNull();
  });

  it('builds the relative test page URL under the signed prefix', () => {
    const signer = access();
    const url = signer.pageUrl(JOB, 42);
    const match = /^\/api\/exports\/([^/]+)\/t\/([^/]+)\/lms$/.exec(url);
    expect(match?.[1]).toBe(JOB);
    expect(signer.verify(JOB, match?.[2])).toBe(42);
  });
});

describe('the test page', () => {
  it('takes plain relative package paths only', () => {
    expect(packagePathOf('index.html')).toBe('index.html');
    expect(packagePathOf('assets/index-Bx.js')).toBe('assets/index-Bx.js');
    expect(packagePathOf('media/my%20video.webm')).toBe('media/my video.webm');
    for (const bad of ['', '/index.html', 'a//b', './a', 'a/../b', '%2e%2e/x', 'a%2Fb', 'a%5Cb', 'a\\b', '%00', '%E2%82%AC', '%zz', 'x'.repeat(1001)]) {
      expect(packagePathOf(bad)).toBeNull();
    }
  });

  it('answers content types by extension', () => {
    expect(contentTypeOf('index.html')).toBe('text/html; charset=utf-8');
    expect(contentTypeOf('assets/app.JS')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeOf('media/video.webm')).toBe('video/webm');
    expect(contentTypeOf('media/captions.vtt')).toBe('text/vtt; charset=utf-8');
    expect(contentTypeOf('README')).toBe('application/octet-stream');
    expect(contentTypeOf('dir.js/file')).toBe('application/octet-stream');
  });

  it('escapes the title, uses no inline script and launches the package relative to its prefix', () => {
    const html = testPageHtml({ scormVersion: '2004', title: '</title><script>alert(1)</script>', launchPage: 'index.html' });
    expect(html).not.toContain('<script>alert');
    expect(html.match(/<script\b[^>]*>/g)).toEqual(['<script src="scorm-again.js">', '<script src="lms.js">']);
    expect(html).toContain('data-scorm-version="2004"');
    expect(html).toContain('data-launch="files/index.html"');
    expect(fileHref('media/my video.webm')).toBe('files/media/my%20video.webm');
  });

  it('finds the scorm-again runtime in node_modules', () => {
    expect(scormAgainFile()).toMatch(/node_modules\/scorm-again\/dist\/scorm-again\.min\.js$/);
  });
});
