import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Response } from 'superagent';
import { startStack, type RunningStack } from '@veolearn/testing';
import { api, expectErrorBody, RELAXED_LIMITS, signUp, sql } from './support';
import { waterCyclePlain, waterCycleSrt } from './fixtures/transcripts';

/** The stack's small upload limit, so that "too large" needs only a few hundred KiB. */
const LIMIT = 256 * 1024;
const TOO_LARGE = 'The video is larger than the 256 KiB limit.';
const NOT_A_VIDEO = 'Only MP4, WebM and MOV videos can be uploaded.';
const YOUTUBE_LINK = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

let stack: RunningStack;
let uploadDir: string;

beforeAll(async () => {
  uploadDir = mkdtempSync(join(tmpdir(), 'veolearn-uploads-'));
  stack = await startStack({ name: 'upload', env: { ...RELAXED_LIMITS, UPLOAD_DIR: uploadDir, UPLOAD_MAX_BYTES: String(LIMIT) } });
});

afterAll(async () => {
  await stack?.stop();
  rmSync(uploadDir, { recursive: true, force: true });
});

interface Account {
  id: number;
  token: string;
}

const bearer = (account: Account) => ({ Authorization: `Bearer ${account.token}` });

async function account(unlimited = true): Promise<Account> {
  const { user, body } = await signUp(stack);
  if (unlimited) await sql(stack, 'UPDATE auth.users SET has_unlimited_access = true WHERE id = $1', [user.id]);
  const res = await api(stack).post('/api/auth/signin').send({ username: body.email, password: body.password }).expect(200);
  return { id: user.id, token: res.body.token as string };
}

// ------------------------------------------------------------------ test files, built here

/** Bytes 0..n-1 with a recognisable pattern, so ranges can be checked byte by byte. */
function pattern(n: number, seed = 7): Buffer {
  return Buffer.from(Array.from({ length: n }, (_, i) => (i * 31 + seed) % 256));
}

/** A WebM start: EBML header with EBMLVersion 1 and DocType 'webm', then a Segment id and filler. */
function webm(size: number): Buffer {
  const header = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x8b, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d, 0x18, 0x53, 0x80, 0x67]);
  return Buffer.concat([header, pattern(size - header.length)]);
}

/** An MP4 (or, with brand 'qt  ', a QuickTime) start: an ISO-BMFF ftyp box, then filler. */
function isoBmff(size: number, brand = 'isom'): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftyp', 4, 'latin1');
  ftyp.write(brand, 8, 'latin1');
  ftyp.writeUInt32BE(0x200, 12);
  ftyp.write(brand === 'qt  ' ? 'qt  ' : 'isom', 16, 'latin1');
  ftyp.write(brand === 'qt  ' ? 'qt  ' : 'mp41', 20, 'latin1');
  return Buffer.concat([ftyp, pattern(size - ftyp.length, 3)]);
}

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'), pattern(2000)]);

/** A real 8×8 JPEG (Chromium's, its colour profile left out), as the wizard's captured frame would be. */
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAIAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABAX/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCcAemv/9k=',
  'base64',
);
const NOT_AN_IMAGE = 'The poster must be a JPEG, PNG or WebP image.';
const POSTER_TOO_LARGE = 'The poster is larger than the 512 KiB limit.';

const SRT = `1
00:00:01,000 --> 00:00:04,500
Water <b>evaporates</b> & rises

2
00:00:05,000 --> 00:00:08,250
Then it condenses into clouds
`;

/**
 * Every file under the upload folder (relative), temporary ones included. A file the server removes
 * between the listing and the look at it (a `.part` being cleaned up) is gone, not an error.
 */
function storedFiles(): string[] {
  const isFile = (p: string) => {
    try {
      return statSync(join(uploadDir, p)).isFile();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  };
  return (readdirSync(uploadDir, { recursive: true }) as string[]).filter(isFile).sort();
}

async function videoRows(ownerId: number): Promise<Array<{ id: number; type: string; storage_key: string | null; mime_type: string | null; size_bytes: string | null }>> {
  return sql(stack, 'SELECT id, type, storage_key, mime_type, size_bytes FROM library.videos WHERE owner_id = $1 ORDER BY id', [ownerId]);
}

function upload(owner: Account) {
  return api(stack).post('/api/videos/upload').set(bearer(owner));
}

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not met in time');
}

/** Shares the owner's lesson by link, so anyone may play it and fetch its media and captions. */
async function share(owner: Account, videoId: number): Promise<void> {
  const res = await api(stack).put(`/api/videos/${videoId}/sharing`).set(bearer(owner)).send({ published: true }).expect(200);
  expect(res.body).toMatchObject({ id: videoId, published: true, mediaUrl: `/api/media/${videoId}` });
}

