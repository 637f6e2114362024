import { normalizeIp } from '@nestjs/throttler';
import { jwtVerify } from 'jose';

const BEARER = /^Bearer\s+([A-Za-z0-9\-_.~+/]+=*)\s*$/i;
const IPV6_SUBNET_PREFIX = 64;

type TrackedRequest = { ip?: string; headers?: Record<string, string | string[] | undefined> };

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

/**
 * A signed-in user (a bearer token whose HS256 signature checks out) is counted by user id,
 * anyone else by address. Whether the session is still live is the session guard's business.
 */
export function clientTracker(jwtSecret: string): (request: TrackedRequest) => Promise<string> {
  const secret = new TextEncoder().encode(jwtSecret);
  return async (request) => {
    const header = request.headers?.['authorization'];
    const match = typeof header === 'string' ? BEARER.exec(header) : null;
    if (match?.[1] && match[1].length <= 4096) {
      try {
        const { payload } = await jwtVerify(match[1], secret, { algorithms: ['HS256'] });
        if (typeof payload.sub === 'string' && /^\d+$/.test(payload.sub)) return `user:${payload.sub}`;
      } catch {
        // An invalid or expired token counts against the address it came from.
      }
    }
    return ipTracker(request);
  };
}
