import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { createRemoteJWKSet, decodeProtectedHeader, generateKeyPair, jwtVerify, type JWTPayload } from 'jose';
import type { Response } from 'supertest';
import { LTI, LtiTestPlatform, ROLE, type SignOptions, startStack, TEST_HEALTH_TOKEN, type RunningStack } from '@veolearn/testing';
import { api, logsFromNow, RELAXED_LIMITS, signUp, sql } from './support';

/**
 * The LTI 1.3 tool through the real gateway and lti-service, against a test platform started here
 * (its own keys, JWKS, OIDC authentication endpoint, token endpoint and AGS line items, built with
 * jose): registration, login and launch, the tool-side cases of the 1EdTech certification guide, the
 * checks stricter than certified libraries, and grade passback with its faults.
 */

const ADMIN = { email: 'lti.admin@example.com', password: 'lti admin password 1', username: 'admin' };
const VIDEO_ID = 7;

let stack: RunningStack;
let platform: LtiTestPlatform;
let adminToken: string;
const STACK_NAME = `lti_${process.env['TEST_TRANSPORT'] ?? 'tcp'}`;
let origin: string;

const admin = () => ({ Authorization: `Bearer ${adminToken}` });

beforeAll(async () => {
  platform = await new LtiTestPlatform().start();
  stack = await startStack({
    name: STACK_NAME,
    admin: ADMIN,
    env: { ...RELAXED_LIMITS, LTI_GRADE_BACKOFF_MS: '150', LTI_GRADE_BACKOFF_MAX_MS: '600', LTI_GRADE_ATTEMPTS: '30' },
  });
  origin = stack.env['PUBLIC_URL'];
  platform.useToolJwks(`${stack.baseUrl}/api/lti/jwks`);
  const res = await api(stack).post('/api/auth/signin').send({ username: ADMIN.email, password: ADMIN.password }).expect(200);
  adminToken = res.body.token;
  await api(stack).post('/api/admin/lti/platforms').set(admin()).send(platform.registration).expect(201);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await platform?.stop();
});

interface Login {
  state: string;
  nonce: string;
  cookie: string;
  target: string;
}

const target = (video = VIDEO_ID) => `${origin}/api/lti/launch?video=${video}`;

/** The platform starts a login (OIDC third-party initiation); the tool answers with the authentication request. */
async function login(method: 'get' | 'post' = 'get'): Promise<Login> {
  const params = { iss: platform.issuer, login_hint: 'learner-1', target_link_uri: target(), client_id: platform.clientId, lti_message_hint: 'hint-1' };
  const res =
    method === 'get'
      ? await api(stack).get('/api/lti/login').query(params).expect(302)
      : await api(stack).post('/api/lti/login').type('form').send(params).expect(302);
  const location = new URL(res.headers['location'] as string);
  expect(`${location.origin}${location.pathname}`).toBe(`${platform.baseUrl}/auth`);
  const state = location.searchParams.get('state') as string;
  const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const cookie = cookies.find((c) => c.startsWith(`lti-state-${state}=`)) as string;
  expect(cookie).toMatch(/HttpOnly/);
  expect(cookie).toMatch(/SameSite=None/);
  return { state, nonce: location.searchParams.get('nonce') as string, cookie: cookie.split(';')[0] as string, target: location.searchParams.get('redirect_uri') as string };
}

function post(idToken: string, session: Login, cookie: string | null = session.cookie): Promise<Response> {
  const req = api(stack).post('/api/lti/launch').type('form');
  if (cookie) void req.set('Cookie', cookie);
  return req.send({ id_token: idToken, state: session.state });
}

/** A full login and launch whose id_token carries `overrides` over a normal learner launch. */
async function launch(overrides: Record<string, unknown> = {}, options: SignOptions = {}): Promise<{ res: Response; session: Login; token: string }> {
  const session = await login();
  const token = await platform.sign({ ...platform.baseClaims(session.nonce, session.target), ...overrides } as JWTPayload, options);
  return { res: await post(token, session), session, token };
}

async function securityEvents(): Promise<number> {
  const rows = await sql<{ n: string }>(stack, 'SELECT count(*) AS n FROM lti.security_events');
  return Number(rows[0]?.n ?? 0);
}

/** A refused launch: a 4xx HTML page saying why (no stack trace) and one more security event. */
async function expectRefused(overrides: Record<string, unknown>, reason: RegExp, options: SignOptions = {}): Promise<void> {
  const before = await securityEvents();
  const { res } = await launch(overrides, options);
  expectRefusedPage(res, reason);
  expect(await securityEvents()).toBe(before + 1);
}

function expectRefusedPage(res: Response, reason: RegExp): void {
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  expect(res.headers['content-type']).toMatch(/text\/html/);
  expect(res.text).toMatch(/This LMS launch was refused/);
  expect(res.text).toMatch(reason);
  expect(res.text).not.toMatch(/\bat .+\.(js|ts):\d+/);
}

function launchToken(res: Response): string {
  expect(res.status).toBe(303);
  const location = res.headers['location'] as string;
  const token = new URL(location, origin).searchParams.get('lti');
  expect(token).toBeTruthy();
  return token as string;
}

