import type { FastifyReply } from 'fastify';
import { acceptedEncoding, allowFramingByAnySite, isEmbedPath, isLtiEditorEntry, isLtiPagePath } from './spa-fallback';

/** The header part of a Fastify reply, kept in a map. */
function fakeReply(headers: Record<string, string>) {
  const map = new Map(Object.entries(headers));
  const reply = {
    getHeader: (name: string) => map.get(name),
    header: (name: string, value: string) => {
      map.set(name, value);
      return reply;
    },
    removeHeader: (name: string) => {
      map.delete(name);
      return reply;
    },
    raw: { removeHeader: (name: string) => map.delete(name) },
  };
  return { reply: reply as unknown as FastifyReply, map };
}

describe('framing of the embed page', () => {
  it('knows the embed page and nothing else', () => {
    for (const url of ['/embed/12', '/embed/12/', '/embed/12?autoplay=1', '/embed/abc#t=3']) expect(isEmbedPath(url)).toBe(true);
    for (const url of ['/embed', '/embed/', '/embedded/12', '/player/12', '/video/12', '/embed/12/extra', '/api/embed/12', '/x/embed/12']) {
      expect(isEmbedPath(url)).toBe(false);
    }
  });

  it('knows the LTI pages an LMS frames', () => {
    for (const url of ['/lti/launch', '/lti/launch?video=3&lti=x', '/lti/deep-link?lti=x']) expect(isLtiPagePath(url)).toBe(true);
    for (const url of ['/lti', '/lti/launchx', '/api/lti/launch', '/lti/launch/extra', '/x/lti/launch']) expect(isLtiPagePath(url)).toBe(false);
  });

  it("knows the question editor only as an instructor's launch opens it (with its one-time code)", () => {
    const code = 'A'.repeat(43);
    for (const url of [`/edit-questions/5?lti=x&lti_code=${code}`, `/edit-questions/5?lti_code=${code}`, `/edit-questions/5/?lti_code=${code}&a=1`]) {
      expect(isLtiEditorEntry(url)).toBe(true);
    }
    for (const url of ['/edit-questions/5', '/edit-questions/5?lti=x', `/edit-questions/5?x_lti_code=${code}`, '/edit-questions/5?lti_code=short', `/edit-questions/abc?lti_code=${code}`, `/edit-questions/5#lti_code=${code}`, `/api/edit-questions/5?lti_code=${code}`]) {
      expect(isLtiEditorEntry(url)).toBe(false);
    }
  });

  it("lets any site frame it: frame-ancestors * and no X-Frame-Options, the rest of the policy unchanged", () => {
    const { reply, map } = fakeReply({
      'content-security-policy': "default-src 'self';script-src 'self';frame-ancestors 'self';object-src 'none'",
      'x-frame-options': 'SAMEORIGIN',
    });
    allowFramingByAnySite(reply);
    expect(map.get('content-security-policy')).toBe("default-src 'self';script-src 'self';object-src 'none';frame-ancestors *");
    expect(map.has('x-frame-options')).toBe(false);
  });
});

describe('the encoding of index.html', () => {
  it('prefers brotli, then gzip, and honours a refusal (q=0)', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip, deflate')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(acceptedEncoding('br;q=0.0, gzip;q=0')).toBeNull();
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
    expect(acceptedEncoding(['gzip', 'BR'])).toBe('br');
  });
});
