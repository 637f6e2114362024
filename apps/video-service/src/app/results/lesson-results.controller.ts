import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  type LessonResultsCsvChunk,
  type LessonResultsCsvMessage,
  type LessonResultsMessage,
  LessonResultsPatterns,
  type LessonResultsView,
} from '@veolearn/contracts';
import { LessonResultsService } from './lesson-results.service';

@Controller()
export class LessonResultsController {
  constructor(private readonly results: LessonResultsService) {}

  @MessagePattern(LessonResultsPatterns.get)
  get(@Payload() message: LessonResultsMessage): Promise<LessonResultsView> {
    return this.results.results(message);
  }

  @MessagePattern(LessonResultsPatterns.csvChunk)
  csvChunk(@Payload() message: LessonResultsCsvMessage): Promise<LessonResultsCsvChunk> {
    return this.results.csvChunk(message);
  }
}