async function waitFor<T>(what: string, check: () => Promise<T | undefined> | T | undefined, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('registration and keys', () => {
  it('lets only admins register platforms (403 otherwise) and refuses a bad registration with 400', async () => {
    const user = await signUp(stack);
    await api(stack).post('/api/admin/lti/platforms').set({ Authorization: `Bearer ${user.token}` }).send(platform.registration).expect(403);
    await api(stack).get('/api/admin/lti/platforms').set({ Authorization: `Bearer ${user.token}` }).expect(403);
    await api(stack).post('/api/admin/lti/platforms').send(platform.registration).expect(401);
    const bad = await api(stack).post('/api/admin/lti/platforms').set(admin()).send({ ...platform.registration, keysetUrl: 'not a url', deploymentIds: [] }).expect(400);
    expect(bad.body.message).toMatch(/keysetUrl must be an http\(s\) URL/);
    expect(bad.body.message).toMatch(/deploymentIds needs at least one/);
    const list = await api(stack).get('/api/admin/lti/platforms').set(admin()).expect(200);
    expect(list.body).toEqual([expect.objectContaining({ issuer: platform.issuer, clientId: platform.clientId, deploymentIds: [platform.deploymentId] })]);
  });

  it('registers a platform with the documented command', () => {
    const main = join(__dirname, '../../../dist/apps/lti-service/main.js');
    const output = execFileSync(
      process.execPath,
      [main, 'register-platform', '--issuer', 'https://moodle.school.example', '--client-id', 'abc123', '--deployment-id', '1', '--deployment-id', '2',
        '--auth-login-url', 'https://moodle.school.example/mod/lti/auth.php', '--auth-token-url', 'https://moodle.school.example/mod/lti/token.php',
        '--keyset-url', 'https://moodle.school.example/mod/lti/certs.php'],
      { env: { ...process.env, ...stack.env }, encoding: 'utf8' },
    );
    expect(JSON.parse(output)).toMatchObject({ issuer: 'https://moodle.school.example', clientId: 'abc123', deploymentIds: ['1', '2'] });
  });

  it('publishes its keys with kids and keeps the previous key through a rotation', async () => {
    const first = await api(stack).get('/api/lti/jwks').expect(200);
    expect(first.body.keys).toHaveLength(1);
    const [key] = first.body.keys;
    expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.any(String), n: expect.any(String), e: 'AQAB' });
    expect(key).not.toHaveProperty('d');
    await api(stack).post('/api/lti/jwks').expect(404);
    const user = await signUp(stack);
    await api(stack).post('/api/admin/lti/keys/rotate').set({ Authorization: `Bearer ${user.token}` }).expect(403);
    const rotated = await api(stack).post('/api/admin/lti/keys/rotate').set(admin()).expect(201);
    expect(rotated.body.map((k: { state: string }) => k.state)).toEqual(['current', 'previous']);
    const second = await api(stack).get('/api/lti/jwks').expect(200);
    expect(second.body.keys.map((k: { kid: string }) => k.kid)).toEqual([rotated.body[0].kid, key.kid]);
    await api(stack).post('/api/admin/lti/keys/rotate').set(admin()).expect(201);
    const third = await api(stack).get('/api/lti/jwks').expect(200);
    expect(third.body.keys).toHaveLength(2);
    expect(third.body.keys.map((k: { kid: string }) => k.kid)).not.toContain(key.kid);
  });
});

describe('operations', () => {
  it('reports the lti-service, its Postgres and its queue in the health details', async () => {
    const res = await api(stack).get('/api/health').set('X-Health-Token', TEST_HEALTH_TOKEN).expect(200);
    expect(res.body.info).toMatchObject({ 'lti-service': { status: 'up' }, 'lti-service:postgres': { status: 'up' }, 'lti-service:queue': { status: 'up' } });
  });

  it('answers 4xx, never 500, to malformed LTI requests', async () => {
    await api(stack).post('/api/lti/launch').type('form').send('id_token=&state=').expect(400);
    await api(stack).post('/api/lti/launch').send({ id_token: 'x', state: 'y' }).expect(400);
    await api(stack).post('/api/lti/launch').type('form').send({ id_token: 'x', state: 'z'.repeat(500) }).expect(400);
    await api(stack).get('/api/lti/login').expect(400);
    await api(stack).post('/api/lti/login').type('form').send('iss=%ZZ').expect(400);
    await api(stack).delete('/api/admin/lti/platforms/not-a-uuid').set(admin()).expect(404);
    await api(stack).get('/api/admin/lti/grades').query({ state: 'nonsense' }).set(admin()).expect(200);
    // Form bodies are taken by the LTI endpoints only; the rest of the API still wants JSON.
    const form = await api(stack).post('/api/auth/signin').type('form').send({ username: 'a', password: 'b' }).expect(415);
    expect(form.body.message).toMatch(/as JSON/);
  });
});

