import { Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '@veolearn/config';
import { AppConfigModule, RpcErrorFilter } from '@veolearn/nest-common';
import { OutboxModule } from '@veolearn/outbox';
import { schemaDataSourceOptions } from '@veolearn/persistence';
import { AttemptsController } from './attempts/attempts.controller';
import { AttemptsService } from './attempts/attempts.service';
import { VideoSettingsService } from './attempts/video-settings.service';
import { LIBRARY_ENTITIES, LIBRARY_SCHEMA } from './entities';
import { ExportLessonController } from './export/export-lesson.controller';
import { ExportLessonService } from './export/export-lesson.service';
import { CLOCK_PROVIDER } from './gamification/clock';
import { GamificationService } from './gamification/gamification.service';
import { InteractionsController } from './interactions/interactions.controller';
import { InteractionsService } from './interactions/interactions.service';
import { LibraryController } from './library.controller';
import { LibraryService } from './library.service';
import { LIBRARY_MIGRATIONS } from './migrations';
import { MediaController } from './media/media.controller';
import { MediaService } from './media/media.service';
import { LessonResultsController } from './results/lesson-results.controller';
import { LessonResultsService } from './results/lesson-results.service';

export function libraryDataSourceOptions(config: AppConfig) {
  return schemaDataSourceOptions({
    url: config.DATABASE_URL,
    schema: LIBRARY_SCHEMA,
    entities: LIBRARY_ENTITIES,
    migrations: LIBRARY_MIGRATIONS,
    applicationName: 'veolearn-video-service',
  });
}

@Module({
  imports: [
    AppConfigModule,
    OutboxModule.forProducer('video-service', LIBRARY_SCHEMA),
    TypeOrmModule.forRootAsync({ inject: [AppConfig], useFactory: (config: AppConfig) => libraryDataSourceOptions(config) }),
  ],
  controllers: [LibraryController, InteractionsController, MediaController, AttemptsController, ExportLessonController, LessonResultsController],
  providers: [LibraryService, ExportLessonService, InteractionsService, MediaService, AttemptsService, VideoSettingsService, LessonResultsService, GamificationService, CLOCK_PROVIDER, { provide: APP_FILTER, useClass: RpcErrorFilter }],
})
export class VideoServiceModule {}
