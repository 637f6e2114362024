import { gradeBackoff } from './grade-queue';
import { videoOf } from '../launch/launch.service';

describe('gradeBackoff', () => {
  it('doubles from the base delay and stops at the maximum', () => {
    expect([1, 2, 3, 4, 5, 30].map((n) => gradeBackoff(n, 5000, 15 * 60_000))).toEqual([5000, 10000, 20000, 40000, 80000, 900000]);
  });

  it('retries for hours at the defaults (40 tries)', () => {
    let total = 0;
    for (let n = 1; n < 40; n += 1) total += gradeBackoff(n, 5000, 15 * 60_000);
    expect(total / 3_600_000).toBeGreaterThan(8);
  });
});

describe('videoOf', () => {
  it('reads the video from the custom parameter, then the target link', () => {
    expect(videoOf({ custom: { video_id: '12' }, targetLinkUri: 'https://t/api/lti/launch?video=3' })).toBe(12);
    expect(videoOf({ custom: {}, targetLinkUri: 'https://t/api/lti/launch?video=3' })).toBe(3);
    expect(videoOf({ custom: { video_id: 'x' }, targetLinkUri: 'not a url' })).toBeNull();
  });
});