describe('login and launch', () => {
  it('goes from login (GET) through the platform\'s OIDC endpoint to the learner player with the LMS context', async () => {
    const session = await login('get');
    // The platform's authentication endpoint answers with the auto-posting launch form.
    const auth = await fetch(`${platform.baseUrl}/auth?${new URL(`http://x/?${new URLSearchParams({
      scope: 'openid', response_type: 'id_token', response_mode: 'form_post', prompt: 'none', client_id: platform.clientId,
      redirect_uri: session.target, login_hint: 'learner-1', state: session.state, nonce: session.nonce,
    })}`).search.slice(1)}`);
    expect(auth.status).toBe(200);
    const html = await auth.text();
    const idToken = /name="id_token" value="([^"]+)"/.exec(html)?.[1] as string;
    expect(/action="([^"]+)"/.exec(html)?.[1]).toBe(target());
    const res = await post(idToken, session);
    expect(res.status).toBe(303);
    expect(res.headers['location']).toMatch(new RegExp(`^/embed/${VIDEO_ID}\\?lti=[A-Za-z0-9_-]{43}$`));
    const context = await api(stack).get('/api/lti/context').set('X-LTI-Launch', launchToken(res)).expect(200);
    expect(context.body).toEqual(expect.objectContaining({ ltiActive: true, course: { name: 'Biology 101' }, role: 'learner', videoId: VIDEO_ID, gradePassback: true }));
    // The attempt belongs to the LTI user: the same learner id on every launch of that user.
    expect(context.body.learnerId).toMatch(/^lti-[0-9a-f-]{36}$/);
    const again = await launch();
    const second = await api(stack).get('/api/lti/context').set('X-LTI-Launch', launchToken(again.res)).expect(200);
    expect(second.body.learnerId).toBe(context.body.learnerId);
    const none = await api(stack).get('/api/lti/context').expect(200);
    expect(none.body).toEqual({ ltiActive: false, course: null });
    const unknown = await api(stack).get('/api/lti/context').set('X-LTI-Launch', 'x'.repeat(43)).expect(200);
    expect(unknown.body.ltiActive).toBe(false);
  });

  it('accepts a login initiation by POST', async () => {
    const session = await login('post');
    const token = await platform.sign(platform.baseClaims(session.nonce, session.target));
    expect((await post(token, session)).status).toBe(303);
  });

  it('refuses a login from an unregistered platform or towards another site, with a page and a security event', async () => {
    const before = await securityEvents();
    const res = await api(stack).get('/api/lti/login').query({ iss: 'https://unknown.example', login_hint: 'x', target_link_uri: target() });
    expect(res.status).toBe(400);
    expect(res.text).toMatch(/not registered/);
    const away = await api(stack).get('/api/lti/login').query({ iss: platform.issuer, login_hint: 'x', target_link_uri: 'https://evil.example/' });
    expect(away.status).toBe(400);
    expect(away.text).toMatch(/target_link_uri must be on this tool/);
    expect(await securityEvents()).toBe(before + 2);
  });

  it('sends an instructor to the lesson\'s LTI page', async () => {
    const { res } = await launch({ [LTI.roles]: [ROLE.instructor] });
    expect(res.headers['location']).toMatch(new RegExp(`^/lti/launch\\?video=${VIDEO_ID}&lti=`));
    const context = await api(stack).get('/api/lti/context').set('X-LTI-Launch', launchToken(res)).expect(200);
    expect(context.body.role).toBe('instructor');
  });
});

// 1EdTech LTI Advantage certification guide, section 6: the tool-side cases, each its own test.
describe('certification: refused launches', () => {
  it('no kid', () => expectRefused({}, /no kid/, { kid: null }));
  it('wrong kid', () => expectRefused({}, /No key of the platform.{1,6}s key set matches/, { kid: 'not-a-platform-key' }));
  it('wrong LTI version', () => expectRefused({ [LTI.version]: '1.2.0' }, /LTI version &quot;1.2.0&quot; is not supported/));
  it('missing LTI version', () => expectRefused({ [LTI.version]: undefined }, /no LTI version claim/));
  it('not an LTI 1.3 JWT (no LTI claims)', () =>
    expectRefused({ [LTI.messageType]: undefined, [LTI.version]: undefined, [LTI.deploymentId]: undefined }, /not an LTI 1.3 launch/));
  it('not a JWT at all', async () => {
    const session = await login();
    expectRefusedPage(await post('this-is-not-a-jwt', session), /not a signed JWT/);
  });
  it('missing LTI claims (resource link)', () => expectRefused({ [LTI.resourceLink]: undefined }, /no LTI resource_link claim/));
  it('bad iat (in the future)', () => expectRefused({ iat: Math.floor(Date.now() / 1000) + 3600 }, /issued in the future/));
  it('bad exp (expired)', () => expectRefused({ exp: Math.floor(Date.now() / 1000) - 3600, iat: Math.floor(Date.now() / 1000) - 4000 }, /expired/));
  it('missing message_type', () => expectRefused({ [LTI.messageType]: undefined }, /no LTI message_type claim/));
  it('missing roles', () => expectRefused({ [LTI.roles]: undefined }, /no LTI roles claim/));
  it('missing deployment_id', () => expectRefused({ [LTI.deploymentId]: undefined }, /no LTI deployment_id claim/));
  it('missing resource_link_id', () => expectRefused({ [LTI.resourceLink]: { title: 'no id' } }, /resource_link claim has no id/));
  it('missing sub', () => expectRefused({ sub: undefined }, /no sub/));
  it('bad signature', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    await expectRefused({}, /signature is not valid/, { key: privateKey });
  });
  it('wrong aud', () => expectRefused({ aud: 'another-tool' }, /not addressed to this tool/));
  it('replayed id_token and state', async () => {
    const { res, session, token } = await launch();
    expect(res.status).toBe(303);
    expectRefusedPage(await post(token, session), /already used/);
    // The same id_token with a new login: its nonce is not the one sent for that login.
    const next = await login();
    expectRefusedPage(await post(token, next), /nonce is not the one this tool sent/);
  });
  it('wrong state', async () => {
    const session = await login();
    const token = await platform.sign(platform.baseClaims(session.nonce, session.target));
    expectRefusedPage(await post(token, { ...session, state: 'x'.repeat(43) }), /state is unknown/);
  });
  it('state from another browser (no or another login cookie)', async () => {
    const session = await login();
    const token = await platform.sign(platform.baseClaims(session.nonce, session.target));
    expectRefusedPage(await post(token, session, null), /not issued to this browser/);
    expectRefusedPage(await post(token, session, `lti-state-${session.state}=wrong`), /not issued to this browser/);
    // Still usable by the browser it belongs to.
    expect((await post(token, session)).status).toBe(303);
  });
  it('unknown deployment', () => expectRefused({ [LTI.deploymentId]: 'deployment-unknown' }, /deployment_id is not registered/));
});

