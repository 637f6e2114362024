import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { ProviderCallRecord } from '../providers/question-provider';

export interface CostContext {
  jobId: string;
  ownerId: number;
  videoId: number;
}

/** Stores the token usage and cost of every AI call as a durable cost event (generation.cost_events). */
@Injectable()
export class CostRecorder {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async record(context: CostContext, call: ProviderCallRecord, operation = 'generate-questions'): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO generation.cost_events
         (event_id, job_id, owner_id, video_id, provider, model, operation, prompt_tokens, completion_tokens, cost_usd, duration_ms, succeeded, error)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       ON CONFLICT (event_id) DO NOTHING`,
      [
        randomUUID(),
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
  }
}
