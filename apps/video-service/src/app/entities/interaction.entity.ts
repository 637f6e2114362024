import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { QuestionType } from '@veolearn/domain';

/** A question placed on a video's timeline. */
@Entity({ name: 'interactions' })
export class InteractionEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Index('interactions_video_id_idx')
  @Column({ name: 'video_id', type: 'integer' })
  videoId!: number;

  @Column({ type: 'varchar', length: 32 })
  type!: QuestionType;

  @Column({ type: 'text' })
  question!: string;

  /** The situation text of a scenario question; null for every other type. */
  @Column({ type: 'text', nullable: true })
  scenario!: string | null;

  @Column({ type: 'jsonb' })
  options!: unknown;

  @Column({ name: 'correct_answer', type: 'jsonb' })
  correctAnswer!: unknown;

  /** Seconds into the video. */
  @Column({ type: 'real' })
  timestamp!: number;

  @Column({ name: 'topic_title', type: 'varchar', length: 200, nullable: true })
  topicTitle!: string | null;

  @Column({ name: 'topic_start_time', type: 'real', nullable: true })
  topicStartTime!: number | null;

  @Column({ type: 'jsonb', nullable: true })
  feedback!: unknown;

  @Column({ type: 'integer', default: 0 })
  position!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
