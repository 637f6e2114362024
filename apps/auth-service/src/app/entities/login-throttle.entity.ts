import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Failed sign-ins per e-mail, kept whether or not the account exists so a lock reveals nothing. */
@Entity({ name: 'login_throttles' })
export class LoginThrottleEntity {
  @PrimaryColumn({ name: 'email_lower', type: 'varchar', length: 254 })
  emailLower!: string;

  @Column({ type: 'integer', default: 0 })
  failures!: number;

  @Column({ name: 'locked_until', type: 'timestamptz', nullable: true })
  lockedUntil!: Date | null;

  @Column({ name: 'last_failure_at', type: 'timestamptz', nullable: true })
  lastFailureAt!: Date | null;
}
