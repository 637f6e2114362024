import { startStack, type RunningStack } from '@veolearn/testing';
import { api, expectErrorBody, PASSWORD, RELAXED_LIMITS, signUp, sql } from './support';

const ADMIN = { email: 'owner@example.com', password: 'owner password 1', username: 'admin' };
let stack: RunningStack;
let adminToken: string;

beforeAll(async () => {
  stack = await startStack({ name: `account_${process.env['TEST_TRANSPORT'] ?? 'tcp'}`, admin: ADMIN, env: RELAXED_LIMITS });
  const res = await api(stack).post('/api/auth/signin').send({ username: ADMIN.email, password: ADMIN.password }).expect(200);
  adminToken = res.body.token;
});

afterAll(async () => {
  await stack?.stop();
});

describe('PUT /api/auth/user (edit profile)', () => {
  it('changes first name, last name and username', async () => {
    const { token } = await signUp(stack);
    const username = `renamed_${Date.now().toString(36)}`;
    const res = await api(stack).put('/api/auth/user').set('Authorization', `Bearer ${token}`).send({ firstName: ' Grace ', lastName: 'Hopper', username }).expect(200);
    expect(res.body).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', username });
    const me = await api(stack).get('/api/auth/user').set('Authorization', `Bearer ${token}`).expect(200);
    expect(me.body).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', username });
  });

  it('clears a name sent as empty text or null', async () => {
    const { token } = await signUp(stack);
    const res = await api(stack).put('/api/auth/user').set('Authorization', `Bearer ${token}`).send({ firstName: '', lastName: null }).expect(200);
    expect(res.body).toMatchObject({ firstName: null, lastName: null });
  });

  it('refuses a username someone else has, in any letter case', async () => {
    const first = await signUp(stack);
    const second = await signUp(stack);
    const res = await api(stack)
      .put('/api/auth/user')
      .set('Authorization', `Bearer ${second.token}`)
      .send({ username: first.body.username.toUpperCase() })
      .expect(409);
    expect(expectErrorBody(res.body, 409)).toMatch(/already taken/);
  });

  it('lets a user change only the case of their own username', async () => {
    const { token, body } = await signUp(stack);
    await api(stack).put('/api/auth/user').set('Authorization', `Bearer ${token}`).send({ username: body.username.toUpperCase() }).expect(200);
  });

  it.each([
    [{ username: 'a b' }, /letters, digits/],
    [{ username: 'ab' }, /at least 3/],
    [{ firstName: 42 }, /must be text/],
    [{ email: 'new@example.com' }, /Unknown field "email"/],
    [{ isAdmin: true }, /Unknown field "isAdmin"/],
  ])('rejects %j', async (body, pattern) => {
    const { token } = await signUp(stack);
    const res = await api(stack).put('/api/auth/user').set('Authorization', `Bearer ${token}`).send(body).expect(400);
    expect(expectErrorBody(res.body, 400)).toMatch(pattern);
  });

  it('needs a session', async () => {
    await api(stack).put('/api/auth/user').send({ firstName: 'X' }).expect(401);
  });
});

