import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { PlaybackView } from '@veolearn/contracts';
import { Public } from '../auth/auth.decorators';
import { VideoClient } from '../services/video-client';
import { IdParam } from './library-http';

const ID_PARAM = { name: 'id', type: Number, description: 'A positive whole number (400 otherwise)' };

@ApiTags('play')
@Controller('play')
export class PlaybackController {
  constructor(private readonly videos: VideoClient) {}

  @Public()
  @Get(':id')
  @ApiParam(ID_PARAM)
  @ApiOperation({ summary: 'A video and its questions for a learner (never the answers or feedback)' })
  play(@IdParam('Video') id: number): Promise<PlaybackView> {
    return this.videos.playback(id);
  }
}
