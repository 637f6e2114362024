import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { GenerationJobNote, GenerationJobState, GenerationProvider, GenerationSettings, GenerationTarget } from '@veolearn/contracts';

/**
 * One question-generation job. The row is the durable record (transcript, settings, state, progress);
 * the BullMQ job in Redis carries only the id.
 */
@Entity({ name: 'jobs' })
@Index('jobs_owner_created_idx', ['ownerId', 'createdAt'])
export class GenerationJobEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'owner_id', type: 'integer' })
  ownerId!: number;

  @Index('jobs_video_id_idx')
  @Column({ name: 'video_id', type: 'integer' })
  videoId!: number;

  @Column({ type: 'jsonb' })
  target!: GenerationTarget;

  @Column({ type: 'varchar', length: 20 })
  state!: GenerationJobState;

  @Column({ type: 'smallint', default: 0 })
  percent!: number;

  @Column({ type: 'varchar', length: 120 })
  stage!: string;

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @Column({ name: 'max_attempts', type: 'integer' })
  maxAttempts!: number;

  @Column({ type: 'varchar', length: 20 })
  provider!: GenerationProvider;

  @Column({ type: 'varchar', length: 200 })
  title!: string;

  /** Seconds: the video's length when known, else estimated from the transcript. */
  @Column({ name: 'duration_seconds', type: 'integer', nullable: true })
  durationSeconds!: number | null;

  @Column({ type: 'jsonb' })
  settings!: GenerationSettings;

  @Column({ type: 'text' })
  transcript!: string;

  /** Notes for the creator on the question set: a selected type without material, fewer questions than asked. */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  notes!: GenerationJobNote[];

  @Column({ name: 'question_count', type: 'integer', default: 0 })
  questionCount!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  @Column({ name: 'started_at', type: 'timestamptz', nullable: true })
  startedAt!: Date | null;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt!: Date | null;

  /** When the video-service took the finished job's outcome for its video; null while it still has to. */
  @Column({ name: 'video_synced_at', type: 'timestamptz', nullable: true })
  videoSyncedAt!: Date | null;

  /** The request that started the job: a job queued again (Redis lost it) logs under the same id. */
  @Column({ name: 'request_id', type: 'varchar', length: 64, nullable: true })
  requestId!: string | null;
}
