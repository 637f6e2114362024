import {
  scorm12MasteryPercent,
  scorm2004ScaledPassingScore,
  scormMasteryScore,
  scormMaxScore,
  scormMaxTimeMinutes,
} from './scorm-constants';
import { formatScorm12MaxTime, formatScorm12Time, formatScorm12Timespan, formatScorm2004Duration, formatScorm2004Timestamp } from './scorm-time';
import { escapeXml, stripNonXmlChars, truncateText } from './xml';

describe('SCORM constants', () => {
  it.each([
    [0, 0, 0, null, null],
    [1, 10, 8, 80, 0.8],
    [3, 30, 24, 80, 0.8],
    [10, 100, 80, 80, 0.8],
    [50, 500, 400, 80, 0.8],
  ])('%i questions: max %i, mastery %i points = %p %% (1.2) = %p scaled (2004)', (n, max, mastery, percent, scaled) => {
    expect(scormMaxScore(n)).toBe(max);
    expect(scormMasteryScore(n)).toBe(mastery);
    expect(scorm12MasteryPercent(n)).toBe(percent);
    expect(scorm2004ScaledPassingScore(n)).toBe(scaled);
  });

  it('max time is the duration in whole minutes, rounded up; none when unknown', () => {
    expect(scormMaxTimeMinutes(60)).toBe(1);
    expect(scormMaxTimeMinutes(61)).toBe(2);
    expect(scormMaxTimeMinutes(0.5)).toBe(1);
    expect(scormMaxTimeMinutes(null)).toBeNull();
    expect(scormMaxTimeMinutes(0)).toBeNull();
    expect(scormMaxTimeMinutes(Number.NaN)).toBeNull();
  });
});

describe('SCORM time formats', () => {
  it('1.2 timespans are HHHH:MM:SS.SS and max time HHHH:MM:SS', () => {
    expect(formatScorm12Timespan(0)).toBe('0000:00:00.00');
    expect(formatScorm12Timespan(3725.256)).toBe('0001:02:05.26');
    expect(formatScorm12Timespan(59.999)).toBe('0000:01:00.00');
    expect(formatScorm12Timespan(1e12)).toBe('9999:59:59.99');
    expect(formatScorm12MaxTime(5)).toBe('0000:05:00');
    expect(formatScorm12MaxTime(125)).toBe('0002:05:00');
  });

  it('2004 durations are PT#H#M#S', () => {
    expect(formatScorm2004Duration(0)).toBe('PT0H0M0S');
    expect(formatScorm2004Duration(3725.25)).toBe('PT1H2M5.25S');
    expect(formatScorm2004Duration(90000)).toBe('PT25H0M0S');
  });

  it('answer times: 1.2 HH:MM:SS, 2004 ISO with a fraction before the zone', () => {
    const at = new Date('2026-11-24T06:07:08.123Z');
    expect(formatScorm12Time(at)).toBe('06:07:08');
    expect(formatScorm2004Timestamp(at)).toBe('2026-11-24T06:07:08.12Z');
  });
});

describe('XML text', () => {
  it('escapes markup, quotes and whitespace that attributes would lose, and drops what XML cannot hold', () => {
    expect(escapeXml(`</script><img src=x onerror=alert(1)> & "a" 'b'`)).toBe(
      '&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; &amp; &quot;a&quot; &apos;b&apos;',
    );
    expect(escapeXml('a\tb\nc\rd')).toBe('a&#9;b&#10;c&#13;d');
    expect(escapeXml('a\u0000b\u0007c\u001Fd\uFFFEe\uD800f')).toBe('abcdef');
    expect(stripNonXmlChars('ok 😀')).toBe('ok 😀');
  });

  it('truncates by code point', () => {
    expect(truncateText('😀😀😀', 2)).toBe('😀😀');
    expect(truncateText('abc', 5)).toBe('abc');
  });
});