// Stricter than certified libraries.
describe('stricter checks', () => {
  it('a nonce that differs from the one sent', () => expectRefused({ nonce: 'a-nonce-we-never-sent' }, /nonce is not the one this tool sent/));
  it('an id_token without exp', () => expectRefused({ exp: undefined }, /no exp/));
  it('an iat in the future', () => expectRefused({ iat: Math.floor(Date.now() / 1000) + 600 }, /issued in the future/));
  it('an unknown deployment', () => expectRefused({ [LTI.deploymentId]: 'other' }, /deployment_id is not registered/));
});

describe('certification: accepted launches', () => {
  const cases: Array<[string, Record<string, unknown>]> = [
    ['normal', {}],
    ['multiple roles', { extraRoles: [ROLE.student, ROLE.faculty] }],
    ['short role names', { short: true }],
    ['unknown role', { replaceRoles: ['http://purl.imsglobal.org/vocab/unknown#Wizard'] }],
    ['no role', { replaceRoles: [] }],
    ['e-mail only', { name: undefined, given_name: undefined, family_name: undefined }],
    ['names only', { email: undefined, name: undefined, given_name: 'Ada', family_name: 'Lovelace' }],
    ['no personal data', { email: undefined, name: undefined, given_name: undefined, family_name: undefined }],
    ['e-mail without context', { name: undefined, [LTI.context]: undefined }],
  ];
  for (const who of ['Instructor', 'Learner'] as const) {
    for (const [name, spec] of cases) {
      it(`${who}: ${name}`, async () => {
        const { extraRoles, short, replaceRoles, ...claims } = spec as { extraRoles?: string[]; short?: boolean; replaceRoles?: string[] } & Record<string, unknown>;
        const base = who === 'Instructor' ? ROLE.instructor : ROLE.learner;
        const roles = replaceRoles ?? [short ? who : base, ...(extraRoles ?? [])];
        const { res } = await launch({ sub: `${who}-${name}`.replace(/\W+/g, '-'), ...claims, [LTI.roles]: roles });
        expect(res.status).toBe(303);
        const context = await api(stack).get('/api/lti/context').set('X-LTI-Launch', launchToken(res)).expect(200);
        const expectedRole = replaceRoles ? 'learner' : who === 'Instructor' ? 'instructor' : 'learner';
        expect(context.body).toEqual(expect.objectContaining({ ltiActive: true, role: expectedRole }));
        expect(context.body.course.name).toBe(LTI.context in claims ? 'Test LMS' : 'Biology 101');
      });
    }
  }
});

