import { startStack, type RunningStack } from '@veolearn/testing';
import { api, newUser, RELAXED_LIMITS, signUp } from './support';

/**
 * Throws garbage at every auth route and insists on a 4xx with a readable message: never a 500,
 * never a success, never a hang.
 */
let stack: RunningStack;
let token: string;

beforeAll(async () => {
  stack = await startStack({ name: `bad_input_${process.env['TEST_TRANSPORT'] ?? 'tcp'}`, env: RELAXED_LIMITS });
  token = (await signUp(stack)).token;
});

afterAll(async () => {
  await stack?.stop();
});

const MEGABYTE = 'x'.repeat(1_000_000);
const HOSTILE_STRINGS = [
  "' OR '1'='1' --",
  "admin'; DROP TABLE auth.users; --",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '${jndi:ldap://x}',
  '../../etc/passwd',
  '\u0000\u0001\u0002',
  '😀'.repeat(100),
  MEGABYTE,
];
const OPTIONAL = new Set(['firstName', 'lastName']);
// eslint-disable-next-line no-control-regex
const STORABLE_NAME = /^[^\u0000-\u001f\u007f]*$/;
const WRONG_TYPES: unknown[] = [null, 0, 12345, true, [], ['a'], {}, { $ne: null }];

function expectClientError(res: { status: number; body: unknown }, context: string): void {
  if (res.status < 400 || res.status >= 500) {
    throw new Error(`${context}: expected a 4xx, got ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  }
  const body = res.body as { statusCode?: unknown; message?: unknown; error?: unknown };
  expect(body.statusCode).toBe(res.status);
  expect(typeof body.message).toBe('string');
  expect((body.message as string).length).toBeGreaterThan(0);
  expect((body.message as string).length).toBeLessThan(2000);
  expect(typeof body.error).toBe('string');
}

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  let req = api(stack).post(path);
  for (const [k, v] of Object.entries(headers)) req = req.set(k, v);
  return typeof body === 'string' ? req.set('Content-Type', headers['Content-Type'] ?? 'application/json').send(body) : req.send(body as object);
}

describe.each(['/api/auth/signup', '/api/auth/signin'])('POST %s', (path) => {
  const valid = path.endsWith('signup') ? newUser() : { username: 'someone@example.com', password: 'a password' };
  const fields = Object.keys(valid);

  it('rejects each field with a wrong type', async () => {
    for (const field of fields) {
      for (const wrong of WRONG_TYPES) {
        if (wrong === (valid as Record<string, unknown>)[field]) continue;
        const res = await post(path, { ...newUserFor(path), [field]: wrong });
        // An optional name sent as null simply means "not given".
        if (OPTIONAL.has(field) && wrong === null) expect(res.status).toBe(201);
        else expectClientError(res, `${field}=${JSON.stringify(wrong)}`);
      }
    }
  });

  it('rejects each field when missing', async () => {
    for (const field of fields) {
      if (path.endsWith('signup') && (field === 'firstName' || field === 'lastName')) continue;
      const body: Record<string, unknown> = { ...newUserFor(path) };
      delete body[field];
      expectClientError(await post(path, body), `without ${field}`);
    }
  });

  it('rejects extra fields', async () => {
    for (const extra of [{ isAdmin: true }, { subscriptionStatus: 'active' }, { __proto__: { polluted: true } }, { 'a.b': 1 }]) {
      const res = await post(path, { ...newUserFor(path), ...extra, sneaky: 1 });
      expectClientError(res, `extra ${JSON.stringify(extra)}`);
    }
  });

  it('rejects hostile and huge strings in every field without a 500', async () => {
    for (const field of fields.filter((f) => typeof (valid as Record<string, unknown>)[f] === 'string')) {
      for (const hostile of HOSTILE_STRINGS) {
        const res = await post(path, { ...newUserFor(path), [field]: hostile });
        if (OPTIONAL.has(field) && STORABLE_NAME.test(hostile) && hostile.length <= 80) {
          // Names may hold quotes and angle brackets: they are stored as text and escaped on display.
          expect(res.status).toBe(201);
        } else {
          expectClientError(res, `${field}=${hostile.slice(0, 30)}`);
        }
      }
    }
  });

  it('rejects malformed JSON, wrong content types and non-object bodies', async () => {
    const bodies: Array<[string, Record<string, string>]> = [
      ['{"username": ', {}],
      ['{username: "a"}', {}],
      ['', {}],
      ['null', {}],
      ['[]', {}],
      ['"just a string"', {}],
      ['42', {}],
      ['username=a&password=b', { 'Content-Type': 'application/x-www-form-urlencoded' }],
      ['username a password b', { 'Content-Type': 'text/plain' }],
      ['<xml/>', { 'Content-Type': 'application/xml' }],
    ];
    for (const [raw, headers] of bodies) {
      const res = await post(path, raw, headers);
      expectClientError(res, `body ${raw.slice(0, 20)} (${headers['Content-Type'] ?? 'json'})`);
    }
  });

  it('answers 413 for a body over the size limit', async () => {
    const res = await post(path, JSON.stringify({ ...newUserFor(path), username: 'y'.repeat(2_000_000) }));
    expect(res.status).toBe(413);
    expectClientError(res, 'oversized body');
  });

  it('refuses JSON nested deeper than 64 levels with a 400 that says so', async () => {
    // `levels` objects and arrays inside each other: the body object, then arrays in one field.
    const nestedBody = (levels: number) => `{"username":${'['.repeat(levels - 1)}${']'.repeat(levels - 1)},"password":"a password"}`;
    for (const levels of [65, 1300, 100_000]) {
      const res = await post(path, nestedBody(levels));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        statusCode: 400,
        message: 'The JSON body is nested too deeply: at most 64 levels of objects and arrays.',
        error: 'Bad Request',
      });
    }
    // 64 levels are parsed, and the field's own rule answers.
    const allowed = await post(path, nestedBody(64));
    expectClientError(allowed, '64 levels');
    expect(allowed.body.message).not.toMatch(/nested too deeply/);
  });
});

function newUserFor(path: string): Record<string, unknown> {
  return path.endsWith('signup') ? newUser() : { username: 'someone@example.com', password: 'a password' };
}

describe('SQL and script strings in sign-in are just wrong credentials', () => {
  it.each(["' OR '1'='1' --", "x@example.com' OR 1=1 --", '<script>alert(1)</script>@example.com'])('%s', async (value) => {
    const res = await post('/api/auth/signin', { username: value, password: "' OR '1'='1" });
    expect(res.status).toBe(401);
    expectClientError(res, value);
  });
});

describe('GET and bodiless routes', () => {
  const routes: Array<['get' | 'post', string]> = [
    ['get', '/api/auth/validate'],
    ['get', '/api/auth/user'],
    ['post', '/api/auth/logout'],
  ];

  it.each(routes)('%s %s refuses junk authorization', async (method, path) => {
    for (const header of ['', 'Bearer', `Bearer ${MEGABYTE.slice(0, 7000)}`, "Bearer ' OR 1=1 --", 'Bearer <script>', 'Token abc', 'Bearer a.b.c']) {
      const res = await api(stack)[method](path).set('Authorization', header);
      expectClientError(res, `${path} with "${header.slice(0, 20)}"`);
      expect(res.status).toBe(401);
    }
  });

  it.each(routes)('%s %s ignores junk query strings and still needs a session', async (method, path) => {
    const res = await api(stack)[method](`${path}?id=1%27%20OR%201=1&x[]=1&__proto__[a]=1`);
    expect(res.status).toBe(401);
    expectClientError(res, path);
  });

  it('logout with a junk JSON body is refused readably for a live session, which a proper logout then ends', async () => {
    // Sessions of their own: the other tests keep using `token`.
    const session = (await signUp(stack)).token;
    const other = (await signUp(stack)).token;
    const live = (bearer: string) => api(stack).get('/api/auth/validate').set('Authorization', `Bearer ${bearer}`);
    await live(session).expect(200);

    // The body cannot be read, so the request is refused as a whole (400, never a 500) and changes nothing.
    const junk = await api(stack).post('/api/auth/logout').set('Authorization', `Bearer ${session}`).set('Content-Type', 'application/json').send('{"broken": ');
    expectClientError(junk, 'logout with malformed JSON');
    expect(junk.status).toBe(400);
    expect(junk.body.message).toMatch(/not valid JSON/);
    await live(session).expect(200);

    // The same session logged out properly is over: its token is refused wherever a session is needed.
    await api(stack).post('/api/auth/logout').set('Authorization', `Bearer ${session}`).expect(200);
    await live(session).expect(401);
    await api(stack).get('/api/auth/user').set('Authorization', `Bearer ${session}`).expect(401);
    await api(stack).post('/api/auth/logout').set('Authorization', `Bearer ${session}`).expect(401);
    // ...and no other session was ended.
    await live(other).expect(200);
    await live(token).expect(200);
  });

  it('google routes answer clearly when Google is not configured', async () => {
    const status = await api(stack).get('/api/auth/google/status').expect(200);
    expect(status.body).toEqual({ configured: false });
    for (const path of ['/api/auth/google', '/api/auth/google/callback?code=abc&state=%27%20OR%201=1', '/api/auth/google/callback']) {
      const res = await api(stack).get(path);
      expect(res.status).toBe(503);
      expectClientErrorOr503(res);
    }
  });
});

function expectClientErrorOr503(res: { status: number; body: { message?: unknown } }) {
  expect(res.body.message).toMatch(/Google sign-in is not set up/);
}
