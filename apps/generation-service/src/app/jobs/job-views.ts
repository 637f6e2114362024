import type { GenerationJobView, InteractionView } from '@veolearn/contracts';
import type { GenerationJobEntity } from '../entities';

export function toJobView(row: GenerationJobEntity, questions?: InteractionView[]): GenerationJobView {
  return {
    id: row.id,
    videoId: row.videoId,
    state: row.state,
    percent: row.percent,
    stage: row.stage,
    error: row.error,
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    provider: row.provider,
    questionCount: row.questionCount,
    notes: row.notes ?? [],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
    ...(questions ? { questions } : {}),
  };
}
