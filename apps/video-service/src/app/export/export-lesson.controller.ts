import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type ExportLesson, ExportLessonPatterns, type ExportLessonMessage } from '@veolearn/contracts';
import { ExportLessonService } from './export-lesson.service';

/** Answers the export-service, which packages lessons but owns none. */
@Controller()
export class ExportLessonController {
  constructor(private readonly lessons: ExportLessonService) {}

  @MessagePattern(ExportLessonPatterns.exportLesson)
  exportLesson(@Payload() message: ExportLessonMessage): Promise<ExportLesson> {
    return this.lessons.exportLesson(message);
  }
}
