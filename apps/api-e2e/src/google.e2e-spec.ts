import { startOAuthMock, startStack, type OAuthMock, type RunningStack } from '@veolearn/testing';
import { api, RELAXED_LIMITS, signUp, sql } from './support';

const GOOGLE_USER = {
  sub: 'google-uid-42',
  email: 'Grace.Hopper@example.com',
  email_verified: true,
  name: 'Grace Hopper',
  given_name: 'Grace',
  family_name: 'Hopper',
};

let oauth: OAuthMock;
let stack: RunningStack;

beforeAll(async () => {
  oauth = await startOAuthMock(GOOGLE_USER);
  stack = await startStack({ name: `google_${process.env['TEST_TRANSPORT'] ?? 'tcp'}`, env: { ...RELAXED_LIMITS, ...oauth.googleEnv } });
});

afterAll(async () => {
  await stack?.stop();
  await oauth?.stop();
});

interface Flow {
  /** Where the gateway's callback sent the browser. */
  landing: URL;
  /** The browser's Google sign-in cookie (`name=value`), set by GET /api/auth/google. */
  cookie: string;
  /** The callback URL the provider sent the browser to. */
  callbackUrl: string;
}

function cookieOf(res: Response): string {
  const header = res.headers.get('set-cookie') ?? '';
  return header.split(';')[0] ?? '';
}

/** Follows the browser's redirects by hand: gateway -> provider -> gateway callback, with the browser's cookie. */
async function runFlow(): Promise<Flow> {
  const start = await fetch(`${stack.baseUrl}/api/auth/google`, { redirect: 'manual' });
  expect(start.status).toBe(302);
  const setCookie = start.headers.get('set-cookie') ?? '';
  expect(setCookie).toMatch(/HttpOnly/i);
  expect(setCookie).toMatch(/SameSite=Lax/i);
  const cookie = cookieOf(start);
  expect(cookie).toMatch(/=.+/);
  const toProvider = new URL(start.headers.get('location') ?? '');
  expect(toProvider.origin).toBe(new URL(oauth.url).origin);
  expect(toProvider.searchParams.get('client_id')).toBe('test-client-id');
  expect(toProvider.searchParams.get('scope')).toContain('email');
  expect(toProvider.searchParams.get('state')).toBeTruthy();
  expect(toProvider.searchParams.get('redirect_uri')).toBe(`${stack.baseUrl}/api/auth/google/callback`);

  const provider = await fetch(toProvider, { redirect: 'manual' });
  expect(provider.status).toBe(302);
  const backToUs = new URL(provider.headers.get('location') ?? '');
  const callbackUrl = `${stack.baseUrl}${backToUs.pathname}${backToUs.search}`;
  const callback = await fetch(callbackUrl, { redirect: 'manual', headers: { cookie } });
  expect(callback.status).toBe(302);
  return { landing: new URL(callback.headers.get('location') ?? '', stack.baseUrl), cookie, callbackUrl };
}

function exchange(code: string | null, cookie?: string): Promise<Response> {
  return fetch(`${stack.baseUrl}/api/auth/google/exchange`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ code }),
  });
}

/** Signs in through the whole flow and returns the session token. */
async function signInWithGoogle(): Promise<string> {
  const { landing, cookie } = await runFlow();
  expect(landing.pathname).toBe('/auth/callback');
  expect(landing.searchParams.get('error')).toBeNull();
  expect(landing.searchParams.get('token')).toBeNull();
  const res = await exchange(landing.searchParams.get('code'), cookie);
  expect(res.status).toBe(200);
  const { token } = (await res.json()) as { token: string };
  expect(token).toBeTruthy();
  return token;
}

