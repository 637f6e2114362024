import type { JWTPayload } from 'jose';
import type { Response } from 'supertest';
import { LTI, LtiTestPlatform, ROLE, startStack, type RunningStack } from '@veolearn/testing';
import { api, RELAXED_LIMITS, signUp, sql } from './support';

/**
 * An instructor's LTI identity (the registration's issuer + sub) linked to a VeoLearn account: by a
 * deep linking pick or a launch while signed in as the lesson's owner. A later instructor launch of
 * a lesson that account owns signs them in (a one-time code the page exchanges for a normal session)
 * and lands on the question editor; anyone else keeps the launch page without a session.
 */

const ADMIN = { email: 'lti.links.admin@example.com', password: 'lti links admin password 1', username: 'admin' };

let stack: RunningStack;
let platform: LtiTestPlatform;
let adminToken: string;
let origin: string;

const admin = () => ({ Authorization: `Bearer ${adminToken}` });
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

beforeAll(async () => {
  platform = await new LtiTestPlatform().start();
  stack = await startStack({ name: `lti_instructor_${process.env['TEST_TRANSPORT'] ?? 'tcp'}`, admin: ADMIN, env: { ...RELAXED_LIMITS } });
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

/** A full OIDC login and launch as the test platform; `claims` go over a normal learner launch of `video`. */
async function launch(video: number, claims: Record<string, unknown>): Promise<Response> {
  const params = { iss: platform.issuer, login_hint: 'hint', target_link_uri: `${origin}/api/lti/launch?video=${video}`, client_id: platform.clientId };
  const login = await api(stack).get('/api/lti/login').query(params).expect(302);
  const location = new URL(login.headers['location'] as string);
  const state = location.searchParams.get('state') as string;
  const cookie = (([] as string[]).concat(login.headers['set-cookie'] ?? []).find((c) => c.startsWith(`lti-state-${state}=`)) as string).split(';')[0] as string;
  const base = platform.baseClaims(location.searchParams.get('nonce') as string, location.searchParams.get('redirect_uri') as string);
  const idToken = await platform.sign({ ...base, ...claims } as JWTPayload);
  const res = await api(stack).post('/api/lti/launch').type('form').set('Cookie', cookie).send({ id_token: idToken, state });
  expect(res.status).toBe(303);
  return res;
}

const instructor = (sub: string) => ({ sub, name: 'Terry Teacher', [LTI.roles]: [ROLE.instructor] });

function deepLinkClaims(sub: string) {
  return {
    ...instructor(sub),
    [LTI.messageType]: 'LtiDeepLinkingRequest',
    [LTI.resourceLink]: undefined,
    [LTI.ags]: undefined,
    [LTI.deepLinkingSettings]: { deep_link_return_url: `${platform.baseUrl}/deep-link-return`, accept_types: ['ltiResourceLink'], data: 'd' },
  };
}

function redirectOf(res: Response): URL {
  return new URL(res.headers['location'] as string, origin);
}

async function newLesson(token: string, title: string): Promise<number> {
  const video = await api(stack).post('/api/videos').set(bearer(token)).send({ youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ', title }).expect(201);
  return video.body.id as number;
}

/** Links `sub` to the owner of a new lesson through deep linking; answers the owner and the lesson. */
async function linkByDeepLinking(sub: string) {
  const owner = await signUp(stack);
  const videoId = await newLesson(owner.token, 'Photosynthesis');
  const token = redirectOf(await launch(videoId, deepLinkClaims(sub))).searchParams.get('lti') as string;
  await api(stack).post('/api/lti/deep-link/response').set({ ...bearer(owner.token), 'X-LTI-Launch': token }).send({ videoId }).expect(200);
  return { owner, videoId };
}

async function linksOf(sub: string): Promise<Array<{ user_id: number; linked_via: string }>> {
  return sql(stack, `SELECT a.user_id, a.linked_via FROM lti.account_links a JOIN lti.users u ON u.id = a.lti_user_id WHERE u.sub = $1`, [sub]);
}

async function refusedLinks(): Promise<number> {
  const rows = await sql<{ n: string }>(stack, `SELECT count(*) AS n FROM lti.security_events WHERE event_type = 'lti_link_refused'`);
  return Number(rows[0]?.n ?? 0);
}

async function ltiSessions(userId: number): Promise<number> {
  const rows = await sql<{ n: string }>(stack, `SELECT count(*) AS n FROM auth.security_events WHERE event_type = 'lti_sign_in' AND user_id = $1`, [userId]);
  return Number(rows[0]?.n ?? 0);
}

describe('LTI instructor identity linked to a VeoLearn account', () => {
  it('links the identity when the signed-in owner picks their lesson while deep linking', async () => {
    const { owner } = await linkByDeepLinking('teacher-dl-link');
    expect(await linksOf('teacher-dl-link')).toEqual([{ user_id: owner.user.id, linked_via: 'deep_link' }]);
  });

  it('signs a linked instructor in as the owner on a later launch and lands on the question editor; the code works once', async () => {
    const { owner, videoId } = await linkByDeepLinking('teacher-later');
    const res = await launch(videoId, instructor('teacher-later'));
    const location = redirectOf(res);
    expect(location.pathname).toBe(`/edit-questions/${videoId}`);
    expect(location.searchParams.get('lti')).toBeTruthy();
    // No session token in the URL: a one-time code the page exchanges.
    const code = location.searchParams.get('lti_code') as string;
    expect(code).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(location.search).not.toMatch(/eyJ/);
    // The editor opened this way may sit in the LMS's frame; the editor without a launch's code may not.
    const page = await api(stack).get(`${location.pathname}${location.search}`).expect(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(page.headers['x-frame-options']).toBeUndefined();
    const plain = await api(stack).get(`/edit-questions/${videoId}`).expect(200);
    expect(plain.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    const exchanged = await api(stack).post('/api/lti/session').send({ code }).expect(200);
    expect(exchanged.headers['cache-control']).toMatch(/no-store/);
    const me = await api(stack).get('/api/auth/user').set(bearer(exchanged.body.token)).expect(200);
    expect(me.body.id ?? me.body.user?.id).toBe(owner.user.id);
    // The session may edit the lesson.
    await api(stack).get(`/api/videos/${videoId}`).set(bearer(exchanged.body.token)).expect(200);
    await api(stack).post('/api/lti/session').send({ code }).expect(400);
    await api(stack).post('/api/lti/session').send({ code: 'made-up-code-made-up-code-made-up' }).expect(400);
    expect(await ltiSessions(owner.user.id)).toBe(1);
  });

  it('does not sign an administrator account in from an LMS', async () => {
    const videoId = await newLesson(adminToken, 'Admin lesson');
    const token = redirectOf(await launch(videoId, deepLinkClaims('teacher-admin'))).searchParams.get('lti') as string;
    await api(stack).post('/api/lti/deep-link/response').set({ ...admin(), 'X-LTI-Launch': token }).send({ videoId }).expect(200);
    expect(await linksOf('teacher-admin')).toHaveLength(1);
    const location = redirectOf(await launch(videoId, instructor('teacher-admin')));
    expect(location.pathname).toBe('/lti/launch');
    expect(location.searchParams.get('lti_code')).toBeNull();
    const refused = await sql(stack, `SELECT 1 FROM auth.security_events WHERE event_type = 'lti_sign_in_refused'`);
    expect(refused).toHaveLength(1);
  });

  it('gives an unlinked instructor the launch page and no session', async () => {
    const owner = await signUp(stack);
    const videoId = await newLesson(owner.token, 'Unlinked');
    const location = redirectOf(await launch(videoId, instructor('teacher-unlinked')));
    expect(location.pathname).toBe('/lti/launch');
    expect(location.searchParams.get('video')).toBe(String(videoId));
    expect(location.searchParams.get('lti_code')).toBeNull();
    expect(await ltiSessions(owner.user.id)).toBe(0);
  });

  it("gives a linked instructor who launches another owner's lesson no edit rights", async () => {
    const { owner } = await linkByDeepLinking('teacher-other');
    const stranger = await signUp(stack);
    const theirs = await newLesson(stranger.token, 'Not yours');
    const location = redirectOf(await launch(theirs, instructor('teacher-other')));
    expect(location.pathname).toBe('/lti/launch');
    expect(location.searchParams.get('lti_code')).toBeNull();
    expect(await ltiSessions(owner.user.id)).toBe(0);
    expect(await ltiSessions(stranger.user.id)).toBe(0);
  });

  it('never links or signs in a learner, and records the refused link', async () => {
    const owner = await signUp(stack);
    const videoId = await newLesson(owner.token, 'For learners');
    // A learner whose sub was linked as an instructor elsewhere still only gets the player.
    await linkByDeepLinking('learner-linked');
    const location = redirectOf(await launch(videoId, { sub: 'learner-linked' }));
    expect(location.pathname).toBe(`/embed/${videoId}`);
    expect(location.searchParams.get('lti_code')).toBeNull();

    const learnerToken = redirectOf(await launch(videoId, { sub: 'learner-plain' })).searchParams.get('lti') as string;
    const before = await refusedLinks();
    const refused = await api(stack).post('/api/lti/link').set({ ...bearer(owner.token), 'X-LTI-Launch': learnerToken }).expect(403);
    expect(refused.body.message).toMatch(/instructor/);
    expect(await refusedLinks()).toBe(before + 1);
    expect(await linksOf('learner-plain')).toEqual([]);
    const deepLearner = redirectOf(await launch(videoId, { ...deepLinkClaims('learner-dl'), [LTI.roles]: [ROLE.learner] })).searchParams.get('lti') as string;
    await api(stack).post('/api/lti/deep-link/response').set({ ...bearer(owner.token), 'X-LTI-Launch': deepLearner }).send({ videoId }).expect(403);
    expect(await linksOf('learner-dl')).toEqual([]);
    expect(await ltiSessions(owner.user.id)).toBe(0);
  });

  it('links on a launch page visit by the signed-in owner, and refuses (and records) one by someone else', async () => {
    const owner = await signUp(stack);
    const stranger = await signUp(stack);
    const videoId = await newLesson(owner.token, 'Linked on launch');
    const token = redirectOf(await launch(videoId, instructor('teacher-page'))).searchParams.get('lti') as string;
    const before = await refusedLinks();
    await api(stack).post('/api/lti/link').set({ ...bearer(stranger.token), 'X-LTI-Launch': token }).expect(403);
    expect(await refusedLinks()).toBe(before + 1);
    expect(await linksOf('teacher-page')).toEqual([]);
    await api(stack).post('/api/lti/link').set({ 'X-LTI-Launch': token }).expect(401);
    const linked = await api(stack).post('/api/lti/link').set({ ...bearer(owner.token), 'X-LTI-Launch': token }).expect(200);
    expect(linked.body).toMatchObject({ userId: owner.user.id, sub: 'teacher-page', issuer: platform.issuer, linkedVia: 'launch' });
    expect(redirectOf(await launch(videoId, instructor('teacher-page'))).pathname).toBe(`/edit-questions/${videoId}`);
  });

  it("refuses and records a deep linking pick of another user's lesson without linking", async () => {
    const owner = await signUp(stack);
    const stranger = await signUp(stack);
    const videoId = await newLesson(owner.token, 'Owned');
    const token = redirectOf(await launch(videoId, deepLinkClaims('teacher-wrong-pick'))).searchParams.get('lti') as string;
    const before = await refusedLinks();
    await api(stack).post('/api/lti/deep-link/response').set({ ...bearer(stranger.token), 'X-LTI-Launch': token }).send({ videoId }).expect(404);
    expect(await refusedLinks()).toBe(before + 1);
    expect(await linksOf('teacher-wrong-pick')).toEqual([]);
  });

  it('lets admins list and remove links (403 for others); a removed link no longer signs in', async () => {
    const { owner, videoId } = await linkByDeepLinking('teacher-removed');
    await api(stack).get('/api/admin/lti/links').set(bearer(owner.token)).expect(403);
    await api(stack).get('/api/admin/lti/links').expect(401);
    const list = await api(stack).get('/api/admin/lti/links').set(admin()).expect(200);
    const link = (list.body as Array<{ id: string; sub: string; userId: number }>).find((l) => l.sub === 'teacher-removed');
    expect(link).toMatchObject({ userId: owner.user.id, issuer: platform.issuer, platformId: expect.any(String), linkedVia: 'deep_link' });
    await api(stack).delete(`/api/admin/lti/links/${link?.id}`).set(bearer(owner.token)).expect(403);
    await api(stack).delete(`/api/admin/lti/links/${link?.id}`).set(admin()).expect(200);
    await api(stack).delete(`/api/admin/lti/links/${link?.id}`).set(admin()).expect(404);
    expect(await linksOf('teacher-removed')).toEqual([]);
    expect(redirectOf(await launch(videoId, instructor('teacher-removed'))).pathname).toBe('/lti/launch');
  });
});
