import { Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { ClientProxyFactory } from '@nestjs/microservices';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '@veolearn/config';
import { VIDEO_SERVICE } from '@veolearn/contracts';
import { AppConfigModule, clientTransport, RpcErrorFilter, videoServiceAddress } from '@veolearn/nest-common';
import { OutboxModule } from '@veolearn/outbox';
import { schemaDataSourceOptions } from '@veolearn/persistence';
import { CostRecorder } from './costs/cost-recorder';
import { GENERATION_ENTITIES, GENERATION_SCHEMA } from './entities';
import { GenerationController } from './generation.controller';
import { GenerationJobsService } from './jobs/generation-jobs.service';
import { GenerationQueue } from './jobs/generation-queue';
import { GenerationReconciler } from './jobs/generation-reconciler';
import { GenerationRunner } from './jobs/generation-runner';
import { GenerationWorker } from './jobs/generation-worker';
import { LibraryClient } from './library-client';
import { GENERATION_MIGRATIONS } from './migrations';
import { BuiltinQuestionProvider } from './providers/builtin.provider';
import { OpenAiQuestionProvider } from './providers/openai.provider';
import { YouTubeClient } from './youtube/youtube.client';
import { YouTubeController } from './youtube/youtube.controller';

export function generationDataSourceOptions(config: AppConfig) {
  return schemaDataSourceOptions({
    url: config.DATABASE_URL,
    schema: GENERATION_SCHEMA,
    entities: GENERATION_ENTITIES,
    migrations: GENERATION_MIGRATIONS,
    applicationName: 'veolearn-generation-service',
  });
}

@Module({
  imports: [
    AppConfigModule,
    OutboxModule.forProducer('generation-service', GENERATION_SCHEMA),
    TypeOrmModule.forRootAsync({ inject: [AppConfig], useFactory: (config: AppConfig) => generationDataSourceOptions(config) }),
  ],
  controllers: [GenerationController, YouTubeController],
  providers: [
    {
      provide: VIDEO_SERVICE,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ClientProxyFactory.create(clientTransport(config, videoServiceAddress(config))),
    },
    LibraryClient,
    YouTubeClient,
    CostRecorder,
    GenerationQueue,
    GenerationJobsService,
    GenerationReconciler,
    GenerationRunner,
    GenerationWorker,
    BuiltinQuestionProvider,
    { provide: OpenAiQuestionProvider, inject: [AppConfig], useFactory: (config: AppConfig) => new OpenAiQuestionProvider(config) },
    { provide: APP_FILTER, useClass: RpcErrorFilter },
  ],
})
export class GenerationServiceModule {}
