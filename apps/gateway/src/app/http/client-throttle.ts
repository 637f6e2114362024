import { normalizeIp } from '@nestjs/throttler';
import { jwtVerify } from 'jose';
import { LEARNER_ID_PATTERN } from '@veolearn/domain';
import { MicroCache } from './micro-cache';

const BEARER = /^Bearer\s+([A-Za-z0-9\-_.~+/]+=*)\s*$/i;
const IPV6_SUBNET_PREFIX = 64;
/** Tokens whose user is remembered at most (a token is at most 4 KB); the oldest go first. */
const MAX_KNOWN_TOKENS = 5000;
/** How long a checked token's user is remembered (never past the token's own expiry). */
const KNOWN_TOKEN_MS = 60_000;

type TrackedRequest = {
  ip?: string;
  headers?: Record<string, string | string[] | undefined>;
  body?: unknown;
  query?: unknown;
};

/**
 * The Redis key of one client's counter, the same on every route (the stock key also names the
 * controller and handler, which made each limit per route). The storage stores it as
 * `<REDIS_PREFIX>:{rl:<tracker>:<throttler>}:hits`.
 */
export function throttleKey(tracker: string): string {
  return `rl:${tracker}`;
}

/** The client's address as Fastify resolved it under TRUST_PROXY; IPv6 counted by /64. */
export function ipTracker(request: TrackedRequest): string {
  return `ip:${normalizeIp(request.ip ?? 'unknown', IPV6_SUBNET_PREFIX)}`;
}

/** The learner id an anonymous player sends (`learnerId` in the JSON body or the query), when well formed. */
export function learnerIdOf(request: TrackedRequest): string | null {
  for (const source of [request.body, request.query]) {
    const value = typeof source === 'object' && source !== null ? (source as { learnerId?: unknown }).learnerId : undefined;
    if (typeof value === 'string' && LEARNER_ID_PATTERN.test(value)) return value;
  }
  return null;
}

/**
 * Who a request counts against: a signed-in user (a bearer token whose HS256 signature checks out)
 * by user id, else an anonymous learner by the learner id the player sends, else the address. So
 * a class of learners behind one school address are separate clients. Whether the session is still
 * live is the session guard's business. Worked out once per request (the limit and the key both
 * depend on it).
 */
export function clientTracker(jwtSecret: string, now: () => number = Date.now): (request: TrackedRequest) => Promise<string> {
  const secret = new TextEncoder().encode(jwtSecret);
  const known = new WeakMap<object, Promise<string>>();
  // A signature checked once per token and minute, not on every request of a busy page (it was a tenth
  // of a small request's CPU). Only good tokens are remembered (a refused one throws, and errors are
  // never kept), each until its expiry at the latest.
  const users = new MicroCache<string, { tracker: string; expiresAt: number }>(KNOWN_TOKEN_MS, MAX_KNOWN_TOKENS, (user, ttlEnd) => Math.min(ttlEnd, user.expiresAt), now);
  const verify = async (token: string) => {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], currentDate: new Date(now()) });
    if (typeof payload.sub !== 'string' || !/^\d+$/.test(payload.sub)) throw new Error('The token names no user');
    return { tracker: `user:${payload.sub}`, expiresAt: typeof payload.exp === 'number' ? payload.exp * 1000 : Number.POSITIVE_INFINITY };
  };
  const userOf = (token: string): Promise<string | null> =>
    users.get(token, () => verify(token)).then(
      (user) => user.tracker,
      // An invalid or expired token counts against the learner or the address it came from.
      () => null,
    );
  const track = async (request: TrackedRequest): Promise<string> => {
    const header = request.headers?.['authorization'];
    const match = typeof header === 'string' ? BEARER.exec(header) : null;
    if (match?.[1] && match[1].length <= 4096) {
      const user = await userOf(match[1]);
      if (user) return user;
    }
    const learner = learnerIdOf(request);
    return learner ? `learner:${learner}` : ipTracker(request);
  };
  return (request) => {
    let tracker = known.get(request);
    if (!tracker) {
      tracker = track(request);
      known.set(request, tracker);
    }
    return tracker;
  };
}

/** True for a tracker that names only an address (no user, no learner). */
export function isAddressTracker(tracker: string): boolean {
  return tracker.startsWith('ip:');
}
