import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { AppConfig } from '@veolearn/config';
import {
  type AnswerQuestionMessage,
  type AnswerResult,
  AttemptPatterns,
  type AttemptRef,
  type AttemptResults,
  type AttemptView,
  type ProgressOutcome,
  type ReportProgressMessage,
  type RevealAnswerMessage,
  type SkipQuestionMessage,
  type StartAttemptMessage,
  type UpdateVideoSettingsMessage,
  VideoSettingsPatterns,
  type CreateFolderMessage,
  type CreateInteractionMessage,
  type DeleteInteractionResult,
  type InteractionList,
  InteractionPatterns,
  type InteractionRef,
  type InteractionView,
  type ListInteractionsMessage,
  type UpdateInteractionMessage,
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
  VIDEO_SERVICE,
  type VideoRef,
  type VideoView,
  type LessonResultsCsvChunk,
  type LessonResultsCsvMessage,
  type LessonResultsMessage,
  LessonResultsPatterns,
  type LessonResultsView,
} from '@veolearn/contracts';
import { callService } from '@veolearn/nest-common';

/** Typed requests to the video-service; one method per message pattern. */
@Injectable()
export class VideoClient {
  constructor(
    @Inject(VIDEO_SERVICE) private readonly client: ClientProxy,
    private readonly config: AppConfig,
  ) {}

  private send<T>(pattern: string, payload: unknown): Promise<T> {
    return callService<T>(this.client, 'video service', pattern, payload, this.config.SERVICE_TIMEOUT_MS);
  }

  listVideos(message: ListVideosMessage): Promise<Page<VideoView>> {
    return this.send(LibraryPatterns.listVideos, message);
  }

  getVideo(message: VideoRef): Promise<VideoView> {
    return this.send(LibraryPatterns.getVideo, message);
  }

  createVideo(message: CreateVideoMessage): Promise<VideoView> {
    return this.send(LibraryPatterns.createVideo, message);
  }

  renameVideo(message: RenameVideoMessage): Promise<VideoView> {
    return this.send(LibraryPatterns.renameVideo, message);
  }

  moveVideo(message: MoveVideoMessage): Promise<VideoView> {
    return this.send(LibraryPatterns.moveVideo, message);
  }

  deleteVideo(message: VideoRef): Promise<{ deleted: true }> {
    return this.send(LibraryPatterns.deleteVideo, message);
  }

  listFolders(message: ListFoldersMessage): Promise<FolderView[]> {
    return this.send(LibraryPatterns.listFolders, message);
  }

  createFolder(message: CreateFolderMessage): Promise<FolderView> {
    return this.send(LibraryPatterns.createFolder, message);
  }

  updateFolder(message: UpdateFolderMessage): Promise<FolderView> {
    return this.send(LibraryPatterns.updateFolder, message);
  }

  deleteFolder(message: FolderRef): Promise<DeleteFolderResult> {
    return this.send(LibraryPatterns.deleteFolder, message);
  }

  userAnalytics(owner: Owner): Promise<LibraryAnalytics> {
    return this.send(LibraryPatterns.userAnalytics, { owner });
  }

  playback(message: PlaybackMessage): Promise<PlaybackView> {
    return this.send(LibraryPatterns.playback, message);
  }

  reading(message: PlaybackMessage): Promise<ReadingView> {
    return this.send(LibraryPatterns.reading, message);
  }

  setSharing(message: SetSharingMessage): Promise<VideoView> {
    return this.send(LibraryPatterns.setSharing, message);
  }

  listInteractions(message: ListInteractionsMessage): Promise<InteractionList> {
    return this.send(InteractionPatterns.listForVideo, message);
  }

  createInteraction(message: CreateInteractionMessage): Promise<InteractionView> {
    return this.send(InteractionPatterns.create, message);
  }

  updateInteraction(message: UpdateInteractionMessage): Promise<InteractionView> {
    return this.send(InteractionPatterns.update, message);
  }

  deleteInteraction(message: InteractionRef): Promise<DeleteInteractionResult> {
    return this.send(InteractionPatterns.delete, message);
  }

  /** The videos the plan counts, and those of them without questions (the wizard may generate for them). */
  countVideos(owner: Owner): Promise<{ count: number; withoutQuestions?: number }> {
    return this.send(LibraryPatterns.countVideos, { owner });
  }

  updateVideoSettings(message: UpdateVideoSettingsMessage): Promise<VideoView> {
    return this.send(VideoSettingsPatterns.update, message);
  }

  startAttempt(message: StartAttemptMessage): Promise<AttemptView> {
    return this.send(AttemptPatterns.start, message);
  }

  answerQuestion(message: AnswerQuestionMessage): Promise<AnswerResult> {
    return this.send(AttemptPatterns.answer, message);
  }

  skipQuestion(message: SkipQuestionMessage): Promise<AnswerResult> {
    return this.send(AttemptPatterns.skip, message);
  }

  revealAnswer(message: RevealAnswerMessage): Promise<AnswerResult> {
    return this.send(AttemptPatterns.reveal, message);
  }

  reportProgress(message: ReportProgressMessage): Promise<ProgressOutcome> {
    return this.send(AttemptPatterns.progress, message);
  }

  completeAttempt(message: AttemptRef): Promise<AttemptView> {
    return this.send(AttemptPatterns.complete, message);
  }

  attemptResults(message: AttemptRef): Promise<AttemptResults> {
    return this.send(AttemptPatterns.results, message);
  }

  lessonResults(message: LessonResultsMessage): Promise<LessonResultsView> {
    return this.send(LessonResultsPatterns.get, message);
  }

  lessonResultsCsvChunk(message: LessonResultsCsvMessage): Promise<LessonResultsCsvChunk> {
    return this.send(LessonResultsPatterns.csvChunk, message);
  }

  health(timeoutMs: number): Promise<ServiceHealth> {
    return callService(this.client, 'video service', LibraryPatterns.health, {}, timeoutMs);
  }

  ping(): Promise<PingReply> {
    return this.send(LibraryPatterns.ping, {});
  }
}
