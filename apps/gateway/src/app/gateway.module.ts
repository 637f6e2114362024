import { ExecutionContext, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { TerminusModule } from '@nestjs/terminus';
import { ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import Redis from 'ioredis';
import { AppConfig } from '@veolearn/config';
import { AppConfigModule, REDIS, RedisModule } from '@veolearn/nest-common';
import { AdminSubscriptionsController } from './admin/admin-subscriptions.controller';
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
import { AnalyticsController } from './library/analytics.controller';
import { AttemptsController } from './library/attempts.controller';
import { FoldersController } from './library/folders.controller';
import { InteractionsController } from './library/interactions.controller';
import { PlaybackController } from './library/playback.controller';
import { VideosController } from './library/videos.controller';
import { AllExceptionsFilter } from './http/all-exceptions.filter';
import { clientTracker, ipTracker, throttleKey } from './http/client-throttle';
import { SpaFallback } from './http/spa-fallback';
import { ServicesModule } from './services/services.module';
import { MediaModule } from './media/media.module';

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
    TerminusModule,
    ThrottlerModule.forRootAsync({
      inject: [AppConfig, REDIS],
      useFactory: (config: AppConfig, redis: Redis) => ({
        // Both limits count per client over all their routes (one key per client, not per handler):
        // the general one by signed-in user or address, the sign-in/sign-up one by address.
        throttlers: [
          { name: 'default', ttl: MINUTE_MS, limit: config.RATE_LIMIT_PER_MINUTE, getTracker: clientTracker(config.JWT_SECRET) },
          {
            name: 'credentials',
            ttl: MINUTE_MS,
            limit: config.AUTH_RATE_LIMIT_PER_MINUTE,
            skipIf: (ctx) => !isCredentialRoute(ctx),
            getTracker: (req) => ipTracker(req),
          },
        ],
        generateKey: (_context, tracker) => throttleKey(tracker),
        storage: new ThrottlerStorageRedisService(redis),
        errorMessage: 'Too many requests. Please wait a minute and try again.',
      }),
    }),
  ],
  controllers: [AuthController, GoogleController, HealthController, AdminSubscriptionsController, VideosController, FoldersController, PlaybackController, AnalyticsController, InteractionsController, AttemptsController, GenerationController, YouTubeController, ExportController, ScormTestController],
  providers: [
    GoogleOAuthService,
    SpaFallback,
    ScormTestAccess,
    { provide: APP_GUARD, useClass: ThrottlerGuard },
    { provide: APP_GUARD, useClass: SessionGuard },
    { provide: APP_FILTER, useClass: AllExceptionsFilter },
  ],
})
export class GatewayModule {}
