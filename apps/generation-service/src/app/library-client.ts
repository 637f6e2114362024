import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { AppConfig } from '@veolearn/config';
import {
  type CreateVideoMessage,
  InteractionPatterns,
  type InteractionView,
  LibraryPatterns,
  type ListInteractionsMessage,
  type InteractionList,
  type MarkGenerationFailedMessage,
  type SaveGeneratedQuestionsMessage,
  type SaveGeneratedQuestionsResult,
  VIDEO_SERVICE,
  type VideoRef,
  type VideoView,
} from '@veolearn/contracts';
import { requestService } from '@veolearn/nest-common';

/** Requests from the generation-service to the video-service, which owns videos and questions. */
@Injectable()
export class LibraryClient implements OnApplicationShutdown {
  constructor(
    @Inject(VIDEO_SERVICE) private readonly client: ClientProxy,
    private readonly config: AppConfig,
  ) {}

  private send<T>(pattern: string, payload: unknown): Promise<T> {
    return requestService<T>(this.client, 'video service', pattern, payload, this.config.SERVICE_TIMEOUT_MS);
  }

  createVideo(message: CreateVideoMessage): Promise<VideoView> {
    return this.send(LibraryPatterns.createVideo, message);
  }

  getVideo(message: VideoRef): Promise<VideoView> {
    return this.send(LibraryPatterns.getVideo, message);
  }

  deleteVideo(message: VideoRef): Promise<{ deleted: true }> {
    return this.send(LibraryPatterns.deleteVideo, message);
  }

  listInteractions(message: ListInteractionsMessage): Promise<InteractionList> {
    return this.send(InteractionPatterns.listForVideo, message);
  }

  saveGenerated(message: SaveGeneratedQuestionsMessage): Promise<SaveGeneratedQuestionsResult> {
    return this.send(InteractionPatterns.saveGenerated, message);
  }

  markGenerationFailed(message: MarkGenerationFailedMessage): Promise<unknown> {
    return this.send(InteractionPatterns.markGenerationFailed, message);
  }

  /** The owner's view of a video's questions. */
  async ownerInteractions(ownerId: number, videoId: number): Promise<InteractionView[]> {
    const list = await this.listInteractions({ userId: ownerId, videoId });
    return list.view === 'owner' ? (list.items as InteractionView[]) : [];
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }
}
