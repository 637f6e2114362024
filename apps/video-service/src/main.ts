import 'reflect-metadata';
import { runServiceCli, videoServiceAddress } from '@veolearn/nest-common';
import { LIBRARY_SCHEMA } from './app/entities';
import { libraryDataSourceOptions, VideoServiceModule } from './app/video-service.module';

runServiceCli({
  name: 'video-service',
  schema: LIBRARY_SCHEMA,
  module: VideoServiceModule,
  dataSourceOptions: libraryDataSourceOptions,
  address: videoServiceAddress,
});
