import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { GenerationProvider } from '@veolearn/contracts';

/**
 * Token usage and cost of one AI call (also of built-in generator runs, at zero cost), kept for the
 * admin area. `event_id` is unique so a replayed record is stored once.
 */
@Entity({ name: 'cost_events' })
@Index('cost_events_created_idx', ['createdAt'])
export class CostEventEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Index('cost_events_event_id_key', { unique: true })
  @Column({ name: 'event_id', type: 'uuid' })
  eventId!: string;

  @Index('cost_events_job_id_idx')
  @Column({ name: 'job_id', type: 'uuid', nullable: true })
  jobId!: string | null;

  @Column({ name: 'owner_id', type: 'integer', nullable: true })
  ownerId!: number | null;

  @Column({ name: 'video_id', type: 'integer', nullable: true })
  videoId!: number | null;

  @Column({ type: 'varchar', length: 20 })
  provider!: GenerationProvider;

  @Column({ type: 'varchar', length: 100 })
  model!: string;

  @Column({ type: 'varchar', length: 40 })
  operation!: string;

  @Column({ name: 'prompt_tokens', type: 'integer', default: 0 })
  promptTokens!: number;

  @Column({ name: 'completion_tokens', type: 'integer', default: 0 })
  completionTokens!: number;

  /** US dollars. */
  @Column({ name: 'cost_usd', type: 'numeric', precision: 12, scale: 6, default: 0 })
  costUsd!: string;

  @Column({ name: 'duration_ms', type: 'integer', default: 0 })
  durationMs!: number;

  @Column({ type: 'boolean' })
  succeeded!: boolean;

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
