import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { adminMetricsServiceAddress, appLogger, runServiceCli } from '@veolearn/nest-common';
import { AdminMetricsServiceModule, metricsDataSourceOptions } from './app/admin-metrics-service.module';
import { Backfill } from './app/backfill';
import { METRICS_SCHEMA } from './app/entities';

runServiceCli({
  name: 'admin-metrics-service',
  schema: METRICS_SCHEMA,
  module: AdminMetricsServiceModule,
  dataSourceOptions: metricsDataSourceOptions,
  address: adminMetricsServiceAddress,
  commands: {
    /**
     * Rebuilds the read models from every producer's outbox (through their events-history
     * patterns). The producers must be running; the live worker waits while it runs.
     */
    backfill: async () => {
      process.env['ADMIN_METRICS_WORKER'] = 'false';
      const app = await NestFactory.createApplicationContext(AdminMetricsServiceModule, { logger: appLogger() });
      try {
        const result = await app.get(Backfill).run();
        new Logger('admin-metrics-service').log(`backfill applied ${result.applied} events`);
        console.log(JSON.stringify(result));
      } finally {
        await app.close();
      }
    },
  },
});
