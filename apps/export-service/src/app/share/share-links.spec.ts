import { embedCodes, embedSource, escapeHtml, shareLinks } from './share-links';

const defaults = { embedWidth: 800, embedHeight: 600, autoplay: false, showControls: true };

describe('share links and embed codes', () => {
  it('builds absolute links on the public origin', () => {
    expect(shareLinks('https://learn.example.org/', 12)).toEqual({
      url: 'https://learn.example.org/video/12',
      playerUrl: 'https://learn.example.org/player/12',
      embedUrl: 'https://learn.example.org/embed/12',
    });
  });

  it('makes an 800x600 iframe and a 16:9 responsive wrapper by default', () => {
    const codes = embedCodes(shareLinks('http://localhost:3000', 5), 'Cells', defaults);
    expect(codes.iframeCode).toBe(
      '<iframe src="http://localhost:3000/embed/5" width="800" height="600" title="Cells" style="border:0;" allow="autoplay; fullscreen; encrypted-media; picture-in-picture" allowfullscreen></iframe>',
    );
    expect(codes.responsiveCode).toContain('padding-bottom:56.25%');
    expect(codes.responsiveCode).toContain('width:100%;height:100%');
    expect(codes.responsiveCode).toContain('src="http://localhost:3000/embed/5"');
  });

  it('uses the requested size and passes player options that differ from the defaults', () => {
    const codes = embedCodes(shareLinks('http://h', 5), 'T', { embedWidth: 640, embedHeight: 360, autoplay: true, showControls: false });
    expect(codes.iframeCode).toContain('width="640" height="360"');
    expect(codes.iframeCode).toContain('src="http://h/embed/5?autoplay=1&amp;controls=0"');
    expect(embedSource('http://h/embed/5', { autoplay: false, showControls: true })).toBe('http://h/embed/5');
  });

  it('escapes the title so it can never leave the attribute', () => {
    const title = '"></iframe><script>alert(1)</script> & \'x\'';
    const codes = embedCodes(shareLinks('http://h', 1), title, defaults);
    expect(codes.iframeCode).toContain('title="&quot;&gt;&lt;/iframe&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &#39;x&#39;"');
    expect(codes.iframeCode).not.toContain('<script>');
    expect(codes.responsiveCode).not.toContain('<script>');
    expect(escapeHtml('<a href="x">')).toBe('&lt;a href=&quot;x&quot;&gt;');
  });

  it('names an untitled frame', () => {
    expect(embedCodes(shareLinks('http://h', 1), '  ', defaults).iframeCode).toContain('title="VeoLearn interactive video"');
  });
});
