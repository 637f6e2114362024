import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { AppConfig } from '@veolearn/config';
import {
  type CaptionsView,
  type CheckUploadMessage,
  type CheckUploadResult,
  type DiscardUploadMessage,
  type MediaInfo,
  type MediaRequest,
  MediaPatterns,
  type RegisterUploadMessage,
  type SetCaptionsMessage,
  type VideoView,
} from '@veolearn/contracts';
import { callService } from '@veolearn/nest-common';

/** Client token of the media module's own connection to the video-service. */
export const MEDIA_VIDEO_SERVICE = 'MEDIA_VIDEO_SERVICE';

/** Typed media and captions requests to the video-service; one method per message pattern. */
@Injectable()
export class MediaClient {
  constructor(
    @Inject(MEDIA_VIDEO_SERVICE) private readonly client: ClientProxy,
    private readonly config: AppConfig,
  ) {}

  private send<T>(pattern: string, payload: unknown): Promise<T> {
    return callService<T>(this.client, 'video service', pattern, payload, this.config.SERVICE_TIMEOUT_MS);
  }

  checkUpload(message: CheckUploadMessage): Promise<CheckUploadResult> {
    return this.send(MediaPatterns.checkUpload, message);
  }

  registerUpload(message: RegisterUploadMessage): Promise<VideoView> {
    return this.send(MediaPatterns.registerUpload, message);
  }

  discardUpload(message: DiscardUploadMessage): Promise<{ discarded: number }> {
    return this.send(MediaPatterns.discardUpload, message);
  }

  mediaInfo(message: MediaRequest): Promise<MediaInfo> {
    return this.send(MediaPatterns.mediaInfo, message);
  }

  getCaptions(message: MediaRequest): Promise<CaptionsView> {
    return this.send(MediaPatterns.getCaptions, message);
  }

  setCaptions(message: SetCaptionsMessage): Promise<VideoView> {
    return this.send(MediaPatterns.setCaptions, message);
  }
}
