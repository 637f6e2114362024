import { parseTranscript, splitSentences } from './parse-transcript';

describe('parseTranscript: SRT', () => {
  it('reads multi-line cues, a missing index, CRLF, BOM, tags and entities', () => {
    const srt =
      '\ufeff1\r\n00:00:01,000 --> 00:00:04,500\r\nWelcome to <i>cell biology</i>.\r\nToday: mitochondria &amp; ATP.\r\n\r\n' +
      '00:00:05,000 --> 00:00:07,250\r\nThis cue has no index.\r\n\r\n' +
      '3\r\n00:01:02,5 --> 00:01:05,000\r\n{\\an8}It&#39;s the &quot;powerhouse&quot;\r\n\r\n' +
      '4\r\n00:01:06,000 --> 00:01:08,000\r\n   \r\n\r\ntrailing garbage line\r\n';
    const parsed = parseTranscript(srt);
    expect(parsed.format).toBe('srt');
    expect(parsed.segments).toEqual([
      { start: 1, end: 4.5, text: 'Welcome to cell biology. Today: mitochondria & ATP.' },
      { start: 5, end: 7.25, text: 'This cue has no index.' },
      { start: 62.5, end: 65, text: 'It\'s the "powerhouse"' },
    ]);
  });

  it('keeps an index line glued to the previous cue out of the text', () => {
    const parsed = parseTranscript('1\n00:00:01,000 --> 00:00:02,000\nFirst line\n2\n00:00:03,000 --> 00:00:04,000\nSecond line\n');
    expect(parsed.segments.map((s) => s.text)).toEqual(['First line', 'Second line']);
  });

  it('gives an end before the start an estimated length instead', () => {
    const parsed = parseTranscript('1\n00:00:10,000 --> 00:00:05,000\nBackwards timing here\n');
    expect(parsed.segments[0].start).toBe(10);
    expect(parsed.segments[0].end).toBeGreaterThan(10);
  });
});

describe('parseTranscript: WebVTT', () => {
  const vtt = `WEBVTT - lecture captions
Kind: captions

NOTE This is a comment
spanning two lines --

STYLE
::cue { color: yellow }

intro
00:01.000 --> 00:04.000 align:start position:10%
<v Prof. Smith>Neurons fire <c.highlight>action potentials</c>.

00:00:04.000 --> 00:00:08.500 line:0
Signals<00:00:05.000><c> cross</c><00:00:06.000><c> synapses</c>

3
00:00:09.000 --> 00:00:10.000


00:00:10.000 --> 00:00:12.000
&lt;b&gt; is not a tag here &nbsp; ok
`;

  it('skips NOTE and STYLE blocks, cue ids and settings, strips tags', () => {
    const parsed = parseTranscript(vtt);
    expect(parsed.format).toBe('webvtt');
    expect(parsed.segments).toEqual([
      { start: 1, end: 4, text: 'Neurons fire action potentials.' },
      { start: 4, end: 8.5, text: 'Signals cross synapses' },
      { start: 10, end: 12, text: '<b> is not a tag here ok' },
    ]);
  });

  it('drops the repeated line of rolling auto-captions', () => {
    const rolling = 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nso today we look\n\n00:00:02.000 --> 00:00:02.010\nso today we look\n\n00:00:02.010 --> 00:00:04.000\nso today we look\nat enzymes\n';
    const parsed = parseTranscript(rolling);
    expect(parsed.segments).toEqual([
      { start: 0, end: 2.01, text: 'so today we look' },
      { start: 2.01, end: 4, text: 'at enzymes' },
    ]);
  });
});

