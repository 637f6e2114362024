import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { ProviderCallRecord } from '../providers/question-provider';
import { costService, emit, isBilled } from '../events';

export interface CostContext {
  jobId: string;
  ownerId: number;
  videoId: number;
}

/**
 * Stores the token usage and cost of every AI call as a durable cost event (generation.cost_events)
 * and, in the same transaction, its ai.cost-recorded domain event (none for the free built-in generator).
 */
@Injectable()
export class CostRecorder {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async record(context: CostContext, call: ProviderCallRecord, operation = 'generate-questions'): Promise<void> {
    const eventId = randomUUID();
    await this.dataSource.transaction(async (manager) => {
    const inserted: unknown[] = await manager.query(
      `INSERT INTO generation.cost_events
         (event_id, job_id, owner_id, video_id, provider, model, operation, prompt_tokens, completion_tokens, cost_usd, duration_ms, succeeded, error)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       ON CONFLICT (event_id) DO NOTHING RETURNING id`,
      [
        eventId,
        context.jobId,
        context.ownerId,
        context.videoId,
        call.provider,
        call.model.slice(0, 100),
        operation,
        Math.max(0, Math.round(call.promptTokens)),
        Math.max(0, Math.round(call.completionTokens)),
        call.costUsd.toFixed(6),
        Math.max(0, Math.round(call.durationMs)),
        call.succeeded,
        call.error?.slice(0, 2000) ?? null,
      ],
    );
    if (inserted.length === 0 || !isBilled(call.provider, call.costUsd)) return;
    await emit(manager, 'ai.cost-recorded', {
      service: costService(call.provider),
      provider: call.provider,
      model: call.model.slice(0, 100),
      operation,
      promptTokens: Math.max(0, Math.round(call.promptTokens)),
      completionTokens: Math.max(0, Math.round(call.completionTokens)),
      amountUsd: Number(call.costUsd.toFixed(6)),
      jobId: context.jobId,
      ownerId: context.ownerId,
      videoId: context.videoId,
      succeeded: call.succeeded,
    });
    });
  }
}