describe('Google sign-in against a local OAuth server', () => {
  it('says it is configured', async () => {
    await api(stack).get('/api/auth/google/status').expect(200, { configured: true });
  });

  it('creates a trial account on first sign-in and redirects with a one-time code that gives a working token', async () => {
    const token = await signInWithGoogle();
    const me = await api(stack).get('/api/auth/user').set('Authorization', `Bearer ${token}`).expect(200);
    expect(me.body).toMatchObject({
      email: 'Grace.Hopper@example.com',
      firstName: 'Grace',
      lastName: 'Hopper',
      subscriptionStatus: 'trial',
      isAdmin: false,
    });
    const [row] = await sql<{ google_id: string; password_hash: string | null }>(stack, 'SELECT google_id, password_hash FROM auth.users WHERE email_lower = $1', [
      'grace.hopper@example.com',
    ]);
    expect(row).toEqual({ google_id: 'google-uid-42', password_hash: null });
  });

  it('signs the same Google account into the same user the second time', async () => {
    await signInWithGoogle();
    const rows = await sql(stack, 'SELECT id FROM auth.users WHERE google_id = $1', ['google-uid-42']);
    expect(rows).toHaveLength(1);
  });

  it('redirects with an error when the provider reports one', async () => {
    const start = await fetch(`${stack.baseUrl}/api/auth/google`, { redirect: 'manual' });
    const state = new URL(start.headers.get('location') ?? '').searchParams.get('state');
    const res = await fetch(`${stack.baseUrl}/api/auth/google/callback?error=access_denied&state=${state}`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const landing = new URL(res.headers.get('location') ?? '', stack.baseUrl);
    expect(landing.pathname).toBe('/auth/callback');
    expect(landing.searchParams.get('error')).toBeTruthy();
    expect(landing.searchParams.get('token')).toBeNull();
  });

  it('refuses a callback whose state was not issued here, and records it', async () => {
    const res = await fetch(`${stack.baseUrl}/api/auth/google/callback?code=stolen&state=forged`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const landing = new URL(res.headers.get('location') ?? '', stack.baseUrl);
    expect(landing.searchParams.get('error')).toBeTruthy();
    const events = await sql(stack, "SELECT 1 FROM auth.security_events WHERE event_type = 'oauth_failed'");
    expect(events.length).toBeGreaterThan(0);
  });
});

describe('Google sign-in is bound to the browser that started it', () => {
  it('refuses a replayed callback URL, even with the right cookie', async () => {
    const { landing, cookie, callbackUrl } = await runFlow();
    expect(landing.searchParams.get('code')).toBeTruthy();
    const replay = await fetch(callbackUrl, { redirect: 'manual', headers: { cookie } });
    expect(replay.status).toBe(302);
    const again = new URL(replay.headers.get('location') ?? '', stack.baseUrl);
    expect(again.pathname).toBe('/auth/callback');
    expect(again.searchParams.get('error')).toBe('The sign-in link expired or was not started here.');
    expect(again.searchParams.get('code')).toBeNull();
    expect(again.searchParams.get('token')).toBeNull();
  });

  it('refuses a callback in a browser that did not start the sign-in (no cookie, or another one)', async () => {
    const start = await fetch(`${stack.baseUrl}/api/auth/google`, { redirect: 'manual' });
    const provider = await fetch(start.headers.get('location') ?? '', { redirect: 'manual' });
    const back = new URL(provider.headers.get('location') ?? '');
    const other = await fetch(`${stack.baseUrl}/api/auth/google`, { redirect: 'manual' });
    for (const headers of [{}, { cookie: cookieOf(other) }] as Record<string, string>[]) {
      const res = await fetch(`${stack.baseUrl}${back.pathname}${back.search}`, { redirect: 'manual', headers });
      expect(res.status).toBe(302);
      const landing = new URL(res.headers.get('location') ?? '', stack.baseUrl);
      expect(landing.pathname).toBe('/auth/callback');
      expect(landing.searchParams.get('error')).toBe('The sign-in link expired or was not started here.');
      expect(landing.searchParams.get('code')).toBeNull();
      expect(landing.searchParams.get('token')).toBeNull();
    }
  });

  it('exchanges a code once, and only in the browser that started the sign-in', async () => {
    const { landing, cookie } = await runFlow();
    const code = landing.searchParams.get('code');
    expect(code).toBeTruthy();
    const other = cookieOf(await fetch(`${stack.baseUrl}/api/auth/google`, { redirect: 'manual' }));
    expect((await exchange(code)).status).toBe(400);
    expect((await exchange(code, other)).status).toBe(400);
    const ok = await exchange(code, cookie);
    expect(ok.status).toBe(200);
    const { token } = (await ok.json()) as { token: string };
    await api(stack).get('/api/auth/user').set('Authorization', `Bearer ${token}`).expect(200);
    expect((await exchange(code, cookie)).status).toBe(400);
    expect((await exchange('made-up-code', cookie)).status).toBe(400);
  });
});

describe('Google sign-in with an unverified e-mail', () => {
  let unverifiedOAuth: OAuthMock;
  let unverifiedStack: RunningStack;

  beforeAll(async () => {
    const { body } = await signUp(stack);
    unverifiedOAuth = await startOAuthMock({ sub: 'google-uid-evil', email: body.email, email_verified: false });
    unverifiedStack = await startStack({ name: 'google_unverified', env: { ...RELAXED_LIMITS, ...unverifiedOAuth.googleEnv } });
  });

  afterAll(async () => {
    await unverifiedStack?.stop();
    await unverifiedOAuth?.stop();
  });

  it('does not sign in or link an account', async () => {
    const start = await fetch(`${unverifiedStack.baseUrl}/api/auth/google`, { redirect: 'manual' });
    const provider = await fetch(start.headers.get('location') ?? '', { redirect: 'manual' });
    const back = new URL(provider.headers.get('location') ?? '');
    const res = await fetch(`${unverifiedStack.baseUrl}${back.pathname}${back.search}`, { redirect: 'manual', headers: { cookie: cookieOf(start) } });
    const landing = new URL(res.headers.get('location') ?? '', unverifiedStack.baseUrl);
    expect(landing.searchParams.get('token')).toBeNull();
    expect(landing.searchParams.get('code')).toBeNull();
    expect(landing.searchParams.get('error')).toMatch(/verified e-mail/);
  });
});

describe('Google sign-in linking to an account that somebody registered with a password (pre-hijack)', () => {
  const victim = { email: `victim.${Date.now().toString(36)}@example.com`, password: 'attacker knows this 123' };
  let victimOAuth: OAuthMock;
  let victimStack: RunningStack;

  beforeAll(async () => {
    victimOAuth = await startOAuthMock({ sub: 'google-uid-victim', email: victim.email, email_verified: true, name: 'Victim' });
    // TCP even in the NATS run: this file's stacks run side by side, and over NATS they would share the
    // services' queue groups (the rule under test does not depend on the transport).
    victimStack = await startStack({ name: 'google_prehijack', transport: 'tcp', env: { ...RELAXED_LIMITS, ...victimOAuth.googleEnv } });
  });

  afterAll(async () => {
    await victimStack?.stop();
    await victimOAuth?.stop();
  });

  async function googleToken(): Promise<string> {
    const start = await fetch(`${victimStack.baseUrl}/api/auth/google`, { redirect: 'manual' });
    const cookie = cookieOf(start);
    const provider = await fetch(start.headers.get('location') ?? '', { redirect: 'manual' });
    const back = new URL(provider.headers.get('location') ?? '');
    const res = await fetch(`${victimStack.baseUrl}${back.pathname}${back.search}`, { redirect: 'manual', headers: { cookie } });
    const code = new URL(res.headers.get('location') ?? '', victimStack.baseUrl).searchParams.get('code');
    expect(code).toBeTruthy();
    const exchanged = await fetch(`${victimStack.baseUrl}/api/auth/google/exchange`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ code }),
    });
    expect(exchanged.status).toBe(200);
    return ((await exchanged.json()) as { token: string }).token;
  }

  it("clears the password and ends the sessions of the account on the first Google sign-in, not on later ones", async () => {
    const { token: preHijackToken } = await signUp(victimStack, { email: victim.email, password: victim.password, confirmPassword: victim.password });
    await api(victimStack).get('/api/auth/user').set('Authorization', `Bearer ${preHijackToken}`).expect(200);

    const first = await googleToken();
    await api(victimStack).get('/api/auth/user').set('Authorization', `Bearer ${first}`).expect(200);
    await api(victimStack).get('/api/auth/user').set('Authorization', `Bearer ${preHijackToken}`).expect(401);
    const signIn = await api(victimStack).post('/api/auth/signin').send({ username: victim.email, password: victim.password });
    expect(signIn.status).toBe(401);
    const [row] = await sql<{ password_hash: string | null; email_verified: boolean }>(victimStack, 'SELECT password_hash, email_verified FROM auth.users WHERE email_lower = $1', [
      victim.email.toLowerCase(),
    ]);
    expect(row).toEqual({ password_hash: null, email_verified: true });

    // The e-mail is now verified by Google: signing in again keeps the other sessions.
    const second = await googleToken();
    await api(victimStack).get('/api/auth/user').set('Authorization', `Bearer ${first}`).expect(200);
    await api(victimStack).get('/api/auth/user').set('Authorization', `Bearer ${second}`).expect(200);
  });
});
