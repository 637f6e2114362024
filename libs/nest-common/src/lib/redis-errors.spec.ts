import { isRedisUnavailableError, redisRetryDelay } from './redis-errors';

describe('Redis availability errors', () => {
  it('recognises the errors of an unreachable Redis and nothing else', () => {
    expect(isRedisUnavailableError(new Error("Stream isn't writeable and enableOfflineQueue options is false"))).toBe(true);
    expect(isRedisUnavailableError(new Error('Connection is closed.'))).toBe(true);
    const maxRetries = new Error('Reached the max retries per request limit (which is 2).');
    maxRetries.name = 'MaxRetriesPerRequestError';
    expect(isRedisUnavailableError(maxRetries)).toBe(true);
    expect(isRedisUnavailableError(new Error('duplicate key value violates unique constraint'))).toBe(false);
    expect(isRedisUnavailableError(new Error('read ECONNRESET'))).toBe(false);
    expect(isRedisUnavailableError('Connection is closed.')).toBe(false);
  });

  it('reconnects at most half a second apart', () => {
    expect(redisRetryDelay(1)).toBe(50);
    expect(redisRetryDelay(100)).toBe(500);
  });
});
