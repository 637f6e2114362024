import { startStack, startYouTubeStub, type RunningStack, type YouTubeStub, YOUTUBE_STUB_VIDEOS } from '@veolearn/testing';
import { INVALID_YOUTUBE_URL } from '@veolearn/domain';
import { api, expectErrorBody, logsFromNow, PASSWORD, RELAXED_LIMITS, signUp, sql } from './support';
import { waterCyclePlain, waterCycleSrt } from './fixtures/transcripts';

/**
 * YouTube search and lookup through the gateway and the generation-service, against a local
 * stand-in for the YouTube Data API; a second stack without a key shows the not-configured answers.
 * The two stacks run one after the other: over NATS, two stacks at once would answer each other's requests.
 */
const TRANSPORT = process.env['TEST_TRANSPORT'] ?? 'tcp';
let stub: YouTubeStub;
let stack: RunningStack;
let token: string;
let readThisRunsLogs: () => Record<string, string>;

beforeAll(async () => {
  stub = await startYouTubeStub();
});

afterAll(async () => {
  await stub?.close();
});

beforeEach(() => stub.reset());

const auth = () => ({ Authorization: `Bearer ${token}` });
const searches = () => stub.requests.filter((r) => r.path === '/search');
const videoCalls = () => stub.requests.filter((r) => r.path === '/videos');
const catalogue = (id: string) => YOUTUBE_STUB_VIDEOS.find((v) => v.id === id)!;

function postSearch(body: Record<string, unknown>) {
  return api(stack).post('/api/youtube/search').set(auth()).send(body);
}

