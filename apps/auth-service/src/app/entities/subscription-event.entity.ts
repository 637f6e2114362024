import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { Plan, SubscriptionStatus } from '@veolearn/domain';

/** Every change of a user's plan or status, the source of the admin revenue figures. */
@Entity({ name: 'subscription_events' })
@Index('subscription_events_created_at_idx', ['createdAt'])
export class SubscriptionEventEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Index('subscription_events_user_id_idx')
  @Column({ name: 'user_id', type: 'integer' })
  userId!: number;

  @Column({ name: 'user_email', type: 'varchar', length: 254 })
  userEmail!: string;

  @Column({ name: 'event_type', type: 'varchar', length: 40 })
  eventType!: string;

  @Column({ name: 'from_plan', type: 'varchar', length: 20, nullable: true })
  fromPlan!: Plan | null;

  @Column({ name: 'to_plan', type: 'varchar', length: 20 })
  toPlan!: Plan;

  @Column({ name: 'from_status', type: 'varchar', length: 20, nullable: true })
  fromStatus!: SubscriptionStatus | null;

  @Column({ name: 'to_status', type: 'varchar', length: 20 })
  toStatus!: SubscriptionStatus;

  @Column({ type: 'numeric', precision: 10, scale: 2, default: 0 })
  amount!: string;

  @Column({ type: 'varchar', length: 3, default: 'AUD' })
  currency!: string;

  @Column({ name: 'changed_by', type: 'integer', nullable: true })
  changedBy!: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
