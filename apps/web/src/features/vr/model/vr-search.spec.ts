import { foundMessage, isYouTubeId, VR_PRESETS, viewsText, vrQuery } from './vr-search';

describe('VR hub search', () => {
  it('adds the spec words, and refuses a blank term', () => {
    expect(vrQuery('  ocean   dive ')).toBe('ocean dive VR 360 degree virtual reality immersive');
    expect(vrQuery('   ')).toBeNull();
  });
  it('has the four presets of the spec', () => {
    expect(VR_PRESETS.map((p) => [p.label, p.query])).toEqual([
      ['Safety Training', '360 degree safety training'],
      ['Education', 'VR educational experience'],
      ['Virtual Tours', '360 virtual reality tour'],
      ['Immersive Learning', 'immersive learning VR'],
    ]);
  });
  it('words the counts', () => {
    expect(foundMessage(7, 5)).toBe('Found 7 videos (5 VR-optimized)');
    expect(foundMessage(1, 0)).toBe('Found 1 video (0 VR-optimized)');
    expect(viewsText('1523400')).toBe('1.5M views');
    expect(viewsText('45210')).toBe('45K views');
    expect(viewsText('0')).toBe('0 views');
    expect(viewsText('x')).toBe('0 views');
  });
  it('accepts only YouTube ids', () => {
    expect(isYouTubeId('stubVid0003')).toBe(true);
    expect(isYouTubeId('short')).toBe(false);
    expect(isYouTubeId('<script>xx>')).toBe(false);
  });
});
