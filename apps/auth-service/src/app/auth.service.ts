import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, QueryFailedError, Repository } from 'typeorm';
import { AppConfig } from '@veolearn/config';
import type { AuthResult, GoogleSignInMessage, LtiSignInMessage, SignInMessage, SignUpMessage, UserView } from '@veolearn/contracts';
import {
  isLocked,
  normalizeIdentifier,
  PASSWORD_MIN_LENGTH,
  trialEndsAtFrom,
  USERNAME_MAX_LENGTH,
} from '@veolearn/domain';
import { rpcError } from '@veolearn/nest-common';
import { LoginClientThrottleEntity, LoginThrottleEntity, UserEntity } from './entities';
import { PasswordService } from './password.service';
import { SecurityEventsService } from './security-events.service';
import { SessionService } from './session.service';
import { accountFailureLimit, clientKeyOf, windowOpen } from './sign-in-throttle';
import { toUserView } from './user-view';
import { emit, registeredPayload, updatedPayload } from './events';

const BAD_CREDENTIALS = 'Invalid email or password';
const LOCKED = 'Account temporarily locked after too many failed sign-in attempts. Please try again later.';

/** Which lock refused a sign-in: this client's on the account, or the account-wide one. */
type LockScope = 'client' | 'account';
interface CountedAttempt {
  refused: false;
  clientCount: number;
  accountCount: number;
}
interface RefusedAttempt {
  refused: true;
  scope: LockScope;
  lockedNow: boolean;
  count: number;
  lockedUntil: Date | null;
}

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
    let saved: UserEntity;
    try {
      saved = await this.dataSource.transaction(async (manager) => {
        await manager.insert(UserEntity, user);
        const created = await manager.findOneByOrFail(UserEntity, { id: user.id });
        await emit(manager, 'user.registered', registeredPayload(created, 'password'));
        // Signing up signs in (the answer carries a session, and lastLoginAt is set).
        await emit(manager, 'user.signed-in', { userId: created.id, via: 'password' });
        await this.securityEvents.record({ eventType: 'account_created', severity: 'info', email: created.email, userId: created.id, context: message.context }, manager);
        return created;
      });
    } catch (error) {
      // Two sign-ups racing for the same name: the unique index decides.
      if (error instanceof QueryFailedError && (error as QueryFailedError & { code?: string }).code === '23505') {
        await this.assertAvailable(emailLower, usernameLower);
      }
      throw error;
    }
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
   * Lockout per (account, client), with an account-wide backstop. Every attempt is counted, under row
   * locks, before the password is checked, so parallel attempts cannot get past a limit:
   * - per client: LOCKOUT_THRESHOLD failures in a row on an e-mail from one client (its address) lock
   *   that client out of the account for LOCKOUT_MINUTES; other clients can still sign in;
   * - per account: accountFailureLimit(LOCKOUT_THRESHOLD) attempts on an e-mail from all clients within
   *   LOCKOUT_MINUTES lock it for everyone for LOCKOUT_MINUTES (an attacker needs that many / threshold,
   *   i.e. 10, distinct addresses to cause it, since each address is stopped at the threshold).
   * An attempt counted beyond a limit locks without a check, and a correct password only resets its
   * client's count (and signs in) while neither lock holds.
   */
  async signIn(message: SignInMessage): Promise<AuthResult> {
    const emailLower = normalizeIdentifier(message.email);
    const { context } = message;
    const clientKey = clientKeyOf(context);
    const attempt = await this.countAttempt(emailLower, clientKey, new Date());
    if (attempt.refused) {
      const userId = (await this.users.findOne({ select: { id: true }, where: { emailLower } }))?.id ?? null;
      await this.securityEvents.record({
        eventType: 'login_blocked_locked',
        severity: 'warning',
        email: emailLower,
        userId,
        context,
        details: { scope: attempt.scope, ...(attempt.lockedNow ? { attempts: attempt.count } : {}) },
      });
      if (attempt.lockedNow) await this.recordLock(emailLower, userId, context, attempt.scope, attempt.lockedUntil, attempt.count);
      throw rpcError(423, LOCKED);
    }
    const user = await this.users.findOneBy({ emailLower });
    const ok = await this.passwords.verify(user?.passwordHash ?? null, message.password);
    const now = new Date();
    if (!user || !ok) {
      const lockedMeanwhile = await this.registerFailure(emailLower, clientKey, user?.id ?? null, attempt, context, now);
      throw lockedMeanwhile ? rpcError(423, LOCKED) : rpcError(401, BAD_CREDENTIALS);
    }
    const blocked = await this.resetAfterSuccess(emailLower, clientKey, now);
    if (blocked) {
      await this.securityEvents.record({ eventType: 'login_blocked_locked', severity: 'warning', email: emailLower, userId: user.id, context, details: { scope: blocked } });
      throw rpcError(423, LOCKED);
    }
    await this.dataSource.transaction(async (manager) => {
      await manager.update(UserEntity, { id: user.id }, { lastLoginAt: now });
      await emit(manager, 'user.signed-in', { userId: user.id, via: 'password' });
    });
    user.lastLoginAt = now;
    return { token: await this.sessions.issue(user, context), user: toUserView(user) };
  }

  private lockPolicy() {
    const threshold = this.config.LOCKOUT_THRESHOLD;
    return { threshold, accountLimit: accountFailureLimit(threshold), lockMinutes: this.config.LOCKOUT_MINUTES };
  }

  /**
   * Locks the throttle rows of an e-mail, account-wide and for one client (creating them if needed),
   * for the rest of the transaction. Always in that order, so concurrent attempts cannot deadlock.
   */
  private async lockThrottles(manager: EntityManager, emailLower: string, clientKey: string): Promise<{ account: LoginThrottleEntity; client: LoginClientThrottleEntity }> {
    await manager.query(`INSERT INTO "auth"."login_throttles" (email_lower, failures) VALUES ($1, 0) ON CONFLICT (email_lower) DO NOTHING`, [emailLower]);
    const account = await manager.findOneOrFail(LoginThrottleEntity, { where: { emailLower }, lock: { mode: 'pessimistic_write' } });
    await manager.query(
      `INSERT INTO "auth"."login_client_throttles" (email_lower, client_key, failures) VALUES ($1, $2, 0) ON CONFLICT (email_lower, client_key) DO NOTHING`,
      [emailLower, clientKey],
    );
    const client = await manager.findOneOrFail(LoginClientThrottleEntity, { where: { emailLower, clientKey }, lock: { mode: 'pessimistic_write' } });
    return { account, client };
  }

  /**
   * Counts an attempt before its password is checked, for its client and for the account. Refused
   * when the account or the client is locked, or when this attempt goes beyond a limit (then it
   * locks: as many attempts as the limit are already counted and none of them has succeeded yet).
   * An attempt refused for its client is not counted against the account: no password was tried.
   */
  private async countAttempt(emailLower: string, clientKey: string, now: Date): Promise<CountedAttempt | RefusedAttempt> {
    const policy = this.lockPolicy();
    const lockedUntil = new Date(now.getTime() + policy.lockMinutes * 60_000);
    return this.dataSource.transaction(async (manager): Promise<CountedAttempt | RefusedAttempt> => {
      const { account, client } = await this.lockThrottles(manager, emailLower, clientKey);
      if (isLocked(account, now)) return { refused: true, scope: 'account', lockedNow: false, count: account.failures, lockedUntil: account.lockedUntil };
      if (isLocked(client, now)) return { refused: true, scope: 'client', lockedNow: false, count: client.failures, lockedUntil: client.lockedUntil };
      const clientWhere = { emailLower, clientKey };
      const clientCount = (client.lockedUntil !== null ? 0 : client.failures) + 1;
      if (clientCount > policy.threshold) {
        await manager.update(LoginClientThrottleEntity, clientWhere, { failures: clientCount, lockedUntil });
        return { refused: true, scope: 'client', lockedNow: true, count: clientCount, lockedUntil };
      }
      // A lock that has run out, or a window older than LOCKOUT_MINUTES, starts the account count again.
      const open = account.lockedUntil === null && windowOpen(account.windowStartedAt, now, policy.lockMinutes);
      const accountCount = (open ? account.failures : 0) + 1;
      const windowStartedAt = open ? account.windowStartedAt : now;
      if (accountCount > policy.accountLimit) {
        await manager.update(LoginThrottleEntity, { emailLower }, { failures: accountCount, windowStartedAt, lockedUntil });
        return { refused: true, scope: 'account', lockedNow: true, count: accountCount, lockedUntil };
      }
      await manager.update(LoginClientThrottleEntity, clientWhere, { failures: clientCount, lockedUntil: null });
      await manager.update(LoginThrottleEntity, { emailLower }, { failures: accountCount, windowStartedAt, lockedUntil: null });
      return { refused: false, clientCount, accountCount };
    });
  }

  /**
   * After a correct password: clears its client's count, and takes that client's attempts off the
   * account-wide count (other clients' failures stay counted). Returns which lock refuses the sign-in
   * when the account or the client got locked meanwhile, otherwise null.
   */
  private async resetAfterSuccess(emailLower: string, clientKey: string, now: Date): Promise<LockScope | null> {
    return this.dataSource.transaction(async (manager) => {
      const account = await manager.findOne(LoginThrottleEntity, { where: { emailLower }, lock: { mode: 'pessimistic_write' } });
      const client = await manager.findOne(LoginClientThrottleEntity, { where: { emailLower, clientKey }, lock: { mode: 'pessimistic_write' } });
      if (isLocked(account, now)) return 'account';
      if (isLocked(client, now)) return 'client';
      if (client) await manager.delete(LoginClientThrottleEntity, { emailLower, clientKey });
      if (account) {
        const remaining = Math.max(0, account.failures - (client?.failures ?? 0));
        if (remaining === 0) await manager.delete(LoginThrottleEntity, { emailLower });
        else await manager.update(LoginThrottleEntity, { emailLower }, { failures: remaining });
      }
      return null;
    });
  }

  /**
   * Records a failed password check of the attempt counted as `counted`; the one that reaches a limit
   * locks (its client, or the account). Returns true when a lock was set by another attempt while
   * this one was checking.
   */
  private async registerFailure(
    emailLower: string,
    clientKey: string,
    userId: number | null,
    counted: CountedAttempt,
    context: SignInMessage['context'],
    now: Date,
  ): Promise<boolean> {
    const policy = this.lockPolicy();
    const lockUntil = new Date(now.getTime() + policy.lockMinutes * 60_000);
    const next = await this.dataSource.transaction(async (manager) => {
      const { account, client } = await this.lockThrottles(manager, emailLower, clientKey);
      const scope: LockScope | null = isLocked(account, now) ? 'account' : isLocked(client, now) ? 'client' : null;
      if (scope) {
        await manager.update(LoginThrottleEntity, { emailLower }, { lastFailureAt: now });
        await manager.update(LoginClientThrottleEntity, { emailLower, clientKey }, { lastFailureAt: now });
        return { blocked: scope };
      }
      // A success may have reset a count while this attempt was checked: it then counts anew.
      const clientLock = counted.clientCount >= policy.threshold ? lockUntil : null;
      const accountLock = counted.accountCount >= policy.accountLimit ? lockUntil : null;
      await manager.update(
        LoginClientThrottleEntity,
        { emailLower, clientKey },
        { failures: Math.max(client.failures, 1), lockedUntil: clientLock, lastFailureAt: now },
      );
      await manager.update(
        LoginThrottleEntity,
        { emailLower },
        { failures: Math.max(account.failures, 1), windowStartedAt: account.windowStartedAt ?? now, lockedUntil: accountLock, lastFailureAt: now },
      );
      return { blocked: null, clientLock, accountLock };
    });
    if (next.blocked) {
      await this.securityEvents.record({ eventType: 'login_blocked_locked', severity: 'warning', email: emailLower, userId, context, details: { scope: next.blocked } });
      return true;
    }
    await this.securityEvents.record({
      eventType: 'login_failed',
      severity: 'warning',
      email: emailLower,
      userId,
      context,
      details: { failuresInARow: counted.clientCount, failuresOnAccount: counted.accountCount, accountExists: userId !== null },
    });
    if (next.accountLock) await this.recordLock(emailLower, userId, context, 'account', next.accountLock, counted.accountCount);
    else if (next.clientLock) await this.recordLock(emailLower, userId, context, 'client', next.clientLock, counted.clientCount);
    return false;
  }

  /** `scope` is 'client' when one client is locked out of the account, 'account' when everyone is. */
  private async recordLock(
    emailLower: string,
    userId: number | null,
    context: SignInMessage['context'],
    scope: LockScope,
    lockedUntil: Date | null,
    failures: number,
  ): Promise<void> {
    await this.securityEvents.record({
      eventType: 'account_locked',
      severity: 'critical',
      email: emailLower,
      userId,
      context,
      details: { scope, clientKey: clientKeyOf(context), lockedUntil: lockedUntil?.toISOString(), ...(scope === 'client' ? { failuresInARow: failures } : { failuresOnAccount: failures }) },
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
      const linkedId = user.id;
      await this.dataSource.transaction(async (manager) => {
        await manager.update(UserEntity, { id: linkedId }, { googleId: profile.googleId, emailVerified: true, lastLoginAt: now });
        await emit(manager, 'user.signed-in', { userId: linkedId, via: 'google' });
      });
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
      const fresh = user;
      user = await this.dataSource.transaction(async (manager) => {
        await manager.insert(UserEntity, fresh);
        const created = await manager.findOneByOrFail(UserEntity, { id: fresh.id });
        await emit(manager, 'user.registered', registeredPayload(created, 'google'));
        await emit(manager, 'user.signed-in', { userId: created.id, via: 'google' });
        await this.securityEvents.record({ eventType: 'account_created', severity: 'info', email: created.email, userId: created.id, context, details: { via: 'google' } }, manager);
        return created;
      });
    }
    return { token: await this.sessions.issue(user, context), user: toUserView(user) };
  }

  /**
   * A session for the account an LTI identity is linked to. The gateway sends this only after a
   * verified instructor launch of a lesson that account owns, never with an id from a client.
   * Administrator accounts are not signed in from an LMS: they sign in here themselves.
   */
  async ltiSignIn(message: LtiSignInMessage): Promise<AuthResult> {
    const { context } = message;
    const user = Number.isInteger(message.userId) && message.userId > 0 ? await this.users.findOneBy({ id: message.userId }) : null;
    if (!user) throw rpcError(404, 'The VeoLearn account linked to this LMS account no longer exists.');
    if (user.isAdmin) {
      await this.securityEvents.record({ eventType: 'lti_sign_in_refused', severity: 'warning', email: user.email, userId: user.id, context, details: { reason: 'admin account', linkId: message.linkId, issuer: message.issuer } });
      throw rpcError(403, 'An administrator account is not signed in from an LMS.');
    }
    await this.dataSource.transaction(async (manager) => {
      await manager.update(UserEntity, { id: user.id }, { lastLoginAt: new Date() });
      await emit(manager, 'user.signed-in', { userId: user.id, via: 'lti' });
      await this.securityEvents.record(
        {
          eventType: 'lti_sign_in',
          severity: 'info',
          email: user.email,
          userId: user.id,
          context,
          details: { linkId: message.linkId, issuer: message.issuer, videoId: message.videoId },
        },
        manager,
      );
    });
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
      const passwordHash = passwordChanged ? await this.passwords.hash(password) : null;
      await this.dataSource.transaction(async (manager) => {
        await manager.update(UserEntity, { id: existing.id }, { isAdmin: true, hasUnlimitedAccess: true, ...(passwordHash ? { passwordHash } : {}) });
        if (promote) await emit(manager, 'user.updated', updatedPayload({ ...existing, isAdmin: true } as UserEntity));
      });
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
    await this.dataSource.transaction(async (manager) => {
      await manager.insert(UserEntity, user);
      const created = await manager.findOneByOrFail(UserEntity, { id: user.id });
      await emit(manager, 'user.registered', registeredPayload(created, 'password'));
    });
    return { created: true, changed: true, sessionsRevoked: 0, user: toUserView(await this.users.findOneByOrFail({ id: user.id })) };
  }
}
