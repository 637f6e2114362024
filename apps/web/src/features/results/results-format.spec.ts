import { barHeights, pageRange, scoreText, sharePercent, timeSpent } from './results-format';

describe('results formatting', () => {
  it('writes shares, scores and times for people', () => {
    expect(sharePercent(0.6)).toBe('60%');
    expect(sharePercent(0.26667)).toBe('27%');
    expect(sharePercent(null)).toBe('—');
    expect(scoreText(71.875)).toBe('71.9%');
    expect(scoreText(100)).toBe('100%');
    expect(scoreText(null)).toBe('—');
    expect(timeSpent(38)).toBe('38 s');
    expect(timeSpent(245)).toBe('4 min 05 s');
    expect(timeSpent(3720)).toBe('1 h 02 min');
    expect(timeSpent(null)).toBe('—');
  });

  it('scales bars to the tallest and names a page of rows', () => {
    expect(barHeights([0, 2, 4])).toEqual([0, 0.5, 1]);
    expect(barHeights([0, 0])).toEqual([0, 0]);
    expect(pageRange(1, 50, 120)).toBe('1–50 of 120');
    expect(pageRange(3, 50, 120)).toBe('101–120 of 120');
    expect(pageRange(1, 50, 0)).toBe('0 of 0');
  });
});
