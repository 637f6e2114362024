import { formatDuration } from './format';

describe('formatDuration', () => {
  it.each([
    [null, '—'],
    [undefined, '—'],
    [-1, '—'],
    [0, '0:00'],
    [65, '1:05'],
    // Rounded down like the player: a question at 178.9 s reads 2:58 in the editor and the player.
    [599.6, '9:59'],
    [178.9, '2:58'],
    [3725, '1:02:05'],
  ])('%p seconds is %p', (input, expected) => {
    expect(formatDuration(input as number | null | undefined)).toBe(expected);
  });
});
