import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { AttemptStatus } from '@veolearn/contracts';

/** One learner's run through one video. */
@Entity({ name: 'attempts' })
@Index('attempts_video_learner_idx', ['videoId', 'learnerId'])
@Index('attempts_video_started_idx', ['videoId', 'startedAt'])
export class AttemptEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Index('attempts_video_id_idx')
  @Column({ name: 'video_id', type: 'integer' })
  videoId!: number;

  /** The learner id the browser keeps (a random UUID), or another opaque learner key. */
  @Column({ name: 'learner_id', type: 'varchar', length: 100 })
  learnerId!: string;

  @Column({ name: 'user_id', type: 'integer', nullable: true })
  userId!: number | null;

  /** The name the learner typed before starting (optional), shown in the teacher's results. */
  @Column({ name: 'display_name', type: 'varchar', length: 60, nullable: true })
  displayName!: string | null;

  /** The LMS user's name, from the verified LTI launch the attempt was started in. */
  @Column({ name: 'lms_user_name', type: 'varchar', length: 200, nullable: true })
  lmsUserName!: string | null;

  /** The LMS course of that launch. */
  @Column({ name: 'lms_course', type: 'varchar', length: 200, nullable: true })
  lmsCourse!: string | null;

  /** 'abandoned' once the learner restarted the activity (Retry Activity / Start Over). */
  @Column({ type: 'varchar', length: 20 })
  status!: AttemptStatus;

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

  @Column({ name: 'skipped_count', type: 'integer', default: 0 })
  skippedCount!: number;

  /** When the last progress report arrived (no_seek compares positions against real time). */
  @Column({ name: 'last_progress_at', type: 'timestamptz', nullable: true })
  lastProgressAt!: Date | null;
}
