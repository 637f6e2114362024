import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, QueryFailedError, Repository } from 'typeorm';
import { AppConfig } from '@veolearn/config';
import type { AuthResult, GoogleSignInMessage, SignInMessage, SignUpMessage, UserView } from '@veolearn/contracts';
import {
  isLocked,
  normalizeIdentifier,
  PASSWORD_MIN_LENGTH,
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

/** seed-admin was pointed at an account that is not an admin, without ADMIN_PROMOTE_EXISTING=true. */
export class AdminPromotionRefused extends Error {
  constructor(email: string) {
    super(
      `The account ${email} already exists and is not an admin; nothing was changed. ` +
        'To promote it (its password is reset and all its sessions are ended), run again with ADMIN_PROMOTE_EXISTING=true.',
    );
    this.name = 'AdminPromotionRefused';
  }
}

@Injectable()
export class AuthService {
  constructor(
    private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
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

  /**
   * Every attempt is counted, under a row lock, before the password is checked, so parallel attempts
   * cannot get past the limit: an attempt counted beyond the limit locks the account without a check,
   * and a correct password only resets the count (and signs in) while the account is not locked.
   */
  async signIn(message: SignInMessage): Promise<AuthResult> {
    const emailLower = normalizeIdentifier(message.email);
    const { context } = message;
    const attempt = await this.countAttempt(emailLower, new Date());
    if (attempt.refused) {
      const userId = (await this.users.findOne({ select: { id: true }, where: { emailLower } }))?.id ?? null;
      await this.securityEvents.record({
        eventType: 'login_blocked_locked',
        severity: 'warning',
        email: emailLower,
        userId,
        context,
        details: attempt.lockedNow ? { attemptsInARow: attempt.count } : undefined,
      });
      if (attempt.lockedNow) await this.recordLock(emailLower, userId, context, attempt.lockedUntil, attempt.count);
      throw rpcError(423, LOCKED);
    }
    const user = await this.users.findOneBy({ emailLower });
    const ok = await this.passwords.verify(user?.passwordHash ?? null, message.password);
    const now = new Date();
    if (!user || !ok) {
      const lockedMeanwhile = await this.registerFailure(emailLower, user?.id ?? null, attempt.count, context, now);
      throw lockedMeanwhile ? rpcError(423, LOCKED) : rpcError(401, BAD_CREDENTIALS);
    }
    if (!(await this.resetAfterSuccess(emailLower, now))) {
      await this.securityEvents.record({ eventType: 'login_blocked_locked', severity: 'warning', email: emailLower, userId: user.id, context });
      throw rpcError(423, LOCKED);
    }
    await this.users.update({ id: user.id }, { lastLoginAt: now });
    user.lastLoginAt = now;
    return { token: await this.sessions.issue(user, context), user: toUserView(user) };
  }

  private lockPolicy() {
    return { threshold: this.config.LOCKOUT_THRESHOLD, lockMinutes: this.config.LOCKOUT_MINUTES };
  }

  /** Locks the throttle row of an e-mail (creating it if needed) for the rest of the transaction. */
  private async lockThrottle(manager: EntityManager, emailLower: string): Promise<LoginThrottleEntity> {
    await manager.query(`INSERT INTO "auth"."login_throttles" (email_lower, failures) VALUES ($1, 0) ON CONFLICT (email_lower) DO NOTHING`, [emailLower]);
    return manager.findOneOrFail(LoginThrottleEntity, { where: { emailLower }, lock: { mode: 'pessimistic_write' } });
  }

  /**
   * Counts an attempt before its password is checked. Refused when the account is locked, or when
   * this attempt goes beyond the limit (then it locks the account: as many attempts as the limit are
   * already counted and none of them has succeeded yet).
   */
  private async countAttempt(
    emailLower: string,
    now: Date,
  ): Promise<{ refused: false; count: number } | { refused: true; lockedNow: boolean; count: number; lockedUntil: Date | null }> {
    const policy = this.lockPolicy();
    return this.dataSource.transaction(async (manager) => {
      const current = await this.lockThrottle(manager, emailLower);
      if (isLocked(current, now)) return { refused: true, lockedNow: false, count: current.failures, lockedUntil: current.lockedUntil };
      const lockExpired = current.lockedUntil !== null;
      const count = (lockExpired ? 0 : current.failures) + 1;
      if (count > policy.threshold) {
        const lockedUntil = new Date(now.getTime() + policy.lockMinutes * 60_000);
        await manager.update(LoginThrottleEntity, { emailLower }, { failures: count, lockedUntil });
        return { refused: true, lockedNow: true, count, lockedUntil };
      }
      await manager.update(LoginThrottleEntity, { emailLower }, { failures: count, lockedUntil: null });
      return { refused: false, count };
    });
  }

  /** After a correct password: clears the count unless the account got locked meanwhile (then false). */
  private async resetAfterSuccess(emailLower: string, now: Date): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const current = await manager.findOne(LoginThrottleEntity, { where: { emailLower }, lock: { mode: 'pessimistic_write' } });
      if (!current) return true;
      if (isLocked(current, now)) return false;
      await manager.delete(LoginThrottleEntity, { emailLower });
      return true;
    });
  }

  /**
   * Records a failed password check of the attempt counted as `count`; the one that reaches the limit
   * locks the account. Returns true when another attempt locked it while this one was checking.
   */
  private async registerFailure(
    emailLower: string,
    userId: number | null,
    count: number,
    context: SignInMessage['context'],
    now: Date,
  ): Promise<boolean> {
    const policy = this.lockPolicy();
    const next = await this.dataSource.transaction(async (manager) => {
      const current = await this.lockThrottle(manager, emailLower);
      if (isLocked(current, now)) {
        await manager.update(LoginThrottleEntity, { emailLower }, { lastFailureAt: now });
        return null;
      }
      // A success may have reset the count while this attempt was checked: it then counts anew.
      const failures = Math.max(current.failures, 1);
      const lockedUntil = count >= policy.threshold ? new Date(now.getTime() + policy.lockMinutes * 60_000) : null;
      await manager.update(LoginThrottleEntity, { emailLower }, { failures, lockedUntil, lastFailureAt: now });
      return { failures: count, lockedUntil };
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
    if (next.lockedUntil) await this.recordLock(emailLower, userId, context, next.lockedUntil, next.failures);
    return false;
  }

  private async recordLock(emailLower: string, userId: number | null, context: SignInMessage['context'], lockedUntil: Date | null, failures: number): Promise<void> {
    await this.securityEvents.record({
      eventType: 'account_locked',
      severity: 'critical',
      email: emailLower,
      userId,
      context,
      details: { lockedUntil: lockedUntil?.toISOString(), failuresInARow: failures },
    });
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
      if (!user.emailVerified) {
        // Account pre-hijacking: whoever registered this e-mail with a password before its owner signed in
        // with Google must not keep a way in. Until Google has confirmed the e-mail once, linking clears the
        // password and ends every session of the account.
        await this.users.update({ id: user.id }, { passwordHash: null });
        const revoked = await this.sessions.revokeAllForUser(user.id);
        await this.securityEvents.record({
          eventType: 'oauth_linked',
          severity: 'warning',
          email: user.email,
          userId: user.id,
          context,
          details: { provider: 'google', passwordCleared: user.passwordHash !== null, sessionsRevoked: revoked },
        });
      }
      await this.users.update({ id: user.id }, { googleId: profile.googleId, emailVerified: true, lastLoginAt: now });
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
        emailVerified: true,
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

  /**
   * Creates the first admin. An existing admin with that e-mail gets the password (when it differs);
   * an existing non-admin account is promoted only with `promoteExisting` (ADMIN_PROMOTE_EXISTING=true).
   * A promotion or a password change ends every session of the account.
   */
  async ensureAdmin(
    email: string,
    password: string,
    username: string,
    options: { promoteExisting?: boolean } = {},
  ): Promise<{ created: boolean; changed: boolean; sessionsRevoked: number; user: UserView }> {
    if (password.length < PASSWORD_MIN_LENGTH) throw new Error(`ADMIN_PASSWORD must be at least ${PASSWORD_MIN_LENGTH} characters`);
    const emailLower = normalizeIdentifier(email);
    const existing = await this.users.findOneBy({ emailLower });
    if (existing) {
      if (!existing.isAdmin && !options.promoteExisting) throw new AdminPromotionRefused(existing.email);
      const promote = !existing.isAdmin || !existing.hasUnlimitedAccess;
      const passwordChanged = !(await this.passwords.verify(existing.passwordHash, password));
      if (!promote && !passwordChanged) {
        return { created: false, changed: false, sessionsRevoked: 0, user: toUserView(existing) };
      }
      await this.users.update(
        { id: existing.id },
        { isAdmin: true, hasUnlimitedAccess: true, ...(passwordChanged ? { passwordHash: await this.passwords.hash(password) } : {}) },
      );
      const sessionsRevoked = await this.sessions.revokeAllForUser(existing.id);
      return { created: false, changed: true, sessionsRevoked, user: toUserView(await this.users.findOneByOrFail({ id: existing.id })) };
    }
    const passwordHash = await this.passwords.hash(password);
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
    return { created: true, changed: true, sessionsRevoked: 0, user: toUserView(await this.users.findOneByOrFail({ id: user.id })) };
  }
}
