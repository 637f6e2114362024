import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { AnswerStatus } from '@veolearn/contracts';

/** One learner's answer to one question during an attempt (retries update the same row). */
@Entity({ name: 'answers' })
@Index('answers_attempt_interaction_key', ['attemptId', 'interactionId'], { unique: true })
export class AnswerEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Index('answers_attempt_id_idx')
  @Column({ name: 'attempt_id', type: 'uuid' })
  attemptId!: string;

  @Index('answers_interaction_id_idx')
  @Column({ name: 'interaction_id', type: 'integer' })
  interactionId!: number;

  /** The latest try's response. */
  @Column({ type: 'jsonb' })
  response!: unknown;

  /** The first try's response (what the score and the teacher's statistics count); null for a skip, and for answers older than this column that had a second try. */
  @Column({ name: 'first_response', type: 'jsonb', nullable: true })
  firstResponse!: unknown;

  /** Whether the first try was right: this is what the score counts. */
  @Column({ type: 'boolean' })
  correct!: boolean;

  /** Where the question stands now: 'correct' once any try was right, 'incorrect', or 'skipped'. */
  @Column({ type: 'varchar', length: 20, default: 'incorrect' })
  status!: AnswerStatus;

  /** The first try's credit, 0..1 (partial credit for multiple choice, ordering, matching…). */
  @Column({ type: 'real', default: 0 })
  credit!: number;

  /** How many times the learner answered (a second try after a wrong first one; more only with "require correct"). */
  @Column({ type: 'integer', default: 1 })
  tries!: number;

  /** Whether the correct answer has been shown: false after a wrong first try until a second try or Continue Video. */
  @Column({ type: 'boolean', default: true })
  revealed!: boolean;

  @Column({ name: 'time_taken_ms', type: 'integer', nullable: true })
  timeTakenMs!: number | null;

  @Column({ name: 'answered_at', type: 'timestamptz', default: () => 'now()' })
  answeredAt!: Date;
}
