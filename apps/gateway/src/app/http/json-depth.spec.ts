import { exceedsJsonDepth, MAX_JSON_DEPTH } from './json-depth';

const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

describe('exceedsJsonDepth', () => {
  it('allows 64 levels and refuses 65, of objects and arrays alike', () => {
    expect(exceedsJsonDepth(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(exceedsJsonDepth(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    const objects = (levels: number) => '{"a":'.repeat(levels - 1) + '{}' + '}'.repeat(levels - 1);
    expect(exceedsJsonDepth(objects(64))).toBe(false);
    expect(exceedsJsonDepth(objects(65))).toBe(true);
  });

  it('counts depth, not the number of brackets, and ignores brackets inside strings', () => {
    expect(exceedsJsonDepth(JSON.stringify(Array.from({ length: 1000 }, () => [[1]])))).toBe(false);
    expect(exceedsJsonDepth(JSON.stringify({ text: '['.repeat(500), quoted: 'a \\" [[[' }))).toBe(false);
    // An escaped backslash before the closing quote ends the string.
    expect(exceedsJsonDepth(`{"a":"\\\\","b":${nested(63)}}`)).toBe(false);
    expect(exceedsJsonDepth(`{"a":"\\\\","b":${nested(64)}}`)).toBe(true);
  });

  it('scans a megabyte of deep nesting quickly, without recursion', () => {
    const started = Date.now();
    expect(exceedsJsonDepth(nested(500_000))).toBe(true);
    expect(Date.now() - started).toBeLessThan(200);
  });
});