/** The VideoView of a new upload with the given file, shared by link unless asked not to be. */
async function uploaded(owner: Account, file: Buffer, filename: string, shared = true): Promise<{ id: number; mediaUrl: string }> {
  const res = await upload(owner).attach('file', file, { filename, contentType: 'application/octet-stream' }).expect(201);
  if (shared) await share(owner, res.body.id);
  return res.body as { id: number; mediaUrl: string };
}

/** '/api/media/7?access=<expiry>.<signature>': a private lesson's link as its owner's views give it. */
const signedLink = (path: string) => new RegExp(`^${path.replace(/[.?]/g, '\\$&')}\\?access=\\d+\\.[\\w-]+$`);

describe('POST /api/videos/upload', () => {
  let owner: Account;

  beforeAll(async () => {
    owner = await account();
  });

  it('stores a WebM judged by its content, titled after the file, streams it to its owner, and to anyone once shared', async () => {
    const file = webm(5000);
    const res = await upload(owner).attach('file', file, { filename: 'Water cycle lecture.webm', contentType: 'video/webm' }).expect(201);
    expect(res.body).toMatchObject({
      title: 'Water cycle lecture',
      type: 'upload',
      filename: 'Water cycle lecture.webm',
      status: 'ready',
      duration: null,
      youtubeId: null,
      thumbnailUrl: null,
      folder: null,
      questionCount: 0,
      hasCaptions: false,
      mediaUrl: expect.stringMatching(signedLink(`/api/media/${res.body.id}`)),
      url: `/api/media/${res.body.id}`,
      published: false,
    });
    const [row] = (await videoRows(owner.id)).filter((r) => r.id === res.body.id);
    expect(row).toMatchObject({ type: 'upload', mime_type: 'video/webm', size_bytes: '5000' });
    expect(readFileSync(join(uploadDir, row.storage_key!)).equals(file)).toBe(true);

    const media = await api(stack).get(res.body.mediaUrl).buffer(true).parse(binary).expect(200);
    expect(media.headers['content-type']).toBe('video/webm');
    expect(media.headers['accept-ranges']).toBe('bytes');
    expect(media.headers['content-length']).toBe('5000');
    expect((media.body as Buffer).equals(file)).toBe(true);

    // Private until shared: the plain link is 'Video not found' to anyone else, and so is the player.
    expect(expectErrorBody((await api(stack).get(`/api/media/${res.body.id}`).expect(404)).body, 404)).toBe('Video not found');
    await api(stack).get(`/api/play/${res.body.id}`).expect(404);
    const owned = await api(stack).get(`/api/videos/${res.body.id}`).set(bearer(owner)).expect(200);
    expect(owned.body).toMatchObject({ type: 'upload', mediaUrl: expect.stringMatching(signedLink(`/api/media/${res.body.id}`)) });
    const ownPlay = await api(stack).get(`/api/play/${res.body.id}`).set(bearer(owner)).expect(200);
    expect(ownPlay.body.video).toMatchObject({ mediaUrl: expect.stringMatching(signedLink(`/api/media/${res.body.id}`)), published: false });
    await api(stack).head(`/api/media/${res.body.id}`).set(bearer(owner)).expect(200);

    await share(owner, res.body.id);
    const play = await api(stack).get(`/api/play/${res.body.id}`).expect(200);
    expect(play.body.video).toMatchObject({
      type: 'upload',
      mediaUrl: `/api/media/${res.body.id}`,
      captionsUrl: `/api/videos/${res.body.id}/captions.vtt`,
      hasCaptions: false,
      published: true,
    });
    const shared = await api(stack).get(`/api/media/${res.body.id}`).buffer(true).parse(binary).expect(200);
    expect((shared.body as Buffer).equals(file)).toBe(true);
    expect(shared.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('takes MP4 and MOV with a title and folder, whatever name or type the browser gave', async () => {
    const folder = await api(stack).post('/api/folders').set(bearer(owner)).send({ name: 'Uploads' }).expect(201);
    const mp4 = await upload(owner)
      .field('title', '  Photosynthesis  ')
      .field('folderId', String(folder.body.id))
      .attach('file', isoBmff(3000), { filename: 'clip.bin', contentType: 'application/octet-stream' })
      .expect(201);
    expect(mp4.body).toMatchObject({ title: 'Photosynthesis', folder: folder.body.id, filename: 'clip.bin' });
    const mov = await upload(owner).attach('file', isoBmff(3000, 'qt  '), { filename: 'holiday.MOV', contentType: 'video/quicktime' }).expect(201);
    expect(mov.body.title).toBe('holiday');
    const rows = await videoRows(owner.id);
    expect(rows.find((r) => r.id === mp4.body.id)?.mime_type).toBe('video/mp4');
    expect(rows.find((r) => r.id === mov.body.id)?.mime_type).toBe('video/quicktime');
    const head = await api(stack).head(mov.body.mediaUrl).expect(200);
    expect(head.headers['content-type']).toBe('video/quicktime');
  });

  it('refuses a PNG named .mp4 with 415 and keeps no file and no row', async () => {
    const before = await videoRows(owner.id);
    const files = storedFiles();
    const res = await upload(owner).attach('file', PNG, { filename: 'lecture.mp4', contentType: 'video/mp4' }).expect(415);
    expect(expectErrorBody(res.body, 415)).toBe(NOT_A_VIDEO);
    expect(await videoRows(owner.id)).toEqual(before);
    expect(storedFiles()).toEqual(files);
  });

  it('refuses a file over UPLOAD_MAX_BYTES with 413 and leaves nothing in UPLOAD_DIR', async () => {
    const before = await videoRows(owner.id);
    const files = storedFiles();
    const res = await upload(owner).attach('file', webm(LIMIT + 1), { filename: 'big.webm' }).expect(413);
    expect(expectErrorBody(res.body, 413)).toBe(TOO_LARGE);
    expect(await videoRows(owner.id)).toEqual(before);
    expect(storedFiles()).toEqual(files);
    // exactly at the limit is fine
    const atLimit = await upload(owner).attach('file', webm(LIMIT), { filename: 'exact.webm' }).expect(201);
    expect(statSync(join(uploadDir, (await videoRows(owner.id)).find((r) => r.id === atLimit.body.id)!.storage_key!)).size).toBe(LIMIT);
  });

  it('refuses a body declared far larger than the limit at once', async () => {
    const res = await upload(owner).set('Content-Type', 'multipart/form-data; boundary=x').set('Content-Length', String(50 * 1024 * 1024)).send('--x--');
    expect(res.status).toBe(413);
    expect(expectErrorBody(res.body, 413)).toBe(TOO_LARGE);
  });

  it('leaves no file and no row when the client goes away mid-upload', async () => {
    const before = await videoRows(owner.id);
    const files = storedFiles();
    const boundary = 'veolearn-abort-boundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.webm"\r\nContent-Type: video/webm\r\n\r\n`,
    );
    const url = new URL('/api/videos/upload', stack.baseUrl);
    const req = httpRequest({
      method: 'POST',
      hostname: url.hostname,
      port: url.port,
      path: url.pathname,
      headers: {
        ...bearer(owner),
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        'Content-Length': String(head.length + 200 * 1024 + 100),
      },
    });
    req.on('error', () => undefined);
    req.write(head);
    req.write(webm(100 * 1024));
    // The upload is under way: a new temporary file exists.
    await waitFor(() => storedFiles().some((f) => f.endsWith('.part') && !files.includes(f)));
    req.destroy();
    await waitFor(() => storedFiles().length === files.length);
    expect(storedFiles()).toEqual(files);
    await new Promise((r) => setTimeout(r, 300));
    expect(await videoRows(owner.id)).toEqual(before);
    // the gateway is still fine
    await uploaded(owner, webm(1000), 'after.webm');
  });

  it('checks the plan limit before storing anything (402)', async () => {
    const trial = await account(false);
    await api(stack).post('/api/videos').set(bearer(trial)).send({ youtubeUrl: YOUTUBE_LINK, title: 'First' }).expect(201);
    const files = storedFiles();
    const res = await upload(trial).attach('file', webm(50_000), { filename: 'second.webm' }).expect(402);
    expect(expectErrorBody(res.body, 402)).toMatch(/subscribe/i);
    expect(storedFiles()).toEqual(files);
    expect(await videoRows(trial.id)).toHaveLength(1);
  });

  it("refuses a file larger than what is left of the plan's storage quota with 402, storing nothing; a file that fits is taken", async () => {
    // A Pro account: the plan is set before signing in, so the session carries it.
    const { user, body } = await signUp(stack);
    await sql(stack, `UPDATE auth.users SET plan = 'pro', subscription_status = 'active' WHERE id = $1`, [user.id]);
    const signedIn = await api(stack).post('/api/auth/signin').send({ username: body.email, password: body.password }).expect(200);
    const pro: Account = { id: user.id, token: signedIn.body.token as string };
    const asPro = pro;
    // Pro stores 20 GB; this account already holds all of it but 100 KiB.
    const quota = 20 * 1024 * 1024 * 1024;
    await sql(
      stack,
      `INSERT INTO library.videos (owner_id, title, type, status, url, storage_key, mime_type, size_bytes)
       VALUES ($1, 'Big lecture', 'upload', 'ready', '/api/media/0', 'videos/not-a-real-file', 'video/webm', $2)`,
      [pro.id, quota - 100 * 1024],
    );
    const before = await videoRows(pro.id);
    const files = storedFiles();
    const over = await upload(asPro).attach('file', webm(150 * 1024), { filename: 'too-big.webm' }).expect(402);
    expect(expectErrorBody(over.body, 402)).toBe(
      'This file is larger than the 100 KB of video storage left on your Pro plan (20 GB in all). Delete videos you no longer need or upgrade: Choose a plan at /subscribe to upgrade.',
    );
    expect(storedFiles()).toEqual(files);
    expect(await videoRows(pro.id)).toEqual(before);
    await upload(asPro).attach('file', webm(90 * 1024), { filename: 'fits.webm' }).expect(201);
    // Now full: refused before the body is read.
    const full = await upload(asPro).attach('file', webm(20 * 1024), { filename: 'more.webm' }).expect(402);
    expect(expectErrorBody(full.body, 402)).toMatch(/^This file is larger than the 10 KB of video storage left on your Pro plan/);
    expect(storedFiles()).toHaveLength(files.length + 1);
  });

  it('answers 404 for a folder that is not yours, before and after the file', async () => {
    const other = await account();
    const folder = await api(stack).post('/api/folders').set(bearer(other)).send({ name: 'Theirs' }).expect(201);
    const files = storedFiles();
    const before = await upload(owner).field('folderId', String(folder.body.id)).attach('file', webm(2000), { filename: 'a.webm' }).expect(404);
    expect(expectErrorBody(before.body, 404)).toBe('Folder not found');
    const after = await upload(owner).attach('file', webm(2000), { filename: 'a.webm' }).field('folderId', String(folder.body.id)).expect(404);
    expect(expectErrorBody(after.body, 404)).toBe('Folder not found');
    expect(storedFiles()).toEqual(files);
  });

  it('answers readable 4xx for bad forms', async () => {
    await api(stack).post('/api/videos/upload').attach('file', webm(1000), { filename: 'a.webm' }).expect(401);
    const json = await upload(owner).send({ file: 'x' }).expect(415);
    expect(expectErrorBody(json.body, 415)).toMatch(/multipart\/form-data/);
    const noFile = await upload(owner).field('title', 'Nothing').expect(400);
    expect(expectErrorBody(noFile.body, 400)).toBe('Choose a video file to upload (form field "file").');
    const unknown = await upload(owner).field('colour', 'red').attach('file', webm(1000), { filename: 'a.webm' }).expect(400);
    expect(expectErrorBody(unknown.body, 400)).toMatch(/Unknown field "colour"/);
    const folder = await upload(owner).field('folderId', 'abc').attach('file', webm(1000), { filename: 'a.webm' }).expect(400);
    expect(expectErrorBody(folder.body, 400)).toBe('folderId must be a folder id or null');
    const title = await upload(owner).field('title', 'x'.repeat(201)).attach('file', webm(1000), { filename: 'a.webm' }).expect(400);
    expect(expectErrorBody(title.body, 400)).toMatch(/at most 200 characters/);
    const two = await upload(owner)
      .attach('file', webm(1000), { filename: 'a.webm' })
      .attach('file', webm(1000), { filename: 'b.webm' })
      .expect(400);
    expect(expectErrorBody(two.body, 400)).toBe('Send one video file per upload.');
    const empty = await upload(owner).attach('file', Buffer.alloc(0), { filename: 'empty.mp4' }).expect(415);
    expect(expectErrorBody(empty.body, 415)).toBe(NOT_A_VIDEO);
    const broken = await upload(owner).set('Content-Type', 'multipart/form-data; boundary=zzz').send('--zzz\r\nnot a part header\r\n\r\nhello').expect(400);
    expectErrorBody(broken.body, 400);
  });

  it('deleting an uploaded video removes its file too', async () => {
    const owner = await account();
    const before = storedFiles();
    const video = await uploaded(owner, webm(4096), 'gone.webm');
    expect(storedFiles().length).toBe(before.length + 1);
    await api(stack).delete(`/api/videos/${video.id}`).set(bearer(owner)).expect(200);
    expect(storedFiles()).toEqual(before);
    await api(stack).get(video.mediaUrl).expect(404);
  });

  it('deleting an uploaded video removes its poster too', async () => {
    const owner = await account();
    const before = storedFiles();
    const res = await upload(owner)
      .attach('poster', JPEG, { filename: 'poster.jpg', contentType: 'image/jpeg' })
      .attach('file', webm(4096), { filename: 'gone.webm' })
      .expect(201);
    expect(storedFiles().filter((f) => !before.includes(f)).map((f) => f.split('/')[0]).sort()).toEqual(['posters', 'videos']);
    await api(stack).delete(`/api/videos/${res.body.id}`).set(bearer(owner)).expect(200);
    expect(storedFiles()).toEqual(before);
    await api(stack).get(`/api/media/${res.body.id}/poster`).set(bearer(owner)).expect(404);
  });

  it('answers 415 to multipart bodies sent to other routes', async () => {
    const res = await api(stack).post('/api/videos').set(bearer(owner)).attach('file', webm(1000), { filename: 'a.webm' }).expect(415);
    expectErrorBody(res.body, 415);
  });
});

/** superagent parser that keeps a binary body as a Buffer (in Node, `res` is the response stream). */
function binary(res: Response, done: (error: Error | null, body: Buffer) => void): void {
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
  stream.on('error', (e: Error) => done(e, Buffer.alloc(0)));
}

describe('GET/HEAD /api/media/{id} with Range', () => {
  const file = isoBmff(1000);
  let id: number;

  beforeAll(async () => {
    id = (await uploaded(await account(), file, 'ranges.mp4')).id;
  });

  const get = (range?: string) => {
    const req = api(stack).get(`/api/media/${id}`).buffer(true).parse(binary);
    return range ? req.set('Range', range) : req;
  };

  it('bytes=0-99 → 206 with the first 100 bytes', async () => {
    const res = await get('bytes=0-99').expect(206);
    expect(res.headers['content-range']).toBe('bytes 0-99/1000');
    expect(res.headers['content-length']).toBe('100');
    expect(res.headers['content-type']).toBe('video/mp4');
    expect((res.body as Buffer).equals(file.subarray(0, 100))).toBe(true);
  });

  it('bytes=100- → 206 to the end', async () => {
    const res = await get('bytes=100-').expect(206);
    expect(res.headers['content-range']).toBe('bytes 100-999/1000');
    expect((res.body as Buffer).equals(file.subarray(100))).toBe(true);
  });

  it('suffix bytes=-50 → the last 50 bytes; an end past the file is clipped', async () => {
    const res = await get('bytes=-50').expect(206);
    expect(res.headers['content-range']).toBe('bytes 950-999/1000');
    expect((res.body as Buffer).equals(file.subarray(950))).toBe(true);
    const clipped = await get('bytes=990-5000').expect(206);
    expect(clipped.headers['content-range']).toBe('bytes 990-999/1000');
    expect((clipped.body as Buffer).equals(file.subarray(990))).toBe(true);
  });

  it('an unsatisfiable range → 416 with Content-Range bytes */size', async () => {
    for (const range of ['bytes=1000-', 'bytes=5000-6000', 'bytes=-0']) {
      const res = await api(stack).get(`/api/media/${id}`).set('Range', range).expect(416);
      expect(res.headers['content-range']).toBe('bytes */1000');
      expectErrorBody(res.body, 416);
    }
  });

  it('no Range, or one to ignore (several ranges, other units) → 200 with everything', async () => {
    for (const range of [undefined, 'bytes=0-1,5-9', 'items=0-5']) {
      const res = await get(range).expect(200);
      expect(res.headers['content-length']).toBe('1000');
      expect((res.body as Buffer).equals(file)).toBe(true);
    }
  });

  it('HEAD gives the headers without a body, with and without Range', async () => {
    const head = await api(stack).head(`/api/media/${id}`).expect(200);
    expect(head.headers).toMatchObject({ 'content-type': 'video/mp4', 'content-length': '1000', 'accept-ranges': 'bytes' });
    expect(head.text ?? '').toBe('');
    const partial = await api(stack).head(`/api/media/${id}`).set('Range', 'bytes=0-99').expect(206);
    expect(partial.headers).toMatchObject({ 'content-range': 'bytes 0-99/1000', 'content-length': '100' });
  });

  it('404 for YouTube videos and unknown ids, 400 for a bad id', async () => {
    const owner = await account();
    const yt = await api(stack).post('/api/videos').set(bearer(owner)).send({ youtubeUrl: YOUTUBE_LINK, title: 'YT' }).expect(201);
    for (const target of [yt.body.id, 999999]) {
      const res = await api(stack).get(`/api/media/${target}`).expect(404);
      expect(expectErrorBody(res.body, 404)).toBe('Video not found');
    }
    await api(stack).get('/api/media/abc').expect(400);
  });
});

describe('poster frames', () => {
  let owner: Account;

  beforeAll(async () => {
    owner = await account();
  });

  const posterRow = async (id: number) =>
    (await sql(stack, 'SELECT poster_key, poster_mime_type FROM library.videos WHERE id = $1', [id]))[0] as { poster_key: string | null; poster_mime_type: string | null };

  it("stores a JPEG poster judged by its content, serves it to the owner, to nobody else while private, to anyone once shared", async () => {
    const res = await upload(owner)
      .attach('poster', JPEG, { filename: 'frame.bin', contentType: 'application/octet-stream' })
      .attach('file', webm(3000), { filename: 'With poster.webm' })
      .expect(201);
    const id = res.body.id as number;
    const posterPath = `/api/media/${id}/poster`;
    expect(res.body).toMatchObject({ mediaUrl: expect.stringMatching(signedLink(`/api/media/${id}`)), posterUrl: expect.stringMatching(signedLink(posterPath)) });
    const row = await posterRow(id);
    expect(row.poster_mime_type).toBe('image/jpeg');
    expect(row.poster_key).toMatch(/^posters\/[0-9a-f-]{36}$/);
    expect(readFileSync(join(uploadDir, row.poster_key!)).equals(JPEG)).toBe(true);

    // The owner: through the signed link of their view (what <video poster> requests), or with the bearer token.
    const signed = await api(stack).get(res.body.posterUrl).buffer(true).parse(binary).expect(200);
    expect(signed.headers['content-type']).toBe('image/jpeg');
    expect(signed.headers['content-length']).toBe(String(JPEG.length));
    expect(signed.headers['cache-control']).toBe('private, max-age=3600');
    expect((signed.body as Buffer).equals(JPEG)).toBe(true);
    const own = await api(stack).get(posterPath).set(bearer(owner)).buffer(true).parse(binary).expect(200);
    expect((own.body as Buffer).equals(JPEG)).toBe(true);
    const head = await api(stack).head(posterPath).set(bearer(owner)).expect(200);
    expect(head.headers).toMatchObject({ 'content-type': 'image/jpeg', 'content-length': String(JPEG.length) });
    const ownPlay = await api(stack).get(`/api/play/${id}`).set(bearer(owner)).expect(200);
    expect(ownPlay.body.video.posterUrl).toMatch(signedLink(posterPath));
    const listed = await api(stack).get('/api/videos').set(bearer(owner)).expect(200);
    const items = listed.body.items as Array<{ id: number; posterUrl: string | null }>;
    expect(items.find((v) => v.id === id)?.posterUrl).toMatch(signedLink(posterPath));

    // Anyone else: 'Video not found' while the lesson is private, signed links of other videos included.
    expect(expectErrorBody((await api(stack).get(posterPath).expect(404)).body, 404)).toBe('Video not found');
    const stranger = await account();
    await api(stack).get(posterPath).set(bearer(stranger)).expect(404);
    const other = await uploaded(owner, webm(2000), 'other.webm', false);
    await api(stack).get(`/api/media/${other.id}/poster?${res.body.posterUrl.split('?')[1]}`).expect(404);

    await share(owner, id);
    const shared = await api(stack).get(posterPath).buffer(true).parse(binary).expect(200);
    expect(shared.headers['content-type']).toBe('image/jpeg');
    expect(shared.headers['cache-control']).toBe('public, max-age=3600');
    expect((shared.body as Buffer).equals(JPEG)).toBe(true);
    const play = await api(stack).get(`/api/play/${id}`).expect(200);
    expect(play.body.video).toMatchObject({ mediaUrl: `/api/media/${id}`, posterUrl: posterPath, published: true });
  });

  it('takes a PNG poster sent after the video, served as image/png', async () => {
    const res = await upload(owner)
      .attach('file', webm(3000), { filename: 'a.webm' })
      .attach('poster', PNG, { filename: 'frame.png', contentType: 'image/png' })
      .expect(201);
    expect((await posterRow(res.body.id)).poster_mime_type).toBe('image/png');
    const poster = await api(stack).get(res.body.posterUrl).buffer(true).parse(binary).expect(200);
    expect(poster.headers['content-type']).toBe('image/png');
    expect((poster.body as Buffer).equals(PNG)).toBe(true);
  });

  it('an upload without a poster has posterUrl null and its poster answers 404', async () => {
    const video = await uploaded(owner, webm(2000), 'no-poster.webm');
    const view = await api(stack).get(`/api/videos/${video.id}`).set(bearer(owner)).expect(200);
    expect(view.body.posterUrl).toBeNull();
    expect((await api(stack).get(`/api/play/${video.id}`).expect(200)).body.video.posterUrl).toBeNull();
    const res = await api(stack).get(`/api/media/${video.id}/poster`).expect(404);
    expect(expectErrorBody(res.body, 404)).toBe('This video has no poster');
    await api(stack).get(`/api/media/999999/poster`).expect(404);
    await api(stack).get('/api/media/abc/poster').expect(400);
  });

  it('refuses a poster that is not a JPEG, PNG or WebP with 415, before or after the video, keeping no video and no file', async () => {
    const before = await videoRows(owner.id);
    const files = storedFiles();
    const gif = Buffer.from('GIF89a\x08\x00\x08\x00\x80\x00\x00', 'latin1');
    const first = await upload(owner)
      .attach('poster', gif, { filename: 'frame.jpg', contentType: 'image/jpeg' })
      .attach('file', webm(3000), { filename: 'a.webm' })
      .expect(415);
    expect(expectErrorBody(first.body, 415)).toBe(NOT_AN_IMAGE);
    const after = await upload(owner)
      .attach('file', webm(3000), { filename: 'a.webm' })
      .attach('poster', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), { filename: 'frame.png', contentType: 'image/png' })
      .expect(415);
    expect(expectErrorBody(after.body, 415)).toBe(NOT_AN_IMAGE);
    const video = await upload(owner)
      .attach('file', webm(3000), { filename: 'a.webm' })
      .attach('poster', webm(3000), { filename: 'frame.webm', contentType: 'video/webm' })
      .expect(415);
    expect(expectErrorBody(video.body, 415)).toBe(NOT_AN_IMAGE);
    expect(await videoRows(owner.id)).toEqual(before);
    expect(storedFiles()).toEqual(files);
  });

  it('refuses a poster over 512 KiB with 413, a second poster with 400, keeping no video and no file', async () => {
    const before = await videoRows(owner.id);
    const files = storedFiles();
    const big = Buffer.concat([JPEG.subarray(0, 20), pattern(512 * 1024)]);
    const tooLarge = await upload(owner)
      .attach('file', webm(3000), { filename: 'a.webm' })
      .attach('poster', big, { filename: 'big.jpg', contentType: 'image/jpeg' })
      .expect(413);
    expect(expectErrorBody(tooLarge.body, 413)).toBe(POSTER_TOO_LARGE);
    const two = await upload(owner)
      .attach('poster', JPEG, { filename: 'a.jpg' })
      .attach('file', webm(3000), { filename: 'a.webm' })
      .attach('poster', JPEG, { filename: 'b.jpg' })
      .expect(400);
    expect(expectErrorBody(two.body, 400)).toBe('Send one poster per upload.');
    expect(await videoRows(owner.id)).toEqual(before);
    expect(storedFiles()).toEqual(files);
  });

  it('removes the stored poster too when the video itself is refused', async () => {
    const files = storedFiles();
    const res = await upload(owner)
      .attach('poster', JPEG, { filename: 'frame.jpg' })
      .attach('file', PNG, { filename: 'lecture.mp4', contentType: 'video/mp4' })
      .expect(415);
    expect(expectErrorBody(res.body, 415)).toBe(NOT_A_VIDEO);
    expect(storedFiles()).toEqual(files);
  });
});

describe('captions', () => {
  let owner: Account;

  beforeAll(async () => {
    owner = await account();
  });

  const captionsOf = (id: number) => api(stack).get(`/api/videos/${id}/captions.vtt`);

  it('an SRT file uploaded with the video is served as WebVTT: to its owner, then publicly once shared', async () => {
    const res = await upload(owner)
      .attach('captions', Buffer.from(SRT), { filename: 'lecture.srt', contentType: 'application/x-subrip' })
      .attach('file', webm(3000), { filename: 'captioned.webm' })
      .expect(201);
    expect(res.body.hasCaptions).toBe(true);
    await captionsOf(res.body.id).expect(404);
    const own = await api(stack).get(`/api/play/${res.body.id}`).set(bearer(owner)).expect(200);
    expect(own.body.video.captionsUrl).toMatch(signedLink(`/api/videos/${res.body.id}/captions.vtt`));
    expect((await api(stack).get(own.body.video.captionsUrl).expect(200)).text).toContain('Then it condenses into clouds');
    // A signature is for one video only.
    const other = await uploaded(owner, webm(2000), 'other.webm', false);
    const borrowed = own.body.video.captionsUrl.replace(`/videos/${res.body.id}/`, `/videos/${other.id}/`);
    await api(stack).get(borrowed).expect(404);
    await share(owner, res.body.id);
    const vtt = await captionsOf(res.body.id).expect(200);
    expect(vtt.headers['content-type']).toMatch(/^text\/vtt/);
    expect(vtt.text).toBe(`WEBVTT

00:00:01.000 --> 00:00:04.500
Water <b>evaporates</b> &amp; rises

00:00:05.000 --> 00:00:08.250
Then it condenses into clouds
`);
    const play = await api(stack).get(`/api/play/${res.body.id}`).expect(200);
    expect(play.body.video.hasCaptions).toBe(true);
  });

  it('refuses captions that are not WebVTT or SRT, and files over 2 MiB, storing nothing', async () => {
    const files = storedFiles();
    const bad = await upload(owner)
      .attach('file', webm(3000), { filename: 'a.webm' })
      .attach('captions', Buffer.from('just some words'), { filename: 'notes.txt' })
      .expect(400);
    expect(expectErrorBody(bad.body, 400)).toMatch(/WebVTT or SRT/);
    const big = await upload(owner)
      .attach('captions', Buffer.alloc(2 * 1024 * 1024 + 1, 0x41), { filename: 'big.vtt' })
      .attach('file', webm(3000), { filename: 'a.webm' })
      .expect(413);
    expect(expectErrorBody(big.body, 413)).toBe('The captions file is larger than the 2 MiB limit.');
    expect(storedFiles()).toEqual(files);
  });

  it('PUT replaces captions (raw SRT or JSON {text}); only the owner may', async () => {
    const video = await uploaded(owner, webm(2000), 'plain.webm');
    const none = await captionsOf(video.id).expect(404);
    expect(expectErrorBody(none.body, 404)).toBe('This video has no captions yet.');

    const raw = await api(stack).put(`/api/videos/${video.id}/captions`).set(bearer(owner)).set('Content-Type', 'text/vtt').send(SRT).expect(200);
    expect(raw.body).toMatchObject({ id: video.id, hasCaptions: true });
    expect((await captionsOf(video.id).expect(200)).text).toContain('00:00:05.000 --> 00:00:08.250\nThen it condenses into clouds');

    const vtt = 'WEBVTT\n\n00:01.000 --> 00:02.000\nReplaced\n';
    await api(stack).put(`/api/videos/${video.id}/captions`).set(bearer(owner)).send({ text: vtt }).expect(200);
    expect((await captionsOf(video.id).expect(200)).text).toBe('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nReplaced\n');

    const stranger = await account();
    const denied = await api(stack).put(`/api/videos/${video.id}/captions`).set(bearer(stranger)).send({ text: vtt }).expect(404);
    expect(expectErrorBody(denied.body, 404)).toBe('Video not found');
    await api(stack).put(`/api/videos/${video.id}/captions`).send({ text: vtt }).expect(401);
    const invalid = await api(stack).put(`/api/videos/${video.id}/captions`).set(bearer(owner)).send({ text: 'hello' }).expect(400);
    expect(expectErrorBody(invalid.body, 400)).toMatch(/WebVTT or SRT/);
    const shape = await api(stack).put(`/api/videos/${video.id}/captions`).set(bearer(owner)).send({ vtt }).expect(400);
    expectErrorBody(shape.body, 400);
    expect((await captionsOf(video.id).expect(200)).text).toContain('Replaced');
    await captionsOf(999999).expect(404);
  });
});

describe('captions from a generation', () => {
  let owner: Account;

  beforeAll(async () => {
    owner = await account();
  });

  async function generate(body: Record<string, unknown>): Promise<{ videoId: number }> {
    const started = await api(stack).post('/api/youtube/transcript-paste').set(bearer(owner)).send(body).expect(202);
    const jobId = started.body.job.id as string;
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const res = await api(stack).get(`/api/generation/jobs/${jobId}`).set(bearer(owner)).expect(200);
      if (res.body.state === 'completed') return { videoId: res.body.videoId as number };
      if (res.body.state === 'failed') throw new Error(`job failed: ${res.body.error}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the generation job did not finish in time');
  }

  it('a timed transcript (SRT) gives the video WebVTT captions with the same cue times', async () => {
    const { videoId } = await generate({ youtubeUrl: YOUTUBE_LINK, transcript: waterCycleSrt(), title: 'Water cycle' });
    const res = await api(stack).get(`/api/videos/${videoId}/captions.vtt`).set(bearer(owner)).expect(200);
    const lines = res.text.split('\n');
    expect(lines[0]).toBe('WEBVTT - Captions from the transcript');
    expect(res.text).toContain("00:00:01.000 --> 00:00:09.500\nHi everyone, and welcome back. Today we're looking at the water cycle");
    expect(res.text).toContain('00:00:10.000 --> 00:00:18.500\nThe sun is the engine of the whole cycle.');
    expect(res.text.match(/ --> /g)).toHaveLength(19);
    const video = await api(stack).get(`/api/videos/${videoId}`).set(bearer(owner)).expect(200);
    expect(video.body.hasCaptions).toBe(true);
  });

  it('a plain transcript (no timing) gives no captions', async () => {
    const { videoId } = await generate({ youtubeUrl: YOUTUBE_LINK, transcript: waterCyclePlain(), title: 'Plain' });
    await api(stack).get(`/api/videos/${videoId}/captions.vtt`).set(bearer(owner)).expect(404);
  });

  it("never replaces captions the owner uploaded; a new generation replaces its own", async () => {
    const video = await uploaded(owner, webm(2000), 'mine.webm');
    await api(stack).put(`/api/videos/${video.id}/captions`).set(bearer(owner)).set('Content-Type', 'text/vtt').send(SRT).expect(200);
    await generate({ videoId: video.id, transcript: waterCycleSrt() });
    const kept = await api(stack).get(`/api/videos/${video.id}/captions.vtt`).set(bearer(owner)).expect(200);
    expect(kept.text.startsWith('WEBVTT\n\n00:00:01.000 --> 00:00:04.500\nWater')).toBe(true);

    const generated = await generate({ youtubeUrl: YOUTUBE_LINK, transcript: waterCycleSrt(), title: 'Again' });
    const shifted = waterCycleSrt().replace(/00:00:01,000 --> 00:00:09,500/, '00:00:02,000 --> 00:00:09,500');
    await generate({ videoId: generated.videoId, transcript: shifted });
    const replaced = await api(stack).get(`/api/videos/${generated.videoId}/captions.vtt`).set(bearer(owner)).expect(200);
    expect(replaced.text).toContain('00:00:02.000 --> 00:00:09.500\nHi everyone');
    await generate({ videoId: generated.videoId, transcript: waterCyclePlain() });
    await api(stack).get(`/api/videos/${generated.videoId}/captions.vtt`).set(bearer(owner)).expect(404);
  });
});
