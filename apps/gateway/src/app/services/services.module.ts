import { Global, Module } from '@nestjs/common';
import { ClientProxyFactory } from '@nestjs/microservices';
import { AppConfig } from '@veolearn/config';
import { ADMIN_METRICS_SERVICE, AUTH_SERVICE, EXPORT_SERVICE, GENERATION_SERVICE, VIDEO_SERVICE } from '@veolearn/contracts';
import { adminMetricsServiceAddress, authServiceAddress, clientTransport, exportServiceAddress, generationServiceAddress, videoServiceAddress } from '@veolearn/nest-common';
import { AdminMetricsClient } from './admin-metrics-client';
import { AuthClient } from './auth-client';
import { ExportClient } from './export-client';
import { GenerationClient } from './generation-client';
import { VideoClient } from './video-client';

@Global()
@Module({
  providers: [
    {
      provide: AUTH_SERVICE,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ClientProxyFactory.create(clientTransport(config, authServiceAddress(config))),
    },
    AuthClient,
    {
      provide: VIDEO_SERVICE,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ClientProxyFactory.create(clientTransport(config, videoServiceAddress(config))),
    },
    VideoClient,
    {
      provide: GENERATION_SERVICE,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ClientProxyFactory.create(clientTransport(config, generationServiceAddress(config))),
    },
    GenerationClient,
    {
      provide: EXPORT_SERVICE,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ClientProxyFactory.create(clientTransport(config, exportServiceAddress(config))),
    },
    ExportClient,
    {
      provide: ADMIN_METRICS_SERVICE,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ClientProxyFactory.create(clientTransport(config, adminMetricsServiceAddress(config))),
    },
    AdminMetricsClient,
  ],
  exports: [AuthClient, VideoClient, GenerationClient, ExportClient, AdminMetricsClient],
})
export class ServicesModule {}
