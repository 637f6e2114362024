import { execFileSync, spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import type { Response } from 'supertest';
import { startStack, TEST_HEALTH_TOKEN, TEST_JWT_SECRET, type RunningStack } from '@veolearn/testing';
import { api, expectErrorBody, PASSWORD, RELAXED_LIMITS, signUp, sql } from './support';

/**
 * Handing lessons out through the real gateway, video-service and export-service: share links, embed
 * codes and LMS configurations at once, SCORM packages as queued jobs zipped into storage, the
 * manifest and LTI configuration downloads, and the package self-test. Exporting publishes the lesson.
 */

const ADMIN = { email: 'export.admin@example.com', password: 'export admin password 1', username: 'admin' };
const ROOT = resolve(__dirname, '..', '..', '..');
const SCHEMAS = resolve(ROOT, '..', 'shared', 'standards', 'scorm');
const XSD = { '1.2': join(SCHEMAS, 'scorm12', 'validate-driver.xsd'), '2004': join(SCHEMAS, 'scorm2004-4th', 'validate-driver.xsd') };
const XSS_TITLE = '</script><img src=x onerror=alert(1)> & "Cells"';
/** test-scorm's testUrl: the test LMS page under a prefix signed for the owner and the job. */
const TEST_URL = /^\/api\/exports\/([0-9a-f-]{36})\/t\/(\d+\.\d+\.[A-Za-z0-9_-]{43})\/lms$/;

/** A test page token as the gateway signs it (ScormTestAccess), for expired and forged links. */
function sign(jobId: string, ownerId: number, expires: number, secret = TEST_JWT_SECRET): string {
  const key = createHmac('sha256', secret).update('veolearn scorm test page v1').digest();
  return `${ownerId}.${expires}.${createHmac('sha256', key).update(`${jobId}.${ownerId}.${expires}`).digest('base64url')}`;
}

let stack: RunningStack;
let adminToken: string;
let workDir: string;
let origin: string;

interface Account {
  id: number;
  token: string;
}

const bearer = (account: Account) => ({ Authorization: `Bearer ${account.token}` });

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'veolearn-export-e2e-'));
  // A stand-in for the web build's SCORM launch page: an index.html and one asset.
  const player = join(workDir, 'scorm-player');
  mkdirSync(join(player, 'assets'), { recursive: true });
  writeFileSync(join(player, 'index.html'), '<!doctype html><html><head><title>Lesson</title><script src="lesson.js"></script><script src="assets/app.js"></script></head><body></body></html>');
  writeFileSync(join(player, 'assets', 'app.js'), 'console.log(window.VEOLEARN_LESSON.lesson.title);');
  stack = await startStack({
    name: `export_${process.env['TEST_TRANSPORT'] ?? 'tcp'}`,
    admin: ADMIN,
    env: { ...RELAXED_LIMITS, SCORM_PLAYER_DIR: player, UPLOAD_DIR: join(workDir, 'uploads') },
  });
  origin = stack.env['PUBLIC_URL'];
  const res = await api(stack).post('/api/auth/signin').send({ username: ADMIN.email, password: ADMIN.password }).expect(200);
  adminToken = res.body.token;
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

async function trialAccount(): Promise<Account> {
  const { user, token } = await signUp(stack);
  return { id: user.id, token };
}

async function proAccount(): Promise<Account> {
  const account = await trialAccount();
  await api(stack).put(`/api/admin/users/${account.id}/subscription`).set('Authorization', `Bearer ${adminToken}`).send({ plan: 'pro' }).expect(200);
  return account;
}

/** A private YouTube lesson with two questions, written straight into the library schema. */
async function youtubeLesson(ownerId: number, title = 'Water cycle', published = false): Promise<number> {
  const [video] = await sql<{ id: number }>(
    stack,
    `INSERT INTO library.videos (owner_id, title, type, url, youtube_id, duration, published_at)
     VALUES ($1, $2, 'youtube', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ', 601, ${published ? 'now()' : 'NULL'}) RETURNING id`,
    [ownerId, title],
  );
  await sql(
    stack,
    `INSERT INTO library.interactions (video_id, type, question, options, correct_answer, timestamp, topic_title, feedback, position)
     VALUES ($1, 'true_false', 'Water evaporates when heated.', '[]', 'true', 30, 'Evaporation', '{"correct":"Yes","incorrect":"No"}', 0),
            ($1, 'single_choice', 'What falls as rain? <b>', '["Water","Sand"]', '0', 90, 'Rain', '{"correct":"Right","incorrect":"Think again"}', 1)`,
    [video.id],
  );
  return video.id;
}

