import { Module } from '@nestjs/common';
import { ClientProxyFactory } from '@nestjs/microservices';
import { AppConfig } from '@veolearn/config';
import { AppConfigModule, clientTransport, videoServiceAddress } from '@veolearn/nest-common';
import { LocalDiskStorage, VIDEO_STORAGE } from '@veolearn/storage';
import { MediaAccess, SignMediaLinks } from './media-access';
import { MEDIA_VIDEO_SERVICE, MediaClient } from './media-client';
import { MediaController } from './media.controller';
import { UploadController } from './upload.controller';

/** Video upload, media streaming and captions. Storage is the local UPLOAD_DIR folder. */
@Module({
  imports: [AppConfigModule],
  controllers: [UploadController, MediaController],
  providers: [
    {
      provide: MEDIA_VIDEO_SERVICE,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ClientProxyFactory.create(clientTransport(config, videoServiceAddress(config))),
    },
    MediaClient,
    MediaAccess,
    SignMediaLinks,
    { provide: VIDEO_STORAGE, inject: [AppConfig], useFactory: (config: AppConfig) => new LocalDiskStorage(config.UPLOAD_DIR) },
  ],
  exports: [MediaClient, MediaAccess, SignMediaLinks, VIDEO_STORAGE],
})
export class MediaModule {}
