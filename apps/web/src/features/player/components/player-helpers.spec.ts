import { shortText } from './question-manager';
import { formatWatchTime } from './results-screen';

describe('shortText', () => {
  it('keeps texts up to 40 characters and cuts longer ones with an ellipsis', () => {
    expect(shortText('Short question?')).toBe('Short question?');
    const forty = 'x'.repeat(40);
    expect(shortText(forty)).toBe(forty);
    expect(shortText('Which colour is the sky on a clear day at noon?')).toBe('Which colour is the sky on a clear day a…');
    expect(shortText('  spaced\n  out  ')).toBe('spaced out');
  });
});

describe('formatWatchTime', () => {
  it.each([
    [0, '0 s'],
    [42.4, '42 s'],
    [185, '3 min 05 s'],
    [-3, '0 s'],
  ])('%p seconds is %p', (seconds, text) => {
    expect(formatWatchTime(seconds)).toBe(text);
  });
});
