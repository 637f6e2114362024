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

/** Follows the browser's redirects by hand: gateway -> provider -> gateway callback. */
async function runFlow(): Promise<URL> {
  const start = await fetch(`${stack.baseUrl}/api/auth/google`, { redirect: 'manual' });
  expect(start.status).toBe(302);
  const toProvider = new URL(start.headers.get('location') ?? '');
  expect(toProvider.origin).toBe(new URL(oauth.url).origin);
  expect(toProvider.searchParams.get('client_id')).toBe('test-client-id');
  expect(toProvider.searchParams.get('scope')).toContain('email');
  expect(toProvider.searchParams.get('state')).toBeTruthy();
  expect(toProvider.searchParams.get('redirect_uri')).toBe(`${stack.baseUrl}/api/auth/google/callback`);

  const provider = await fetch(toProvider, { redirect: 'manual' });
  expect(provider.status).toBe(302);
  const backToUs = new URL(provider.headers.get('location') ?? '');
  const callback = await fetch(`${stack.baseUrl}${backToUs.pathname}${backToUs.search}`, { redirect: 'manual' });
  expect(callback.status).toBe(302);
  return new URL(callback.headers.get('location') ?? '', stack.baseUrl);
}

describe('Google sign-in against a local OAuth server', () => {
  it('says it is configured', async () => {
    await api(stack).get('/api/auth/google/status').expect(200, { configured: true });
  });

  it('creates a trial account on first sign-in and redirects with a working token', async () => {
    const landing = await runFlow();
    expect(landing.pathname).toBe('/auth/callback');
    const token = landing.searchParams.get('token');
    expect(landing.searchParams.get('error')).toBeNull();
    expect(token).toBeTruthy();
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
    await runFlow();
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
    const res = await fetch(`${unverifiedStack.baseUrl}${back.pathname}${back.search}`, { redirect: 'manual' });
    const landing = new URL(res.headers.get('location') ?? '', unverifiedStack.baseUrl);
    expect(landing.searchParams.get('token')).toBeNull();
    expect(landing.searchParams.get('error')).toMatch(/verified e-mail/);
  });
});
