import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
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
  type VideoView,
} from '@veolearn/contracts';
import { AttemptsService } from './attempts.service';
import { VideoSettingsService } from './video-settings.service';

@Controller()
export class AttemptsController {
  constructor(
    private readonly attempts: AttemptsService,
    private readonly settings: VideoSettingsService,
  ) {}

  @MessagePattern(AttemptPatterns.start)
  start(@Payload() message: StartAttemptMessage): Promise<AttemptView> {
    return this.attempts.start(message);
  }

  @MessagePattern(AttemptPatterns.answer)
  answer(@Payload() message: AnswerQuestionMessage): Promise<AnswerResult> {
    return this.attempts.answer(message);
  }

  @MessagePattern(AttemptPatterns.skip)
  skip(@Payload() message: SkipQuestionMessage): Promise<AnswerResult> {
    return this.attempts.skip(message);
  }

  @MessagePattern(AttemptPatterns.reveal)
  reveal(@Payload() message: RevealAnswerMessage): Promise<AnswerResult> {
    return this.attempts.reveal(message);
  }

  @MessagePattern(AttemptPatterns.progress)
  progress(@Payload() message: ReportProgressMessage): Promise<ProgressOutcome> {
    return this.attempts.progress(message);
  }

  @MessagePattern(AttemptPatterns.complete)
  complete(@Payload() message: AttemptRef): Promise<AttemptView> {
    return this.attempts.complete(message);
  }

  @MessagePattern(AttemptPatterns.results)
  results(@Payload() message: AttemptRef): Promise<AttemptResults> {
    return this.attempts.results(message);
  }

  @MessagePattern(VideoSettingsPatterns.update)
  updateSettings(@Payload() message: UpdateVideoSettingsMessage): Promise<VideoView> {
    return this.settings.update(message);
  }
}
