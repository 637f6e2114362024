import { AppConfig } from '@veolearn/config';
import { MediaAccess } from './media-access';

function access(secret = 'a-test-secret-that-is-long-enough-0123456789'): MediaAccess {
  return new MediaAccess(Object.assign(new AppConfig(), { JWT_SECRET: secret }));
}

describe('MediaAccess', () => {
  const now = Date.UTC(2026, 10, 24, 10, 30);

  it('accepts its own signature for the same video until it expires, and nothing else', () => {
    const media = access();
    const token = media.sign(7, now);
    expect(media.verify(7, token, now)).toBe(true);
    expect(media.verify(7, token, now + 12 * 3600 * 1000)).toBe(true);
    expect(media.verify(7, token, now + 14 * 3600 * 1000)).toBe(false);
    expect(media.verify(8, token, now)).toBe(false);
    expect(access('another-secret-that-is-long-enough-0123456789').verify(7, token, now)).toBe(false);
    const [expires, signature] = token.split('.');
    expect(media.verify(7, `${Number(expires) + 3600}.${signature}`, now)).toBe(false);
    for (const junk of [undefined, '', '.', 'abc', `${expires}.`, `${expires}.${signature}x`, ['x'], 'x'.repeat(500)]) {
      expect(media.verify(7, junk, now)).toBe(false);
    }
  });

  it('signs the media, poster and captions links of private lessons only', () => {
    const media = access();
    const page = {
      items: [
        { id: 3, published: false, mediaUrl: '/api/media/3', posterUrl: '/api/media/3/poster' as string | null },
        { id: 4, published: true, mediaUrl: '/api/media/4' },
        { id: 5, published: false, mediaUrl: null },
      ],
    };
    media.signViews(page);
    expect(page.items[0].mediaUrl).toMatch(/^\/api\/media\/3\?access=\d+\.[\w-]+$/);
    expect(media.verify(3, page.items[0].mediaUrl?.split('access=')[1])).toBe(true);
    expect(page.items[0].posterUrl).toMatch(/^\/api\/media\/3\/poster\?access=\d+\.[\w-]+$/);
    expect(media.verify(3, decodeURIComponent(page.items[0].posterUrl?.split('access=')[1] ?? ''))).toBe(true);
    expect(page.items[1].mediaUrl).toBe('/api/media/4');
    expect(page.items[2].mediaUrl).toBeNull();

    const playback = { video: { id: 9, published: false, mediaUrl: null, captionsUrl: '/api/videos/9/captions.vtt' }, questions: [] };
    media.signViews(playback);
    expect(media.verify(9, decodeURIComponent(playback.video.captionsUrl.split('access=')[1]))).toBe(true);
    // Anything that is not one of our media links is left alone.
    const other = { published: false, mediaUrl: 'https://example.com/a.mp4', posterUrl: '/api/media/3/poster/x' };
    expect(media.signViews(other).mediaUrl).toBe('https://example.com/a.mp4');
    expect(other.posterUrl).toBe('/api/media/3/poster/x');
  });
});