describe('admin: set a user plan and status', () => {
  it('refuses non-admins with 403 and anonymous callers with 401', async () => {
    const { token, user } = await signUp(stack);
    const res = await api(stack).put(`/api/admin/users/${user.id}/subscription`).set('Authorization', `Bearer ${token}`).send({ plan: 'pro' }).expect(403);
    expect(expectErrorBody(res.body, 403)).toMatch(/admin permissions/);
    await api(stack).put(`/api/admin/users/${user.id}/subscription`).send({ plan: 'pro' }).expect(401);
  });

  it('upgrades a trial to an active Pro plan and records the event with its amount', async () => {
    const { token, user } = await signUp(stack);
    const res = await api(stack).put(`/api/admin/users/${user.id}/subscription`).set('Authorization', `Bearer ${adminToken}`).send({ plan: 'pro' }).expect(200);
    expect(res.body).toMatchObject({ id: user.id, plan: 'pro', subscriptionStatus: 'active' });
    const me = await api(stack).get('/api/auth/user').set('Authorization', `Bearer ${token}`).expect(200);
    expect(me.body).toMatchObject({ plan: 'pro', subscriptionStatus: 'active' });

    await api(stack).put(`/api/admin/users/${user.id}/subscription`).set('Authorization', `Bearer ${adminToken}`).send({ subscriptionStatus: 'past_due' }).expect(200);
    await api(stack).put(`/api/admin/users/${user.id}/subscription`).set('Authorization', `Bearer ${adminToken}`).send({ subscriptionStatus: 'canceled' }).expect(200);
    const events = await api(stack).get(`/api/admin/users/${user.id}/subscription-events`).set('Authorization', `Bearer ${adminToken}`).expect(200);
    expect(events.body.map((e: { eventType: string }) => e.eventType)).toEqual(['status_canceled', 'status_past_due', 'plan_and_status_changed']);
    expect(events.body[2]).toMatchObject({ fromPlan: 'trial', toPlan: 'pro', fromStatus: 'trial', toStatus: 'active', amount: 200, currency: 'AUD', userEmail: user.email });
    expect(events.body[0]).toMatchObject({ toStatus: 'canceled', amount: 0 });
    const rows = await sql(stack, 'SELECT 1 FROM auth.subscription_events WHERE user_id = $1', [user.id]);
    expect(rows).toHaveLength(3);
  });

  it('grants unlimited access', async () => {
    const { user } = await signUp(stack);
    const res = await api(stack).put(`/api/admin/users/${user.id}/subscription`).set('Authorization', `Bearer ${adminToken}`).send({ hasUnlimitedAccess: true }).expect(200);
    expect(res.body).toMatchObject({ hasUnlimitedAccess: true, plan: 'trial' });
  });

  it.each([
    [{}, 400, /at least one of/],
    [{ plan: 'gold' }, 400, /plan must be one of/],
    [{ subscriptionStatus: 'paused' }, 400, /subscriptionStatus must be one of/],
    [{ hasUnlimitedAccess: 'yes' }, 400, /true or false/],
    [{ plan: 'pro', price: 0 }, 400, /Unknown field "price"/],
  ])('rejects %j', async (body, status, pattern) => {
    const { user } = await signUp(stack);
    const res = await api(stack).put(`/api/admin/users/${user.id}/subscription`).set('Authorization', `Bearer ${adminToken}`).send(body).expect(status);
    expect(expectErrorBody(res.body, status)).toMatch(pattern);
  });

  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    await api(stack).put('/api/admin/users/999999/subscription').set('Authorization', `Bearer ${adminToken}`).send({ plan: 'pro' }).expect(404);
    for (const id of ['abc', '0', '-1', '1.5', '99999999999', '1%27%20OR%201=1']) {
      const res = await api(stack).put(`/api/admin/users/${id}/subscription`).set('Authorization', `Bearer ${adminToken}`).send({ plan: 'pro' }).expect(400);
      expect(expectErrorBody(res.body, 400)).toMatch(/User id must be a positive whole number/);
    }
  });

  it('applies a plan change to live sessions at once', async () => {
    const { body, user } = await signUp(stack);
    const session = await api(stack).post('/api/auth/signin').send({ username: body.email, password: PASSWORD }).expect(200);
    await api(stack).put(`/api/admin/users/${user.id}/subscription`).set('Authorization', `Bearer ${adminToken}`).send({ plan: 'enterprise' }).expect(200);
    // The session cache was dropped, so the very next check sees the new plan.
    const valid = await api(stack).get('/api/auth/validate').set('Authorization', `Bearer ${session.body.token}`).expect(200);
    expect(valid.body.user).toEqual({ id: user.id, isAdmin: false, plan: 'enterprise', subscriptionStatus: 'active' });
  });
});
