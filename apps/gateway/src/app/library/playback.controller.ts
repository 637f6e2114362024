import { Controller, Get, Res, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { PlaybackView, Principal, ReadingView } from '@veolearn/contracts';
import { OptionalPrincipal, OptionalSession } from '../auth/auth.decorators';
import { MediaAccess, SignMediaLinks } from '../media/media-access';
import { VideoClient } from '../services/video-client';
import { IdParam } from './library-http';
import { PublicPlayback } from './lesson-preview';

const ID_PARAM = { name: 'id', type: Number, description: 'A positive whole number (400 otherwise)' };

@ApiTags('play')
@ApiBearerAuth()
@Controller('play')
export class PlaybackController {
  constructor(
    private readonly videos: VideoClient,
    private readonly access: MediaAccess,
    private readonly publicPlayback: PublicPlayback,
  ) {}

  @OptionalSession()
  @Get(':id')
  @UseInterceptors(SignMediaLinks)
  @ApiParam(ID_PARAM)
  @ApiOperation({
    summary: 'A video and its questions for a learner (never the answers or feedback)',
    description:
      "Anyone may play a shared lesson. A private one (never shared, or made private again) answers 404 'Video not found' except to its owner (or an admin), whose view carries signed media and captions links.",
  })
  async play(
    @OptionalPrincipal() principal: Principal | null,
    @IdParam('Video') id: number,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PlaybackView | string> {
    if (principal) return this.videos.playback({ videoId: id, viewer: this.access.viewer(principal, id) });
    // Signed-out learners all see the same view of a shared lesson: a class opening it is one read,
    // kept as the JSON text sent (not serialised again for every learner).
    const json = await this.publicPlayback.json(id);
    void reply.header('content-type', 'application/json; charset=utf-8');
    return json;
  }

  @OptionalSession()
  @Get(':id/reading')
  @ApiParam(ID_PARAM)
  @ApiOperation({
    summary: 'The lesson as text, chapter by chapter, for reading instead of watching',
    description:
      "Each chapter's title, its span of the video, its transcript text (from the lesson's captions, without timings) and the ids of its questions (asked after the text; their content comes from GET /api/play/{id}, never the answers). Visible exactly when GET /api/play/{id} is: 404 'Video not found' otherwise.",
  })
  reading(@OptionalPrincipal() principal: Principal | null, @IdParam('Video') id: number): Promise<ReadingView> {
    return this.videos.reading({ videoId: id, viewer: this.access.viewer(principal, id) });
  }
}
