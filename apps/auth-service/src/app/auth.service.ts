import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, QueryFailedError, Repository } from 'typeorm';
import { AppConfig } from '@veolearn/config';
import type { AuthResult, GoogleSignInMessage, SignInMessage, SignUpMessage, UserView } from '@veolearn/contracts';
import {
  isLocked,
  normalizeIdentifier,
  PASSWORD_MIN_LENGTH,
  registerFailure,
  trialEndsAtFrom,
  USERNAME_MAX_LENGTH,
} from '@veolearn/domain';
import { rpcError } from '@veolearn/nest-common';
import { LoginThrottleEntity, UserEntity } from './entities';
import { PasswordService } from './password.service';
import { SecurityEventsService } from './security-events.service';
import { SessionService } from './session.service';
import { toUserView } from './user-view';

const BAD_CREDENTIALS = 'Invalid email or password';
const LOCKED = 'Account temporarily locked after too many failed sign-in attempts. Please try again later.';

@Injectable()
export class AuthService {
  constructor(
    private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @InjectRepository(LoginThrottleEntity) private readonly throttles: Repository<LoginThrottleEntity>,
    private readonly passwords: PasswordService,
    private readonly sessions: SessionService,
    private readonly securityEvents: SecurityEventsService,
  ) {}

  async signUp(message: SignUpMessage): Promise<AuthResult> {
    if (message.password.length < PASSWORD_MIN_LENGTH) {
      throw rpcError(400, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`);
    }
    const emailLower = normalizeIdentifier(message.email);
    const usernameLower = normalizeIdentifier(message.username);
    await this.assertAvailable(emailLower, usernameLower);
    const now = new Date();
    const user = this.users.create({
      username: message.username.trim(),
      usernameLower,
      email: message.email.trim(),
      emailLower,
      passwordHash: await this.passwords.hash(message.password),
      googleId: null,
      firstName: message.firstName?.trim() || null,
      lastName: message.lastName?.trim() || null,
      subscriptionStatus: 'trial',
      plan: 'trial',
      trialEndsAt: trialEndsAtFrom(now),
      hasUnlimitedAccess: false,
      isAdmin: false,
      totalVideosCreated: 0,
      lastLoginAt: now,
    });
    try {
      await this.users.insert(user);
    } catch (error) {
      // Two sign-ups racing for the same name: the unique index decides.
      if (error instanceof QueryFailedError && (error as QueryFailedError & { code?: string }).code === '23505') {
        await this.assertAvailable(emailLower, usernameLower);
      }
      throw error;
    }
    const saved = await this.users.findOneByOrFail({ id: user.id });
    await this.securityEvents.record({ eventType: 'account_created', severity: 'info', email: saved.email, userId: saved.id, context: message.context });
    return { token: await this.sessions.issue(saved, message.context), user: toUserView(saved) };
  }

  private async assertAvailable(emailLower: string, usernameLower: string): Promise<void> {
    if (await this.users.existsBy({ emailLower })) {
      throw rpcError(409, 'An account with this e-mail already exists. Please sign in instead.');
    }
    if (await this.users.existsBy({ usernameLower })) {
      throw rpcError(409, 'This username is already taken. Please choose another one.');
    }
  }

  async signIn(message: SignInMessage): Promise<AuthResult> {
    const emailLower = normalizeIdentifier(message.email);
    const { context } = message;
    const now = new Date();
    const throttle = await this.throttles.findOneBy({ emailLower });
    if (isLocked(throttle, now)) {
      await this.securityEvents.record({ eventType: 'login_blocked_locked', severity: 'warning', email: emailLower, context });
      throw rpcError(423, LOCKED);
    }
    const user = await this.users.findOneBy({ emailLower });
    const ok = await this.passwords.verify(user?.passwordHash ?? null, message.password);
    if (!user || !ok) {
      const lockedMeanwhile = await this.registerFailure(emailLower, user?.id ?? null, context, now);
      throw lockedMeanwhile ? rpcError(423, LOCKED) : rpcError(401, BAD_CREDENTIALS);
    }
    if (throttle) await this.throttles.delete({ emailLower });
    await this.users.update({ id: user.id }, { lastLoginAt: now });
    user.lastLoginAt = now;
    return { token: await this.sessions.issue(user, context), user: toUserView(user) };
  }

  /**
   * Counts a failure in a row-locked transaction, so parallel attempts cannot slip past the limit.
   * Returns true when another attempt locked the account while this one was checking the password.
   */
  private async registerFailure(emailLower: string, userId: number | null, context: SignInMessage['context'], now: Date): Promise<boolean> {
    const policy = { threshold: this.config.LOCKOUT_THRESHOLD, lockMinutes: this.config.LOCKOUT_MINUTES };
    const next = await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO "auth"."login_throttles" (email_lower, failures) VALUES ($1, 0) ON CONFLICT (email_lower) DO NOTHING`,
        [emailLower],
      );
      const current = await manager.findOne(LoginThrottleEntity, { where: { emailLower }, lock: { mode: 'pessimistic_write' } });
      if (isLocked(current, now)) return null;
      const state = registerFailure(current, now, policy);
      await manager.update(LoginThrottleEntity, { emailLower }, { failures: state.failures, lockedUntil: state.lockedUntil, lastFailureAt: now });
      return state;
    });
    if (!next) {
      await this.securityEvents.record({ eventType: 'login_blocked_locked', severity: 'warning', email: emailLower, userId, context });
      return true;
    }
    await this.securityEvents.record({
      eventType: 'login_failed',
      severity: 'warning',
      email: emailLower,
      userId,
      context,
      details: { failuresInARow: next.failures, accountExists: userId !== null },
    });
    if (next.lockedNow) {
      await this.securityEvents.record({
        eventType: 'account_locked',
        severity: 'critical',
        email: emailLower,
        userId,
        context,
        details: { lockedUntil: next.lockedUntil?.toISOString(), failuresInARow: next.failures },
      });
    }
    return false;
  }

  async currentUser(userId: number): Promise<UserView> {
    const user = await this.users.findOneBy({ id: userId });
    if (!user) throw rpcError(401, 'Your account no longer exists. Please sign in again.');
    return toUserView(user);
  }

  /** Signs in with a Google profile: links to the account with the same verified e-mail, or creates one. */
  async googleSignIn(message: GoogleSignInMessage): Promise<AuthResult> {
    const { profile, context } = message;
    if (!profile.email || !profile.emailVerified) {
      await this.securityEvents.record({ eventType: 'oauth_failed', severity: 'warning', email: profile.email, context, details: { reason: 'unverified e-mail' } });
      throw rpcError(403, 'Your Google account has no verified e-mail address.');
    }
    const emailLower = normalizeIdentifier(profile.email);
    const now = new Date();
    let user = (await this.users.findOneBy({ googleId: profile.googleId })) ?? (await this.users.findOneBy({ emailLower }));
    if (user) {
      await this.users.update({ id: user.id }, { googleId: profile.googleId, lastLoginAt: now });
      user = await this.users.findOneByOrFail({ id: user.id });
    } else {
      const username = await this.freeUsername(emailLower.split('@')[0] ?? 'user');
      user = this.users.create({
        username,
        usernameLower: normalizeIdentifier(username),
        email: profile.email,
        emailLower,
        passwordHash: null,
        googleId: profile.googleId,
        firstName: profile.firstName?.slice(0, 80) || null,
        lastName: profile.lastName?.slice(0, 80) || null,
        subscriptionStatus: 'trial',
        plan: 'trial',
        trialEndsAt: trialEndsAtFrom(now),
        hasUnlimitedAccess: false,
        isAdmin: false,
        totalVideosCreated: 0,
        lastLoginAt: now,
      });
      await this.users.insert(user);
      user = await this.users.findOneByOrFail({ id: user.id });
      await this.securityEvents.record({ eventType: 'account_created', severity: 'info', email: user.email, userId: user.id, context, details: { via: 'google' } });
    }
    return { token: await this.sessions.issue(user, context), user: toUserView(user) };
  }

  private async freeUsername(base: string): Promise<string> {
    const clean = base.replace(/[^A-Za-z0-9._-]/g, '').slice(0, USERNAME_MAX_LENGTH - 5) || 'user';
    let candidate = clean.length >= 3 ? clean : `${clean}user`;
    for (let i = 2; await this.users.existsBy({ usernameLower: candidate.toLowerCase() }); i++) {
      candidate = `${clean}${i}`;
    }
    return candidate;
  }

  /** Creates the first admin, or promotes and resets the account with that e-mail. */
  async ensureAdmin(email: string, password: string, username: string): Promise<{ created: boolean; user: UserView }> {
    if (password.length < PASSWORD_MIN_LENGTH) throw new Error(`ADMIN_PASSWORD must be at least ${PASSWORD_MIN_LENGTH} characters`);
    const emailLower = normalizeIdentifier(email);
    const passwordHash = await this.passwords.hash(password);
    const existing = await this.users.findOneBy({ emailLower });
    if (existing) {
      await this.users.update({ id: existing.id }, { isAdmin: true, hasUnlimitedAccess: true, passwordHash });
      await this.sessions.forgetUser(existing.id);
      return { created: false, user: toUserView(await this.users.findOneByOrFail({ id: existing.id })) };
    }
    const name = (await this.users.existsBy({ usernameLower: normalizeIdentifier(username) })) ? await this.freeUsername(username) : username;
    const user = this.users.create({
      username: name,
      usernameLower: normalizeIdentifier(name),
      email,
      emailLower,
      passwordHash,
      googleId: null,
      firstName: null,
      lastName: null,
      subscriptionStatus: 'active',
      plan: 'enterprise',
      trialEndsAt: null,
      hasUnlimitedAccess: true,
      isAdmin: true,
      totalVideosCreated: 0,
      lastLoginAt: null,
    });
    await this.users.insert(user);
    return { created: true, user: toUserView(await this.users.findOneByOrFail({ id: user.id })) };
  }
}
