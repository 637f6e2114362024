import { BadRequestException } from '@nestjs/common';
import type { LibraryAnalytics } from '@veolearn/contracts';
import { userAnalytics, watchTimeText } from './analytics.controller';
import { folderSelector, parseId } from './library-http';

describe('parseId', () => {
  it('accepts whole numbers 1..2^31-1', () => {
    expect(parseId('1', 'Video')).toBe(1);
    expect(parseId('2147483647', 'Video')).toBe(2147483647);
  });

  it.each(['0', '-1', '1.5', 'abc', '', '01', '1e3', '2147483648', '99999999999999999999', undefined])('refuses %p', (value) => {
    expect(() => parseId(value, 'Folder')).toThrow(new BadRequestException('Folder id must be a positive whole number'));
  });
});

describe('folderSelector', () => {
  it('maps root, ids and absence', () => {
    expect(folderSelector('root')).toBe('root');
    expect(folderSelector('12')).toBe(12);
    expect(folderSelector(undefined)).toBeUndefined();
  });
});

describe('userAnalytics', () => {
  it('adds minutes (1 decimal), hours (1 decimal), account age (floor) and last sign-in', () => {
    const library = { totalWatchTimeSeconds: 5399 } as LibraryAnalytics;
    const now = new Date('2026-03-10T12:00:00Z');
    const result = userAnalytics(library, { createdAt: '2026-03-01T13:00:00Z', lastLoginAt: '2026-03-10T11:00:00Z' }, now);
    expect(result).toMatchObject({ totalWatchTime: 90, watchTimeText: '90 min', learningHours: 1.5, accountAgeDays: 8, lastLoginAt: '2026-03-10T11:00:00Z' });
  });

  it('never shows 54 s watched as 0 minutes', () => {
    const result = userAnalytics({ totalWatchTimeSeconds: 54 } as LibraryAnalytics, { createdAt: null, lastLoginAt: null } as never);
    expect(result).toMatchObject({ totalWatchTime: 0.9, watchTimeText: '54 s' });
  });

  it.each([
    [0, '0 s'],
    [59, '59 s'],
    [60, '1 min'],
    [90, '1.5 min'],
    [125, '2.1 min'],
    [3600, '60 min'],
  ])('states %i s as %s', (seconds, text) => {
    expect(watchTimeText(seconds)).toBe(text);
  });
});
