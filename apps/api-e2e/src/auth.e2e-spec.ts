import { SignJWT } from 'jose';
import { startStack, TEST_JWT_SECRET, type RunningStack } from '@veolearn/testing';
import { api, expectErrorBody, newUser, PASSWORD, RELAXED_LIMITS, signUp, sql } from './support';

let stack: RunningStack;

beforeAll(async () => {
  stack = await startStack({ name: `auth_${process.env['TEST_TRANSPORT'] ?? 'tcp'}`, env: RELAXED_LIMITS });
});

afterAll(async () => {
  await stack?.stop();
});

describe('health and API basics', () => {
  it('reports Postgres, Redis and the auth-service as up', async () => {
    const res = await api(stack).get('/api/health').set('X-Health-Token', stack.env['HEALTH_DETAIL_TOKEN']!).expect(200);
    expect(res.body.status).toBe('ok');
    expect(res.body.details).toMatchObject({ postgres: { status: 'up' }, redis: { status: 'up' }, 'auth-service': { status: 'up' } });
  });

  it('answers unknown API routes with the common error shape', async () => {
    const res = await api(stack).get('/api/no-such-thing').expect(404);
    expect(expectErrorBody(res.body, 404)).toContain('/api/no-such-thing');
  });

  it('sets helmet security headers', async () => {
    const res = await api(stack).get('/api/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('publishes the OpenAPI document', async () => {
    const res = await api(stack).get('/api/docs/json').expect(200);
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/api/auth/signup', '/api/auth/signin', '/api/auth/validate']));
  });
});

describe('sign-up', () => {
  it('creates a trial account with every user field and a working token', async () => {
    const body = newUser();
    const before = Date.now();
    const res = await api(stack).post('/api/auth/signup').send(body).expect(201);
    expect(res.body.token).toEqual(expect.any(String));
    const user = res.body.user;
    expect(user).toEqual({
      id: expect.any(Number),
      username: body.username,
      email: body.email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      subscriptionStatus: 'trial',
      plan: 'trial',
      trialEndsAt: expect.any(String),
      hasUnlimitedAccess: false,
      totalVideosCreated: 0,
      createdAt: expect.any(String),
      lastLoginAt: expect.any(String),
      isAdmin: false,
    });
    const trialMs = new Date(user.trialEndsAt).getTime() - before;
    expect(trialMs).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(trialMs).toBeLessThan(7 * 86_400_000 + 60_000);
    const me = await api(stack).get('/api/auth/user').set('Authorization', `Bearer ${res.body.token}`).expect(200);
    expect(me.body).toEqual(user);
  });

  it('stores an argon2id hash, never the password', async () => {
    const { body } = await signUp(stack);
    const [row] = await sql<{ password_hash: string }>(stack, 'SELECT password_hash FROM auth.users WHERE email = $1', [body.email]);
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
    expect(row?.password_hash).not.toContain(PASSWORD);
  });

  it('refuses a second account with the same e-mail in any letter case', async () => {
    const { body } = await signUp(stack);
    const res = await api(stack)
      .post('/api/auth/signup')
      .send(newUser({ email: body.email.toUpperCase() }))
      .expect(409);
    expect(expectErrorBody(res.body, 409)).toMatch(/e-mail already exists/);
  });

  it('refuses a taken username in any letter case', async () => {
    const { body } = await signUp(stack);
    const res = await api(stack)
      .post('/api/auth/signup')
      .send(newUser({ username: body.username.toUpperCase() }))
      .expect(409);
    expect(expectErrorBody(res.body, 409)).toMatch(/username is already taken/);
  });

  it.each([
    ['missing username', { username: undefined }, /Username is required|Username must be text/],
    ['missing e-mail', { email: undefined }, /E-mail is required|E-mail must be text/],
    ['missing password', { password: undefined }, /Password is required|Password must be text/],
    ['missing confirmation', { confirmPassword: undefined }, /confirm your password|must be text/],
    ['short password', { password: 'short12', confirmPassword: 'short12' }, /at least 8 characters/],
    ['mismatched passwords', { confirmPassword: 'something else' }, /Passwords do not match/],
    ['terms not accepted', { acceptTerms: false }, /accept the terms/],
    ['terms missing', { acceptTerms: undefined }, /accept the terms/],
    ['invalid e-mail', { email: 'not-an-email' }, /valid e-mail/],
    ['username with spaces', { username: 'two words' }, /letters, digits/],
    ['too short username', { username: 'ab' }, /at least 3/],
    ['unknown field', { role: 'admin' }, /Unknown field "role"/],
    ['isAdmin smuggled in', { isAdmin: true }, /Unknown field "isAdmin"/],
  ])('rejects %s with 400 and a readable message', async (_label, change, pattern) => {
    const body: Record<string, unknown> = { ...newUser(), ...change };
    for (const key of Object.keys(change)) if ((change as Record<string, unknown>)[key] === undefined) delete body[key];
    const res = await api(stack).post('/api/auth/signup').send(body).expect(400);
    expect(expectErrorBody(res.body, 400)).toMatch(pattern);
    const count = await sql(stack, 'SELECT 1 FROM auth.users WHERE email_lower = lower($1)', [String(body['email'] ?? '')]);
    expect(count).toHaveLength(0);
  });
});

describe('sign-in, validate, user, logout', () => {
  it('signs in with the e-mail in the username field, case-insensitively', async () => {
    const { body } = await signUp(stack);
    const res = await api(stack).post('/api/auth/signin').send({ username: body.email.toUpperCase(), password: PASSWORD }).expect(200);
    expect(res.body.token).toEqual(expect.any(String));
    expect(res.body.user).toMatchObject({ email: body.email, isAdmin: false });
  });

  it('answers 400 for missing fields', async () => {
    for (const payload of [{}, { username: 'a@b.co' }, { password: 'x' }, { username: '', password: '' }]) {
      const res = await api(stack).post('/api/auth/signin').send(payload).expect(400);
      expect(expectErrorBody(res.body, 400)).toMatch(/Please fill in all fields|must be text/);
    }
  });

  it('gives the same 401 for an unknown e-mail and a wrong password', async () => {
    const { body } = await signUp(stack);
    const wrongPassword = await api(stack).post('/api/auth/signin').send({ username: body.email, password: 'wrong password' }).expect(401);
    const unknown = await api(stack).post('/api/auth/signin').send({ username: `nobody.${Date.now()}@example.com`, password: 'wrong password' }).expect(401);
    expect(wrongPassword.body).toEqual(unknown.body);
    expect(expectErrorBody(wrongPassword.body, 401)).toBe('Invalid email or password');
  });

  it('validates a live token, then refuses it everywhere after logout', async () => {
    const { token, user } = await signUp(stack);
    const auth = { Authorization: `Bearer ${token}` };
    const valid = await api(stack).get('/api/auth/validate').set(auth).expect(200);
    expect(valid.body).toEqual({ valid: true, user: { id: user.id, isAdmin: false, plan: 'trial', subscriptionStatus: 'trial' } });
    await api(stack).post('/api/auth/logout').set(auth).expect(200, { success: true });
    for (const [method, path] of [
      ['get', '/api/auth/validate'],
      ['get', '/api/auth/user'],
      ['post', '/api/auth/logout'],
    ] as const) {
      const res = await api(stack)[method](path).set(auth).expect(401);
      expectErrorBody(res.body, 401);
    }
    const [session] = await sql<{ revoked_at: Date | null }>(stack, 'SELECT revoked_at FROM auth.sessions WHERE user_id = $1', [user.id]);
    expect(session?.revoked_at).not.toBeNull();
  });

  it('accepts the JSON content type with an empty body, as the web sends it', async () => {
    const { token } = await signUp(stack);
    await api(stack).post('/api/auth/logout').set('Authorization', `Bearer ${token}`).set('Content-Type', 'application/json').send('').expect(200);
    await api(stack).get('/api/auth/validate').set('Authorization', `Bearer ${token}`).set('Content-Type', 'application/json').expect(401);
  });

  it('logs out one session and leaves the others alive', async () => {
    const { body, token } = await signUp(stack);
    const second = await api(stack).post('/api/auth/signin').send({ username: body.email, password: PASSWORD }).expect(200);
    await api(stack).post('/api/auth/logout').set('Authorization', `Bearer ${token}`).expect(200);
    await api(stack).get('/api/auth/validate').set('Authorization', `Bearer ${second.body.token}`).expect(200);
  });

  it('updates lastLoginAt on sign-in', async () => {
    const { body, user } = await signUp(stack);
    await sql(stack, "UPDATE auth.users SET last_login_at = now() - interval '2 days' WHERE id = $1", [user.id]);
    const res = await api(stack).post('/api/auth/signin').send({ username: body.email, password: PASSWORD }).expect(200);
    expect(Date.now() - new Date(res.body.user.lastLoginAt).getTime()).toBeLessThan(60_000);
  });
});

describe('lockout', () => {
  it('locks the client out after 5 failures in a row for 15 minutes, records it, and lets it back in afterwards', async () => {
    const { body } = await signUp(stack);
    for (let i = 0; i < 5; i++) {
      await api(stack).post('/api/auth/signin').send({ username: body.email, password: `wrong-${i}` }).expect(401);
    }
    const locked = await api(stack).post('/api/auth/signin').send({ username: body.email, password: PASSWORD }).expect(423);
    expect(expectErrorBody(locked.body, 423)).toMatch(/temporarily locked/);

    const [throttle] = await sql<{ locked_until: Date; failures: number }>(
      stack,
      'SELECT locked_until, failures FROM auth.login_client_throttles WHERE email_lower = lower($1)',
      [body.email],
    );
    const lockMs = new Date(throttle!.locked_until).getTime() - Date.now();
    expect(lockMs).toBeGreaterThan(14 * 60_000);
    expect(lockMs).toBeLessThanOrEqual(15 * 60_000);

    const events = await sql<{ event_type: string; severity: string; ip_address: string; user_email: string; created_at: Date }>(
      stack,
      'SELECT event_type, severity, ip_address, user_email, created_at FROM auth.security_events WHERE user_email = lower($1) ORDER BY id',
      [body.email],
    );
    const types = events.map((e) => e.event_type);
    expect(types.filter((t) => t === 'login_failed')).toHaveLength(5);
    expect(types).toContain('account_locked');
    expect(types).toContain('login_blocked_locked');
    const lockEvent = events.find((e) => e.event_type === 'account_locked')!;
    expect(lockEvent.severity).toBe('critical');
    expect(lockEvent.ip_address).toMatch(/127\.0\.0\.1|::1/);
    expect(lockEvent.created_at).toBeInstanceOf(Date);

    // Fifteen minutes later (moved in the database rather than waited for):
    await sql(stack, "UPDATE auth.login_client_throttles SET locked_until = now() - interval '1 second' WHERE email_lower = lower($1)", [body.email]);
    await api(stack).post('/api/auth/signin').send({ username: body.email, password: PASSWORD }).expect(200);
    const after = await sql(stack, 'SELECT 1 FROM auth.login_client_throttles WHERE email_lower = lower($1)', [body.email]);
    expect(after).toHaveLength(0);
    // The five failures before the lock stay in the account-wide count until its 15-minute window ends.
    const [account] = await sql<{ failures: number }>(stack, 'SELECT failures FROM auth.login_throttles WHERE email_lower = lower($1)', [body.email]);
    expect(account?.failures).toBe(5);
  });

  it('locks unknown e-mails the same way, so a lock reveals nothing', async () => {
    const email = `ghost.${Date.now()}@example.com`;
    for (let i = 0; i < 5; i++) await api(stack).post('/api/auth/signin').send({ username: email, password: 'whatever1' }).expect(401);
    await api(stack).post('/api/auth/signin').send({ username: email, password: 'whatever1' }).expect(423);
  });

  it('counts parallel failures without letting any slip past the limit', async () => {
    const { body } = await signUp(stack);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => api(stack).post('/api/auth/signin').send({ username: body.email, password: `bad-${i}` })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.every((s) => s === 401 || s === 423)).toBe(true);
    await api(stack).post('/api/auth/signin').send({ username: body.email, password: PASSWORD }).expect(423);
  });

  it('resets the count after a successful sign-in', async () => {
    const { body } = await signUp(stack);
    for (let i = 0; i < 4; i++) await api(stack).post('/api/auth/signin').send({ username: body.email, password: 'nope-nope' }).expect(401);
    await api(stack).post('/api/auth/signin').send({ username: body.email, password: PASSWORD }).expect(200);
    for (let i = 0; i < 4; i++) await api(stack).post('/api/auth/signin').send({ username: body.email, password: 'nope-nope' }).expect(401);
    await api(stack).post('/api/auth/signin').send({ username: body.email, password: PASSWORD }).expect(200);
  });
});

