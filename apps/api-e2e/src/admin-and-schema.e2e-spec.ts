import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { startStack, type RunningStack } from '@veolearn/testing';
import { api, RELAXED_LIMITS, signUp } from './support';
import { waterCycleSrt } from './fixtures/transcripts';

const ADMIN = { email: 'Head.Teacher@example.com', password: 'admin password 1', username: 'admin' };
let stack: RunningStack;

beforeAll(async () => {
  stack = await startStack({ name: 'admin_schema', admin: ADMIN, env: RELAXED_LIMITS });
});

afterAll(async () => {
  await stack?.stop();
});

describe('first admin from ADMIN_EMAIL / ADMIN_PASSWORD', () => {
  it('can sign in and is an admin with unlimited access', async () => {
    const res = await api(stack).post('/api/auth/signin').send({ username: ADMIN.email, password: ADMIN.password }).expect(200);
    expect(res.body.user).toMatchObject({ isAdmin: true, hasUnlimitedAccess: true, username: 'admin', subscriptionStatus: 'active' });
    const valid = await api(stack).get('/api/auth/validate').set('Authorization', `Bearer ${res.body.token}`).expect(200);
    expect(valid.body.user.isAdmin).toBe(true);
  });

  it('ordinary accounts are not admins', async () => {
    const { token } = await signUp(stack);
    const valid = await api(stack).get('/api/auth/validate').set('Authorization', `Bearer ${token}`).expect(200);
    expect(valid.body.user.isAdmin).toBe(false);
  });
});

describe('migrations', () => {
  it('leave nothing pending between the entities and the database', () => {
    const output = execFileSync(process.execPath, [join(__dirname, '../../../dist/apps/auth-service/main.js'), 'schema-check'], {
      env: { ...stack.env },
      encoding: 'utf8',
    });
    expect(output).toContain('matches its entities');
  });
});

describe('queue dashboard at /admin/queues (issue 15)', () => {
  const signIn = async (username: string, password: string) =>
    (await api(stack).post('/api/auth/signin').send({ username, password }).expect(200)).body.token as string;
  const cookieFrom = (setCookie: string | string[] | undefined) => String(Array.isArray(setCookie) ? setCookie[0] : setCookie).split(';')[0];

  it('is closed to callers without an admin session: 401 signed out, 403 for a teacher, 401 for a forged cookie', async () => {
    const page = await api(stack).get('/admin/queues').set('Accept', 'text/html').expect(401);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.text).toContain('Open the queue dashboard from the admin area while signed in as an admin.');
    const json = await api(stack).get('/admin/queues/api/queues').expect(401);
    expect(json.body).toEqual({ statusCode: 401, message: 'Open the queue dashboard from the admin area while signed in as an admin.' });

    await api(stack).post('/api/admin/queues/session').expect(401);
    const teacher = await signUp(stack);
    const refused = await api(stack).post('/api/admin/queues/session').set('Authorization', `Bearer ${teacher.token}`).expect(403);
    expect(refused.body.message).toBe("You don't have admin permissions.");
    // A teacher who writes the cookie by hand is still not an admin.
    const teacherCookie = await api(stack).get('/admin/queues/api/queues').set('Cookie', `veolearn_queues=${teacher.token}`).expect(403);
    expect(teacherCookie.body.message).toBe("You don't have admin permissions.");
    const forged = await api(stack).get('/admin/queues/api/queues').set('Cookie', 'veolearn_queues=not.a.token').expect(401);
    expect(forged.body.message).toMatch(/Sign in again/);
  });

  it("opens for an admin with a path-scoped HttpOnly cookie, lists the four queues read-only, with a generation job's real counts", async () => {
    const token = await signIn(ADMIN.email, ADMIN.password);
    const opened = await api(stack).post('/api/admin/queues/session').set('Authorization', `Bearer ${token}`).expect(200);
    expect(opened.body).toEqual({ url: '/admin/queues', expiresInSeconds: 900 });
    const setCookie = String(opened.headers['set-cookie']);
    expect(setCookie).toMatch(/^veolearn_queues=[^;]+; Path=\/admin\/queues; HttpOnly; SameSite=Strict; Max-Age=900$/);
    const cookie = cookieFrom(opened.headers['set-cookie']);

    const page = await api(stack).get('/admin/queues').set('Cookie', cookie).expect(200);
    expect(page.text).toContain('VeoLearn queues');
    const script = /src="(static\/js\/main\.[^"]+\.js)"/.exec(page.text)?.[1];
    expect(script).toBeTruthy();
    await api(stack).get(`/admin/queues/${script}`).set('Cookie', cookie).expect(200);

    // A real job through the product: the dashboard shows what Redis holds, not sample data.
    const pasted = await api(stack)
      .post('/api/youtube/transcript-paste')
      .set('Authorization', `Bearer ${token}`)
      .send({ youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ', transcript: waterCycleSrt(), interactionCount: 3, questionTypes: ['single'], questionsPerTopic: 1 })
      .expect(202);
    const deadline = Date.now() + 30_000;
    let generation: { name: string; counts: Record<string, number>; readOnlyMode: boolean } | undefined;
    let names: string[] = [];
    while (Date.now() < deadline) {
      const res = await api(stack).get('/admin/queues/api/queues').query({ activeQueue: 'generation', status: 'completed', page: 1 }).set('Cookie', cookie).expect(200);
      names = res.body.queues.map((q: { name: string }) => q.name);
      generation = res.body.queues.find((q: { name: string }) => q.name === 'generation');
      if ((generation?.counts.completed ?? 0) >= 1) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(names.sort()).toEqual(['events-admin-metrics', 'export', 'generation', 'lti-grades']);
    expect(generation).toMatchObject({ readOnlyMode: true });
    expect(generation?.counts.completed).toBeGreaterThanOrEqual(1);
    expect(pasted.body.job.id).toBeTruthy();

    // Read-only whatever bull-board offers.
    const pause = await api(stack).put('/admin/queues/api/queues/pause').set('Cookie', cookie).expect(405);
    expect(pause.body.message).toMatch(/read-only/);

    const closed = await api(stack).delete('/api/admin/queues/session').set('Authorization', `Bearer ${token}`).expect(204);
    expect(String(closed.headers['set-cookie'])).toContain('veolearn_queues=; Path=/admin/queues; HttpOnly; SameSite=Strict; Max-Age=0');
  });
});