/** A WebM start (EBML header with DocType 'webm'), then filler. */
function webm(size: number): Buffer {
  const header = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x8b, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d, 0x18, 0x53, 0x80, 0x67]);
  return Buffer.concat([header, Buffer.alloc(size - header.length, 7)]);
}

async function uploadLesson(owner: Account, file: Buffer): Promise<number> {
  const res = await api(stack).post('/api/videos/upload').set(bearer(owner)).attach('file', file, { filename: 'Cells lecture.webm', contentType: 'video/webm' }).expect(201);
  await api(stack).put(`/api/videos/${res.body.id}`).set(bearer(owner)).send({ title: XSS_TITLE }).expect(200);
  await api(stack).put(`/api/videos/${res.body.id}/captions`).set(bearer(owner)).send({ text: 'WEBVTT\n\n00:00.000 --> 00:01.000\nCells\n' }).expect(200);
  await sql(
    stack,
    `INSERT INTO library.interactions (video_id, type, question, options, correct_answer, timestamp, topic_title, feedback, position)
     VALUES ($1, 'true_false', 'Cells are the unit of life.', '[]', 'true', 1, 'Cells', '{"correct":"Yes","incorrect":"No"}', 0)`,
    [res.body.id],
  );
  return res.body.id as number;
}

function exportVideo(owner: Account, videoId: number, body: Record<string, unknown>) {
  return api(stack).post(`/api/videos/${videoId}/export`).set(bearer(owner)).send(body);
}

/** The body of a binary answer as a Buffer. */
function binary(res: Response, callback: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}

interface ZipEntry {
  name: string;
  data: Buffer;
}

/** Reads a whole zip (central directory, then each entry) with Node alone. */
function unzip(zip: Buffer): ZipEntry[] {
  let eocd = -1;
  for (let i = zip.length - 22; i >= 0; i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error('not a zip');
  const count = zip.readUInt16LE(eocd + 10);
  let p = zip.readUInt32LE(eocd + 16);
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    expect(zip.readUInt32LE(p)).toBe(0x02014b50);
    const method = zip.readUInt16LE(p + 10);
    const compressed = zip.readUInt32LE(p + 20);
    const nameLength = zip.readUInt16LE(p + 28);
    const extraLength = zip.readUInt16LE(p + 30);
    const commentLength = zip.readUInt16LE(p + 32);
    const local = zip.readUInt32LE(p + 42);
    const name = zip.subarray(p + 46, p + 46 + nameLength).toString('utf8');
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(start, start + compressed);
    entries.push({ name, data: method === 8 ? inflateRawSync(raw) : Buffer.from(raw) });
    p += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function xmllint(xml: string, version: '1.2' | '2004'): { ok: boolean; output: string } {
  const dir = mkdtempSync(join(workDir, 'manifest-'));
  const file = join(dir, 'imsmanifest.xml');
  writeFileSync(file, xml, 'utf8');
  const run = spawnSync('xmllint', ['--noout', '--nonet', '--schema', XSD[version], file], { encoding: 'utf8' });
  if (run.error) throw new Error(`xmllint is required (apt-get install -y libxml2-utils): ${run.error.message}`);
  return { ok: run.status === 0, output: run.stderr };
}

async function waitForJob(owner: Account, jobId: string): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await api(stack).get(`/api/exports/${jobId}`).set(bearer(owner)).expect(200);
    if (res.body.state === 'completed' || res.body.state === 'failed' || Date.now() > deadline) return res.body;
    await new Promise((r) => setTimeout(r, 150));
  }
}

