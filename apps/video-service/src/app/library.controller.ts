import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  type CreateFolderMessage,
  type CreateVideoMessage,
  type DeleteFolderResult,
  type FolderRef,
  type FolderView,
  type LibraryAnalytics,
  LibraryPatterns,
  type ListFoldersMessage,
  type ListVideosMessage,
  type MoveVideoMessage,
  type Owner,
  type Page,
  type PingReply,
  type PlaybackMessage,
  type PlaybackView,
  type ReadingView,
  type RenameVideoMessage,
  type ServiceHealth,
  type SetSharingMessage,
  type UpdateFolderMessage,
  type VideoRef,
  type VideoView,
} from '@veolearn/contracts';
import { INSTANCE_ID, probe } from '@veolearn/nest-common';
import { LibraryService } from './library.service';

const SERVICE = 'video-service';

@Controller()
export class LibraryController {
  constructor(
    private readonly library: LibraryService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  @MessagePattern(LibraryPatterns.listVideos)
  listVideos(@Payload() message: ListVideosMessage): Promise<Page<VideoView>> {
    return this.library.listVideos(message);
  }

  @MessagePattern(LibraryPatterns.getVideo)
  getVideo(@Payload() message: VideoRef): Promise<VideoView> {
    return this.library.getVideo(message);
  }

  @MessagePattern(LibraryPatterns.createVideo)
  createVideo(@Payload() message: CreateVideoMessage): Promise<VideoView> {
    return this.library.createVideo(message);
  }

  @MessagePattern(LibraryPatterns.renameVideo)
  renameVideo(@Payload() message: RenameVideoMessage): Promise<VideoView> {
    return this.library.renameVideo(message);
  }

  @MessagePattern(LibraryPatterns.moveVideo)
  moveVideo(@Payload() message: MoveVideoMessage): Promise<VideoView> {
    return this.library.moveVideo(message);
  }

  @MessagePattern(LibraryPatterns.deleteVideo)
  deleteVideo(@Payload() message: VideoRef): Promise<{ deleted: true }> {
    return this.library.deleteVideo(message);
  }

  @MessagePattern(LibraryPatterns.listFolders)
  listFolders(@Payload() message: ListFoldersMessage): Promise<FolderView[]> {
    return this.library.listFolders(message);
  }

  @MessagePattern(LibraryPatterns.createFolder)
  createFolder(@Payload() message: CreateFolderMessage): Promise<FolderView> {
    return this.library.createFolder(message);
  }

  @MessagePattern(LibraryPatterns.updateFolder)
  updateFolder(@Payload() message: UpdateFolderMessage): Promise<FolderView> {
    return this.library.updateFolder(message);
  }

  @MessagePattern(LibraryPatterns.deleteFolder)
  deleteFolder(@Payload() message: FolderRef): Promise<DeleteFolderResult> {
    return this.library.deleteFolder(message);
  }

  @MessagePattern(LibraryPatterns.userAnalytics)
  userAnalytics(@Payload() message: { owner: Owner }): Promise<LibraryAnalytics> {
    return this.library.userAnalytics(message);
  }

  @MessagePattern(LibraryPatterns.playback)
  playback(@Payload() message: PlaybackMessage): Promise<PlaybackView> {
    return this.library.playback(message);
  }

  @MessagePattern(LibraryPatterns.reading)
  reading(@Payload() message: PlaybackMessage): Promise<ReadingView> {
    return this.library.reading(message);
  }

  @MessagePattern(LibraryPatterns.setSharing)
  setSharing(@Payload() message: SetSharingMessage): Promise<VideoView> {
    return this.library.setSharing(message);
  }

  @MessagePattern(LibraryPatterns.countVideos)
  countVideos(@Payload() message: { owner: Owner }): Promise<{ count: number; withoutQuestions: number }> {
    return this.library.countVideos(message);
  }

  @MessagePattern(LibraryPatterns.health)
  async health(): Promise<ServiceHealth> {
    const postgres = await probe(() => this.dataSource.query('SELECT 1'));
    return { service: SERVICE, instanceId: INSTANCE_ID, dependencies: { postgres } };
  }

  @MessagePattern(LibraryPatterns.ping)
  ping(): PingReply {
    return { service: SERVICE, instanceId: INSTANCE_ID };
  }
}
