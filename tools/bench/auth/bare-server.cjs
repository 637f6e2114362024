// @ts-check
'use strict';
/**
 * The baseline of the auth benchmark: one Fastify process that does the same token and session
 * check as GET /api/auth/validate does through the gateway and the auth-service, with no hop.
 *
 * Mirrors apps/auth-service/src/app/session.service.ts (validate + lookup) and the Bearer parsing
 * of apps/gateway/src/app/auth/session.guard.ts:
 *   - Bearer header -> HS256 JWT verified with jose (issuer 'veolearn', audience 'veolearn-api'),
 *     claims sid (string) and sub (integer string);
 *   - Redis GET `<REDIS_PREFIX>:session:<sid>` ({userId, entitlements} JSON, or 'revoked');
 *   - on a miss, the same Postgres query (live, unrevoked, unexpired session joined to its user),
 *     then caches the row with SET ... EX ttl NX.
 *
 * Env: JWT_SECRET, REDIS_URL, REDIS_PREFIX, DATABASE_URL, PORT (0 = any free port).
 * Prints one line `{"port":N}` on stdout when it listens; stops on SIGTERM/SIGINT.
 */
const Fastify = require('fastify');
const Redis = require('ioredis');
const { Pool } = require('pg');
const { jwtVerify } = require('jose');

const ISSUER = 'veolearn';
const AUDIENCE = 'veolearn-api';
const REVOKED = 'revoked';
const BEARER = /^Bearer\s+([A-Za-z0-9\-_.~+/]+=*)\s*$/i;

function required(name) {
  const value = process.env[name];
  if (!value) throw new Error(`bare-server: ${name} is not set`);
  return value;
}

const key = new TextEncoder().encode(required('JWT_SECRET'));
// Same client settings as libs/nest-common createRedis().
const redis = new Redis(required('REDIS_URL'), {
  keyPrefix: `${required('REDIS_PREFIX')}:`,
  maxRetriesPerRequest: 2,
  enableOfflineQueue: false,
  connectTimeout: 3000,
});
// Same pool size as libs/persistence schemaDataSourceOptions() (max 10).
const pool = new Pool({ connectionString: required('DATABASE_URL'), max: 10, application_name: 'veolearn-bench-bare' });

const unauthorized = (message) => Object.assign(new Error(message), { statusCode: 401 });

/** @param {string} sessionId */
async function lookup(sessionId) {
  const cacheKey = `session:${sessionId}`;
  const cached = await redis.get(cacheKey).catch(() => undefined);
  if (cached === REVOKED) return null;
  if (cached) {
    const parsed = JSON.parse(cached);
    if (parsed.entitlements && typeof parsed.userId === 'number') return parsed;
  }
  const { rows } = await pool.query(
    `SELECT s.user_id AS "userId", s.expires_at AS "expiresAt", u.is_admin AS "isAdmin", u.plan AS "plan",
            u.subscription_status AS "subscriptionStatus", u.trial_ends_at AS "trialEndsAt", u.has_unlimited_access AS "hasUnlimitedAccess"
       FROM auth.sessions s INNER JOIN auth.users u ON u.id = s.user_id
      WHERE s.id = $1 AND s.revoked_at IS NULL AND s.expires_at > now()`,
    [sessionId],
  );
  const row = rows[0];
  if (!row) return null;
  const ttl = Math.floor((new Date(row.expiresAt).getTime() - Date.now()) / 1000);
  const entitlements = {
    plan: row.plan,
    subscriptionStatus: row.subscriptionStatus,
    trialEndsAt: row.trialEndsAt ? new Date(row.trialEndsAt).toISOString() : null,
    hasUnlimitedAccess: row.hasUnlimitedAccess,
    isAdmin: row.isAdmin,
  };
  const value = { userId: row.userId, entitlements };
  if (ttl > 0) await redis.set(cacheKey, JSON.stringify(value), 'EX', ttl, 'NX').catch(() => undefined);
  return value;
}

/** @param {string} token */
async function validate(token) {
  let sessionId;
  let userId;
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
    if (typeof payload.sid !== 'string' || typeof payload.sub !== 'string') throw new Error('malformed claims');
    sessionId = payload.sid;
    userId = Number(payload.sub);
    if (!Number.isInteger(userId)) throw new Error('malformed subject');
  } catch {
    throw unauthorized('Invalid session token. Please sign in again.');
  }
  const session = await lookup(sessionId);
  if (!session || session.userId !== userId) throw unauthorized('Your session has ended. Please sign in again.');
  return { userId, sessionId, isAdmin: session.entitlements.isAdmin, entitlements: session.entitlements };
}

async function main() {
  const app = Fastify({ logger: false });
  app.get('/validate', async (request) => {
    const header = request.headers.authorization;
    if (!header) throw unauthorized('Sign in to continue.');
    const match = BEARER.exec(header);
    if (!match?.[1] || match[1].length > 4096) throw unauthorized('Invalid session token. Please sign in again.');
    const principal = await validate(match[1]);
    const { plan, subscriptionStatus } = principal.entitlements;
    return { valid: true, user: { id: principal.userId, isAdmin: principal.isAdmin, plan, subscriptionStatus } };
  });
  const address = await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ port: Number(new URL(address).port) })}\n`);

  const stop = async () => {
    await app.close().catch(() => undefined);
    await pool.end().catch(() => undefined);
    await redis.quit().catch(() => redis.disconnect());
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}

main().catch((error) => {
  process.stderr.write(`bare-server failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
