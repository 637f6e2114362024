import { accountFailureLimit, clientKeyOf, UNKNOWN_CLIENT, windowOpen } from './sign-in-throttle';

describe('sign-in throttle helpers', () => {
  it('derives the account-wide backstop from the lockout threshold', () => {
    expect(accountFailureLimit(5)).toBe(50);
    expect(accountFailureLimit(3)).toBe(30);
  });

  it('counts a client by its address, IPv4-mapped IPv6 as IPv4 and other IPv6 by /64', () => {
    expect(clientKeyOf({ ip: '203.0.113.7' })).toBe('203.0.113.7');
    expect(clientKeyOf({ ip: '::ffff:203.0.113.7' })).toBe('203.0.113.7');
    expect(clientKeyOf({ ip: '2001:db8:1:2:aaaa:bbbb:cccc:dddd' })).toBe('2001:db8:1:2::/64');
    expect(clientKeyOf({ ip: '2001:db8:1:2::9' })).toBe(clientKeyOf({ ip: '2001:db8:1:2:ffff::1' }));
    expect(clientKeyOf({ ip: '::1' })).toBe('::1');
  });

  it('names a client without an address "unknown"', () => {
    expect(clientKeyOf({ ip: '' })).toBe(UNKNOWN_CLIENT);
    expect(clientKeyOf(undefined)).toBe(UNKNOWN_CLIENT);
    expect(clientKeyOf({ ip: 'x'.repeat(100) })).toHaveLength(64);
  });

  it('keeps the account-wide window open for LOCKOUT_MINUTES from its start', () => {
    const start = new Date('2026-01-01T10:00:00Z');
    expect(windowOpen(null, start, 15)).toBe(false);
    expect(windowOpen(start, new Date('2026-01-01T10:14:59Z'), 15)).toBe(true);
    expect(windowOpen(start, new Date('2026-01-01T10:15:00Z'), 15)).toBe(false);
  });
});
