import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { startStack, type RunningStack } from '@veolearn/testing';
import { api, expectErrorBody, newUser, PASSWORD, RELAXED_LIMITS, signUp, sql } from './support';

let stack: RunningStack;

beforeAll(async () => {
  // One trusted hop (the test plays the proxy), so X-Forwarded-For names the client; requests
  // without it come from 127.0.0.1.
  // The gateway trusts a checked session for 10 s here (1 s by default), so a session ended outside it
  // (seed-admin from the command line) is refused at once only because the auth-service says so on Redis.
  stack = await startStack({ name: `auth_security_${process.env['TEST_TRANSPORT'] ?? 'tcp'}`, env: { ...RELAXED_LIMITS, TRUST_PROXY: '1', SESSION_CACHE_MS: '10000' } });
});

afterAll(async () => {
  await stack?.stop();
});

function signIn(email: string, password: string) {
  return api(stack).post('/api/auth/signin').send({ username: email, password });
}

/** A sign-in from the client at `ip`, as the trusted proxy forwards it. */
function signInFrom(ip: string, email: string, password: string) {
  return api(stack).post('/api/auth/signin').set('X-Forwarded-For', ip).send({ username: email, password });
}

describe('lockout under parallel sign-ins', () => {
  it('a 12-attempt burst (11 wrong, 1 right) gives at most one 200 and leaves the account locked', async () => {
    const { body } = await signUp(stack);
    const passwords = Array.from({ length: 12 }, (_, i) => (i === 6 ? PASSWORD : `wrong-${i}`));
    const results = await Promise.all(passwords.map((p) => signIn(body.email, p)));
    const statuses = results.map((r) => r.status);
    expect(statuses.every((s) => s === 200 || s === 401 || s === 423)).toBe(true);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(1);
    await signIn(body.email, PASSWORD).expect(423);
  });

  it('a correct password racing the attempts that lock the account does not unlock it', async () => {
    // Repeated on fresh accounts: on unfixed code the race is lost most of the time, not always.
    for (let round = 0; round < 4; round++) {
      const { body } = await signUp(stack);
      for (let i = 0; i < 4; i++) await signIn(body.email, `wrong-${i}`).expect(401);
      // The 5th counted attempt is either the correct one (which may then succeed and reset the count,
      // after which the 6 wrong ones lock the account again) or a wrong one, which locks it.
      const passwords = ['a-1', 'a-2', 'a-3', PASSWORD, 'a-4', 'a-5', 'a-6'];
      const results = await Promise.all(passwords.map((p) => signIn(body.email, p)));
      const right = results[3]!.status;
      const wrong = results.filter((_, i) => i !== 3).map((r) => r.status);
      expect([200, 423]).toContain(right);
      expect(wrong.every((s) => s === 401 || s === 423)).toBe(true);
      if (right === 200) {
        // Only possible when it was counted before any of the others: they then started a new count.
        expect(wrong.filter((s) => s === 401)).toHaveLength(5);
      } else {
        expect(wrong.filter((s) => s === 401).length).toBeLessThanOrEqual(1);
      }
      await signIn(body.email, PASSWORD).expect(423);
      const [throttle] = await sql<{ locked_until: Date | null }>(
        stack,
        'SELECT locked_until FROM auth.login_client_throttles WHERE email_lower = lower($1) AND client_key = $2',
        [body.email, '127.0.0.1'],
      );
      expect(throttle?.locked_until).toBeInstanceOf(Date);
      expect(new Date(throttle!.locked_until!).getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    }
  });

  it('records every refused attempt and the lock as security events', async () => {
    const { body } = await signUp(stack);
    await Promise.all(Array.from({ length: 9 }, (_, i) => signIn(body.email, `bad-${i}`)));
    const events = await sql<{ event_type: string; severity: string }>(
      stack,
      'SELECT event_type, severity FROM auth.security_events WHERE lower(user_email) = lower($1) ORDER BY id',
      [body.email],
    );
    const types = events.map((e) => e.event_type);
    expect(types.filter((t) => t === 'account_locked')).toHaveLength(1);
    expect(types.filter((t) => t === 'login_failed' || t === 'login_blocked_locked')).toHaveLength(9);
  });
});

describe('lockout per client, with an account-wide backstop', () => {
  it('locks out the client that failed five times, not the owner signing in from elsewhere', async () => {
    const { body } = await signUp(stack);
    for (let i = 0; i < 5; i++) await signInFrom('10.20.0.1', body.email, `guess-${i}`).expect(401);
    const refused = await signInFrom('10.20.0.1', body.email, PASSWORD).expect(423);
    expect(expectErrorBody(refused.body, 423)).toBe('Account temporarily locked after too many failed sign-in attempts. Please try again later.');

    await signInFrom('10.20.0.2', body.email, PASSWORD).expect(200);
    await signIn(body.email, PASSWORD).expect(200);
    // The owner's success does not lift the attacker's lock.
    await signInFrom('10.20.0.1', body.email, PASSWORD).expect(423);

    const rows = await sql<{ client_key: string; locked_until: Date | null }>(
      stack,
      'SELECT client_key, locked_until FROM auth.login_client_throttles WHERE email_lower = lower($1)',
      [body.email],
    );
    expect(rows).toEqual([{ client_key: '10.20.0.1', locked_until: expect.any(Date) }]);
    expect(new Date(rows[0]!.locked_until!).getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);

    const events = await sql<{ event_type: string; ip_address: string; details: { scope?: string } | null }>(
      stack,
      'SELECT event_type, ip_address, details FROM auth.security_events WHERE user_email = lower($1) ORDER BY id',
      [body.email],
    );
    const lock = events.filter((e) => e.event_type === 'account_locked');
    expect(lock).toEqual([{ event_type: 'account_locked', ip_address: '10.20.0.1', details: expect.objectContaining({ scope: 'client' }) }]);
    expect(events.filter((e) => e.event_type === 'login_failed').map((e) => e.ip_address)).toEqual(Array(5).fill('10.20.0.1'));
    expect(events.filter((e) => e.event_type === 'login_blocked_locked').every((e) => e.ip_address === '10.20.0.1')).toBe(true);
  });

  it("keeps counting a client's failures when the owner signs in from another address", async () => {
    const { body } = await signUp(stack);
    for (let i = 0; i < 4; i++) await signInFrom('10.21.0.1', body.email, `guess-${i}`).expect(401);
    await signInFrom('10.21.0.2', body.email, PASSWORD).expect(200);
    await signInFrom('10.21.0.1', body.email, 'guess-4').expect(401);
    await signInFrom('10.21.0.1', body.email, PASSWORD).expect(423);
    // The owner's own count is cleared by their success.
    for (let i = 0; i < 4; i++) await signInFrom('10.21.0.2', body.email, `typo-${i}`).expect(401);
    await signInFrom('10.21.0.2', body.email, PASSWORD).expect(200);
  });

  it('locks the account for everyone once ten addresses have each failed five times (50 within 15 minutes)', async () => {
    const { body } = await signUp(stack);
    const failFrom = async (ip: string) => {
      for (let i = 0; i < 5; i++) await signInFrom(ip, body.email, `spread-${i}`).expect(401);
      await signInFrom(ip, body.email, 'spread-x').expect(423);
    };
    for (let n = 1; n <= 9; n++) await failFrom(`10.22.0.${n}`);
    // 45 failures: each of those nine is locked out, the owner is not.
    await signInFrom('10.22.1.1', body.email, PASSWORD).expect(200);

    await failFrom('10.22.0.10');
    const refused = await signInFrom('10.22.1.1', body.email, PASSWORD).expect(423);
    expect(expectErrorBody(refused.body, 423)).toMatch(/temporarily locked/);
    await signInFrom('10.22.1.2', body.email, PASSWORD).expect(423);
    await signIn(body.email, PASSWORD).expect(423);

    const [account] = await sql<{ failures: number; locked_until: Date | null }>(
      stack,
      'SELECT failures, locked_until FROM auth.login_throttles WHERE email_lower = lower($1)',
      [body.email],
    );
    expect(account?.failures).toBe(50);
    expect(new Date(account!.locked_until!).getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    const locks = await sql<{ ip_address: string; details: { scope: string } }>(
      stack,
      "SELECT ip_address, details FROM auth.security_events WHERE user_email = lower($1) AND event_type = 'account_locked' AND details->>'scope' = 'account'",
      [body.email],
    );
    expect(locks).toEqual([{ ip_address: '10.22.0.10', details: expect.objectContaining({ scope: 'account', failuresOnAccount: 50 }) }]);

    // Fifteen minutes later (moved in the database rather than waited for) the owner is back in.
    await sql(stack, "UPDATE auth.login_throttles SET locked_until = now() - interval '1 second' WHERE email_lower = lower($1)", [body.email]);
    await signInFrom('10.22.1.1', body.email, PASSWORD).expect(200);
  });

  it('holds the account-wide limit against a parallel burst from many addresses', async () => {
    const { body } = await signUp(stack);
    // 60 wrong attempts at once, five from each of twelve addresses: none gets a sixth try on its own.
    const attempts = Array.from({ length: 60 }, (_, i) => signInFrom(`10.23.0.${(i % 12) + 1}`, body.email, `burst-${i}`));
    const results = await Promise.all(attempts);
    const statuses = results.map((r) => r.status);
    expect(statuses.every((s) => s === 401 || s === 423)).toBe(true);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(50);
    await signInFrom('10.23.1.1', body.email, PASSWORD).expect(423);
  });
});

describe('sign-up for an e-mail that has an account', () => {
  it('answers 409 naming the e-mail as taken (decided: kept, see README), whatever its case', async () => {
    const { body } = await signUp(stack);
    const again = newUser({ email: body.email.toUpperCase() });
    const res = await api(stack).post('/api/auth/signup').set('X-Forwarded-For', '10.30.0.9').send(again).expect(409);
    expect(expectErrorBody(res.body, 409)).toBe('An account with this e-mail already exists. Please sign in instead.');
  });

  it('limits sign-up attempts per client address per hour (AUTH_RATE_LIMIT_PER_MINUTE an hour), others unaffected', async () => {
    const { default: Redis } = await import('ioredis');
    const redis = new Redis(stack.env['REDIS_URL']!);
    const counter = (ip: string) => `${stack.redisPrefix}:{signup:ip:${ip}}:count`;
    const limit = Number(stack.env['AUTH_RATE_LIMIT_PER_MINUTE']);
    try {
      await api(stack).post('/api/auth/signup').set('X-Forwarded-For', '10.30.0.1').send(newUser()).expect(201);
      expect(Number(await redis.get(counter('10.30.0.1')))).toBe(1);
      const ttl = await redis.pttl(counter('10.30.0.1'));
      expect(ttl).toBeGreaterThan(59 * 60_000);
      expect(ttl).toBeLessThanOrEqual(60 * 60_000);

      // A client that has used up its hour (rather than sending AUTH_RATE_LIMIT_PER_MINUTE sign-ups here).
      await redis.set(counter('10.30.0.2'), String(limit), 'PX', 30 * 60_000);
      const refused = await api(stack).post('/api/auth/signup').set('X-Forwarded-For', '10.30.0.2').send(newUser()).expect(429);
      expect(expectErrorBody(refused.body, 429)).toBe('Too many sign-up attempts from this network. Please try again in an hour.');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(29 * 60);
      // A taken e-mail is refused the same way, so the limit also stops checking e-mails in bulk.
      const { body } = await signUp(stack);
      await api(stack).post('/api/auth/signup').set('X-Forwarded-For', '10.30.0.2').send(newUser({ email: body.email })).expect(429);

      await api(stack).post('/api/auth/signup').set('X-Forwarded-For', '10.30.0.3').send(newUser()).expect(201);
    } finally {
      redis.disconnect();
    }
  });
});

function seedAdmin(email: string, password: string, extra: Record<string, string> = {}) {
  return spawnSync(process.execPath, [join(__dirname, '../../../dist/apps/auth-service/main.js'), 'seed-admin'], {
    env: { ...stack.env, ADMIN_EMAIL: email, ADMIN_PASSWORD: password, ADMIN_USERNAME: 'admin', ...extra },
    encoding: 'utf8',
  });
}

describe('seed-admin on an existing account', () => {
  it('refuses to promote a self-registered account unless ADMIN_PROMOTE_EXISTING=true, and then ends its sessions', async () => {
    const { body, token, user } = await signUp(stack);
    const validate = () => api(stack).get('/api/auth/validate').set('Authorization', `Bearer ${token}`);
    await validate().expect(200);

    const refused = seedAdmin(body.email, 'new admin password');
    expect(refused.status).not.toBe(0);
    expect(`${refused.stdout}${refused.stderr}`).toMatch(/ADMIN_PROMOTE_EXISTING/);
    const stillUser = await validate().expect(200);
    expect(stillUser.body.user.isAdmin).toBe(false);
    const [row] = await sql<{ is_admin: boolean; has_unlimited_access: boolean }>(stack, 'SELECT is_admin, has_unlimited_access FROM auth.users WHERE id = $1', [
      user.id,
    ]);
    expect(row).toEqual({ is_admin: false, has_unlimited_access: false });
    await signIn(body.email, PASSWORD).expect(200);

    const promoted = seedAdmin(body.email, 'new admin password', { ADMIN_PROMOTE_EXISTING: 'true' });
    expect(promoted.status).toBe(0);
    await validate().expect(401);
    await signIn(body.email, PASSWORD).expect(401);
    const signedIn = await signIn(body.email, 'new admin password').expect(200);
    expect(signedIn.body.user.isAdmin).toBe(true);
    const live = await sql(stack, 'SELECT 1 FROM auth.sessions WHERE user_id = $1 AND revoked_at IS NULL', [user.id]);
    expect(live).toHaveLength(1);
  });

  it('re-seeding an existing admin with a new password ends its sessions; with the same password it keeps them', async () => {
    const email = `admin.${Date.now()}@example.com`;
    expect(seedAdmin(email, 'first admin password').status).toBe(0);
    const first = await signIn(email, 'first admin password').expect(200);
    const validate = (token: string) => api(stack).get('/api/auth/validate').set('Authorization', `Bearer ${token}`);

    expect(seedAdmin(email, 'first admin password').status).toBe(0);
    await validate(first.body.token).expect(200);

    expect(seedAdmin(email, 'second admin password').status).toBe(0);
    await validate(first.body.token).expect(401);
    await signIn(email, 'second admin password').expect(200);
  });
});