describe('parseTranscript: YouTube transcript copy', () => {
  it('reads timestamps on their own line followed by one or more text lines, with h:mm:ss', () => {
    const copy = 'Introduction\n0:00\nhello and welcome\n0:04\ntoday we study\nthe water cycle\n59:58\nevaporation comes first\n1:00:03\nthen condensation &amp; rain\n';
    const parsed = parseTranscript(copy);
    expect(parsed.format).toBe('youtube');
    expect(parsed.segments.map((s) => [s.start, s.end, s.text])).toEqual([
      [0, 4, 'Introduction hello and welcome'],
      [4, 3598, 'today we study the water cycle'],
      [3598, 3603, 'evaporation comes first'],
      [3603, expect.any(Number), 'then condensation & rain'],
    ]);
    const last = parsed.segments[3];
    expect(last.end).toBeGreaterThan(last.start);
  });

  it('reads the variant with timestamp and text on one line, chapter headings and spoken time labels', () => {
    const copy = '0:00 welcome back\n0:05 let us recap\nChapter 2: Osmosis\n0:09\n9 seconds\nwater moves across membranes\n1:10\n1 minute, 10 seconds\nfrom low to high solute concentration';
    const parsed = parseTranscript(copy, { durationSeconds: 72 });
    expect(parsed.format).toBe('youtube');
    expect(parsed.segments).toEqual([
      { start: 0, end: 5, text: 'welcome back' },
      { start: 5, end: 9, text: 'let us recap Chapter 2: Osmosis' },
      { start: 9, end: 70, text: 'water moves across membranes' },
      { start: 70, end: 72, text: 'from low to high solute concentration' },
    ]);
  });

  it('drops separators after the time and sound annotations', () => {
    const parsed = parseTranscript('[0:00] - [Music] intro\n[0:04] – first point ♪\n');
    expect(parsed.segments.map((s) => s.text)).toEqual(['intro', 'first point']);
  });

  it('is not fooled by a time of day inside plain prose', () => {
    const parsed = parseTranscript('The lab opens at 9:30 each day. Bring goggles. The experiment takes an hour.');
    expect(parsed.format).toBe('plain');
  });
});

describe('parseTranscript: plain text', () => {
  const text = 'Dr. Lee explains enzymes. Enzymes are proteins that speed up reactions without being used up!\n\nEach enzyme has an active site. Is the fit exact? Not quite, e.g. the induced fit model says the site changes shape.';

  it('splits sentences (keeping abbreviations) and spreads them over the duration', () => {
    const parsed = parseTranscript(text, { durationSeconds: 60 });
    expect(parsed.format).toBe('plain');
    expect(parsed.segments.map((s) => s.text)).toEqual([
      'Dr. Lee explains enzymes.',
      'Enzymes are proteins that speed up reactions without being used up!',
      'Each enzyme has an active site.',
      'Is the fit exact?',
      'Not quite, e.g. the induced fit model says the site changes shape.',
    ]);
    const segs = parsed.segments;
    expect(segs[0].start).toBe(0);
    expect(segs[segs.length - 1].end).toBe(60);
    segs.forEach((s, i) => {
      expect(s.end).toBeGreaterThan(s.start);
      if (i > 0) expect(s.start).toBe(segs[i - 1].end);
    });
    // longer sentences get more time
    expect(segs[1].end - segs[1].start).toBeGreaterThan(segs[3].end - segs[3].start);
  });

  it('estimates the duration at 150 words per minute when none is given', () => {
    const words = Array.from({ length: 300 }, (_, i) => `word${i}`).join(' ');
    const parsed = parseTranscript(words);
    expect(parsed.segments[parsed.segments.length - 1].end).toBe(120);
    expect(parsed.segments.length).toBeGreaterThan(5); // long unpunctuated runs are chunked
  });

  it('never throws and returns nothing for empty or odd input', () => {
    expect(parseTranscript('')).toEqual({ format: 'plain', segments: [] });
    expect(parseTranscript('   \n\n ')).toEqual({ format: 'plain', segments: [] });
    expect(parseTranscript(undefined as unknown as string)).toEqual({ format: 'plain', segments: [] });
    expect(parseTranscript('-->\n-->').format).toBe('plain');
    expect(parseTranscript('99:99:99,999 --> 00:00:01,000\n\u0000').format).toBeDefined();
  });

  it('prefers cue formats over timestamps and timestamps over plain text', () => {
    const mixed = '0:00\nintro\n0:05\nmore\n1\n00:00:01,000 --> 00:00:02,000\ncue text\n';
    expect(parseTranscript(mixed).format).toBe('srt');
    expect(parseTranscript('0:00\nintro\n0:05\nmore').format).toBe('youtube');
  });

  it('splitSentences chunks long unpunctuated speech', () => {
    const speech = Array.from({ length: 90 }, () => 'and').join(' ');
    const chunks = splitSentences(speech);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.join(' ')).toBe(speech);
  });
});