describe('POST /api/videos/{id}/export: links, embed codes, LMS configurations', () => {
  it('answers the share links on the public origin and publishes the lesson, on a trial', async () => {
    const owner = await trialAccount();
    const id = await youtubeLesson(owner.id);
    await api(stack).get(`/api/play/${id}`).expect(404);
    const res = await exportVideo(owner, id, { format: 'url' }).expect(200);
    expect(res.body).toEqual({
      type: 'url',
      data: { url: `${origin}/video/${id}`, playerUrl: `${origin}/player/${id}`, embedUrl: `${origin}/embed/${id}` },
    });
    await api(stack).get(`/api/play/${id}`).expect(200);
  });

  it('answers an 800x600 iframe and a responsive 16:9 code with the title escaped', async () => {
    const owner = await trialAccount();
    const id = await youtubeLesson(owner.id, XSS_TITLE);
    const res = await exportVideo(owner, id, { format: 'embed' }).expect(200);
    expect(res.body.type).toBe('embed');
    const { iframeCode, responsiveCode } = res.body.data as { iframeCode: string; responsiveCode: string };
    expect(iframeCode).toContain(`src="${origin}/embed/${id}"`);
    expect(iframeCode).toContain('width="800" height="600"');
    expect(iframeCode).toContain('title="&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Cells&quot;"');
    expect(iframeCode).not.toContain('<img');
    expect(responsiveCode).toContain('padding-bottom:56.25%');
    expect(responsiveCode).not.toContain('<img');
    const sized = await exportVideo(owner, id, { format: 'embed', embedWidth: 640, embedHeight: 360, autoplay: true, showControls: false }).expect(200);
    expect(sized.body.data.iframeCode).toContain('width="640" height="360"');
    expect(sized.body.data.iframeCode).toContain('?autoplay=1&amp;controls=0');
  });

  it('gives Pro the configurations of the four LMSs with the launch URL, and refuses LMS and SCORM to a trial naming the plan', async () => {
    const trial = await trialAccount();
    const trialVideo = await youtubeLesson(trial.id);
    for (const format of ['lti', 'scorm']) {
      const refused = await exportVideo(trial, trialVideo, { format }).expect(402);
      expect(expectErrorBody(refused.body, 402)).toMatch(/Pro and Enterprise plans; your Free Trial plan includes the share link and embed code/);
    }
    // Refused before anything was written: the lesson is still private.
    await api(stack).get(`/api/play/${trialVideo}`).expect(404);

    const pro = await proAccount();
    const id = await youtubeLesson(pro.id);
    const res = await exportVideo(pro, id, { format: 'lti', lmsType: 'canvas' }).expect(200);
    expect(res.body.type).toBe('lti');
    const configurations = res.body.data.configurations as Array<Record<string, unknown>>;
    expect(configurations.map((c) => c.lms)).toEqual(['canvas', 'moodle', 'blackboard', 'brightspace']);
    const launch = `${origin}/lti/launch?video=${id}`;
    expect(configurations.find((c) => c.lms === 'moodle')).toMatchObject({ name: 'Moodle', tool_url: launch, consumer_key: `veolearn-lesson-${id}` });
    expect(configurations.find((c) => c.lms === 'blackboard')).toMatchObject({ launch_url: launch, provider_key: `veolearn-lesson-${id}` });
    for (const c of configurations) {
      expect(c.custom_parameters).toMatchObject({ video_id: String(id) });
      expect((c.instructions as string[]).length).toBeGreaterThan(5);
    }
    await api(stack).get(`/api/play/${id}`).expect(200);
  });

  it('makes an expired trial read-only: a private lesson is not published (402), a shared one still gives its links', async () => {
    const owner = await trialAccount();
    const privateVideo = await youtubeLesson(owner.id);
    const sharedVideo = await youtubeLesson(owner.id, 'Shared', true);
    await sql(stack, `UPDATE auth.users SET trial_ends_at = now() - interval '3 days' WHERE id = $1`, [owner.id]);
    const signIn = await api(stack).post('/api/auth/signin').send({ username: (await sql<{ email: string }>(stack, 'SELECT email FROM auth.users WHERE id = $1', [owner.id]))[0].email, password: PASSWORD });
    const expired = { id: owner.id, token: signIn.body.token as string };
    const refused = await exportVideo(expired, privateVideo, { format: 'url' }).expect(402);
    expect(expectErrorBody(refused.body, 402)).toMatch(/trial has ended/);
    await api(stack).get(`/api/play/${privateVideo}`).expect(404);
    await exportVideo(expired, sharedVideo, { format: 'embed' }).expect(200);
  });

  it("answers 404 for somebody else's video and leaves it private", async () => {
    const owner = await trialAccount();
    const id = await youtubeLesson(owner.id);
    const other = await proAccount();
    for (const format of ['url', 'embed', 'lti', 'scorm']) {
      const res = await exportVideo(other, id, { format }).expect(404);
      expect(expectErrorBody(res.body, 404)).toBe('Video not found');
    }
    await api(stack).get(`/api/videos/${id}/scorm-manifest`).set(bearer(other)).expect(404);
    await api(stack).get(`/api/videos/${id}/lti-config`).set(bearer(other)).expect(404);
    await api(stack).get(`/api/play/${id}`).expect(404);
  });

  it('refuses bad bodies with readable 400s', async () => {
    const owner = await proAccount();
    const id = await youtubeLesson(owner.id);
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{}, /format is required/],
      [{ format: 'pdf' }, /format must be one of: url, embed, lti, scorm/],
      [{ format: 'url', extra: 1 }, /Unknown field "extra"/],
      [{ format: 'embed', embedWidth: 'big' }, /embedWidth must be a whole number/],
      [{ format: 'embed', embedHeight: 10 }, /embedHeight must be at least 100/],
      [{ format: 'embed', autoplay: 'yes' }, /autoplay must be true or false/],
      [{ format: 'lti', lmsType: 'sakai' }, /lmsType must be one of/],
      [{ format: 'scorm', scormVersion: '3' }, /scormVersion must be '1.2' or '2004'/],
    ];
    for (const [body, message] of cases) {
      const res = await exportVideo(owner, id, body).expect(400);
      expect(expectErrorBody(res.body, 400)).toMatch(message);
    }
    await api(stack).post('/api/videos/abc/export').set(bearer(owner)).send({ format: 'url' }).expect(400);
    await api(stack).post(`/api/videos/${id}/export`).send({ format: 'url' }).expect(401);
    await api(stack).get(`/api/videos/${id}/scorm-manifest?version=3`).set(bearer(owner)).expect(400);
    await api(stack).get(`/api/videos/${id}/lti-config?version=2`).set(bearer(owner)).expect(400);
    await api(stack).post(`/api/videos/${id}/test-scorm`).set(bearer(owner)).send({ scormVersion: '2' }).expect(400);
    await api(stack).get(`/api/play/${id}`).expect(404);
  });
});

