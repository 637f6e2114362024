import { contentRange, formatBytes, parseRange } from './range';

describe('parseRange', () => {
  const size = 1000;

  it('reads first-last, open-ended and suffix ranges', () => {
    expect(parseRange('bytes=0-99', size)).toEqual({ kind: 'partial', start: 0, end: 99 });
    expect(parseRange('bytes=100-', size)).toEqual({ kind: 'partial', start: 100, end: 999 });
    expect(parseRange('bytes=-50', size)).toEqual({ kind: 'partial', start: 950, end: 999 });
    expect(parseRange('bytes=999-999', size)).toEqual({ kind: 'partial', start: 999, end: 999 });
    expect(parseRange(' Bytes = 5-9 ', size)).toEqual({ kind: 'partial', start: 5, end: 9 });
  });

  it('clips ranges that run past the end', () => {
    expect(parseRange('bytes=900-5000', size)).toEqual({ kind: 'partial', start: 900, end: 999 });
    expect(parseRange('bytes=-5000', size)).toEqual({ kind: 'partial', start: 0, end: 999 });
    expect(parseRange('bytes=0-99999999999999999999999', size)).toEqual({ kind: 'partial', start: 0, end: 999 });
  });

  it('calls ranges outside the object unsatisfiable', () => {
    expect(parseRange('bytes=1000-', size)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=5000-6000', size)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-0', size)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-10', 0)).toEqual({ kind: 'unsatisfiable' });
  });

  it('ignores what it may ignore: no header, other units, bad syntax, reversed or several ranges', () => {
    for (const header of [undefined, '', 'items=0-5', 'bytes=', 'bytes=-', 'bytes=abc', 'bytes=5-1', 'bytes=0-1,5-9', 'bytes=1.5-3']) {
      expect(parseRange(header, size)).toEqual({ kind: 'full' });
    }
    expect(parseRange(['bytes=0-1'], size)).toEqual({ kind: 'full' });
  });
});

describe('contentRange', () => {
  it('writes partial and unsatisfiable forms', () => {
    expect(contentRange(1000, { start: 0, end: 99 })).toBe('bytes 0-99/1000');
    expect(contentRange(1000)).toBe('bytes */1000');
  });
});

describe('formatBytes', () => {
  it('uses binary units with at most one decimal', () => {
    expect(formatBytes(1073741824)).toBe('1 GiB');
    expect(formatBytes(1572864)).toBe('1.5 MiB');
    expect(formatBytes(65536)).toBe('64 KiB');
    expect(formatBytes(500)).toBe('500 bytes');
    expect(formatBytes(1)).toBe('1 byte');
  });
});
