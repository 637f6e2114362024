import { Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { ClientProxyFactory } from '@nestjs/microservices';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '@veolearn/config';
import { VIDEO_SERVICE } from '@veolearn/contracts';
import { AppConfigModule, clientTransport, RpcErrorFilter, videoServiceAddress } from '@veolearn/nest-common';
import { OutboxModule } from '@veolearn/outbox';
import { schemaDataSourceOptions } from '@veolearn/persistence';
import { LocalDiskStorage, VIDEO_STORAGE } from '@veolearn/storage';
import { EXPORT_ENTITIES, EXPORT_SCHEMA } from './entities';
import { ExportController } from './export.controller';
import { ExportsService } from './exports.service';
import { ExportQueue } from './jobs/export-queue';
import { ExportRunner } from './jobs/export-runner';
import { ExportWorker } from './jobs/export-worker';
import { LibraryClient } from './library-client';
import { EXPORT_MIGRATIONS } from './migrations';

export function exportDataSourceOptions(config: AppConfig) {
  return schemaDataSourceOptions({
    url: config.DATABASE_URL,
    schema: EXPORT_SCHEMA,
    entities: EXPORT_ENTITIES,
    migrations: EXPORT_MIGRATIONS,
    applicationName: 'veolearn-export-service',
  });
}

@Module({
  imports: [
    AppConfigModule,
    OutboxModule.forProducer('export-service', EXPORT_SCHEMA),
    TypeOrmModule.forRootAsync({ inject: [AppConfig], useFactory: (config: AppConfig) => exportDataSourceOptions(config) }),
  ],
  controllers: [ExportController],
  providers: [
    {
      provide: VIDEO_SERVICE,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ClientProxyFactory.create(clientTransport(config, videoServiceAddress(config))),
    },
    // The same storage as uploads (UPLOAD_DIR): packages go under exports/, uploaded videos are read from it.
    { provide: VIDEO_STORAGE, inject: [AppConfig], useFactory: (config: AppConfig) => new LocalDiskStorage(config.UPLOAD_DIR) },
    LibraryClient,
    ExportQueue,
    ExportsService,
    ExportRunner,
    ExportWorker,
    { provide: APP_FILTER, useClass: RpcErrorFilter },
  ],
})
export class ExportServiceModule {}