describe('SCORM packages', () => {
  let owner: Account;
  let videoId: number;
  const video = webm(40_000);
  let firstJob: string;

  beforeAll(async () => {
    owner = await proAccount();
    videoId = await uploadLesson(owner, video);
  });

  it('builds a SCORM 1.2 package as a job: 202, then progress to completed, and a zip with the manifest, player, lesson and video', async () => {
    await api(stack).get(`/api/play/${videoId}`).expect(404);
    const res = await exportVideo(owner, videoId, { format: 'scorm' }).expect(202);
    expect(res.body.type).toBe('scorm');
    expect(res.body.data.url).toBe(`${origin}/video/${videoId}`);
    const job = res.body.data.job;
    expect(job).toMatchObject({ videoId, format: 'scorm', scormVersion: '1.2', filename: 'script_img_src_x_onerror_alert_1_Cells_SCORM.zip' });
    expect(['queued', 'active', 'completed']).toContain(job.state);
    expect(typeof job.progress).toBe('number');
    expect(typeof job.stage).toBe('string');
    firstJob = job.id;
    await api(stack).get(`/api/play/${videoId}`).expect(200);

    const done = await waitForJob(owner, job.id);
    expect(done).toMatchObject({ state: 'completed', progress: 100, stage: 'Done', downloadUrl: `/api/exports/${job.id}/download`, error: null });
    const [row] = await sql<{ storage_key: string; content_hash: string; state: string }>(stack, 'SELECT storage_key, content_hash, state FROM export.scorm_packages WHERE id = $1', [job.id]);
    expect(row.storage_key).toMatch(/^exports\/scorm\/[0-9a-f-]+\.zip$/);
    expect(row.content_hash).toMatch(/^[0-9a-f]{64}$/);

    const download = await api(stack).get(`/api/exports/${job.id}/download`).set(bearer(owner)).buffer(true).parse(binary).expect(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="script_img_src_x_onerror_alert_1_Cells_SCORM\.zip"/);
    const zip = download.body as Buffer;
    expect(Number(download.headers['content-length'])).toBe(zip.length);
    expect(done['sizeBytes']).toBe(zip.length);
    const entries = unzip(zip);
    const names = entries.map((e) => e.name);
    expect(names[0]).toBe('imsmanifest.xml');
    expect(names).toEqual(expect.arrayContaining(['imsmanifest.xml', 'index.html', 'assets/app.js', 'lesson.js', 'lesson.json', 'media/captions.vtt', 'media/video.webm']));
    expect(entries.find((e) => e.name === 'media/captions.vtt')!.data.toString('utf8')).toContain('Cells');
    expect(entries.find((e) => e.name === 'media/video.webm')!.data.equals(video)).toBe(true);

    const lesson = JSON.parse(entries.find((e) => e.name === 'lesson.json')!.data.toString('utf8'));
    expect(lesson).toMatchObject({ scormVersion: '1.2', masteryScore: 8, video: { id: videoId, title: XSS_TITLE, mediaFile: 'media/video.webm', captionsFile: 'media/captions.vtt', mimeType: 'video/webm' } });
    expect(lesson.questions[0]).toMatchObject({ question: 'Cells are the unit of life.', correctAnswer: true, feedback: { correct: 'Yes', incorrect: 'No' } });
    const script = entries.find((e) => e.name === 'lesson.js')!.data.toString('utf8');
    expect(script).toContain('window.VEOLEARN_LESSON = ');
    expect(script).not.toContain('</script>');

    const manifest = entries[0].data.toString('utf8');
    expect(manifest).toContain('&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;');
    for (const file of ['index.html', 'assets/app.js', 'lesson.js', 'lesson.json', 'media/captions.vtt', 'media/video.webm']) expect(manifest).toContain(`href="${file}"`);
    const valid = xmllint(manifest, '1.2');
    expect(valid.output).toContain('validates');
    expect(valid.ok).toBe(true);
  });

  it('answers the same completed package at once for a second export of the unchanged lesson', async () => {
    const res = await exportVideo(owner, videoId, { format: 'scorm', scormVersion: '1.2' }).expect(202);
    expect(res.body.data.job).toMatchObject({ id: firstJob, state: 'completed', progress: 100 });
    const rows = await sql(stack, 'SELECT id FROM export.scorm_packages WHERE video_id = $1', [videoId]);
    expect(rows).toHaveLength(1);
  });

  it('builds again when the lesson changed, and builds a SCORM 2004 package whose manifest validates', async () => {
    await sql(stack, `UPDATE library.interactions SET question = 'Cells are the smallest unit of life.' WHERE video_id = $1`, [videoId]);
    const changed = await exportVideo(owner, videoId, { format: 'scorm' }).expect(202);
    expect(changed.body.data.job.id).not.toBe(firstJob);
    expect(await waitForJob(owner, changed.body.data.job.id)).toMatchObject({ state: 'completed' });

    const res = await exportVideo(owner, videoId, { format: 'scorm', scormVersion: '2004' }).expect(202);
    expect(res.body.data.job.scormVersion).toBe('2004');
    const done = await waitForJob(owner, res.body.data.job.id);
    expect(done).toMatchObject({ state: 'completed', stage: 'Done' });
    const download = await api(stack).get(`/api/exports/${res.body.data.job.id}/download`).set(bearer(owner)).buffer(true).parse(binary).expect(200);
    const manifest = unzip(download.body as Buffer).find((e) => e.name === 'imsmanifest.xml')!.data.toString('utf8');
    expect(manifest).toContain('2004 4th Edition');
    const valid = xmllint(manifest, '2004');
    expect(valid.output).toContain('validates');
    expect(valid.ok).toBe(true);
  });

  it('builds a YouTube lesson without a video file', async () => {
    const id = await youtubeLesson(owner.id);
    const res = await exportVideo(owner, id, { format: 'scorm' }).expect(202);
    expect(await waitForJob(owner, res.body.data.job.id)).toMatchObject({ state: 'completed' });
    const download = await api(stack).get(`/api/exports/${res.body.data.job.id}/download`).set(bearer(owner)).buffer(true).parse(binary).expect(200);
    const entries = unzip(download.body as Buffer);
    expect(entries.map((e) => e.name).some((n) => n.startsWith('media/'))).toBe(false);
    const lesson = JSON.parse(entries.find((e) => e.name === 'lesson.json')!.data.toString('utf8'));
    expect(lesson.video).toMatchObject({ youtubeId: 'dQw4w9WgXcQ', mediaFile: null, captionsFile: null, duration: 601 });
    expect(lesson.questions).toHaveLength(2);
  });

  it("keeps jobs to their owner: 404 for anyone else, 409 while a package is not finished", async () => {
    const stranger = await proAccount();
    await api(stack).get(`/api/exports/${firstJob}`).set(bearer(stranger)).expect(404);
    await api(stack).get(`/api/exports/${firstJob}/download`).set(bearer(stranger)).expect(404);
    await api(stack).get('/api/exports/not-a-uuid').set(bearer(owner)).expect(404);
    const [pending] = await sql<{ id: string }>(
      stack,
      `INSERT INTO export.scorm_packages (id, owner_id, video_id, scorm_version, content_hash, options, state, progress, stage, filename)
       VALUES (gen_random_uuid(), $1, $2, '1.2', 'x', '{"autoplay":false,"showControls":true,"includeAnalytics":true}', 'active', 40, 'Adding the video', 'a_SCORM.zip') RETURNING id`,
      [owner.id, videoId],
    );
    const res = await api(stack).get(`/api/exports/${pending.id}/download`).set(bearer(owner)).expect(409);
    expect(expectErrorBody(res.body, 409)).toMatch(/not ready yet \(Adding the video, 40%\)/);
    await sql(stack, 'DELETE FROM export.scorm_packages WHERE id = $1', [pending.id]);
  });

  it('downloads the manifest alone for 1.2 and 2004, named for the share page', async () => {
    const v12 = await api(stack).get(`/api/videos/${videoId}/scorm-manifest?version=1.2`).set(bearer(owner)).expect(200);
    expect(v12.headers['content-type']).toMatch(/^application\/xml/);
    expect(v12.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="veolearn-scorm12-${videoId}\\.xml"`));
    expect(xmllint(v12.text, '1.2').ok).toBe(true);
    const v2004 = await api(stack).get(`/api/videos/${videoId}/scorm-manifest?version=2004`).set(bearer(owner)).expect(200);
    expect(v2004.headers['content-disposition']).toMatch(new RegExp(`filename="veolearn-scorm2004-${videoId}\\.xml"`));
    expect(xmllint(v2004.text, '2004').ok).toBe(true);
    expect(v2004.text).not.toContain('<img');
  });

  it("downloads the LTI 1.3 JSON and LTI 1.1 XML with the spec's constants", async () => {
    const v13 = await api(stack).get(`/api/videos/${videoId}/lti-config?version=1.3`).set(bearer(owner)).expect(200);
    expect(v13.headers['content-type']).toMatch(/^application\/json/);
    expect(v13.headers['content-disposition']).toMatch(new RegExp(`filename="veolearn-lti13-${videoId}\\.json"`));
    const config = JSON.parse(v13.text);
    expect(config.target_link_uri).toBe(`${origin}/lti/launch?video=${videoId}`);
    expect(config.placements[0]).toMatchObject({ placement: 'ContentArea', window_target: '_blank', display_width: '100%', display_height: 600 });
    expect(config.title).toBe(`VeoLearn: ${XSS_TITLE}`);
    const v11 = await api(stack).get(`/api/videos/${videoId}/lti-config?version=1.1`).set(bearer(owner)).expect(200);
    expect(v11.headers['content-disposition']).toMatch(new RegExp(`filename="veolearn-lti11-${videoId}\\.xml"`));
    expect(v11.text).toContain('<lticm:property name="privacy_level">public</lticm:property>');
    expect(v11.text).toContain('&lt;/script&gt;');
    expect(v11.text).not.toContain('<img');
    const wellFormed = spawnSync('xmllint', ['--noout', '-'], { input: v11.text, encoding: 'utf8' });
    expect(wellFormed.status).toBe(0);

    const trial = await trialAccount();
    const trialVideo = await youtubeLesson(trial.id);
    await api(stack).get(`/api/videos/${trialVideo}/lti-config`).set(bearer(trial)).expect(402);
    await api(stack).get(`/api/videos/${trialVideo}/scorm-manifest`).set(bearer(trial)).expect(402);
  });

  it('tests the built package: success with no errors and a signed test page URL', async () => {
    const res = await api(stack).post(`/api/videos/${videoId}/test-scorm`).set(bearer(owner)).send({ scormVersion: '2004' }).expect(200);
    expect(res.body).toEqual({ success: true, testUrl: expect.stringMatching(TEST_URL), errors: [] });
    const other = await youtubeLesson(owner.id, 'Fresh lesson');
    const fresh = await api(stack).post(`/api/videos/${other}/test-scorm`).set(bearer(owner)).send({}).expect(200);
    expect(fresh.body).toEqual({ success: true, testUrl: expect.stringMatching(TEST_URL), errors: [] });
    expect(TEST_URL.exec(fresh.body.testUrl)![1]).not.toBe(TEST_URL.exec(res.body.testUrl)![1]);
  });

  describe('the test LMS page under its signed prefix', () => {
    let jobId: string;
    let token: string;
    let prefix: string;

    beforeAll(async () => {
      const res = await api(stack).post(`/api/videos/${videoId}/test-scorm`).set(bearer(owner)).send({ scormVersion: '1.2' }).expect(200);
      const match = TEST_URL.exec(res.body.testUrl);
      expect(match).not.toBeNull();
      [, jobId, token] = match!;
      prefix = `/api/exports/${jobId}/t/${token}/`;
      const [row] = await sql<{ owner_id: number; state: string; scorm_version: string }>(stack, 'SELECT owner_id, state, scorm_version FROM export.scorm_packages WHERE id = $1', [jobId]);
      expect(row).toMatchObject({ owner_id: owner.id, state: 'completed', scorm_version: '1.2' });
    });

    it('serves the page without a session: the runtime, its script and the launch page in an iframe, all same-origin, no inline script', async () => {
      const page = await api(stack).get(`${prefix}lms`).expect(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['cache-control']).toBe('private, no-store');
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toMatch(/frame-src 'self'/);
      const html = page.text;
      expect(html).toContain('data-scorm-version="1.2"');
      expect(html).toContain('data-launch="files/index.html"');
      expect(html).toContain('What the LMS received');
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts).toEqual(['<script src="scorm-again.js">', '<script src="lms.js">']);
      expect(html).not.toMatch(/<script>[^<]/);
      // The lesson's title is escaped.
      expect(html).not.toContain('<img src=x');
      expect(html).toContain('&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;');

      const runtime = await api(stack).get(`${prefix}scorm-again.js`).expect(200);
      expect(runtime.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(runtime.text).toContain('Scorm12API');
      expect(runtime.text).toContain('Scorm2004API');
      const script = await api(stack).get(`${prefix}lms.js`).expect(200);
      expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(script.text).toContain('window.API_1484_11 = api');
      expect(script.text).toContain("'LMSCommit'");
    });

    it("serves the package's files from the stored zip with their content types", async () => {
      const index = await api(stack).get(`${prefix}files/index.html`).expect(200);
      expect(index.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(index.text).toContain('<script src="lesson.js"></script><script src="assets/app.js"></script>');
      const lesson = await api(stack).get(`${prefix}files/lesson.js`).expect(200);
      expect(lesson.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(lesson.text).toContain('window.VEOLEARN_LESSON = ');
      expect(Number(lesson.headers['content-length'])).toBe(Buffer.byteLength(lesson.text));
      const app = await api(stack).get(`${prefix}files/assets/app.js`).expect(200);
      expect(app.text).toBe('console.log(window.VEOLEARN_LESSON.lesson.title);');
      const json = await api(stack).get(`${prefix}files/lesson.json`).expect(200);
      expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(json.body).toMatchObject({ scormVersion: '1.2', video: { id: videoId } });
      const captions = await api(stack).get(`${prefix}files/media/captions.vtt`).expect(200);
      expect(captions.headers['content-type']).toBe('text/vtt; charset=utf-8');
      expect(captions.text).toMatch(/^WEBVTT/);

      const media = await api(stack).get(`${prefix}files/media/video.webm`).buffer(true).parse(binary).expect(200);
      expect(media.headers['content-type']).toBe('video/webm');
      expect(media.headers['accept-ranges']).toBe('bytes');
      expect((media.body as Buffer).equals(video)).toBe(true);
      const part = await api(stack).get(`${prefix}files/media/video.webm`).set('Range', 'bytes=100-199').buffer(true).parse(binary).expect(206);
      expect(part.headers['content-range']).toBe(`bytes 100-199/${video.length}`);
      expect((part.body as Buffer).equals(video.subarray(100, 200))).toBe(true);
      await api(stack).get(`${prefix}files/media/video.webm`).set('Range', `bytes=${video.length}-`).expect(416);
    });

    it('answers 404 for a path the manifest does not list or that is not a plain relative path', async () => {
      for (const path of ['imsmanifest.xml', 'missing.js', 'assets', 'assets/', '%2e%2e/imsmanifest.xml', 'assets%2Fapp.js', 'assets/./app.js', 'assets//app.js', '%00', 'index.html%00', 'INDEX.HTML', '..%5Cindex.html']) {
        const res = await api(stack).get(`${prefix}files/${path}`);
        expect({ path, status: res.status }).toEqual({ path, status: 404 });
      }
      await api(stack).get(`${prefix}other`).expect(404);
    });

    it('answers 404 for a wrong, tampered or expired token, and for another owner', async () => {
      const [ownerId, expires, signature] = token.split('.');
      const tampered = `${ownerId}.${expires}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
      const later = `${ownerId}.${Number(expires) + 3600}.${signature}`;
      const expired = sign(jobId, Number(ownerId), Math.floor(Date.now() / 1000) - 60);
      const stillValid = sign(jobId, Number(ownerId), Math.floor(Date.now() / 1000) + 600);
      await api(stack).get(`/api/exports/${jobId}/t/${stillValid}/files/index.html`).expect(200);
      for (const bad of [tampered, later, expired, 'nonsense', `${ownerId}.${expires}`, sign(jobId, Number(ownerId), Number(expires), 'another-secret')]) {
        for (const path of ['lms', 'lms.js', 'scorm-again.js', 'files/index.html']) {
          const res = await api(stack).get(`/api/exports/${jobId}/t/${bad}/${path}`);
          expect({ bad, path, status: res.status }).toEqual({ bad, path, status: 404 });
        }
      }
      // A bearer session changes nothing: the signature is what counts.
      await api(stack).get(`/api/exports/${jobId}/t/${tampered}/lms`).set(bearer(owner)).expect(404);
    });

    it("answers 404 for another user's job: their token does not open it, nor does a link signed for another owner", async () => {
      const stranger = await proAccount();
      const theirVideo = await youtubeLesson(stranger.id, 'Their lesson');
      const theirs = await api(stack).post(`/api/videos/${theirVideo}/test-scorm`).set(bearer(stranger)).send({}).expect(200);
      const [, theirJob, theirToken] = TEST_URL.exec(theirs.body.testUrl)!;
      expect(theirToken.startsWith(`${stranger.id}.`)).toBe(true);
      await api(stack).get(`/api/exports/${theirJob}/t/${theirToken}/lms`).expect(200);
      // The stranger's token on the owner's job, and the owner's token on the stranger's job.
      await api(stack).get(`/api/exports/${jobId}/t/${theirToken}/lms`).expect(404);
      await api(stack).get(`/api/exports/${jobId}/t/${theirToken}/files/index.html`).expect(404);
      await api(stack).get(`/api/exports/${theirJob}/t/${token}/files/index.html`).expect(404);
      // Even correctly signed for the stranger (as if the key leaked), the owner's job stays theirs: the export-service checks the owner.
      const forged = sign(jobId, stranger.id, Math.floor(Date.now() / 1000) + 600);
      await api(stack).get(`/api/exports/${jobId}/t/${forged}/lms`).expect(404);
      await api(stack).get(`/api/exports/${jobId}/t/${forged}/files/index.html`).expect(404);
      await api(stack).get(`/api/exports/${jobId}`).set(bearer(stranger)).expect(404);
      // An unknown job, even signed.
      const unknown = '00000000-0000-4000-8000-000000000000';
      await api(stack).get(`/api/exports/${unknown}/t/${sign(unknown, owner.id, Math.floor(Date.now() / 1000) + 600)}/lms`).expect(404);
    });
  });

  it('reports the export-service and its queue in the health details', async () => {
    const res = await api(stack).get('/api/health').set('X-Health-Token', TEST_HEALTH_TOKEN).expect(200);
    expect(res.body.info).toMatchObject({
      'export-service': { status: 'up' },
      'export-service:postgres': { status: 'up' },
      'export-service:queue': { status: 'up' },
    });
  });

  it('leaves nothing pending between the export schema and its entities', () => {
    const output = execFileSync(process.execPath, [join(ROOT, 'dist/apps/export-service/main.js'), 'schema-check'], { env: { ...stack.env }, encoding: 'utf8' });
    expect(output).toContain('Schema "export" matches its entities');
  });
});
