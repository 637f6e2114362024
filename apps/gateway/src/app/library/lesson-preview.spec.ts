import type { PlaybackView } from '@veolearn/contracts';
import { renderPlayPage } from '../http/spa-fallback';
import { playPageId, previewOf, PublicPlayback } from './lesson-preview';

const INDEX = '<!DOCTYPE html><html><head><title>VeoLearn – interactive video lessons</title></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>';

function view(video: Partial<PlaybackView['video']>, questions = 3): PlaybackView {
  return { video: { id: 7, title: 'Photosynthesis', published: true, posterUrl: '/api/media/7/poster', ...video }, questions: Array.from({ length: questions }, () => ({})) } as unknown as PlaybackView;
}

/** The public playback over a video-service answering with `playback` (no cache in between). */
function publicPlayback(playback: () => Promise<PlaybackView>): PublicPlayback {
  return new PublicPlayback({ playback } as never, { viewer: () => ({}) } as never, { get: (_id: number, load: () => Promise<string>) => load() } as never);
}

describe('the still of a shared lesson in /play/{id}', () => {
  it('knows the play page and its id, nothing else', () => {
    expect(playPageId('/play/7')).toBe(7);
    expect(playPageId('/play/7/')).toBe(7);
    expect(playPageId('/play/7?lti=abc')).toBe(7);
    for (const url of ['/play', '/play/', '/play/abc', '/play/0', '/play/7/x', '/player/7', '/api/play/7', '/play/99999999999', '/play/3000000000']) {
      expect(playPageId(url)).toBeNull();
    }
  });

  it('shows only a published lesson with a poster of its own', () => {
    expect(previewOf(7, view({}))).toEqual({ id: 7, title: 'Photosynthesis', posterUrl: '/api/media/7/poster', questions: 3 });
    expect(previewOf(7, view({ title: '' }))?.title).toBe('Video 7');
    expect(previewOf(7, view({ published: false }))).toBeNull();
    expect(previewOf(7, view({ posterUrl: null }))).toBeNull();
    expect(previewOf(7, view({ posterUrl: '/api/media/7/poster?access=signed' }))).toBeNull();
    expect(previewOf(7, view({ posterUrl: 'https://elsewhere.example/p.jpg' }))).toBeNull();
  });

  it('puts the title, the preloaded poster and the still into index.html, escaped', () => {
    const html = renderPlayPage(INDEX, { id: 7, title: 'Cells <b>&</b> "tissues"', posterUrl: '/api/media/7/poster', questions: 1 });
    expect(html).toContain('<title>Cells &#60;b&#62;&#38;&#60;/b&#62; &#34;tissues&#34; – VeoLearn</title>');
    expect(html).not.toContain('<b>');
    expect(html).toContain('<link rel="preload" as="image" href="/api/media/7/poster" fetchpriority="high">\n</head>');
    expect(html).toMatch(/<div id="lesson-preview"[^>]*aria-hidden="true">.*<img src="\/api\/media\/7\/poster" alt=""[^>]*>.*<\/div><div id="root" hidden><\/div>/);
    expect(html).toContain('Video ID: 7 · 1 question</p>');
    expect(html.match(/id="root"/g)).toHaveLength(1);
    expect(html.endsWith('<script type="module" src="/assets/index.js"></script></body></html>')).toBe(true);
  });

  it('never makes the page wait: a slow or failing lesson gives no still', async () => {
    const slow = publicPlayback(() => new Promise(() => undefined));
    const started = Date.now();
    await expect(slow.preview(7, 50)).resolves.toBeNull();
    expect(Date.now() - started).toBeLessThan(1000);
    const failing = publicPlayback(() => Promise.reject(new Error('404')));
    await expect(failing.preview(7)).resolves.toBeNull();
    const found = publicPlayback(() => Promise.resolve(view({})));
    await expect(found.preview(7)).resolves.toMatchObject({ title: 'Photosynthesis', questions: 3 });
  });
});