describe('grade passback', () => {
  const grade = (score: number, extra: Record<string, unknown> = {}) => ({ videoId: VIDEO_ID, totalInteractions: 4, completedInteractions: 4, score, timeSpent: 120, isVR: false, ...extra });

  async function learnerLaunch(sub: string, lineitemId: number): Promise<string> {
    const { res } = await launch({ sub, [LTI.ags]: { scope: ['https://purl.imsglobal.org/spec/lti-ags/scope/score'], lineitem: platform.lineitem(lineitemId) } });
    return launchToken(res);
  }

  const scoresFor = (sub: string) => platform.scores.filter((s) => s.body['userId'] === sub);

  it('stores the grade and posts the exact score to {lineitem}/scores with the score media type, keeping the query string', async () => {
    const token = await learnerLaunch('grade-learner-1', 11);
    const res = await api(stack).post('/api/lti/submit-grade').set('X-LTI-Launch', token).send(grade(80)).expect(200);
    expect(res.body).toMatchObject({ saved: true, passback: true, grade: { state: 'pending', scoreGiven: 80, scoreMaximum: 100 } });
    const [received] = await waitFor('the score', () => (scoresFor('grade-learner-1').length ? scoresFor('grade-learner-1') : undefined));
    expect(received?.path).toBe('/lineitems/11/lineitem/scores');
    expect(received?.query).toBe('?type_id=7');
    expect(received?.contentType).toBe('application/vnd.ims.lis.v1.score+json');
    expect(received?.body).toEqual({
      userId: 'grade-learner-1',
      scoreGiven: 80,
      scoreMaximum: 100,
      activityProgress: 'Completed',
      gradingProgress: 'FullyGraded',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    const tokenRequest = platform.tokenRequests.find((t) => t.ok);
    expect(tokenRequest?.scope).toBe('https://purl.imsglobal.org/spec/lti-ags/scope/score');
    await waitFor('the sent state', async () => {
      const rows = await sql<{ state: string }>(stack, `SELECT state FROM lti.grades WHERE sub = 'grade-learner-1'`);
      return rows[0]?.state === 'sent' ? true : undefined;
    });
  });

  it('refuses a grade without a launch (401), for another lesson or malformed (400)', async () => {
    await api(stack).post('/api/lti/submit-grade').send(grade(50)).expect(401);
    await api(stack).post('/api/lti/submit-grade').set('X-LTI-Launch', 'y'.repeat(43)).send(grade(50)).expect(401);
    const token = await learnerLaunch('grade-learner-bad', 12);
    const other = await api(stack).post('/api/lti/submit-grade').set('X-LTI-Launch', token).send(grade(50, { videoId: VIDEO_ID + 1 })).expect(400);
    expect(other.body.message).toMatch(/for lesson 7/);
    const bad = await api(stack).post('/api/lti/submit-grade').set('X-LTI-Launch', token).send({ videoId: 'x', score: 140 }).expect(400);
    expect(bad.body.message).toMatch(/score must be a percentage/);
    await api(stack).post('/api/lti/submit-grade').set('X-LTI-Launch', token).set('content-type', 'application/json').send('{"videoId":').expect(400);
  });

  it('fault: the platform answers 500 twice, then 200: the grade arrives once', async () => {
    const token = await learnerLaunch('grade-learner-500', 13);
    platform.scoreFailures.push(500, 500);
    await api(stack).post('/api/lti/submit-grade').set('X-LTI-Launch', token).send(grade(65)).expect(200);
    await waitFor('the score after two 500s', () => (scoresFor('grade-learner-500').length ? true : undefined));
    await new Promise((r) => setTimeout(r, 1500));
    expect(scoresFor('grade-learner-500')).toHaveLength(1);
    expect(platform.scoreAttempts.filter((s) => s.body['userId'] === 'grade-learner-500')).toHaveLength(3);
    const rows = await sql<{ state: string; attempts: number }>(stack, `SELECT state, attempts FROM lti.grades WHERE sub = 'grade-learner-500'`);
    expect(rows).toEqual([{ state: 'sent', attempts: 3 }]);
  });

  it('a 401 on the score gets a new token once, then the score goes through', async () => {
    const token = await learnerLaunch('grade-learner-401', 14);
    for (const issued of platform.issuedTokens) platform.revokedTokens.add(issued);
    const tokensBefore = platform.tokenRequests.filter((t) => t.ok).length;
    await api(stack).post('/api/lti/submit-grade').set('X-LTI-Launch', token).send(grade(90)).expect(200);
    await waitFor('the score after a new token', () => (scoresFor('grade-learner-401').length ? true : undefined));
    expect(platform.tokenRequests.filter((t) => t.ok).length).toBe(tokensBefore + 1);
    expect(scoresFor('grade-learner-401')).toHaveLength(1);
  });

  it('grades of one learner and line item arrive in order, each once', async () => {
    const token = await learnerLaunch('grade-learner-order', 15);
    platform.scoreFailures.push(503);
    for (const score of [10, 20, 30, 40]) {
      await api(stack).post('/api/lti/submit-grade').set('X-LTI-Launch', token).send(grade(score, { completedInteractions: score === 40 ? 4 : 2 })).expect(200);
    }
    await waitFor('four scores', () => (scoresFor('grade-learner-order').length >= 4 ? true : undefined));
    await new Promise((r) => setTimeout(r, 1000));
    const received = scoresFor('grade-learner-order');
    expect(received.map((s) => s.body['scoreGiven'])).toEqual([10, 20, 30, 40]);
    expect(received.map((s) => s.body['activityProgress'])).toEqual(['InProgress', 'InProgress', 'InProgress', 'Completed']);
  });

  it('a grade the platform keeps refusing stays visible to admins as failed and can be resent', async () => {
    const token = await learnerLaunch('grade-learner-refused', 16);
    platform.scoreFailures.push(400);
    const read = logsFromNow(STACK_NAME);
    const submitted = await api(stack).post('/api/lti/submit-grade').set('X-LTI-Launch', token).set('X-Request-Id', 'grade-req-77').send(grade(55)).expect(200);
    const id = submitted.body.grade.id as string;
    const failed = await waitFor('the failed grade', async () => {
      const res = await api(stack).get('/api/admin/lti/grades').query({ state: 'failed' }).set(admin()).expect(200);
      return (res.body as Array<{ id: string; lastError: string }>).find((g) => g.id === id);
    });
    expect(failed.lastError).toMatch(/answered 400/);
    // The delivery, run later by the grade worker, logs under the id of the request that submitted the grade.
    const logged = await waitFor('the delivery log line', () => {
      const lines = Object.values(read())
        .flatMap((text) => text.split('\n'))
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      return lines.find((l) => l['requestId'] === 'grade-req-77' && String(l['msg']).includes(`Grade ${id} try 1/`));
    });
    expect(logged).toMatchObject({ service: 'lti-service', level: 'warn', jobId: id });
    const user = await signUp(stack);
    await api(stack).get('/api/admin/lti/grades').set({ Authorization: `Bearer ${user.token}` }).expect(403);
    await api(stack).post(`/api/admin/lti/grades/${id}/resend`).set({ Authorization: `Bearer ${user.token}` }).expect(403);
    await api(stack).post(`/api/admin/lti/grades/${id}/resend`).set(admin()).expect(201);
    await waitFor('the resent score', () => (scoresFor('grade-learner-refused').length ? true : undefined));
    await api(stack).post(`/api/admin/lti/grades/${id}/resend`).set(admin()).expect(409);
    await api(stack).post('/api/admin/lti/grades/not-an-id/resend').set(admin()).expect(404);
  });

  it('fault: the platform is down for an "hour" (scaled: the retries reach their longest delay many times): nothing is lost, each grade arrives once and in order', async () => {
    const token = await learnerLaunch('grade-learner-outage', 17);
    const attemptsBefore = platform.scoreAttempts.length;
    platform.down = true;
    for (const score of [25, 50, 75]) await api(stack).post('/api/lti/submit-grade').set('X-LTI-Launch', token).send(grade(score)).expect(200);
    // LTI_GRADE_BACKOFF_MAX_MS is 600 ms here: 4 s of outage is several tries at the longest delay.
    await new Promise((r) => setTimeout(r, 4000));
    expect(scoresFor('grade-learner-outage')).toHaveLength(0);
    const waiting = await sql<{ state: string; attempts: number }>(stack, `SELECT state, attempts FROM lti.grades WHERE sub = 'grade-learner-outage' ORDER BY seq`);
    expect(waiting.map((g) => g.state)).toEqual(['pending', 'pending', 'pending']);
    expect(waiting[0]?.attempts).toBeGreaterThanOrEqual(4);
    expect(platform.scoreAttempts.length).toBe(attemptsBefore);
    platform.down = false;
    await waitFor('the three scores after the outage', () => (scoresFor('grade-learner-outage').length >= 3 ? true : undefined));
    await new Promise((r) => setTimeout(r, 800));
    expect(scoresFor('grade-learner-outage').map((s) => s.body['scoreGiven'])).toEqual([25, 50, 75]);
  });

  it("lets the lesson's owner see its failed grades and resend them; nobody else", async () => {
    const owner = await signUp(stack);
    const other = await signUp(stack);
    const video = await api(stack).post('/api/videos').set({ Authorization: `Bearer ${owner.token}` }).send({ youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ', title: 'Graded' }).expect(201);
    const videoId = video.body.id as number;
    const { res } = await launch({ sub: 'grade-learner-teacher', [LTI.custom]: { video_id: String(videoId) }, [LTI.ags]: { scope: [], lineitem: platform.lineitem(18) } });
    platform.scoreFailures.push(422);
    const submitted = await api(stack).post('/api/lti/submit-grade').set('X-LTI-Launch', launchToken(res)).send(grade(45, { videoId })).expect(200);
    const id = submitted.body.grade.id as string;
    const failed = await waitFor('the failed grade in the owner view', async () => {
      const list = await api(stack).get(`/api/videos/${videoId}/lti-grades`).query({ state: 'failed' }).set({ Authorization: `Bearer ${owner.token}` }).expect(200);
      return (list.body as Array<{ id: string; lastError: string }>).find((g) => g.id === id);
    });
    expect(failed.lastError).toMatch(/answered 422/);
    await api(stack).get(`/api/videos/${videoId}/lti-grades`).set({ Authorization: `Bearer ${other.token}` }).expect(404);
    await api(stack).post(`/api/videos/${videoId}/lti-grades/${id}/resend`).set({ Authorization: `Bearer ${other.token}` }).expect(404);
    // A grade of another lesson is not found under this one.
    await api(stack).post(`/api/videos/${videoId + 1000}/lti-grades/${id}/resend`).set({ Authorization: `Bearer ${owner.token}` }).expect(404);
    const resent = await api(stack).post(`/api/videos/${videoId}/lti-grades/${id}/resend`).set({ Authorization: `Bearer ${owner.token}` }).expect(201);
    expect(resent.body.state).toBe('pending');
    await waitFor('the resent score', () => (scoresFor('grade-learner-teacher').length ? true : undefined));
  });

  it("names the LMS user and course in the lesson's results when the attempt starts from a verified launch (issue 14)", async () => {
    const owner = await signUp(stack);
    const auth = { Authorization: `Bearer ${owner.token}` };
    const video = await api(stack).post('/api/videos').set(auth).send({ youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ', title: 'From the LMS' }).expect(201);
    const videoId = video.body.id as number;
    await api(stack).put(`/api/videos/${videoId}/sharing`).set(auth).send({ published: true }).expect(200);
    const { res } = await launch({ sub: 'results-learner', name: 'Robin Reader', [LTI.custom]: { video_id: String(videoId) } });
    const token = launchToken(res);
    const context = await api(stack).get('/api/lti/context').set('X-LTI-Launch', token).expect(200);
    const learnerId = context.body.learnerId as string;
    await api(stack).post(`/api/play/${videoId}/attempts`).set('X-LTI-Launch', token).send({ learnerId }).expect(200);
    // The token proves only its own learner: another learner id with it records no LMS user.
    await api(stack).post(`/api/play/${videoId}/attempts`).set('X-LTI-Launch', token).send({ learnerId: 'someone-else-1' }).expect(200);
    const results = await api(stack).get(`/api/videos/${videoId}/results`).set(auth).expect(200);
    const items = results.body.attempts.items as Array<{ learner: string; lmsUser: string | null; lmsCourse: string | null }>;
    expect(items).toHaveLength(2);
    expect(items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ learner: 'Robin Reader', lmsUser: 'Robin Reader', lmsCourse: 'Biology 101' }),
        expect.objectContaining({ learner: expect.stringMatching(/^Anonymous [0-9a-f]{8}$/), lmsUser: null, lmsCourse: null }),
      ]),
    );
  });

  it('keeps a grade without a line item, not sent', async () => {
    const { res } = await launch({ sub: 'grade-learner-noags', [LTI.ags]: undefined });
    const reply = await api(stack).post('/api/lti/submit-grade').set('X-LTI-Launch', launchToken(res)).send(grade(70)).expect(200);
    expect(reply.body).toMatchObject({ passback: false, grade: { state: 'not_sent' } });
  });
});

describe('deep linking', () => {
  const deepLinkClaims = (roles: string[] = [ROLE.instructor]) => ({
    sub: 'teacher-dl',
    [LTI.messageType]: 'LtiDeepLinkingRequest',
    [LTI.resourceLink]: undefined,
    [LTI.ags]: undefined,
    [LTI.roles]: roles,
    [LTI.deepLinkingSettings]: {
      deep_link_return_url: `${platform.baseUrl}/deep-link-return`,
      accept_types: ['ltiResourceLink'],
      accept_presentation_document_targets: ['iframe', 'window'],
      data: 'platform-data-42',
    },
  });

  it('round trip: the instructor picks their lesson and the platform gets a signed LtiDeepLinkingResponse verified against our JWKS', async () => {
    const { res } = await launch(deepLinkClaims());
    expect(res.headers['location']).toMatch(/^\/lti\/deep-link\?lti=/);
    const token = launchToken(res);
    const teacher = await signUp(stack);
    const video = await api(stack).post('/api/videos').set({ Authorization: `Bearer ${teacher.token}` }).send({ youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ', title: 'Cell biology' }).expect(201);
    const reply = await api(stack)
      .post('/api/lti/deep-link/response')
      .set({ Authorization: `Bearer ${teacher.token}`, 'X-LTI-Launch': token })
      .send({ videoId: video.body.id })
      .expect(200);
    expect(reply.body.returnUrl).toBe(`${platform.baseUrl}/deep-link-return`);
    const jwks = await api(stack).get('/api/lti/jwks').expect(200);
    expect(jwks.body.keys.map((k: { kid: string }) => k.kid)).toContain(decodeProtectedHeader(reply.body.jwt).kid);
    const { payload } = await jwtVerify(reply.body.jwt, createRemoteJWKSet(new URL(`${stack.baseUrl}/api/lti/jwks`)), {
      issuer: platform.clientId,
      audience: platform.issuer,
      requiredClaims: ['exp', 'iat', 'nonce'],
    });
    expect(payload).toMatchObject({
      [LTI.messageType]: 'LtiDeepLinkingResponse',
      [LTI.version]: '1.3.0',
      [LTI.deploymentId]: platform.deploymentId,
      [LTI.deepLinkingData]: 'platform-data-42',
      [LTI.contentItems]: [
        {
          type: 'ltiResourceLink',
          title: 'Cell biology',
          url: `${origin}/lti/launch?video=${video.body.id}`,
          custom: { video_id: String(video.body.id) },
          lineItem: { scoreMaximum: 10, label: 'Cell biology', resourceId: `veolearn-video-${video.body.id}` },
        },
      ],
    });
    // The picker page posts the JWT to the platform as a form.
    const posted = await fetch(reply.body.returnUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ JWT: reply.body.jwt }) });
    expect(posted.status).toBe(200);
    expect(platform.deepLinkResponses).toHaveLength(1);
  });

  it("refuses another user's lesson (404), no session (401), a learner (403) and a resource link launch (400)", async () => {
    const { res } = await launch(deepLinkClaims());
    const token = launchToken(res);
    const owner = await signUp(stack);
    const other = await signUp(stack);
    const video = await api(stack).post('/api/videos').set({ Authorization: `Bearer ${owner.token}` }).send({ youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ', title: 'Mine' }).expect(201);
    await api(stack).post('/api/lti/deep-link/response').set({ Authorization: `Bearer ${other.token}`, 'X-LTI-Launch': token }).send({ videoId: video.body.id }).expect(404);
    await api(stack).post('/api/lti/deep-link/response').set({ 'X-LTI-Launch': token }).send({ videoId: video.body.id }).expect(401);
    await api(stack).post('/api/lti/deep-link/response').set({ Authorization: `Bearer ${owner.token}`, 'X-LTI-Launch': token }).send({ videoId: 'x' }).expect(400);
    const learner = launchToken((await launch(deepLinkClaims([ROLE.learner]))).res);
    await api(stack).post('/api/lti/deep-link/response').set({ Authorization: `Bearer ${owner.token}`, 'X-LTI-Launch': learner }).send({ videoId: video.body.id }).expect(403);
    const resourceLink = launchToken((await launch({ [LTI.roles]: [ROLE.instructor] })).res);
    await api(stack).post('/api/lti/deep-link/response').set({ Authorization: `Bearer ${owner.token}`, 'X-LTI-Launch': resourceLink }).send({ videoId: video.body.id }).expect(400);
  });

  it('refuses a deep linking request without a return URL', () =>
    expectRefused({ ...deepLinkClaims(), [LTI.deepLinkingSettings]: { accept_types: ['ltiResourceLink'] } }, /no deep_link_return_url/));
});

describe('dynamic registration', () => {
  it('registers a platform from the one URL an LMS admin pastes, and that platform can launch', async () => {
    const lms = await new LtiTestPlatform().start();
    try {
      lms.useToolJwks(`${stack.baseUrl}/api/lti/jwks`);
      const res = await api(stack)
        .get('/api/lti/register')
        .query({ openid_configuration: `${lms.baseUrl}/.well-known/openid-configuration`, registration_token: lms.registrationToken })
        .expect(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.text).toContain("postMessage({ subject: 'org.imsglobal.lti.close' }, '*')");
      expect(res.headers['content-security-policy']).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'/);
      expect(lms.registrations).toHaveLength(1);
      expect(lms.registrations[0]).toMatchObject({
        application_type: 'web',
        response_types: ['id_token'],
        grant_types: ['implicit', 'client_credentials'],
        initiate_login_uri: `${origin}/api/lti/login`,
        redirect_uris: [`${origin}/api/lti/launch`],
        jwks_uri: `${origin}/api/lti/jwks`,
        token_endpoint_auth_method: 'private_key_jwt',
        scope: expect.stringContaining('https://purl.imsglobal.org/spec/lti-ags/scope/score'),
        'https://purl.imsglobal.org/spec/lti-tool-configuration': expect.objectContaining({ target_link_uri: `${origin}/api/lti/launch`, messages: [expect.objectContaining({ type: 'LtiDeepLinkingRequest' })] }),
      });
      const platforms = await api(stack).get('/api/admin/lti/platforms').set(admin()).expect(200);
      expect(platforms.body).toContainEqual(expect.objectContaining({ issuer: lms.issuer, clientId: lms.clientId, deploymentIds: [lms.deploymentId], keysetUrl: `${lms.baseUrl}/jwks` }));

      // The new platform launches the tool.
      const login = await api(stack).get('/api/lti/login').query({ iss: lms.issuer, login_hint: 'u', target_link_uri: target(), client_id: lms.clientId }).expect(302);
      const location = new URL(login.headers['location'] as string);
      const state = location.searchParams.get('state') as string;
      const cookie = (([] as string[]).concat(login.headers['set-cookie'] ?? []).find((c) => c.startsWith(`lti-state-${state}=`)) as string).split(';')[0] as string;
      const idToken = await lms.sign(lms.baseClaims(location.searchParams.get('nonce') as string, target()));
      const launched = await api(stack).post('/api/lti/launch').type('form').set('Cookie', cookie).send({ id_token: idToken, state });
      expect(launched.status).toBe(303);
    } finally {
      await lms.stop();
    }
  });

  it('refuses a registration without a configuration URL, a wrong token or a configuration naming another host, with a page', async () => {
    const lms = await new LtiTestPlatform().start();
    try {
      const none = await api(stack).get('/api/lti/register').expect(400);
      expect(none.text).toMatch(/The registration was refused/);
      expect(none.text).toMatch(/openid_configuration/);
      const wrongToken = await api(stack).get('/api/lti/register').query({ openid_configuration: `${lms.baseUrl}/.well-known/openid-configuration`, registration_token: 'wrong' });
      expect(wrongToken.status).toBe(502);
      expect(wrongToken.text).toMatch(/registration endpoint answered 401/);
      const bad = await api(stack).get('/api/lti/register').query({ openid_configuration: 'ftp://x' }).expect(400);
      expect(bad.text).toMatch(/http\(s\) URL/);
      // A configuration whose issuer is on another host than its URL.
      const foreign = await api(stack).get('/api/lti/register').query({ openid_configuration: `${lms.baseUrl.replace('127.0.0.1', 'localhost')}/.well-known/openid-configuration`, registration_token: lms.registrationToken }).expect(400);
      expect(foreign.text).toMatch(/issuer on another host/);
      expect(lms.registrations).toHaveLength(0);
    } finally {
      await lms.stop();
    }
  });
});

describe('postMessage storage (lti_storage_target) when the cookie is blocked', () => {
  function pageData(html: string): Record<string, string> {
    return JSON.parse(/<script type="application\/json" id="lti-data">([^<]*)<\/script>/.exec(html)?.[1] ?? '{}') as Record<string, string>;
  }

  it('puts the browser secret into the platform frame at login and reads it back at the launch', async () => {
    const params = { iss: platform.issuer, login_hint: 'learner-1', target_link_uri: target(), client_id: platform.clientId, lti_storage_target: 'post_message_forwarding' };
    const login = await api(stack).get('/api/lti/login').query(params).expect(200);
    expect(login.headers['content-type']).toMatch(/text\/html/);
    expect(login.headers['content-security-policy']).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(login.headers['content-security-policy']).toContain('frame-ancestors *');
    const put = pageData(login.text);
    expect(put).toMatchObject({ mode: 'put', target: 'post_message_forwarding', origin: platform.baseUrl, key: expect.stringMatching(/^veolearn_state_/), value: expect.any(String) });
    const redirect = new URL(put['redirect'] as string);
    expect(`${redirect.origin}${redirect.pathname}`).toBe(`${platform.baseUrl}/auth`);
    const state = redirect.searchParams.get('state') as string;
    expect(put['key']).toBe(`veolearn_state_${state}`);
    // The cookie is still set, for browsers that keep it.
    expect(([] as string[]).concat(login.headers['set-cookie'] ?? []).some((c) => c.startsWith(`lti-state-${state}=`))).toBe(true);

    const idToken = await platform.sign(platform.baseClaims(redirect.searchParams.get('nonce') as string, redirect.searchParams.get('redirect_uri') as string));
    // The launch arrives without the cookie: the tool asks the platform frame for the secret.
    const first = await api(stack).post('/api/lti/launch').type('form').send({ id_token: idToken, state }).expect(200);
    const get = pageData(first.text);
    expect(get).toEqual({ mode: 'get', target: 'post_message_forwarding', origin: platform.baseUrl, key: `veolearn_state_${state}` });
    expect(first.text).toContain('<form id="lti-form" method="post" action="/api/lti/launch">');
    expect(first.text).not.toContain(put['value'] as string);
    // A wrong or missing secret is refused, and leaves the state usable.
    expectRefusedPage(await api(stack).post('/api/lti/launch').type('form').send({ id_token: idToken, state, lti_storage_value: 'wrong' }), /not issued to this browser/);
    expectRefusedPage(await api(stack).post('/api/lti/launch').type('form').send({ id_token: idToken, state, lti_storage_value: '' }), /not issued to this browser/);
    const done = await api(stack).post('/api/lti/launch').type('form').send({ id_token: idToken, state, lti_storage_value: put['value'] });
    expect(done.status).toBe(303);
  });

  it('refuses a storage target that is not a frame name', async () => {
    const res = await api(stack)
      .get('/api/lti/login')
      .query({ iss: platform.issuer, login_hint: 'x', target_link_uri: target(), client_id: platform.clientId, lti_storage_target: '<script>' })
      .expect(400);
    expect(res.text).toMatch(/lti_storage_target must name a frame/);
  });
});
