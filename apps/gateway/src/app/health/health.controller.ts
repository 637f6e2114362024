import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckResult, HealthCheckService, HealthIndicatorResult, HealthIndicatorService } from '@nestjs/terminus';
import { SkipThrottle } from '@nestjs/throttler';
import Redis from 'ioredis';
import { REDIS } from '@veolearn/nest-common';
import { Public } from '../auth/auth.decorators';
import { AuthClient } from '../services/auth-client';
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
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  @Public()
  @SkipThrottle()
  @Get()
  @HealthCheck()
  @ApiOperation({ summary: 'Postgres, Redis and every service the gateway routes to (503 when any is down)' })
  check(): Promise<HealthCheckResult> {
    return this.health.check([() => this.checkRedis(), () => this.checkAuthService(), () => this.checkVideoService()]);
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
  private async checkAuthService(): Promise<HealthIndicatorResult> {
    const service = this.indicator.check('auth-service');
    const postgres = this.indicator.check('postgres');
    try {
      const report = await this.auth.health(HEALTH_TIMEOUT_MS);
      const pg = report.dependencies['postgres'];
      return {
        ...service.up({ instance: report.instanceId }),
        ...(pg?.status === 'up' ? postgres.up() : postgres.down({ message: pg?.message ?? 'not reported' })),
      };
    } catch (error) {
      return { ...service.down({ message: reason(error) }), ...postgres.down({ message: 'unknown: the auth-service did not answer' }) };
    }
  }

  /** The video-service answers for itself and for the Postgres it reached (reported as video-service:postgres). */
  private async checkVideoService(): Promise<HealthIndicatorResult> {
    const service = this.indicator.check('video-service');
    const postgres = this.indicator.check('video-service:postgres');
    try {
      const report = await this.videos.health(HEALTH_TIMEOUT_MS);
      const pg = report.dependencies['postgres'];
      return {
        ...service.up({ instance: report.instanceId }),
        ...(pg?.status === 'up' ? postgres.up() : postgres.down({ message: pg?.message ?? 'not reported' })),
      };
    } catch (error) {
      return { ...service.down({ message: reason(error) }), ...postgres.down({ message: 'unknown: the video-service did not answer' }) };
    }
  }
}
