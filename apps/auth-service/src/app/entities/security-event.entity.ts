import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { SecuritySeverity } from '@veolearn/contracts';

@Entity({ name: 'security_events' })
@Index('security_events_created_at_idx', ['createdAt'])
export class SecurityEventEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ name: 'event_type', type: 'varchar', length: 64 })
  eventType!: string;

  @Column({ type: 'varchar', length: 16 })
  severity!: SecuritySeverity;

  @Column({ name: 'user_email', type: 'varchar', length: 254, nullable: true })
  userEmail!: string | null;

  @Column({ name: 'user_id', type: 'integer', nullable: true })
  userId!: number | null;

  @Column({ name: 'ip_address', type: 'varchar', length: 64, nullable: true })
  ipAddress!: string | null;

  @Column({ type: 'jsonb', nullable: true })
  details!: Record<string, unknown> | null;

  @Column({ type: 'boolean', default: false })
  resolved!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
