import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckResult, HealthCheckService, HealthIndicatorResult, HealthIndicatorService } from '@nestjs/terminus';
import { SkipThrottle } from '@nestjs/throttler';
import Redis from 'ioredis';
import type { ServiceHealth } from '@veolearn/contracts';
import { REDIS } from '@veolearn/nest-common';
import { Public } from '../auth/auth.decorators';
import { AuthClient } from '../services/auth-client';
import { GenerationClient } from '../services/generation-client';
import { VideoClient } from '../services/video-client';

const HEALTH_TIMEOUT_MS = 2000;

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicator: HealthIndicatorService,
    private readonly auth: AuthClient,
    private readonly videos: VideoClient,
    private readonly generation: GenerationClient,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  @Public()
  @SkipThrottle()
  @Get()
  @HealthCheck()
  @ApiOperation({ summary: 'Postgres, Redis and every service the gateway routes to (503 when any is down)' })
  check(): Promise<HealthCheckResult> {
    return this.health.check([() => this.checkRedis(), () => this.checkAuthService(), () => this.checkVideoService(), () => this.checkGenerationService()]);
  }

  private async checkRedis(): Promise<HealthIndicatorResult> {
    const redis = this.indicator.check('redis');
    try {
      await this.redis.ping();
      return redis.up();
    } catch (error) {
      return redis.down({ message: reason(error) });
    }
  }

  /** The auth-service answers for itself and for the Postgres it reached. */
  private checkAuthService(): Promise<HealthIndicatorResult> {
    return this.checkService('auth-service', (t) => this.auth.health(t), { postgres: 'postgres' });
  }

  /** The video-service answers for itself and for the Postgres it reached (reported as video-service:postgres). */
  private checkVideoService(): Promise<HealthIndicatorResult> {
    return this.checkService('video-service', (t) => this.videos.health(t), { postgres: 'video-service:postgres' });
  }

  /** The generation-service answers for itself, its Postgres and the Redis of its job queue. */
  private checkGenerationService(): Promise<HealthIndicatorResult> {
    return this.checkService('generation-service', (t) => this.generation.health(t), {
      postgres: 'generation-service:postgres',
      queue: 'generation-service:queue',
    });
  }

  /** One service's own answer plus the dependencies it reports, each under the given indicator name. */
  private async checkService(
    name: string,
    health: (timeoutMs: number) => Promise<ServiceHealth>,
    dependencies: Record<string, string>,
  ): Promise<HealthIndicatorResult> {
    const service = this.indicator.check(name);
    try {
      const report = await health(HEALTH_TIMEOUT_MS);
      let result: HealthIndicatorResult = service.up({ instance: report.instanceId });
      for (const [key, label] of Object.entries(dependencies)) {
        const dep = report.dependencies[key];
        const indicator = this.indicator.check(label);
        result = { ...result, ...(dep?.status === 'up' ? indicator.up() : indicator.down({ message: dep?.message ?? 'not reported' })) };
      }
      return result;
    } catch (error) {
      let result: HealthIndicatorResult = service.down({ message: reason(error) });
      for (const label of Object.values(dependencies)) {
        result = { ...result, ...this.indicator.check(label).down({ message: `unknown: the ${name} did not answer` }) };
      }
      return result;
    }
  }
}
