import { Injectable } from '@nestjs/common';
import type { Question } from '@veolearn/domain';
import { analyseLecture, writeQuestionSet } from '@veolearn/question-writer';
import type { GenerationRequest, ProviderHooks, QuestionProvider } from './question-provider';

/**
 * The offline writer (libs/question-writer): language analysis of the transcript (wink-nlp, WordNet),
 * then questions from its definitions, categories, sequences, comparisons, rules and facts. No AI service needed.
 */
@Injectable()
export class BuiltinQuestionProvider implements QuestionProvider {
  readonly name = 'builtin' as const;
  readonly model = 'builtin';

  async generate(request: GenerationRequest, hooks: ProviderHooks): Promise<Question[]> {
    await hooks.progress(0, 'Writing questions from the transcript');
    const started = Date.now();
    const lecture = request.lecture ?? analyseLecture(request.segments, { durationSeconds: request.durationSeconds });
    const { questions, notes } = writeQuestionSet(lecture, request.settings, request.title);
    for (const note of notes) hooks.note?.(note);
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
