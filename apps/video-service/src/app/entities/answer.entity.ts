import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One answer a learner gave to one question during an attempt. */
@Entity({ name: 'answers' })
export class AnswerEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Index('answers_attempt_id_idx')
  @Column({ name: 'attempt_id', type: 'uuid' })
  attemptId!: string;

  @Index('answers_interaction_id_idx')
  @Column({ name: 'interaction_id', type: 'integer' })
  interactionId!: number;

  @Column({ type: 'jsonb' })
  response!: unknown;

  @Column({ type: 'boolean' })
  correct!: boolean;

  @Column({ name: 'time_taken_ms', type: 'integer', nullable: true })
  timeTakenMs!: number | null;

  @Column({ name: 'answered_at', type: 'timestamptz', default: () => 'now()' })
  answeredAt!: Date;
}
