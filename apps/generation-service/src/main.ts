import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { appLogger, generationServiceAddress, runServiceCli } from '@veolearn/nest-common';
import { GENERATION_SCHEMA } from './app/entities';
import { generationDataSourceOptions, GenerationServiceModule } from './app/generation-service.module';

runServiceCli({
  name: 'generation-service',
  schema: GENERATION_SCHEMA,
  module: GenerationServiceModule,
  dataSourceOptions: generationDataSourceOptions,
  address: generationServiceAddress,
  commands: {
    /** A worker process only (no request handlers): run several to scale generation. */
    worker: async (config) => {
      if (!config.GENERATION_WORKER) {
        process.env['GENERATION_WORKER'] = 'true';
      }
      const app = await NestFactory.createApplicationContext(GenerationServiceModule, {
        logger: appLogger(),
      });
      app.enableShutdownHooks();
      new Logger('generation-service').log('generation worker running');
      await new Promise<never>(() => undefined);
    },
  },
});
