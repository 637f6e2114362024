import { Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { ClientProxyFactory } from '@nestjs/microservices';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '@veolearn/config';
import {
  AppConfigModule,
  authServiceAddress,
  clientTransport,
  exportServiceAddress,
  generationServiceAddress,
  ltiServiceAddress,
  RpcErrorFilter,
  type ServiceAddress,
  videoServiceAddress,
} from '@veolearn/nest-common';
import { schemaDataSourceOptions } from '@veolearn/persistence';
import { AdminMetricsController } from './admin-metrics.controller';
import { EventApplier } from './apply/event-applier';
import { EventsWorker } from './apply/events-worker';
import { Backfill, PRODUCER_CLIENTS } from './backfill';
import { METRICS_ENTITIES, METRICS_SCHEMA } from './entities';
import { METRICS_MIGRATIONS } from './migrations';
import { AdminMetricsQueries } from './queries/admin-metrics.queries';

export function metricsDataSourceOptions(config: AppConfig) {
  return schemaDataSourceOptions({
    url: config.DATABASE_URL,
    schema: METRICS_SCHEMA,
    entities: METRICS_ENTITIES,
    migrations: METRICS_MIGRATIONS,
    applicationName: 'veolearn-admin-metrics-service',
  });
}

function producerClient(token: string, address: (config: AppConfig) => ServiceAddress) {
  return { provide: token, inject: [AppConfig], useFactory: (config: AppConfig) => ClientProxyFactory.create(clientTransport(config, address(config))) };
}

@Module({
  imports: [
    AppConfigModule,
    TypeOrmModule.forRootAsync({ inject: [AppConfig], useFactory: (config: AppConfig) => metricsDataSourceOptions(config) }),
  ],
  controllers: [AdminMetricsController],
  providers: [
    AdminMetricsQueries,
    EventApplier,
    EventsWorker,
    Backfill,
    // The producers, asked for their history by the backfill only.
    producerClient(PRODUCER_CLIENTS['auth-service'], authServiceAddress),
    producerClient(PRODUCER_CLIENTS['video-service'], videoServiceAddress),
    producerClient(PRODUCER_CLIENTS['generation-service'], generationServiceAddress),
    producerClient(PRODUCER_CLIENTS['export-service'], exportServiceAddress),
    producerClient(PRODUCER_CLIENTS['lti-service'], ltiServiceAddress),
    { provide: APP_FILTER, useClass: RpcErrorFilter },
  ],
})
export class AdminMetricsServiceModule {}
