import { Logger, OnApplicationShutdown } from '@nestjs/common';
import { ThrottlerStorage, ThrottlerStorageService } from '@nestjs/throttler';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** How long a counter call to Redis may take before the request is counted in process instead. */
const PRIMARY_TIMEOUT_MS = 1000;

/**
 * Rate-limit counters in Redis (shared by every gateway replica) while Redis answers, and in this
 * process while it does not, so that a Redis outage never fails a request. `available` says whether
 * the Redis client is connected; it is asked on every request, so counting returns to Redis as soon
 * as the client has reconnected.
 */
export class FallbackThrottlerStorage implements ThrottlerStorage, OnApplicationShutdown {
  private readonly logger = new Logger('RateLimit');
  private readonly memory = new ThrottlerStorageService();
  private degraded = false;

  constructor(
    private readonly primary: ThrottlerStorage,
    private readonly available: () => boolean,
  ) {}

  /** True while the last request was counted in process. */
  get usingFallback(): boolean {
    return this.degraded;
  }

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    if (this.available()) {
      try {
        const record = await withTimeout(this.primary.increment(key, ttl, limit, blockDuration, throttlerName), PRIMARY_TIMEOUT_MS);
        if (this.degraded) {
          this.degraded = false;
          this.logger.log('Redis is back: rate limits are counted in Redis again');
        }
        return record;
      } catch (error) {
        this.fallBack(error);
      }
    } else {
      this.fallBack(null);
    }
    return this.memory.increment(key, ttl, limit, blockDuration, throttlerName);
  }

  private fallBack(error: unknown): void {
    if (this.degraded) return;
    this.degraded = true;
    const reason = error instanceof Error ? error.message : 'not connected';
    this.logger.warn(`Redis unavailable (${reason}): rate limits are counted in this process until it is back`);
  }

  onApplicationShutdown(): void {
    this.memory.onApplicationShutdown();
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
