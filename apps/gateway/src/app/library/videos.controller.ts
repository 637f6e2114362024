import { BadRequestException, Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { CreateVideoDto, ListVideosQuery, MoveVideoDto, type Page, type Principal, RenameVideoDto, type VideoView } from '@veolearn/contracts';
import { INVALID_YOUTUBE_URL, parseYouTubeId } from '@veolearn/domain';
import { CurrentPrincipal } from '../auth/auth.decorators';
import { VideoClient } from '../services/video-client';
import { folderSelector, ownerOf, IdParam } from './library-http';

const ID_PARAM = { name: 'id', type: Number, description: 'A positive whole number (400 otherwise)' };

@ApiTags('videos')
@ApiBearerAuth()
@Controller('videos')
export class VideosController {
  constructor(private readonly videos: VideoClient) {}

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

  @Delete(':id')
  @ApiParam(ID_PARAM)
  @ApiOperation({ summary: 'Delete a video with its questions, attempts and answers' })
  remove(@CurrentPrincipal() principal: Principal, @IdParam('Video') id: number): Promise<{ deleted: true }> {
    return this.videos.deleteVideo({ owner: ownerOf(principal), videoId: id });
  }
}
