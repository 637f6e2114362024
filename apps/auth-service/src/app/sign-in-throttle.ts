import { normalizeIp } from '@nestjs/throttler';
import type { RequestContext } from '@veolearn/contracts';

/** How many times LOCKOUT_THRESHOLD failures on one account, from all clients together, lock it for everyone. */
export const ACCOUNT_LOCK_FACTOR = 10;

/** The account-wide backstop: failures on one account within LOCKOUT_MINUTES that lock it for every client. */
export function accountFailureLimit(threshold: number): number {
  return ACCOUNT_LOCK_FACTOR * threshold;
}

/** The row that stands for a client without a known address. */
export const UNKNOWN_CLIENT = 'unknown';

/**
 * The client a sign-in attempt is counted against: the address the gateway resolved (under
 * TRUST_PROXY), normalized like the gateway's rate limiter does (an IPv4-mapped IPv6 address as IPv4,
 * any other IPv6 address by its /64, which one subscriber usually holds whole).
 */
export function clientKeyOf(context: Pick<RequestContext, 'ip'> | undefined): string {
  const ip = context?.ip?.trim();
  if (!ip) return UNKNOWN_CLIENT;
  return normalizeIp(ip, 64).slice(0, 64);
}

/** Whether the account-wide counting window that began at `startedAt` is still open at `now`. */
export function windowOpen(startedAt: Date | null, now: Date, lockMinutes: number): boolean {
  return startedAt !== null && now.getTime() - startedAt.getTime() < lockMinutes * 60_000;
}