describe('token tampering', () => {
  const key = new TextEncoder().encode(TEST_JWT_SECRET);
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

  async function expect401(token: string, pattern?: RegExp) {
    const res = await api(stack).get('/api/auth/validate').set('Authorization', `Bearer ${token}`).expect(401);
    const message = expectErrorBody(res.body, 401);
    if (pattern) expect(message).toMatch(pattern);
  }

  it('refuses a token whose signature was changed', async () => {
    const { token } = await signUp(stack);
    const [h, p, s] = token.split('.');
    const flipped = `${s!.slice(0, -2)}${s!.endsWith('AA') ? 'BB' : 'AA'}`;
    await expect401(`${h}.${p}.${flipped}`);
  });

  it('refuses a token whose payload was changed to another user', async () => {
    const { token, user } = await signUp(stack);
    const [h, p, s] = token.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    await expect401(`${h}.${b64({ ...payload, sub: String(user.id + 1), adm: true })}.${s}`);
  });

  it('refuses alg: none', async () => {
    const { token } = await signUp(stack);
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    await expect401(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`);
    await expect401(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}`);
  });

  it('refuses an expired token with a message saying so', async () => {
    const { token } = await signUp(stack);
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    const expired = await new SignJWT({ sid: payload.sid, adm: false })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(payload.sub)
      .setIssuer('veolearn')
      .setAudience('veolearn-api')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 90_000)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(key);
    await expect401(expired, /expired/);
  });

  it('refuses a token signed with another secret, and a well-signed one naming no session', async () => {
    const forged = await new SignJWT({ sid: '00000000-0000-4000-8000-000000000000', adm: true })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('veolearn')
      .setAudience('veolearn-api')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    await expect401(forged);
    const noSession = await new SignJWT({ sid: '00000000-0000-4000-8000-000000000000', adm: true })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('veolearn')
      .setAudience('veolearn-api')
      .setExpirationTime('1h')
      .sign(key);
    await expect401(noSession, /session has ended/);
  });

  it('refuses missing, empty and malformed authorization headers', async () => {
    await api(stack).get('/api/auth/user').expect(401);
    for (const header of ['Bearer', 'Bearer ', 'Basic abc', 'Bearer a b c', 'Bearer not.a.jwt', `Bearer ${'x'.repeat(5000)}`]) {
      const res = await api(stack).get('/api/auth/user').set('Authorization', header).expect(401);
      expectErrorBody(res.body, 401);
    }
  });
});
