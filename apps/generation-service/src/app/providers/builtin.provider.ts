import { Injectable } from '@nestjs/common';
import { generateBuiltinQuestions, type Question } from '@veolearn/domain';
import type { GenerationRequest, ProviderHooks, QuestionProvider } from './question-provider';

/** The offline generator: questions from the transcript's own sentences and terms, no AI service needed. */
@Injectable()
export class BuiltinQuestionProvider implements QuestionProvider {
  readonly name = 'builtin' as const;
  readonly model = 'builtin';

  async generate(request: GenerationRequest, hooks: ProviderHooks): Promise<Question[]> {
    await hooks.progress(0, 'Writing questions from the transcript');
    const started = Date.now();
    const questions = generateBuiltinQuestions({
      title: request.title,
      segments: request.segments,
      chapters: request.chapters,
      durationSeconds: request.durationSeconds,
      settings: request.settings,
    });
    await hooks.recordCall({
      provider: 'builtin',
      model: this.model,
      promptTokens: 0,
      completionTokens: 0,
      costUsd: 0,
      durationMs: Date.now() - started,
      succeeded: true,
    });
    await hooks.progress(1);
    return questions;
  }
}
