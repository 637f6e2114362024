import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import Redis from 'ioredis';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { randomUUID } from 'node:crypto';
import { IsNull, Repository } from 'typeorm';
import { AppConfig } from '@veolearn/config';
import type { Principal, RequestContext } from '@veolearn/contracts';
import type { Entitlements } from '@veolearn/domain';
import { REDIS, rpcError, sessionsChangedChannel } from '@veolearn/nest-common';
import { SessionEntity, UserEntity } from './entities';

const ISSUER = 'veolearn';
const AUDIENCE = 'veolearn-api';
const REVOKED = 'revoked';

interface CachedSession {
  userId: number;
  entitlements: Entitlements;
}

type EntitledUser = Pick<UserEntity, 'id' | 'isAdmin' | 'plan' | 'subscriptionStatus' | 'trialEndsAt' | 'hasUnlimitedAccess'>;

export function entitlementsOf(user: EntitledUser): Entitlements {
  return {
    plan: user.plan,
    subscriptionStatus: user.subscriptionStatus,
    trialEndsAt: user.trialEndsAt ? new Date(user.trialEndsAt).toISOString() : null,
    hasUnlimitedAccess: user.hasUnlimitedAccess,
    isAdmin: user.isAdmin,
  };
}

/**
 * Tokens are HS256 JWTs that name a server-side session. Postgres holds the sessions;
 * Redis caches live ones and keeps a tombstone for revoked ones, so logout takes effect at once.
 */
@Injectable()
export class SessionService {
  private readonly key: Uint8Array;

  constructor(
    private readonly config: AppConfig,
    @InjectRepository(SessionEntity) private readonly sessions: Repository<SessionEntity>,
    @Inject(REDIS) private readonly redis: Redis,
  ) {
    this.key = new TextEncoder().encode(config.JWT_SECRET);
  }

  private cacheKey(sessionId: string): string {
    return `session:${sessionId}`;
  }

  async issue(user: EntitledUser, context: RequestContext): Promise<string> {
    const ttl = this.config.SESSION_TTL_SECONDS;
    const session = this.sessions.create({
      id: randomUUID(),
      userId: user.id,
      expiresAt: new Date(Date.now() + ttl * 1000),
      revokedAt: null,
      ip: context.ip?.slice(0, 64) ?? null,
      userAgent: context.userAgent?.slice(0, 512) ?? null,
    });
    await this.sessions.insert(session);
    const cached: CachedSession = { userId: user.id, entitlements: entitlementsOf(user) };
    await this.redis.set(this.cacheKey(session.id), JSON.stringify(cached), 'EX', ttl).catch(() => undefined);
    return new SignJWT({ sid: session.id, adm: user.isAdmin })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(user.id))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(Math.floor(session.expiresAt.getTime() / 1000))
      .sign(this.key);
  }

  /** The principal a token stands for, or a 401 RPC error. */
  async validate(token: string): Promise<Principal> {
    let sessionId: string;
    let userId: number;
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
      if (typeof payload.sid !== 'string' || typeof payload.sub !== 'string') throw new Error('malformed claims');
      sessionId = payload.sid;
      userId = Number(payload.sub);
      if (!Number.isInteger(userId)) throw new Error('malformed subject');
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw rpcError(401, 'Your session has expired. Please sign in again.');
      throw rpcError(401, 'Invalid session token. Please sign in again.');
    }
    const session = await this.lookup(sessionId);
    if (!session || session.userId !== userId) throw rpcError(401, 'Your session has ended. Please sign in again.');
    return { userId, sessionId, isAdmin: session.entitlements.isAdmin, entitlements: session.entitlements };
  }

  private async lookup(sessionId: string): Promise<CachedSession | null> {
    const cached = await this.redis.get(this.cacheKey(sessionId)).catch(() => undefined);
    if (cached === REVOKED) return null;
    if (cached) {
      const parsed = JSON.parse(cached) as Partial<CachedSession>;
      if (parsed.entitlements && typeof parsed.userId === 'number') return parsed as CachedSession;
    }
    const row = await this.sessions
      .createQueryBuilder('s')
      .innerJoin('users', 'u', 'u.id = s.user_id')
      .select([
        's.user_id AS "id"',
        's.expires_at AS "expiresAt"',
        'u.is_admin AS "isAdmin"',
        'u.plan AS "plan"',
        'u.subscription_status AS "subscriptionStatus"',
        'u.trial_ends_at AS "trialEndsAt"',
        'u.has_unlimited_access AS "hasUnlimitedAccess"',
      ])
      .where('s.id = :id AND s.revoked_at IS NULL AND s.expires_at > now()', { id: sessionId })
      .getRawOne<EntitledUser & { expiresAt: Date }>();
    if (!row) return null;
    const ttl = Math.floor((new Date(row.expiresAt).getTime() - Date.now()) / 1000);
    const value: CachedSession = { userId: row.id, entitlements: entitlementsOf(row) };
    // NX: never overwrite a tombstone written by a logout that raced this read.
    if (ttl > 0) await this.redis.set(this.cacheKey(sessionId), JSON.stringify(value), 'EX', ttl, 'NX').catch(() => undefined);
    return value;
  }

  async revoke(sessionId: string): Promise<void> {
    await this.sessions.update({ id: sessionId, revokedAt: IsNull() }, { revokedAt: new Date() });
    await this.redis.set(this.cacheKey(sessionId), REVOKED, 'EX', this.config.SESSION_TTL_SECONDS);
    await this.announce();
  }

  /**
   * Tells every gateway that sessions ended or changed, so none keeps trusting one it checked a moment
   * ago (SESSION_CACHE_MS). Best effort: without Redis the gateways' short period still bounds it.
   */
  private async announce(): Promise<void> {
    await this.redis.publish(sessionsChangedChannel(this.config), '1').catch(() => undefined);
  }

  /** Ends every live session of a user at once (Postgres row and Redis tombstone), as a logout would. */
  async revokeAllForUser(userId: number): Promise<number> {
    const revoked: { id: string }[] = await this.sessions
      .createQueryBuilder()
      .update()
      .set({ revokedAt: () => 'now()' })
      .where('user_id = :userId AND revoked_at IS NULL', { userId })
      .returning(['id'])
      .execute()
      .then((result) => (result.raw as { id: string }[]) ?? []);
    if (revoked.length > 0) {
      const pipeline = this.redis.pipeline();
      for (const { id } of revoked) pipeline.set(this.cacheKey(id), REVOKED, 'EX', this.config.SESSION_TTL_SECONDS);
      const results = await pipeline.exec();
      const failed = results?.find(([error]) => error);
      if (failed) throw failed[0];
      await this.announce();
    }
    return revoked.length;
  }

  /** Drops cached sessions of a user whose plan or role changed, so the next check reads Postgres. */
  async forgetUser(userId: number): Promise<void> {
    const rows = await this.sessions.find({ select: { id: true }, where: { userId, revokedAt: IsNull() } });
    if (rows.length > 0) {
      await this.redis.del(...rows.map((r) => this.cacheKey(r.id))).catch(() => undefined);
      await this.announce();
    }
  }
}
