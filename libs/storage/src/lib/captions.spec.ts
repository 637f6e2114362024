import {
  CAPTIONS_INVALID,
  CaptionsError,
  formatVttTime,
  GENERATED_CAPTIONS_HEADER,
  isGeneratedCaptions,
  normaliseCaptions,
  parseCaptionCues,
  segmentsToVtt,
  srtToVtt,
} from './captions';

const TIMING = /^(\d{2,}):([0-5]\d):([0-5]\d)\.(\d{3}) --> (\d{2,}):([0-5]\d):([0-5]\d)\.(\d{3})((?: [a-z]+:\S+)*)$/;

function secondsOf(h: string, m: string, s: string, ms: string): number {
  return Number(h) * 3600 + Number(m) * 60 + Number(s) + Number(ms) / 1000;
}

/**
 * Checks the WebVTT file rules (W3C WebVTT §4): 'WEBVTT' header line, blocks separated by blank lines,
 * each cue an optional id without '-->', a timing line with end after start and starts in order, and
 * non-empty text lines without '-->'. Returns the cues' [start, end, text].
 */
function expectValidWebVtt(vtt: string): Array<[number, number, string]> {
  expect(vtt.endsWith('\n')).toBe(true);
  const blocks = vtt.replace(/\n$/, '').split('\n\n');
  expect(blocks[0]).toMatch(/^WEBVTT(?:[ \t][^\n]*)?$/);
  const cues: Array<[number, number, string]> = [];
  let lastStart = -1;
  for (const block of blocks.slice(1)) {
    const lines = block.split('\n');
    expect(lines.every((l) => l.trim() !== '')).toBe(true);
    const timingIndex = TIMING.test(lines[0]) ? 0 : 1;
    if (timingIndex === 1) expect(lines[0]).not.toContain('-->');
    const timing = TIMING.exec(lines[timingIndex]);
    expect(timing).not.toBeNull();
    const start = secondsOf(timing![1], timing![2], timing![3], timing![4]);
    const end = secondsOf(timing![5], timing![6], timing![7], timing![8]);
    expect(end).toBeGreaterThan(start);
    expect(start).toBeGreaterThanOrEqual(lastStart);
    lastStart = start;
    const text = lines.slice(timingIndex + 1);
    expect(text.length).toBeGreaterThan(0);
    for (const line of text) expect(line).not.toContain('-->');
    cues.push([start, end, text.join('\n')]);
  }
  return cues;
}

const SRT = `1
00:00:01,000 --> 00:00:04,250
Hello <font color="#ff0000">world</font> & friends

2
00:00:05,500 --> 00:00:07,000 X1:10 X2:20 Y1:5 Y2:9
{\\an8}<i>Second</i> line
with two lines

3
01:02:03,004 --> 01:02:05,000
a < b --> c
`;

describe('srtToVtt', () => {
  it('turns SRT into valid WebVTT: dot milliseconds, no SRT numbers, clean text', () => {
    const vtt = srtToVtt(SRT);
    expect(vtt).toBe(`WEBVTT

00:00:01.000 --> 00:00:04.250
Hello world &amp; friends

00:00:05.500 --> 00:00:07.000
<i>Second</i> line
with two lines

01:02:03.004 --> 01:02:05.000
a &lt; b --&gt; c
`);
    expect(expectValidWebVtt(vtt)).toHaveLength(3);
  });

  it('reads Windows line endings, a byte-order mark and a number without the blank line before it', () => {
    const text = '\ufeff1\r\n00:00:01,000 --> 00:00:02,000\r\nOne\r\n2\r\n00:00:03,000 --> 00:00:04,000\r\nTwo\r\n';
    const cues = expectValidWebVtt(srtToVtt(text));
    expect(cues).toEqual([
      [1, 2, 'One'],
      [3, 4, 'Two'],
    ]);
  });
});

describe('normaliseCaptions', () => {
  it('keeps WebVTT ids, settings and tags, drops NOTE and STYLE blocks, orders cues', () => {
    const vtt = normaliseCaptions(`WEBVTT Kind: captions
Language: en

NOTE a comment
that spans lines

STYLE
::cue { color: yellow }

late
00:10.000 --> 00:12.000 align:start line:0 bogus
<v Ada>Later</v> &amp; on

intro
00:01.5 --> 00:03.000
<b>First</b> <00:00:02.000>word
`);
    expect(vtt).toBe(`WEBVTT

intro
00:00:01.500 --> 00:00:03.000
<b>First</b> <00:00:02.000>word

late
00:00:10.000 --> 00:00:12.000 align:start line:0
<v Ada>Later</v> &amp; on
`);
    expectValidWebVtt(vtt);
  });

  it('reads a cue that follows the header without a blank line, and cues with hours over 99', () => {
    const cues = expectValidWebVtt(normaliseCaptions('WEBVTT\n00:00:01.000 --> 00:00:02.000\nHi\n\n100:00:00.000 --> 100:00:01.000\nLate'));
    expect(cues).toEqual([
      [1, 2, 'Hi'],
      [360000, 360001, 'Late'],
    ]);
  });

  it('drops cues without text or with an end not after the start', () => {
    const cues = expectValidWebVtt(normaliseCaptions('WEBVTT\n\n00:00:05.000 --> 00:00:04.000\nBackwards\n\n00:00:06.000 --> 00:00:07.000\n\n00:00:08.000 --> 00:00:09.000\nKept\n'));
    expect(cues).toEqual([[8, 9, 'Kept']]);
  });

  it('refuses text without timed cues with a readable message', () => {
    for (const text of ['', 'just some words', 'WEBVTT\n\nNOTE nothing here', '00:00:01,000 --> 00:00:00,500\nbackwards only']) {
      expect(() => normaliseCaptions(text)).toThrow(CaptionsError);
      expect(() => normaliseCaptions(text)).toThrow(CAPTIONS_INVALID);
    }
  });

  it('is stable: normalising its own output changes nothing', () => {
    const once = normaliseCaptions(SRT);
    expect(normaliseCaptions(once)).toBe(once);
    expect(parseCaptionCues(once)).toHaveLength(3);
  });
});

describe('segmentsToVtt', () => {
  it('builds marked, valid captions from timed segments and escapes their text', () => {
    const vtt = segmentsToVtt([
      { start: 0, end: 2.5, text: 'Water  evaporates' },
      { start: 2.5, end: 2.5, text: 'zero length' },
      { start: 3, end: 4, text: 'A --> B & <C>' },
    ]);
    expect(vtt).toBe(`${GENERATED_CAPTIONS_HEADER}

00:00:00.000 --> 00:00:02.500
Water evaporates

00:00:03.000 --> 00:00:04.000
A --&gt; B &amp; &lt;C&gt;
`);
    expectValidWebVtt(vtt!);
    expect(isGeneratedCaptions(vtt)).toBe(true);
    expect(isGeneratedCaptions(normaliseCaptions(vtt!))).toBe(false);
  });

  it('gives null when nothing is left', () => {
    expect(segmentsToVtt([])).toBeNull();
    expect(segmentsToVtt([{ start: 1, end: 1, text: 'x' }, { start: 0, end: 1, text: '  ' }])).toBeNull();
  });
});

describe('formatVttTime', () => {
  it('writes HH:MM:SS.mmm', () => {
    expect(formatVttTime(0)).toBe('00:00:00.000');
    expect(formatVttTime(3723.0045)).toBe('01:02:03.005');
    expect(formatVttTime(59.9999)).toBe('00:01:00.000');
  });
});
