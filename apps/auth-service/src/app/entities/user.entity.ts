import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Plan, SubscriptionStatus } from '@veolearn/domain';

@Entity({ name: 'users' })
export class UserEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 40 })
  username!: string;

  @Index('users_username_lower_key', { unique: true })
  @Column({ name: 'username_lower', type: 'varchar', length: 40 })
  usernameLower!: string;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Index('users_email_lower_key', { unique: true })
  @Column({ name: 'email_lower', type: 'varchar', length: 254 })
  emailLower!: string;

  /** Null for accounts that only sign in with Google. */
  @Column({ name: 'password_hash', type: 'text', nullable: true })
  passwordHash!: string | null;

  @Index('users_google_id_key', { unique: true })
  @Column({ name: 'google_id', type: 'varchar', length: 255, nullable: true })
  googleId!: string | null;

  /** Google confirmed this e-mail in a Google sign-in (see the pre-hijack rule in AuthService.googleSignIn). */
  @Column({ name: 'email_verified', type: 'boolean', default: false })
  emailVerified!: boolean;

  @Column({ name: 'first_name', type: 'varchar', length: 80, nullable: true })
  firstName!: string | null;

  @Column({ name: 'last_name', type: 'varchar', length: 80, nullable: true })
  lastName!: string | null;

  @Column({ name: 'subscription_status', type: 'varchar', length: 20, default: 'trial' })
  subscriptionStatus!: SubscriptionStatus;

  @Column({ type: 'varchar', length: 20, default: 'trial' })
  plan!: Plan;

  @Column({ name: 'trial_ends_at', type: 'timestamptz', nullable: true })
  trialEndsAt!: Date | null;

  @Column({ name: 'has_unlimited_access', type: 'boolean', default: false })
  hasUnlimitedAccess!: boolean;

  @Column({ name: 'is_admin', type: 'boolean', default: false })
  isAdmin!: boolean;

  @Column({ name: 'total_videos_created', type: 'integer', default: 0 })
  totalVideosCreated!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  @Column({ name: 'last_login_at', type: 'timestamptz', nullable: true })
  lastLoginAt!: Date | null;
}
