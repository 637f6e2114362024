import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Failed sign-ins in a row on one e-mail from one client (its address, IPv6 by /64). A client that
 * reaches LOCKOUT_THRESHOLD is locked out of that account for LOCKOUT_MINUTES; other clients are not.
 */
@Entity({ name: 'login_client_throttles' })
export class LoginClientThrottleEntity {
  @PrimaryColumn({ name: 'email_lower', type: 'varchar', length: 254 })
  emailLower!: string;

  @PrimaryColumn({ name: 'client_key', type: 'varchar', length: 64 })
  clientKey!: string;

  @Column({ type: 'integer', default: 0 })
  failures!: number;

  @Column({ name: 'locked_until', type: 'timestamptz', nullable: true })
  lockedUntil!: Date | null;

  @Column({ name: 'last_failure_at', type: 'timestamptz', nullable: true })
  lastFailureAt!: Date | null;
}
