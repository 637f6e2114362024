import { startYouTubeStub, type YouTubeStub, YOUTUBE_STUB_KEY } from './youtube-stub';

let stub: YouTubeStub;

beforeAll(async () => {
  stub = await startYouTubeStub();
});

afterAll(async () => {
  await stub.close();
});

beforeEach(() => stub.reset());

async function get(path: string, params: Record<string, string>) {
  const res = await fetch(`${stub.url}${path}?${new URLSearchParams(params).toString()}`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('YouTube stub', () => {
  it('searches title and description word by word and logs the request', async () => {
    const { status, body } = await get('/search', { part: 'snippet', type: 'video', q: 'Ocean', maxResults: '10', key: YOUTUBE_STUB_KEY });
    expect(status).toBe(200);
    expect(body['kind']).toBe('youtube#searchListResponse');
    const items = body['items'] as Array<{ id: { videoId: string }; snippet: { title: string; thumbnails: { high: { url: string } } } }>;
    expect(items.map((i) => i.id.videoId)).toEqual(['stubVid0004', 'stubVid0005', 'stubVid0014']);
    expect(items[2].snippet.title).toBe('Ocean Currents &amp; Climate');
    expect(items[0].snippet.thumbnails.high.url).toBe('https://i.ytimg.com/vi/stubVid0004/hqdefault.jpg');
    expect(stub.requests).toEqual([
      { method: 'GET', path: '/search', query: { part: 'snippet', type: 'video', q: 'Ocean', maxResults: '10', key: YOUTUBE_STUB_KEY } },
    ]);
  });

  it('does not match parts of words', async () => {
    const { body } = await get('/search', { part: 'snippet', q: 'vr', key: YOUTUBE_STUB_KEY, maxResults: '50' });
    const ids = (body['items'] as Array<{ id: { videoId: string } }>).map((i) => i.id.videoId);
    expect(ids).toEqual(['stubVid0001', 'stubVid0004', 'stubVid0010']);
  });

  it('respects maxResults', async () => {
    const { body } = await get('/search', { part: 'snippet', q: 'ocean', maxResults: '2', key: YOUTUBE_STUB_KEY });
    expect((body['items'] as unknown[]).length).toBe(2);
    expect(body['nextPageToken']).toBeDefined();
  });

  it('answers videos with the requested parts, leaving out hidden view counts', async () => {
    const { body } = await get('/videos', { part: 'snippet,contentDetails,statistics', id: 'stubVid0009,nope0000000,stubVid0013', key: YOUTUBE_STUB_KEY });
    const items = body['items'] as Array<{ id: string; snippet: { title: string }; contentDetails: { duration: string }; statistics: Record<string, string> }>;
    expect(items.map((i) => i.id)).toEqual(['stubVid0009', 'stubVid0013']);
    expect(items[1].snippet.title).toBe("Newton's Laws of Motion");
    expect(items[1].contentDetails.duration).toBe('PT13M27S');
    expect(items[0].statistics['viewCount']).toBeUndefined();
    expect(items[1].statistics['viewCount']).toBe('1250000');
  });

  it('refuses a wrong key the way Google does', async () => {
    const { status, body } = await get('/search', { part: 'snippet', q: 'ocean', key: 'wrong' });
    expect(status).toBe(400);
    expect(body).toEqual({
      error: {
        code: 400,
        message: 'API key not valid. Please pass a valid API key.',
        errors: [{ message: 'API key not valid. Please pass a valid API key.', domain: 'usageLimits', reason: 'keyInvalid' }],
        status: 'INVALID_ARGUMENT',
      },
    });
  });

  it('refuses a bad region code', async () => {
    const { status } = await get('/search', { part: 'snippet', q: 'ocean', key: YOUTUBE_STUB_KEY, regionCode: 'USA' });
    expect(status).toBe(400);
  });

  it('can be told to run out of quota, and reset', async () => {
    stub.setBehaviour({ error: 'quotaExceeded' });
    const { status, body } = await get('/videos', { part: 'snippet', id: 'stubVid0001', key: YOUTUBE_STUB_KEY });
    expect(status).toBe(403);
    expect((body['error'] as { errors: Array<{ reason: string }> }).errors[0].reason).toBe('quotaExceeded');
    stub.reset();
    expect(stub.requests).toEqual([]);
    expect((await get('/videos', { part: 'snippet', id: 'stubVid0001', key: YOUTUBE_STUB_KEY })).status).toBe(200);
  });

  it('can answer slowly', async () => {
    stub.setBehaviour({ delayMs: 300 });
    const started = Date.now();
    await get('/videos', { part: 'snippet', id: 'stubVid0001', key: YOUTUBE_STUB_KEY });
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
  });
});
