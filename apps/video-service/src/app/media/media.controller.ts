import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
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
import { MediaService } from './media.service';

@Controller()
export class MediaController {
  constructor(private readonly media: MediaService) {}

  @MessagePattern(MediaPatterns.checkUpload)
  checkUpload(@Payload() message: CheckUploadMessage): Promise<CheckUploadResult> {
    return this.media.checkUpload(message);
  }

  @MessagePattern(MediaPatterns.registerUpload)
  registerUpload(@Payload() message: RegisterUploadMessage): Promise<VideoView> {
    return this.media.registerUpload(message);
  }

  @MessagePattern(MediaPatterns.discardUpload)
  discardUpload(@Payload() message: DiscardUploadMessage): Promise<{ discarded: number }> {
    return this.media.discardUpload(message);
  }

  @MessagePattern(MediaPatterns.mediaInfo)
  mediaInfo(@Payload() message: MediaRequest): Promise<MediaInfo> {
    return this.media.mediaInfo(message);
  }

  @MessagePattern(MediaPatterns.getCaptions)
  getCaptions(@Payload() message: MediaRequest): Promise<CaptionsView> {
    return this.media.getCaptions(message);
  }

  @MessagePattern(MediaPatterns.setCaptions)
  setCaptions(@Payload() message: SetCaptionsMessage): Promise<VideoView> {
    return this.media.setCaptions(message);
  }
}
