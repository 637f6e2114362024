import { Module, OnApplicationBootstrap } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '@veolearn/config';
import { AppConfigModule, RpcErrorFilter } from '@veolearn/nest-common';
import { OutboxModule } from '@veolearn/outbox';
import { schemaDataSourceOptions } from '@veolearn/persistence';
import { AgsClient } from './grades/ags-client';
import { GradeQueue } from './grades/grade-queue';
import { GradeWorker } from './grades/grade-worker';
import { GradesService } from './grades/grades.service';
import { ToolKeysService } from './keys/tool-keys.service';
import { AccountLinksService } from './launch/account-links.service';
import { DeepLinkingService } from './launch/deep-linking.service';
import { LaunchService } from './launch/launch.service';
import { PlatformKeys } from './launch/platform-keys';
import { SecurityEvents } from './launch/security-events';
import { LtiController } from './lti.controller';
import { LTI_MIGRATIONS } from './migrations';
import { DynamicRegistrationService } from './platforms/dynamic-registration.service';
import { PlatformsService } from './platforms/platforms.service';
import { LTI_SCHEMA } from './schema';

/** The lti schema is written with SQL (no entities): its rows are claimed and updated with conditional statements. */
export function ltiDataSourceOptions(config: AppConfig) {
  return schemaDataSourceOptions({
    url: config.DATABASE_URL,
    schema: LTI_SCHEMA,
    entities: [],
    migrations: LTI_MIGRATIONS,
    applicationName: 'veolearn-lti-service',
  });
}

@Module({
  imports: [
    AppConfigModule,
    OutboxModule.forProducer('lti-service', LTI_SCHEMA),
    TypeOrmModule.forRootAsync({ inject: [AppConfig], useFactory: (config: AppConfig) => ltiDataSourceOptions(config) }),
  ],
  controllers: [LtiController],
  providers: [
    ToolKeysService,
    PlatformsService,
    DynamicRegistrationService,
    PlatformKeys,
    SecurityEvents,
    LaunchService,
    DeepLinkingService,
    AccountLinksService,
    GradeQueue,
    GradesService,
    AgsClient,
    GradeWorker,
    { provide: APP_FILTER, useClass: RpcErrorFilter },
  ],
})
export class LtiServiceModule implements OnApplicationBootstrap {
  constructor(private readonly keys: ToolKeysService) {}

  /** The key set is never empty once the service runs. */
  async onApplicationBootstrap(): Promise<void> {
    await this.keys.ensureKey();
  }
}
