import type { FastifyReply } from 'fastify';
import { allowFramingByAnySite, isEmbedPath } from './spa-fallback';

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
