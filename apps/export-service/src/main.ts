import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { appLogger, exportServiceAddress, runServiceCli } from '@veolearn/nest-common';
import { EXPORT_SCHEMA } from './app/entities';
import { exportDataSourceOptions, ExportServiceModule } from './app/export-service.module';

runServiceCli({
  name: 'export-service',
  schema: EXPORT_SCHEMA,
  module: ExportServiceModule,
  dataSourceOptions: exportDataSourceOptions,
  address: exportServiceAddress,
  commands: {
    /** A worker process only (no request handlers): run several to build more SCORM packages at once. */
    worker: async (config) => {
      if (!config.EXPORT_WORKER) {
        process.env['EXPORT_WORKER'] = 'true';
      }
      const app = await NestFactory.createApplicationContext(ExportServiceModule, {
        logger: appLogger(),
      });
      app.enableShutdownHooks();
      new Logger('export-service').log('export worker running');
      await new Promise<never>(() => undefined);
    },
  },
});
