import { Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { AppConfig } from '@veolearn/config';
import { redisRetryDelay } from './redis-errors';

export const REDIS = Symbol('REDIS');

/**
 * The Redis channel on which the auth-service says that sessions ended or changed (a sign-out, a
 * password reset, a plan change), so every gateway drops the sessions it remembers at once. Channels
 * are not keys: the deployment's prefix is written into the name.
 */
export function sessionsChangedChannel(config: Pick<AppConfig, 'REDIS_PREFIX'>): string {
  return `${config.REDIS_PREFIX}:sessions-changed`;
}

export function createRedis(config: AppConfig, options: { keyPrefix?: boolean; lazyConnect?: boolean } = {}): Redis {
  return new Redis(config.REDIS_URL, {
    keyPrefix: options.keyPrefix === false ? undefined : `${config.REDIS_PREFIX}:`,
    maxRetriesPerRequest: 2,
    enableOfflineQueue: false,
    lazyConnect: options.lazyConnect ?? false,
    connectTimeout: 3000,
    retryStrategy: redisRetryDelay,
    // Commands issued in the same tick (the rate-limit counters and session reads of concurrent
    // requests) go out in one write instead of one system call each.
    enableAutoPipelining: true,
  });
}

@Injectable()
class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}
  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/** One shared ioredis client per process; every key carries the deployment's prefix. */
@Global()
@Module({
  providers: [{ provide: REDIS, inject: [AppConfig], useFactory: (config: AppConfig) => createRedis(config) }, RedisCloser],
  exports: [REDIS],
})
export class RedisModule {}
