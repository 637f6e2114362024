/** What a request that needed Redis answers while Redis is unreachable (HTTP 503). */
export const REDIS_UNAVAILABLE_MESSAGE =
  'This needs a service that is unavailable right now (the cache and queue store). Please try again in a minute.';

// ioredis's own messages only: a network error of another client (an HTTP call) is not Redis's.
const UNAVAILABLE = [/Stream isn't writeable/i, /Connection is closed/i, /Reached the max retries per request limit/i, /Command timed out/i];

/**
 * True for the errors ioredis raises when Redis cannot be reached (no offline queue, a dropped
 * connection, retries used up), which callers answer with a 503 rather than a 500.
 */
export function isRedisUnavailableError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'MaxRetriesPerRequestError') return true;
  return UNAVAILABLE.some((pattern) => pattern.test(error.message));
}

/**
 * Reconnect delay of every ioredis client: at most 500 ms between tries, so that a Redis that
 * comes back is used again within about a second (the default backs off to 2 s).
 */
export function redisRetryDelay(times: number): number {
  return Math.min(times * 50, 500);
}
