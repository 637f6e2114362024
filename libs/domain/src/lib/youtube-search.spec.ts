import {
  clampMaxResults,
  decodeYouTubeText,
  durationText,
  isoDurationText,
  isVrResult,
  MAX_SEARCH_RESULTS,
  parseIsoDuration,
  sortByVrScore,
  VR_SEARCH_RESULTS,
  vrScore,
  WIZARD_SEARCH_RESULTS,
} from './youtube-search';

describe('parseIsoDuration', () => {
  it.each([
    ['PT1H2M3S', 3723],
    ['PT45S', 45],
    ['PT4M', 240],
    ['PT2H', 7200],
    ['PT10M0S', 600],
    ['P1DT2H', 93_600],
    ['P1W', 604_800],
    ['P0D', 0],
    ['PT1.5S', 1],
    ['pt3m7s', 187],
  ])('reads %s as %d seconds', (text, seconds) => {
    expect(parseIsoDuration(text)).toBe(seconds);
  });

  it.each([null, undefined, '', 'P', 'PT', 'P1DT', '1:02:03', 'PT1X', 'PT-1S', 'T1M'])('gives null for %p', (text) => {
    expect(parseIsoDuration(text)).toBeNull();
  });
});

describe('durationText', () => {
  it.each([
    [0, '0:00'],
    [5, '0:05'],
    [65, '1:05'],
    [599.9, '9:59'],
    [3599, '59:59'],
    [3600, '1:00:00'],
    [3723, '1:02:03'],
    [36_000 + 61, '10:01:01'],
  ])('shows %d seconds as %s', (seconds, text) => {
    expect(durationText(seconds)).toBe(text);
  });

  it.each([null, undefined, NaN, -1, Infinity])('shows %p as 0:00', (seconds) => {
    expect(durationText(seconds)).toBe('0:00');
  });

  it('turns ISO durations into text, 0:00 when unknown', () => {
    expect(isoDurationText('PT1H2M3S')).toBe('1:02:03');
    expect(isoDurationText('PT3M7S')).toBe('3:07');
    expect(isoDurationText('P0D')).toBe('0:00');
    expect(isoDurationText(undefined)).toBe('0:00');
    expect(isoDurationText('garbage')).toBe('0:00');
  });
});

describe('isVrResult', () => {
  it.each([
    ['Roller coaster VR', ''],
    ['vr roller coaster', ''],
    ['Mars walk (VR)', ''],
    ['VR360 ocean dive', ''],
    ['vr-ready tour', ''],
    ['360° tour of Rome', ''],
    ['A Virtual Reality lesson', ''],
    ['Ocean life', 'Filmed in 360 degrees'],
    ['Ocean life', 'An IMMERSIVE dive'],
  ])('flags %p / %p', (title, description) => {
    expect(isVrResult(title, description)).toBe(true);
  });

  it.each([
    ['An overview of photosynthesis', ''],
    ['Vroom: cars explained', ''],
    ['Photosynthesis', 'A clear overview for students'],
    ['Photosynthesis', 'Watch it in VR'], // 'vr' only counts in the title
    ['Photosynthesis', 'virtual reality'], // and so does 'virtual reality'
    ['', ''],
  ])('does not flag %p / %p', (title, description) => {
    expect(isVrResult(title, description)).toBe(false);
  });
});

describe('vrScore and sortByVrScore', () => {
  it('gives 10 for VR content and 5 more for 360 in the title', () => {
    expect(vrScore('Plain lesson', 'nothing special')).toBe(0);
    expect(vrScore('VR lesson', '')).toBe(10);
    expect(vrScore('Lesson', 'an immersive trip')).toBe(10);
    expect(vrScore('Lesson', 'filmed in 360')).toBe(10);
    expect(vrScore('360 lesson', '')).toBe(15);
  });

  it('puts VR results first, 360 titles before them, and keeps the order otherwise', () => {
    const results = [
      { title: 'Plain A', description: '' },
      { title: 'VR B', description: '' },
      { title: 'Plain C', description: '' },
      { title: '360 D', description: '' },
      { title: 'E', description: 'immersive' },
      { title: 'VR 360 F', description: '' },
      { title: 'Overview G', description: '' },
    ];
    expect(sortByVrScore(results).map((r) => r.title)).toEqual(['360 D', 'VR 360 F', 'VR B', 'E', 'Plain A', 'Plain C', 'Overview G']);
    expect(results[0].title).toBe('Plain A'); // the input is not changed
  });

  it('keeps an empty list empty', () => {
    expect(sortByVrScore([])).toEqual([]);
  });
});

describe('clampMaxResults', () => {
  it('uses the fallback when absent or not a number', () => {
    expect(clampMaxResults(undefined, WIZARD_SEARCH_RESULTS)).toBe(10);
    expect(clampMaxResults(null, VR_SEARCH_RESULTS)).toBe(12);
    expect(clampMaxResults('', VR_SEARCH_RESULTS)).toBe(12);
    expect(clampMaxResults('many', VR_SEARCH_RESULTS)).toBe(12);
    expect(clampMaxResults(NaN, 10)).toBe(10);
    expect(clampMaxResults({}, 10)).toBe(10);
  });

  it('keeps the count within 1..25 as a whole number', () => {
    expect(clampMaxResults(5, 10)).toBe(5);
    expect(clampMaxResults('7', 10)).toBe(7);
    expect(clampMaxResults(0, 10)).toBe(1);
    expect(clampMaxResults(-3, 10)).toBe(1);
    expect(clampMaxResults(26, 10)).toBe(MAX_SEARCH_RESULTS);
    expect(clampMaxResults(1000, 10)).toBe(25);
    expect(clampMaxResults(3.9, 10)).toBe(3);
  });
});

describe('decodeYouTubeText', () => {
  it('decodes the entities of search snippets', () => {
    expect(decodeYouTubeText('Tom &amp; Jerry: It&#39;s &quot;on&quot;')).toBe('Tom & Jerry: It\'s "on"');
  });
});
