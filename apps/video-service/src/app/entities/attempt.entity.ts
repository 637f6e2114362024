import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** One learner's run through one video. */
@Entity({ name: 'attempts' })
export class AttemptEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Index('attempts_video_id_idx')
  @Column({ name: 'video_id', type: 'integer' })
  videoId!: number;

  /** 'anon:<uuid>' | 'user:<id>' | 'lti:<sub>' */
  @Column({ name: 'learner_id', type: 'varchar', length: 100 })
  learnerId!: string;

  @Column({ name: 'user_id', type: 'integer', nullable: true })
  userId!: number | null;

  @Column({ type: 'varchar', length: 20 })
  status!: 'in_progress' | 'completed';

  @Column({ name: 'started_at', type: 'timestamptz', default: () => 'now()' })
  startedAt!: Date;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt!: Date | null;

  @Column({ name: 'last_position', type: 'real', default: 0 })
  lastPosition!: number;

  @Column({ name: 'watch_time_seconds', type: 'integer', default: 0 })
  watchTimeSeconds!: number;

  @Column({ type: 'real', nullable: true })
  score!: number | null;

  @Column({ name: 'correct_count', type: 'integer', default: 0 })
  correctCount!: number;

  @Column({ name: 'answered_count', type: 'integer', default: 0 })
  answeredCount!: number;
}
