import Redis from 'ioredis';
import type { AppConfig } from '@veolearn/config';

/** BullMQ key prefix of this deployment: every queue key starts with it. */
export function queuePrefix(config: AppConfig): string {
  return `${config.REDIS_PREFIX}:bull`;
}

/** Reconnect at most 500 ms apart, so that a Redis that comes back is used again within about a second. */
const reconnectDelay = (times: number): number => Math.min(times * 50, 500);

/**
 * Connection for adding jobs and reading their state. Commands fail at once while Redis is
 * unreachable (no offline queue), so a request can answer 503 instead of hanging.
 */
export function producerConnection(config: AppConfig): Redis {
  const redis = new Redis(config.queueRedisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    retryStrategy: reconnectDelay,
  });
  redis.on('error', () => undefined);
  return redis;
}

/** Connection for workers: blocking commands, retried forever while Redis is away (BullMQ requires this). */
export function workerConnection(config: AppConfig): Redis {
  const redis = new Redis(config.queueRedisUrl, { maxRetriesPerRequest: null, connectTimeout: 5000, retryStrategy: reconnectDelay });
  redis.on('error', () => undefined);
  return redis;
}

/**
 * Calls `listener` each time `connection` is ready again after it was lost (not on the first
 * connection): a Redis that restarted may have come back empty, so callers reconcile then.
 */
export function onReconnected(connection: Redis, listener: () => void): void {
  let connectedBefore = connection.status === 'ready';
  connection.on('ready', () => {
    if (connectedBefore) listener();
    connectedBefore = true;
  });
}
