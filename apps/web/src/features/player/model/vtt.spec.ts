import { captionAt, parseTimestamp, parseVtt } from './vtt';

const VTT = `WEBVTT

NOTE a comment --> that is not a cue

1
00:00:01.000 --> 00:00:03.500 align:start
<v Narrator>Cells are the <b>units</b> of life.

00:03.500 --> 00:05.000
Tom &amp; Jerry

broken --> timing
nothing

00:00:06,000 --> 00:00:05,000
ends before it starts
`;

describe('parseVtt', () => {
  it('reads cues with hours or without, strips tags and entities, and skips notes and bad timings', () => {
    expect(parseVtt(VTT)).toEqual([
      { start: 1, end: 3.5, text: 'Cells are the units of life.' },
      { start: 3.5, end: 5, text: 'Tom & Jerry' },
    ]);
  });

  it('reads CRLF files and SRT comma decimals, sorted by start', () => {
    const text = 'WEBVTT\r\n\r\n00:00:10,250 --> 00:00:12,000\r\nlater\r\n\r\n00:00:02.000 --> 00:00:04.000\r\nearlier\r\n';
    expect(parseVtt(text).map((c) => [c.start, c.text])).toEqual([
      [2, 'earlier'],
      [10.25, 'later'],
    ]);
  });

  it('gives nothing for an empty or non-VTT text', () => {
    expect(parseVtt('')).toEqual([]);
    expect(parseVtt('<html>not found</html>')).toEqual([]);
  });
});

describe('parseTimestamp', () => {
  it.each([
    ['00:00:01.000', 1],
    ['01:02:03.500', 3723.5],
    ['02:03.5', 123.5],
    ['1:2:3:4', Number.NaN],
  ])('%s is %p seconds', (input, expected) => {
    expect(parseTimestamp(input)).toBe(expected);
  });
});

describe('captionAt', () => {
  const cues = parseVtt(VTT);
  it('shows the cue covering the time (start inclusive, end exclusive) and nothing between cues', () => {
    expect(captionAt(cues, 0.5)).toBe('');
    expect(captionAt(cues, 1)).toBe('Cells are the units of life.');
    expect(captionAt(cues, 3.5)).toBe('Tom & Jerry');
    expect(captionAt(cues, 5)).toBe('');
  });
});
