import { ExecutionContext, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { TerminusModule } from '@nestjs/terminus';
import { ThrottlerModule } from '@nestjs/throttler';
import Redis from 'ioredis';
import { AppConfig } from '@veolearn/config';
import { AppConfigModule, REDIS, RedisModule } from '@veolearn/nest-common';
import { AdminController } from './admin/admin.controller';
import { AdminExportController } from './admin/admin-export.controller';
import { AdminSubscriptionsController } from './admin/admin-subscriptions.controller';
import { QueueDashboardController } from './admin/queue-dashboard.controller';
import { AuthController } from './auth/auth.controller';
import { IS_CREDENTIAL_ROUTE } from './auth/auth.decorators';
import { GoogleController } from './auth/google.controller';
import { GoogleOAuthService } from './auth/google-oauth.service';
import { SessionGuard } from './auth/session.guard';
import { ExportController } from './export/export.controller';
import { ScormTestAccess } from './export/scorm-test-access';
import { ScormTestController } from './export/scorm-test.controller';
import { GenerationController } from './generation/generation.controller';
import { YouTubeController } from './generation/youtube.controller';
import { HealthController } from './health/health.controller';
import { MetricsController } from './health/metrics.controller';
import { AccountUsageController, AnalyticsController } from './library/analytics.controller';
import { AttemptsController } from './library/attempts.controller';
import { FoldersController } from './library/folders.controller';
import { InteractionsController } from './library/interactions.controller';
import { PlaybackCache } from './library/playback-cache';
import { PublicPlayback } from './library/lesson-preview';
import { ScriptedRedisThrottlerStorage } from './http/redis-throttler-storage';
import { SessionCache } from './auth/session-cache';
import { PlaybackController } from './library/playback.controller';
import { ResultsController } from './library/results.controller';
import { VideosController } from './library/videos.controller';
import { AllExceptionsFilter } from './http/all-exceptions.filter';
import { clientTracker, ipTracker, isAddressTracker, throttleKey } from './http/client-throttle';
import { FallbackThrottlerStorage } from './http/fallback-throttler-storage';
import { RecordingThrottlerGuard } from './http/recording-throttler.guard';
import { SpaFallback } from './http/spa-fallback';
import { ServicesModule } from './services/services.module';
import { MediaModule } from './media/media.module';
import { LtiGatewayModule } from './lti/lti.module';

const MINUTE_MS = 60_000;

function isCredentialRoute(context: ExecutionContext): boolean {
  return Reflect.getMetadata(IS_CREDENTIAL_ROUTE, context.getHandler()) === true;
}

@Module({
  imports: [
    AppConfigModule,
    RedisModule,
    ServicesModule,
    MediaModule,
    LtiGatewayModule,
    TerminusModule,
    ThrottlerModule.forRootAsync({
      inject: [AppConfig, REDIS],
      useFactory: (config: AppConfig, redis: Redis) => {
        const client = clientTracker(config.JWT_SECRET);
        return {
          // Each limit counts per client over all their routes (one key per client, not per handler).
          throttlers: [
            // The signed-in user or the anonymous learner; requests naming neither, per address.
            {
              name: 'default',
              ttl: MINUTE_MS,
              limit: async (ctx) =>
                isAddressTracker(await client(ctx.switchToHttp().getRequest())) ? config.ANONYMOUS_RATE_LIMIT_PER_MINUTE : config.RATE_LIMIT_PER_MINUTE,
              getTracker: client,
            },
            // One address over everything: learner ids are the browser's to choose.
            { name: 'address', ttl: MINUTE_MS, limit: config.IP_RATE_LIMIT_PER_MINUTE, getTracker: (req) => ipTracker(req) },
            // Sign-in and sign-up stay strict per address.
            {
              name: 'credentials',
              ttl: MINUTE_MS,
              limit: config.AUTH_RATE_LIMIT_PER_MINUTE,
              skipIf: (ctx) => !isCredentialRoute(ctx),
              getTracker: (req) => ipTracker(req),
            },
          ],
          generateKey: (_context, tracker) => throttleKey(tracker),
          // Counted in this process while Redis is away: an outage degrades the limits, never the routes.
          storage: new FallbackThrottlerStorage(new ScriptedRedisThrottlerStorage(redis), () => redis.status === 'ready'),
          errorMessage: 'Too many requests. Please wait a minute and try again.',
        };
      },
    }),
  ],
  controllers: [AuthController, GoogleController, HealthController, MetricsController, AdminController, AdminExportController, AdminSubscriptionsController, QueueDashboardController, VideosController, FoldersController, PlaybackController, AnalyticsController, AccountUsageController, InteractionsController, AttemptsController, ResultsController, GenerationController, YouTubeController, ExportController, ScormTestController],
  providers: [
    PlaybackCache,
    PublicPlayback,
    SessionCache,
    GoogleOAuthService,
    SpaFallback,
    ScormTestAccess,
    { provide: APP_GUARD, useClass: RecordingThrottlerGuard },
    { provide: APP_GUARD, useClass: SessionGuard },
    { provide: APP_FILTER, useClass: AllExceptionsFilter },
  ],
})
export class GatewayModule {}
