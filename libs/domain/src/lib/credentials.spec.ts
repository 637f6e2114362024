import { isLocked, normalizeIdentifier, registerFailure } from './credentials';

describe('lockout policy', () => {
  const policy = { threshold: 5, lockMinutes: 15 };
  const now = new Date('2026-01-10T12:00:00Z');

  it('locks on the fifth failure in a row for 15 minutes', () => {
    let state = null as ReturnType<typeof registerFailure> | null;
    for (let i = 1; i <= 4; i++) {
      state = registerFailure(state, now, policy);
      expect(state.failures).toBe(i);
      expect(state.lockedNow).toBe(false);
      expect(isLocked(state, now)).toBe(false);
    }
    state = registerFailure(state, now, policy);
    expect(state.lockedNow).toBe(true);
    expect(state.lockedUntil?.toISOString()).toBe('2026-01-10T12:15:00.000Z');
    expect(isLocked(state, new Date(now.getTime() + 14 * 60_000))).toBe(true);
    expect(isLocked(state, new Date(now.getTime() + 15 * 60_000))).toBe(false);
  });

  it('starts counting again after a lock has expired', () => {
    const expired = { failures: 5, lockedUntil: new Date(now.getTime() - 1) };
    const next = registerFailure(expired, now, policy);
    expect(next.failures).toBe(1);
    expect(next.lockedUntil).toBeNull();
  });

  it('compares identifiers case-insensitively', () => {
    expect(normalizeIdentifier('  Ada@Example.COM ')).toBe('ada@example.com');
  });
});
