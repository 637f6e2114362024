import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Gamification records (issue 14), per learner key: 'user:<id>' for a signed-in user's attempts,
 * 'learner:<id>' for an anonymous learner id. Apart from attempts and answers: never part of a score.
 */

/** The points one right answer earned in one attempt (one row per question and attempt at most). */
@Entity({ name: 'learner_points' })
@Index('learner_points_learner_idx', ['learnerKey'])
export class LearnerPointsEntity {
  @PrimaryColumn({ name: 'attempt_id', type: 'uuid', primaryKeyConstraintName: 'PK_learner_points' })
  attemptId!: string;

  @PrimaryColumn({ name: 'interaction_id', type: 'integer', primaryKeyConstraintName: 'PK_learner_points' })
  interactionId!: number;

  @Column({ name: 'learner_key', type: 'varchar', length: 120 })
  learnerKey!: string;

  @Column({ name: 'video_id', type: 'integer' })
  videoId!: number;

  @Column({ type: 'integer' })
  points!: number;

  /** Right on the first try (more points) or on a later one. */
  @Column({ name: 'first_try', type: 'boolean' })
  firstTry!: boolean;

  @Column({ name: 'awarded_at', type: 'timestamptz' })
  awardedAt!: Date;
}

/** A completed attempt of a lesson with gamification on: its UTC day counts for the day streak. */
@Entity({ name: 'learner_completions' })
@Index('learner_completions_learner_day_idx', ['learnerKey', 'day'])
export class LearnerCompletionEntity {
  @PrimaryColumn({ name: 'attempt_id', type: 'uuid', primaryKeyConstraintName: 'PK_learner_completions' })
  attemptId!: string;

  @Column({ name: 'learner_key', type: 'varchar', length: 120 })
  learnerKey!: string;

  @Column({ name: 'video_id', type: 'integer' })
  videoId!: number;

  /** The UTC calendar day it was completed on. */
  @Column({ type: 'date' })
  day!: string;

  /** Every question right on the first try. */
  @Column({ type: 'boolean' })
  perfect!: boolean;

  @Column({ name: 'completed_at', type: 'timestamptz' })
  completedAt!: Date;
}

/** An achievement a learner holds: awarded once, with the attempt that earned it. */
@Entity({ name: 'learner_achievements' })
export class LearnerAchievementEntity {
  @PrimaryColumn({ name: 'learner_key', type: 'varchar', length: 120, primaryKeyConstraintName: 'PK_learner_achievements' })
  learnerKey!: string;

  @PrimaryColumn({ type: 'varchar', length: 40, primaryKeyConstraintName: 'PK_learner_achievements' })
  achievement!: string;

  @Column({ name: 'attempt_id', type: 'uuid' })
  attemptId!: string;

  @Column({ name: 'video_id', type: 'integer' })
  videoId!: number;

  @Column({ name: 'earned_at', type: 'timestamptz' })
  earnedAt!: Date;
}
