import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { AppConfig } from '@veolearn/config';
import {
  type ExportLesson,
  ExportLessonPatterns,
  type ExportLessonMessage,
  LibraryPatterns,
  type SetSharingMessage,
  VIDEO_SERVICE,
  type VideoView,
} from '@veolearn/contracts';
import { requestService } from '@veolearn/nest-common';

/** Requests from the export-service to the video-service, which owns lessons: the export-service reads no other schema. */
@Injectable()
export class LibraryClient implements OnApplicationShutdown {
  constructor(
    @Inject(VIDEO_SERVICE) private readonly client: ClientProxy,
    private readonly config: AppConfig,
  ) {}

  private send<T>(pattern: string, payload: unknown): Promise<T> {
    return requestService<T>(this.client, 'video service', pattern, payload, this.config.SERVICE_TIMEOUT_MS);
  }

  /** The owner's lesson with answers, feedback and the uploaded file's key; 404 for anyone else's. */
  exportLesson(message: ExportLessonMessage): Promise<ExportLesson> {
    return this.send(ExportLessonPatterns.exportLesson, message);
  }

  /** Publishes (or unpublishes) the lesson; 402 when a read-only plan would publish a private lesson. */
  setSharing(message: SetSharingMessage): Promise<VideoView> {
    return this.send(LibraryPatterns.setSharing, message);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }
}
