import { Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '@veolearn/config';
import { AppConfigModule, RpcErrorFilter } from '@veolearn/nest-common';
import { schemaDataSourceOptions } from '@veolearn/persistence';
import { LIBRARY_ENTITIES, LIBRARY_SCHEMA } from './entities';
import { InteractionsController } from './interactions/interactions.controller';
import { InteractionsService } from './interactions/interactions.service';
import { LibraryController } from './library.controller';
import { LibraryService } from './library.service';
import { LIBRARY_MIGRATIONS } from './migrations';

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
    TypeOrmModule.forRootAsync({ inject: [AppConfig], useFactory: (config: AppConfig) => libraryDataSourceOptions(config) }),
  ],
  controllers: [LibraryController, InteractionsController],
  providers: [LibraryService, InteractionsService, { provide: APP_FILTER, useClass: RpcErrorFilter }],
})
export class VideoServiceModule {}