describe('with YOUTUBE_API_KEY', () => {
  beforeAll(async () => {
    readThisRunsLogs = logsFromNow(`youtube_${TRANSPORT}`);
    stack = await startStack({ name: `youtube_${TRANSPORT}`, env: { ...RELAXED_LIMITS, YOUTUBE_API_KEY: stub.key, YOUTUBE_API_URL: stub.url } });
    token = (await signUp(stack)).token;
  });

  afterAll(async () => {
    await stack?.stop();
  });

  describe('POST /api/youtube/search (create wizard)', () => {
    it('answers the results in YouTube order with the first one selected', async () => {
      const res = await postSearch({ query: 'ocean' }).expect(200);
      const ids = res.body.allVideos.map((v: { id: string }) => v.id);
      expect(ids).toEqual(['stubVid0004', 'stubVid0005', 'stubVid0014']);
      expect(res.body.selectedVideo).toEqual(res.body.allVideos[0]);
      expect(res.body.allVideos[0]).toEqual({
        id: 'stubVid0004',
        title: 'Deep Sea Dive 360 VR',
        url: 'https://www.youtube.com/watch?v=stubVid0004',
        thumbnails: {
          high: { url: 'https://i.ytimg.com/vi/stubVid0004/hqdefault.jpg', width: 480, height: 360 },
          medium: { url: 'https://i.ytimg.com/vi/stubVid0004/mqdefault.jpg', width: 320, height: 180 },
          default: { url: 'https://i.ytimg.com/vi/stubVid0004/default.jpg', width: 120, height: 90 },
        },
        channelTitle: 'Blue Planet Lab',
        duration: '1:02:03',
        durationSeconds: 3723,
        viewCount: '45210',
        description: catalogue('stubVid0004').description,
        publishedAt: '2022-01-10T12:00:00Z',
      });
      // The search snippet is HTML-escaped; the answer carries the plain title.
      expect(res.body.allVideos[2].title).toBe('Ocean Currents & Climate');

      expect(searches()).toHaveLength(1);
      expect(searches()[0].query).toEqual({ part: 'snippet', type: 'video', q: 'ocean', maxResults: '10', key: stub.key });
      expect(videoCalls()).toHaveLength(1);
      expect(videoCalls()[0].query).toMatchObject({ part: 'snippet,contentDetails,statistics', id: 'stubVid0004,stubVid0005,stubVid0014' });
    });

    it('searches the topic when there is no query, and selects nothing when nothing is found', async () => {
      const res = await postSearch({ query: '  ', topic: 'photosynthesis' }).expect(200);
      expect(res.body.allVideos.map((v: { id: string }) => v.id)).toEqual(['stubVid0002']);
      expect(searches()[0].query['q']).toBe('photosynthesis');
      const none = await postSearch({ topic: 'xylophone' }).expect(200);
      expect(none.body).toEqual({ selectedVideo: null, allVideos: [] });
      expect(videoCalls()).toHaveLength(1);
    });

    it('passes maxResults on and respects it', async () => {
      const res = await postSearch({ query: 'ocean', maxResults: 2 }).expect(200);
      expect(res.body.allVideos).toHaveLength(2);
      expect(searches()[0].query['maxResults']).toBe('2');
    });

    it('searches as from a country (regionCode), and everywhere for ALL', async () => {
      await postSearch({ query: 'ocean', country: 'de' }).expect(200);
      await postSearch({ query: 'ocean', country: 'ALL' }).expect(200);
      expect(searches().map((r) => r.query['regionCode'])).toEqual(['DE', undefined]);
    });

    it.each([
      [{}, 'Please enter a search term'],
      [{ query: '   ' }, 'Please enter a search term'],
      [{ query: '', topic: '' }, 'Please enter a search term'],
      [{ query: 42 }, 'The search term must be text'],
      [{ query: 'ocean', maxResults: 0 }, 'maxResults must be a whole number from 1 to 25'],
      [{ query: 'ocean', maxResults: 26 }, 'maxResults must be a whole number from 1 to 25'],
      [{ query: 'ocean', maxResults: '5' }, 'maxResults must be a whole number from 1 to 25'],
      [{ query: 'ocean', country: 'Germany' }, "country must be 'ALL' or a two-letter country code such as 'US'"],
      [{ query: 'x'.repeat(201) }, 'The search term must be at most 200 characters'],
      [{ query: 'ocean', page: 2 }, 'Unknown field "page" is not allowed'],
    ])('refuses %p with 400', async (body, message) => {
      const res = await postSearch(body).expect(400);
      expect(expectErrorBody(res.body, 400)).toBe(message);
      expect(stub.requests).toHaveLength(0);
    });
  });

  describe('GET /api/youtube/search (VR hub)', () => {
    it('puts VR results first, 360 titles before other VR, and keeps YouTube order otherwise', async () => {
      const res = await api(stack).get('/api/youtube/search').query({ q: 'planet ocean tour heart rainforest' }).set(auth()).expect(200);
      // The stub answers 0007, 0014, 0003, 0004, 0005, 0010, 0011.
      expect(searches()[0].query).toMatchObject({ q: 'planet ocean tour heart rainforest', maxResults: '12', type: 'video' });
      expect(searches()[0].query['regionCode']).toBeUndefined();
      const order = res.body.videos.map((v: { id: string; isVR: boolean }) => [v.id, v.isVR]);
      expect(order).toEqual([
        ['stubVid0003', true], // '360°' title: 15 points
        ['stubVid0004', true], // '360 VR' title: 15 points
        ['stubVid0007', true], // 'Virtual Reality' title: 10 points
        ['stubVid0010', true], // 'in VR' title
        ['stubVid0011', true], // 'Immersive' description
        ['stubVid0014', false],
        ['stubVid0005', false],
      ]);
      expect(res.body.allVideos).toEqual(res.body.videos);
      expect(res.body.vrCount).toBe(5);
      expect(res.body.videos[0]).toEqual({
        id: 'stubVid0003',
        title: '360° Tour of the International Space Station',
        description: catalogue('stubVid0003').description,
        thumbnail: 'https://i.ytimg.com/vi/stubVid0003/hqdefault.jpg',
        duration: '12:03',
        viewCount: '987654',
        channelTitle: 'Orbit Films',
        publishedAt: '2020-11-20T16:00:00Z',
        isVR: true,
      });
    });

    it("fills the defaults ('0:00', '0', 'Unknown Channel') and does not count 'overview' or 'Vroom' as VR", async () => {
      const res = await api(stack).get('/api/youtube/search?q=fractions').set(auth()).expect(200);
      expect(res.body.videos).toEqual([
        expect.objectContaining({ id: 'stubVid0009', duration: '11:00', viewCount: '0', channelTitle: 'Math Corner', isVR: false }),
        expect.objectContaining({ id: 'stubVid0016', duration: '0:00', viewCount: '0', channelTitle: 'Unknown Channel', isVR: false }),
      ]);
      const traps = await api(stack).get('/api/youtube/search?q=overview').set(auth()).expect(200);
      expect(traps.body.videos.map((v: { id: string }) => v.id)).toEqual(['stubVid0002', 'stubVid0006', 'stubVid0015']);
      expect(traps.body.vrCount).toBe(0);
    });

    it('passes maxResults on', async () => {
      const res = await api(stack).get('/api/youtube/search?q=ocean&maxResults=1').set(auth()).expect(200);
      expect(res.body.videos).toHaveLength(1);
      expect(searches()[0].query['maxResults']).toBe('1');
    });

    it.each([
      ['', 'Please enter a search term'],
      ['?q=', 'Please enter a search term'],
      ['?q=%20%20', 'Please enter a search term'],
      ['?q=ocean&maxResults=0', 'maxResults must be a whole number from 1 to 25'],
      ['?q=ocean&maxResults=abc', 'maxResults must be a whole number from 1 to 25'],
      ['?q=ocean&maxResults=99', 'maxResults must be a whole number from 1 to 25'],
    ])('refuses %p with 400', async (suffix, message) => {
      const res = await api(stack).get(`/api/youtube/search${suffix}`).set(auth()).expect(400);
      expect(expectErrorBody(res.body, 400)).toBe(message);
      expect(stub.requests).toHaveLength(0);
    });
  });

  describe('GET /api/youtube/lookup', () => {
    const expected = {
      id: 'stubVid0003',
      url: 'https://www.youtube.com/watch?v=stubVid0003',
      title: '360° Tour of the International Space Station',
      channelTitle: 'Orbit Films',
      duration: '12:03',
      durationSeconds: 723,
      viewCount: '987654',
      description: catalogue('stubVid0003').description,
      thumbnail: 'https://i.ytimg.com/vi/stubVid0003/hqdefault.jpg',
      source: 'youtube',
    };

    it.each([
      'https://www.youtube.com/watch?v=stubVid0003',
      'https://www.youtube.com/watch?v=stubVid0003&t=42s',
      'https://youtu.be/stubVid0003',
      'https://www.youtube.com/shorts/stubVid0003',
      'stubVid0003',
    ])('reads %s', async (url) => {
      const res = await api(stack).get('/api/youtube/lookup').query({ url }).set(auth()).expect(200);
      expect(res.body).toEqual(expected);
      expect(videoCalls()).toHaveLength(1);
      expect(videoCalls()[0].query).toMatchObject({ id: 'stubVid0003', part: 'snippet,contentDetails,statistics', key: stub.key });
    });

    it.each(['https://vimeo.com/12345', 'https://www.youtube.com/watch?v=short', 'not a link'])('refuses %s with 400', async (url) => {
      const res = await api(stack).get('/api/youtube/lookup').query({ url }).set(auth()).expect(400);
      expect(expectErrorBody(res.body, 400)).toBe(INVALID_YOUTUBE_URL);
      expect(stub.requests).toHaveLength(0);
    });

    it('refuses a missing link with 400', async () => {
      const res = await api(stack).get('/api/youtube/lookup').set(auth()).expect(400);
      expect(expectErrorBody(res.body, 400)).toBe('A YouTube link is required (url)');
    });

    it('answers 404 for a video YouTube does not know', async () => {
      const res = await api(stack).get('/api/youtube/lookup').query({ url: 'https://youtu.be/dQw4w9WgXcQ' }).set(auth()).expect(404);
      expect(expectErrorBody(res.body, 404)).toBe('Video not found on YouTube');
    });
  });

  describe('POST /api/youtube/transcript-paste: the video length', () => {
    async function finished(jobId: string): Promise<{ state: string; videoId: number }> {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const res = await api(stack).get(`/api/generation/jobs/${jobId}`).set(auth()).expect(200);
        if (res.body.state === 'completed' || res.body.state === 'failed') return res.body;
        if (Date.now() > deadline) throw new Error(`job ${jobId} did not finish: ${JSON.stringify(res.body)}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }

    beforeAll(async () => {
      const { user } = await signUp(stack);
      await sql(stack, 'UPDATE auth.users SET has_unlimited_access = true WHERE id = $1', [user.id]);
      const res = await api(stack).post('/api/auth/signin').send({ username: user.email, password: PASSWORD }).expect(200);
      token = res.body.token as string;
    });

    it("uses YouTube's length when the client sends none, and the transcript's earlier end does not replace it", async () => {
      const res = await api(stack)
        .post('/api/youtube/transcript-paste')
        .set(auth())
        .send({ youtubeUrl: 'https://youtu.be/stubVid0003', transcript: waterCycleSrt() })
        .expect(202);
      expect(res.body.video).toMatchObject({ title: catalogue('stubVid0003').title, duration: 723 });
      const job = await finished(res.body.job.id);
      expect(job.state).toBe('completed');
      const video = await api(stack).get(`/api/videos/${job.videoId}`).set(auth()).expect(200);
      expect(video.body.duration).toBe(723);
    });

    it("prefers the length the client's player sends to YouTube's", async () => {
      const res = await api(stack)
        .post('/api/youtube/transcript-paste')
        .set(auth())
        .send({ youtubeUrl: 'https://youtu.be/stubVid0003', transcript: waterCyclePlain(), duration: 600 })
        .expect(202);
      expect(res.body.video).toMatchObject({ title: catalogue('stubVid0003').title, duration: 600 });
      expect(videoCalls()).toHaveLength(1); // the title still comes from YouTube
      const job = await finished(res.body.job.id);
      expect(job.state).toBe('completed');
      const video = await api(stack).get(`/api/videos/${job.videoId}`).set(auth()).expect(200);
      expect(video.body.duration).toBe(600);
    });
  });

  describe('when YouTube refuses', () => {
    const QUOTA = 'The request cannot be completed because you have exceeded your quota.';

    it('answers 502 with the reason for searches and lookups, never with the key', async () => {
      stub.setBehaviour({ error: 'quotaExceeded' });
      const wizard = await postSearch({ query: 'ocean' }).expect(502);
      expect(expectErrorBody(wizard.body, 502)).toBe(`YouTube refused the search: ${QUOTA}`);
      const vr = await api(stack).get('/api/youtube/search?q=ocean').set(auth()).expect(502);
      expect(expectErrorBody(vr.body, 502)).toBe(`YouTube refused the search: ${QUOTA}`);
      const lookup = await api(stack).get('/api/youtube/lookup?url=stubVid0001').set(auth()).expect(502);
      expect(expectErrorBody(lookup.body, 502)).toBe(`YouTube refused the lookup: ${QUOTA}`);
      for (const res of [wizard, vr, lookup]) expect(JSON.stringify(res.body)).not.toContain(stub.key);
    });

    it('answers 502 when YouTube fails, and works again afterwards', async () => {
      stub.setBehaviour({ error: 'backendError' });
      const res = await postSearch({ query: 'ocean' }).expect(502);
      expect(expectErrorBody(res.body, 502)).toContain('Please try again');
      stub.setBehaviour({});
      await postSearch({ query: 'ocean' }).expect(200);
    });

    it('writes no API key into any log', () => {
      // Only what this run wrote: the log files keep the output of earlier runs.
      const logs = Object.values(readThisRunsLogs());
      expect(logs.join('\n')).toContain('quotaExceeded');
      for (const log of logs) expect(log).not.toContain(stub.key);
    });
  });

  describe('sessions', () => {
    it('answers 401 without a session', async () => {
      await api(stack).post('/api/youtube/search').send({ query: 'ocean' }).expect(401);
      await api(stack).get('/api/youtube/search?q=ocean').expect(401);
      await api(stack).get('/api/youtube/lookup?url=stubVid0001').expect(401);
      expect(stub.requests).toHaveLength(0);
    });
  });
});

describe('without YOUTUBE_API_KEY', () => {
  let keyless: RunningStack;
  let keylessToken: string;
  const keylessAuth = () => ({ Authorization: `Bearer ${keylessToken}` });

  beforeAll(async () => {
    keyless = await startStack({ name: `youtube_keyless_${TRANSPORT}`, env: { ...RELAXED_LIMITS, YOUTUBE_API_URL: stub.url } });
    keylessToken = (await signUp(keyless)).token;
  });

  afterAll(async () => {
    await keyless?.stop();
  });

  it('answers 503 for search with the not-configured message, without calling YouTube', async () => {
    const wizard = await api(keyless).post('/api/youtube/search').set(keylessAuth()).send({ query: 'ocean' }).expect(503);
    expect(expectErrorBody(wizard.body, 503)).toContain('YouTube search is not configured');
    const vr = await api(keyless).get('/api/youtube/search?q=ocean').set(keylessAuth()).expect(503);
    expect(expectErrorBody(vr.body, 503)).toContain('YouTube search is not configured');
    expect(stub.requests).toHaveLength(0);
  });

  it('still reads a link (source link)', async () => {
    const res = await api(keyless).get('/api/youtube/lookup').query({ url: 'https://youtu.be/dQw4w9WgXcQ' }).set(keylessAuth()).expect(200);
    expect(res.body).toEqual({
      id: 'dQw4w9WgXcQ',
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      title: null,
      channelTitle: null,
      duration: null,
      durationSeconds: null,
      viewCount: null,
      description: null,
      thumbnail: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
      source: 'link',
    });
    expect(stub.requests).toHaveLength(0);
  });
});
