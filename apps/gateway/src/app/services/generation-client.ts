import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { AppConfig } from '@veolearn/config';
import {
  GENERATION_SERVICE,
  type GenerationJobView,
  GenerationPatterns,
  type GetGenerationJobMessage,
  type PingReply,
  type ServiceHealth,
  type StartGenerationMessage,
  type StartGenerationResult,
  type VrSearchAnswer,
  type VrSearchMessage,
  type YouTubeLookupMessage,
  type YouTubeSearchAnswer,
  type YouTubeSearchMessage,
  type YouTubeVideoDetails,
} from '@veolearn/contracts';
import { callService } from '@veolearn/nest-common';

/** Typed requests to the generation-service; one method per message pattern. */
@Injectable()
export class GenerationClient {
  constructor(
    @Inject(GENERATION_SERVICE) private readonly client: ClientProxy,
    private readonly config: AppConfig,
  ) {}

  private send<T>(pattern: string, payload: unknown, timeoutMs = this.config.SERVICE_TIMEOUT_MS): Promise<T> {
    return callService<T>(this.client, 'generation service', pattern, payload, timeoutMs);
  }

  start(message: StartGenerationMessage): Promise<StartGenerationResult> {
    // Creating the video and enqueueing may include a YouTube metadata lookup: allow it more time.
    return this.send(GenerationPatterns.start, message, this.config.SERVICE_TIMEOUT_MS * 2);
  }

  getJob(message: GetGenerationJobMessage): Promise<GenerationJobView> {
    return this.send(GenerationPatterns.getJob, message);
  }

  youtubeSearch(message: YouTubeSearchMessage): Promise<YouTubeSearchAnswer> {
    return this.send(GenerationPatterns.youtubeSearch, message, this.config.SERVICE_TIMEOUT_MS * 2);
  }

  vrSearch(message: VrSearchMessage): Promise<VrSearchAnswer> {
    return this.send(GenerationPatterns.vrSearch, message, this.config.SERVICE_TIMEOUT_MS * 2);
  }

  youtubeLookup(message: YouTubeLookupMessage): Promise<YouTubeVideoDetails> {
    return this.send(GenerationPatterns.youtubeLookup, message);
  }

  health(timeoutMs: number): Promise<ServiceHealth> {
    return this.send(GenerationPatterns.health, {}, timeoutMs);
  }

  ping(): Promise<PingReply> {
    return this.send(GenerationPatterns.ping, {});
  }
}
