import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The account-wide count of sign-in attempts on one e-mail from all clients, the backstop against a
 * guesser spread over many addresses (see `LoginClientThrottleEntity` for the per-client lockout).
 * Kept whether or not the account exists so a lock reveals nothing.
 */
@Entity({ name: 'login_throttles' })
export class LoginThrottleEntity {
  @PrimaryColumn({ name: 'email_lower', type: 'varchar', length: 254 })
  emailLower!: string;

  /** Attempts counted since `windowStartedAt` that have not been cleared by a success of their client. */
  @Column({ type: 'integer', default: 0 })
  failures!: number;

  /** When the current counting window (LOCKOUT_MINUTES long) began; null before the first attempt. */
  @Column({ name: 'window_started_at', type: 'timestamptz', nullable: true })
  windowStartedAt!: Date | null;

  /** The account is locked for every client until then. */
  @Column({ name: 'locked_until', type: 'timestamptz', nullable: true })
  lockedUntil!: Date | null;

  @Column({ name: 'last_failure_at', type: 'timestamptz', nullable: true })
  lastFailureAt!: Date | null;
}
