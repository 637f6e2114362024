export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 40;
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]+$/;
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 80;

/** E-mails and usernames are unique regardless of case. */
export function normalizeIdentifier(value: string): string {
  return value.trim().toLowerCase();
}

export interface LockoutPolicy {
  threshold: number;
  lockMinutes: number;
}

export interface LoginFailureState {
  failures: number;
  lockedUntil: Date | null;
}

export function isLocked(state: LoginFailureState | null, now: Date): boolean {
  return Boolean(state?.lockedUntil && state.lockedUntil.getTime() > now.getTime());
}

/**
 * The state after one more failed sign-in. A lock that has run out starts the count again,
 * so "5 failures in a row" means 5 since the last success or the last lock.
 */
export function registerFailure(state: LoginFailureState | null, now: Date, policy: LockoutPolicy): LoginFailureState & { lockedNow: boolean } {
  const expired = Boolean(state?.lockedUntil && state.lockedUntil.getTime() <= now.getTime());
  const previous = !state || expired ? 0 : state.failures;
  const failures = previous + 1;
  if (failures >= policy.threshold) {
    return { failures, lockedUntil: new Date(now.getTime() + policy.lockMinutes * 60_000), lockedNow: true };
  }
  return { failures, lockedUntil: null, lockedNow: false };
}
