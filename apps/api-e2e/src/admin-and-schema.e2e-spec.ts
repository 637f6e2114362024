import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { startStack, type RunningStack } from '@veolearn/testing';
import { api, RELAXED_LIMITS, signUp } from './support';

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
