import { createHash, timingSafeEqual } from 'node:crypto';
import { Controller, Get, Headers, HttpException, Inject, Res } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { HealthCheckResult, HealthCheckService, HealthIndicatorResult, HealthIndicatorService } from '@nestjs/terminus';
import type { FastifyReply } from 'fastify';
import Redis from 'ioredis';
import type { Principal, ServiceHealth } from '@veolearn/contracts';
import { AppConfig } from '@veolearn/config';
import { REDIS } from '@veolearn/nest-common';
import { OptionalPrincipal, OptionalSession } from '../auth/auth.decorators';
import { AdminMetricsClient } from '../services/admin-metrics-client';
import { AuthClient } from '../services/auth-client';
import { ExportClient } from '../services/export-client';
import { LtiClient } from '../lti/lti-client';
import { GenerationClient } from '../services/generation-client';
import { VideoClient } from '../services/video-client';

const HEALTH_TIMEOUT_MS = 2000;
/** How long the public status reuses one check: at most one round of service calls per period. */
const OK_CACHE_MS = 5000;
/** A degraded status is re-checked sooner, so recovery (and start-up) shows quickly. */
const DEGRADED_CACHE_MS = 1000;

export type PublicStatus = 'ok' | 'degraded';
interface CachedStatus {
  status: PublicStatus;
  checkedAt: number;
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

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
    private readonly exports: ExportClient,
    private readonly lti: LtiClient,
    private readonly adminMetrics: AdminMetricsClient,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly config: AppConfig,
  ) {}

  private cached?: CachedStatus;
  private pending?: Promise<CachedStatus>;

  /**
   * Anyone: `{status: 'ok'|'degraded'}` (200/503) from a check reused for a few seconds
   * (`X-Health-Checked-At` says when it ran). Admins and internal probes (`X-Health-Token`
   * equal to HEALTH_DETAIL_TOKEN) get a fresh check with every service, database and queue.
   * Throttled like every other route.
   */
  @OptionalSession()
  @Get()
  @ApiHeader({ name: 'X-Health-Token', required: false, description: 'HEALTH_DETAIL_TOKEN, for internal probes that need the details' })
  @ApiOperation({ summary: 'ok or degraded (503); Postgres, Redis and every service the gateway routes to for admins and internal probes' })
  async check(
    @OptionalPrincipal() principal: Principal | null,
    @Headers('x-health-token') token: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<HealthCheckResult | { status: PublicStatus }> {
    if (principal?.isAdmin || this.isInternalProbe(token)) {
      try {
        const result = await this.runCheck();
        this.cached = { status: 'ok', checkedAt: Date.now() };
        return result;
      } catch (error) {
        if (error instanceof HttpException) this.cached = { status: 'degraded', checkedAt: Date.now() };
        throw error;
      }
    }
    const { status, checkedAt } = await this.publicStatus();
    reply.header('cache-control', 'no-store');
    reply.header('x-health-checked-at', new Date(checkedAt).toISOString());
    reply.status(status === 'ok' ? 200 : 503);
    return { status };
  }

  private isInternalProbe(token: string | undefined): boolean {
    const expected = this.config.HEALTH_DETAIL_TOKEN;
    if (!expected || typeof token !== 'string' || token.length === 0) return false;
    return timingSafeEqual(digest(token), digest(expected));
  }

  /** The cached status, or one shared check when it is stale (concurrent callers wait for the same one). */
  private async publicStatus(): Promise<CachedStatus> {
    const cached = this.cached;
    if (cached && Date.now() - cached.checkedAt < (cached.status === 'ok' ? OK_CACHE_MS : DEGRADED_CACHE_MS)) return cached;
    this.pending ??= this.runCheck()
      .then((): PublicStatus => 'ok', (): PublicStatus => 'degraded')
      .then((status) => (this.cached = { status, checkedAt: Date.now() }))
      .finally(() => (this.pending = undefined));
    return this.pending;
  }

  private runCheck(): Promise<HealthCheckResult> {
    return this.health.check([() => this.checkRedis(), () => this.checkAuthService(), () => this.checkVideoService(), () => this.checkGenerationService(), () => this.checkExportService(), () => this.checkLtiService(), () => this.checkAdminMetricsService()]);
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

  /** The export-service answers for itself, its Postgres and the Redis of its job queue. */
  private checkExportService(): Promise<HealthIndicatorResult> {
    return this.checkService('export-service', (t) => this.exports.health(t), {
      postgres: 'export-service:postgres',
      queue: 'export-service:queue',
    });
  }

  /** The lti-service answers for itself, its Postgres and the Redis of its grade queue. */
  private checkLtiService(): Promise<HealthIndicatorResult> {
    return this.checkService('lti-service', (t) => this.lti.health(t), {
      postgres: 'lti-service:postgres',
      queue: 'lti-service:queue',
    });
  }

  /** The admin-metrics-service answers for itself, its Postgres and the Redis of its event queue. */
  private checkAdminMetricsService(): Promise<HealthIndicatorResult> {
    return this.checkService('admin-metrics-service', (t) => this.adminMetrics.health(t), {
      postgres: 'admin-metrics-service:postgres',
      queue: 'admin-metrics-service:queue',
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
