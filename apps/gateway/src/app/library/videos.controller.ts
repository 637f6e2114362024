import { BadRequestException, Body, Controller, Delete, Get, Inject, Logger, Post, Put, Query, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import {
  CreateVideoDto,
  ListVideosQuery,
  MoveVideoDto,
  type Page,
  type Principal,
  RenameVideoDto,
  SharingDto,
  VideoSettingsDto,
  type VideoView,
} from '@veolearn/contracts';
import { INVALID_YOUTUBE_URL, parseYouTubeId } from '@veolearn/domain';
import { CurrentPrincipal } from '../auth/auth.decorators';
import { VIDEO_STORAGE, type VideoStorage } from '@veolearn/storage';
import { SignMediaLinks } from '../media/media-access';
import { MediaClient } from '../media/media-client';
import { VideoClient } from '../services/video-client';
import { folderSelector, ownerOf, IdParam } from './library-http';

const ID_PARAM = { name: 'id', type: Number, description: 'A positive whole number (400 otherwise)' };

@ApiTags('videos')
@ApiBearerAuth()
@Controller('videos')
@UseInterceptors(SignMediaLinks)
export class VideosController {
  private readonly logger = new Logger(VideosController.name);

  constructor(
    private readonly videos: VideoClient,
    private readonly media: MediaClient,
    @Inject(VIDEO_STORAGE) private readonly storage: VideoStorage,
  ) {}

  @Get()
  @ApiOperation({ summary: "The signed-in user's videos, newest first: all, Home only (folder=root) or one folder" })
  list(@CurrentPrincipal() principal: Principal, @Query() query: ListVideosQuery): Promise<Page<VideoView>> {
    return this.videos.listVideos({
      owner: ownerOf(principal),
      folder: folderSelector(query.folder),
      page: query.page ?? 1,
      pageSize: query.pageSize ?? 100,
    });
  }

  @Post()
  @ApiOperation({ summary: 'Add a YouTube video (402 when the plan does not allow another one)' })
  create(@CurrentPrincipal() principal: Principal, @Body() dto: CreateVideoDto): Promise<VideoView> {
    const youtubeId = parseYouTubeId(dto.youtubeUrl);
    if (!youtubeId) throw new BadRequestException(INVALID_YOUTUBE_URL);
    return this.videos.createVideo({ owner: ownerOf(principal), youtubeId, title: dto.title, folderId: dto.folderId ?? null });
  }

  @Get(':id')
  @ApiParam(ID_PARAM)
  @ApiOperation({ summary: 'One of your videos' })
  get(@CurrentPrincipal() principal: Principal, @IdParam('Video') id: number): Promise<VideoView> {
    return this.videos.getVideo({ owner: ownerOf(principal), videoId: id });
  }

  @Put(':id')
  @ApiParam(ID_PARAM)
  @ApiOperation({ summary: 'Rename a video' })
  rename(@CurrentPrincipal() principal: Principal, @IdParam('Video') id: number, @Body() dto: RenameVideoDto): Promise<VideoView> {
    return this.videos.renameVideo({ owner: ownerOf(principal), videoId: id, title: dto.title });
  }

  @Put(':id/move')
  @ApiParam(ID_PARAM)
  @ApiOperation({ summary: 'Move a video into one of your folders, or to Home with folderId null' })
  move(@CurrentPrincipal() principal: Principal, @IdParam('Video') id: number, @Body() dto: MoveVideoDto): Promise<VideoView> {
    return this.videos.moveVideo({ owner: ownerOf(principal), videoId: id, folderId: dto.folderId });
  }

  @Put(':id/sharing')
  @ApiParam(ID_PARAM)
  @ApiOperation({
    summary: 'Share a lesson by link ({"published": true}: anyone with the link may play it) or make it private again (false)',
    description:
      'Until a lesson is shared, its player, questions, media and captions answer 404 to everyone but its owner. Sharing needs a plan that allows changes (402 on a read-only library); making a lesson private is always allowed.',
  })
  sharing(@CurrentPrincipal() principal: Principal, @IdParam('Video') id: number, @Body() dto: SharingDto): Promise<VideoView> {
    return this.videos.setSharing({ owner: ownerOf(principal), videoId: id, published: dto.published });
  }

  @Put(':id/settings')
  @ApiParam(ID_PARAM)
  @ApiOperation({
    summary:
      "Set a video's skipping mode (free, no_skip_forward, no_seek), \"require correct\" and gamification (points and achievements, on by default); duration is stored only while unknown",
  })
  settings(@CurrentPrincipal() principal: Principal, @IdParam('Video') id: number, @Body() dto: VideoSettingsDto): Promise<VideoView> {
    return this.videos.updateVideoSettings({
      owner: ownerOf(principal),
      videoId: id,
      skippingMode: dto.skippingMode,
      requireCorrect: dto.requireCorrect,
      gamification: dto.gamification,
      duration: dto.duration,
    });
  }

  @Delete(':id')
  @ApiParam(ID_PARAM)
  @ApiOperation({ summary: 'Delete a video with its questions, attempts and answers (and its uploaded file and poster)' })
  async remove(@CurrentPrincipal() principal: Principal, @IdParam('Video') id: number): Promise<{ deleted: true }> {
    // An uploaded video's file and poster go too (looked up first: the row is gone afterwards).
    const media = await this.media.mediaInfo({ videoId: id, viewer: { userId: principal.userId, isAdmin: false, signed: false } }).catch(() => null);
    const result = await this.videos.deleteVideo({ owner: ownerOf(principal), videoId: id });
    for (const key of media ? [media.storageKey, media.posterKey] : []) {
      if (!key) continue;
      await this.storage.delete(key).catch((error: unknown) => {
        this.logger.warn(`Video ${id} deleted but its stored ${key} was not: ${String(error)}`);
      });
    }
    return result;
  }
}
