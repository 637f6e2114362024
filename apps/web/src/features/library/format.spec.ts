import { formatDuration } from './format';

describe('formatDuration', () => {
  it.each([
    [null, '—'],
    [undefined, '—'],
    [-1, '—'],
    [0, '0:00'],
    [65, '1:05'],
    [599.6, '10:00'],
    [3725, '1:02:05'],
  ])('%p seconds is %p', (input, expected) => {
    expect(formatDuration(input as number | null | undefined)).toBe(expected);
  });
});
