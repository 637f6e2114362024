import { UnauthorizedException } from '@nestjs/common';
import { AppConfig } from '@veolearn/config';
import type { Principal } from '@veolearn/contracts';
import { changesSessions, SessionCache } from './session-cache';

const cacheOf = (ms: number) => new SessionCache(Object.assign(new AppConfig(), { SESSION_CACHE_MS: ms }));
const principal = (userId: number): Principal => ({
  userId,
  sessionId: `s${userId}`,
  isAdmin: false,
  entitlements: { plan: 'trial', subscriptionStatus: 'trial', trialEndsAt: null, hasUnlimitedAccess: false, isAdmin: false },
});

describe('SessionCache', () => {
  it('checks a token once per period, however many requests bring it at once', async () => {
    const cache = cacheOf(1000);
    let checks = 0;
    const check = async () => principal(++checks);
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.get('token-a', check)));
    expect(checks).toBe(1);
    expect(new Set(answers.map((p) => p.userId))).toEqual(new Set([1]));
    expect((await cache.get('token-b', check)).userId).toBe(2);
    expect((await cache.get('token-a', check, Date.now() + 1500)).userId).toBe(3);
  });

  it('never keeps a refused token: the next request is checked again', async () => {
    const cache = cacheOf(1000);
    await expect(cache.get('revoked', async () => Promise.reject(new UnauthorizedException('Invalid session')))).rejects.toThrow('Invalid session');
    expect((await cache.get('revoked', async () => principal(4))).userId).toBe(4);
  });

  it('forgets every session after a sign-out or plan change, and checks every time at 0', async () => {
    const cache = cacheOf(1000);
    await cache.get('token-a', async () => principal(1));
    cache.invalidate();
    expect((await cache.get('token-a', async () => principal(2))).userId).toBe(2);
    const off = cacheOf(0);
    let checks = 0;
    await off.get('token-a', async () => principal(++checks));
    await off.get('token-a', async () => principal(++checks));
    expect(checks).toBe(2);
  });

  it('names the writes after which a session may be out of date', () => {
    expect(changesSessions('POST', '/api/auth/logout')).toBe(true);
    expect(changesSessions('PUT', '/api/auth/user')).toBe(true);
    expect(changesSessions('PUT', '/api/admin/users/7/subscription')).toBe(true);
    expect(changesSessions('DELETE', '/api/account')).toBe(true);
    expect(changesSessions('GET', '/api/auth/validate')).toBe(false);
    expect(changesSessions('POST', '/api/videos')).toBe(false);
    expect(changesSessions('POST', '/api/authors')).toBe(false);
  });
});
