import { Logger } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { type AppConfig, loadConfig } from '@veolearn/config';
import type { RpcErrorBody } from '@veolearn/contracts';
import { YouTubeClient } from './youtube.client';

const KEY = 'secret-key-AIza0123456789';
const API = 'http://youtube.test/youtube/v3';

interface FakeVideo {
  id: string;
  title: string;
  description: string;
  duration?: string;
  viewCount?: string;
}

const VIDEOS: FakeVideo[] = [
  { id: 'aaaaaaaaaa1', title: "Newton's Laws & Motion", description: 'A long description about forces. '.repeat(10), duration: 'PT1H2M3S', viewCount: '1234' },
  { id: 'bbbbbbbbbb2', title: 'Hidden views', description: 'Nobody may count.', duration: 'PT3M7S' },
  { id: 'ccccccccccc', title: 'Deleted meanwhile', description: 'Gone before videos.list.' },
];

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function googleError(code: number, reason: string, message: string): Response {
  return json(code, { error: { code, message, errors: [{ message, domain: 'youtube.quota', reason }] } });
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#39;');

/** Answers like the Data API for VIDEOS; 'ccccccccccc' is found by search but unknown to videos.list. */
function fakeYouTube(url: URL): Response {
  if (url.pathname.endsWith('/search')) {
    return json(200, {
      kind: 'youtube#searchListResponse',
      items: VIDEOS.map((v) => ({
        kind: 'youtube#searchResult',
        id: { kind: 'youtube#video', videoId: v.id },
        snippet: {
          title: escape(v.title),
          description: escape(v.description.slice(0, 40)),
          channelTitle: 'Search &amp; Learn',
          publishedAt: '2020-01-01T00:00:00Z',
          thumbnails: { default: { url: `https://img.test/${v.id}/d.jpg` }, high: { url: `https://img.test/${v.id}/h.jpg`, width: 480, height: 360 } },
        },
      })),
    });
  }
  const ids = (url.searchParams.get('id') ?? '').split(',');
  return json(200, {
    kind: 'youtube#videoListResponse',
    items: VIDEOS.filter((v) => ids.includes(v.id) && v.duration).map((v) => ({
      kind: 'youtube#video',
      id: v.id,
      snippet: {
        title: v.title,
        description: v.description,
        channelTitle: 'Search & Learn',
        publishedAt: '2020-01-01T00:00:00Z',
        thumbnails: { high: { url: `https://img.test/${v.id}/h.jpg` } },
      },
      contentDetails: { duration: v.duration },
      statistics: v.viewCount ? { viewCount: v.viewCount, likeCount: '1' } : { likeCount: '1' },
    })),
  });
}

let fetchMock: jest.SpyInstance<Promise<Response>, Parameters<typeof fetch>>;
let warnings: string[];
const calls = () => fetchMock.mock.calls.map(([input]) => new URL(String(input)));

function client(env: Record<string, string> = { YOUTUBE_API_KEY: KEY, YOUTUBE_API_URL: API }): YouTubeClient {
  return new YouTubeClient(loadConfig(env));
}

async function failure(promise: Promise<unknown>): Promise<RpcErrorBody> {
  const error = await promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RpcException);
  return (error as RpcException).getError() as RpcErrorBody;
}

beforeEach(() => {
  warnings = [];
  fetchMock = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => fakeYouTube(new URL(String(input))));
  jest.spyOn(Logger.prototype, 'warn').mockImplementation((message: unknown) => {
    warnings.push(String(message));
  });
});

afterEach(() => {
  jest.restoreAllMocks();
  // The key must never reach a log line.
  for (const line of warnings) expect(line).not.toContain(KEY);
});

describe('YouTubeClient.search', () => {
  it('answers 503 with the readable phrase when no key is configured, without calling YouTube', async () => {
    const error = await failure(client({}).search('ocean', 10, 'ALL'));
    expect(error.statusCode).toBe(503);
    expect(error.message).toContain('YouTube search is not configured');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('calls search.list, then videos.list for the found ids, with the key', async () => {
    await client().search('  newton laws ', 7, 'ALL');
    const [search, videos] = calls();
    expect(search.origin + search.pathname).toBe(`${API}/search`);
    expect(Object.fromEntries(search.searchParams)).toEqual({ part: 'snippet', type: 'video', q: 'newton laws', maxResults: '7', key: KEY });
    expect(videos.origin + videos.pathname).toBe(`${API}/videos`);
    expect(Object.fromEntries(videos.searchParams)).toEqual({
      part: 'snippet,contentDetails,statistics',
      id: 'aaaaaaaaaa1,bbbbbbbbbb2,ccccccccccc',
      key: KEY,
    });
    expect(calls()).toHaveLength(2);
  });

  it('passes a country as regionCode, but not ALL or nothing', async () => {
    await client().search('ocean', 5, 'de');
    await client().search('ocean', 5, 'ALL');
    await client().search('ocean', 5, '');
    const searches = calls().filter((u) => u.pathname.endsWith('/search'));
    expect(searches.map((u) => u.searchParams.get('regionCode'))).toEqual(['DE', null, null]);
  });

  it('refuses a country that is not a two-letter code', async () => {
    const error = await failure(client().search('ocean', 5, 'Germany'));
    expect(error.statusCode).toBe(400);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps maxResults within 1..25 and refuses an empty term', async () => {
    await client().search('ocean', 40, 'ALL');
    expect(calls()[0].searchParams.get('maxResults')).toBe('25');
    const error = await failure(client().search('   ', 5, 'ALL'));
    expect(error).toEqual({ statusCode: 400, message: 'Please enter a search term', error: 'Bad Request' });
  });

  it('merges the details in search order: unescaped title, full description, duration and views', async () => {
    const [first, second, third] = await client().search('newton', 10, 'ALL');
    expect(first).toEqual({
      id: 'aaaaaaaaaa1',
      title: "Newton's Laws & Motion",
      url: 'https://www.youtube.com/watch?v=aaaaaaaaaa1',
      thumbnails: {
        high: { url: 'https://img.test/aaaaaaaaaa1/h.jpg' },
        medium: { url: 'https://i.ytimg.com/vi/aaaaaaaaaa1/mqdefault.jpg', width: 320, height: 180 },
        default: { url: 'https://i.ytimg.com/vi/aaaaaaaaaa1/default.jpg', width: 120, height: 90 },
      },
      channelTitle: 'Search & Learn',
      duration: '1:02:03',
      durationSeconds: 3723,
      viewCount: '1234',
      description: VIDEOS[0].description,
      publishedAt: '2020-01-01T00:00:00Z',
    });
    expect(second).toMatchObject({ id: 'bbbbbbbbbb2', duration: '3:07', durationSeconds: 187, viewCount: '0' });
    // Unknown to videos.list: the (decoded) search snippet, with an unknown length.
    expect(third).toMatchObject({
      id: 'ccccccccccc',
      title: 'Deleted meanwhile',
      channelTitle: 'Search & Learn',
      duration: '0:00',
      durationSeconds: null,
      viewCount: '0',
      thumbnails: { high: { url: 'https://img.test/ccccccccccc/h.jpg', width: 480, height: 360 } },
    });
  });

  it('answers an empty list without asking videos.list when nothing is found', async () => {
    fetchMock.mockImplementation(async () => json(200, { kind: 'youtube#searchListResponse', items: [] }));
    expect(await client().search('nothing', 10, 'ALL')).toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('works with a base url that ends in a slash', async () => {
    await client({ YOUTUBE_API_KEY: KEY, YOUTUBE_API_URL: `${API}/` }).search('ocean', 5, 'ALL');
    expect(calls()[0].pathname).toBe('/youtube/v3/search');
  });

  it('turns a quota error into 502 with the reason, without HTML', async () => {
    fetchMock.mockImplementation(async () =>
      googleError(403, 'quotaExceeded', 'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.'),
    );
    const error = await failure(client().search('ocean', 5, 'ALL'));
    expect(error).toEqual({
      statusCode: 502,
      message: 'YouTube refused the search: The request cannot be completed because you have exceeded your quota.',
      error: 'Bad Gateway',
    });
    expect(warnings.join('\n')).toContain('quotaExceeded');
  });

  it('never repeats the key, even when YouTube quotes it', async () => {
    fetchMock.mockImplementation(async () => googleError(400, 'keyInvalid', `API key not valid: ${KEY}`));
    const error = await failure(client().search('ocean', 5, 'ALL'));
    expect(error.statusCode).toBe(502);
    expect(error.message).toBe('YouTube refused the search: API key not valid: [redacted]');
    expect(warnings.length).toBeGreaterThan(0);
  });

  it('answers 502 when YouTube itself fails or sends something unreadable', async () => {
    fetchMock.mockImplementation(async () => googleError(500, 'backendError', 'Backend Error'));
    expect(await failure(client().search('ocean', 5, 'ALL'))).toMatchObject({ statusCode: 502, message: expect.stringContaining('Backend Error') });
    fetchMock.mockImplementation(async () => new Response('<html>oops</html>', { status: 200 }));
    expect(await failure(client().search('ocean', 5, 'ALL'))).toMatchObject({ statusCode: 502 });
    fetchMock.mockImplementation(async () => json(200, { items: 'not a list' }));
    expect(await failure(client().search('ocean', 5, 'ALL'))).toMatchObject({ statusCode: 502 });
  });

  it('answers 400 when YouTube does not know the country', async () => {
    fetchMock.mockImplementation(async () => googleError(400, 'invalidRegionCode', 'The regionCode parameter specifies an invalid region code.'));
    const error = await failure(client().search('ocean', 5, 'ZZ'));
    expect(error).toMatchObject({ statusCode: 400, message: "YouTube does not support the country code 'ZZ'" });
  });

  it('answers 503 when YouTube cannot be reached', async () => {
    fetchMock.mockImplementation(async () => {
      throw new TypeError('fetch failed', { cause: new Error(`connect ECONNREFUSED for ${API}?key=${KEY}`) });
    });
    const error = await failure(client().search('ocean', 5, 'ALL'));
    expect(error).toEqual({ statusCode: 503, message: 'YouTube did not answer. Please try again.', error: 'Service Unavailable' });
    expect(warnings.join('\n')).toContain('ECONNREFUSED');
  });

  it('gives up after its timeout', async () => {
    class QuickClient extends YouTubeClient {
      protected override readonly timeoutMs = 50;
    }
    fetchMock.mockImplementation(
      (_input, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const config: AppConfig = loadConfig({ YOUTUBE_API_KEY: KEY, YOUTUBE_API_URL: API });
    const started = Date.now();
    const error = await failure(new QuickClient(config).search('ocean', 5, 'ALL'));
    expect(error.statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(warnings.join('\n')).toContain('TimeoutError');
  });

  it('gives both calls of a search one deadline together', async () => {
    class QuickClient extends YouTubeClient {
      protected override readonly timeoutMs = 120;
    }
    // Each call alone fits in the time; both together do not.
    fetchMock.mockImplementation(
      (input, init) =>
        new Promise<Response>((resolve, reject) => {
          const timer = setTimeout(() => resolve(fakeYouTube(new URL(String(input)))), 80);
          init?.signal?.addEventListener('abort', () => {
            clearTimeout(timer);
            reject(init.signal?.reason);
          });
        }),
    );
    const error = await failure(new QuickClient(loadConfig({ YOUTUBE_API_KEY: KEY, YOUTUBE_API_URL: API })).search('ocean', 5, 'ALL'));
    expect(error.statusCode).toBe(503);
    expect(calls().map((u) => u.pathname)).toEqual(['/youtube/v3/search', '/youtube/v3/videos']);
  });
});

describe('YouTubeClient.lookup', () => {
  it('reads one video from videos.list', async () => {
    const details = await client().lookup('aaaaaaaaaa1');
    expect(details).toEqual({
      id: 'aaaaaaaaaa1',
      url: 'https://www.youtube.com/watch?v=aaaaaaaaaa1',
      title: "Newton's Laws & Motion",
      channelTitle: 'Search & Learn',
      duration: '1:02:03',
      durationSeconds: 3723,
      viewCount: '1234',
      description: VIDEOS[0].description,
      thumbnail: 'https://img.test/aaaaaaaaaa1/h.jpg',
      source: 'youtube',
    });
    expect(Object.fromEntries(calls()[0].searchParams)).toEqual({ part: 'snippet,contentDetails,statistics', id: 'aaaaaaaaaa1', key: KEY });
  });

  it('reports hidden view counts as unknown', async () => {
    expect(await client().lookup('bbbbbbbbbb2')).toMatchObject({ viewCount: null, duration: '3:07' });
  });

  it('answers 404 for a video YouTube does not know', async () => {
    const error = await failure(client().lookup('ccccccccccc'));
    expect(error).toEqual({ statusCode: 404, message: 'Video not found on YouTube', error: 'Not Found' });
  });

  it('gives the link-only details without a key, without calling YouTube', async () => {
    expect(await client({}).lookup('dQw4w9WgXcQ')).toEqual({
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
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses something that is not a video id', async () => {
    expect((await failure(client().lookup('not-an-id'))).statusCode).toBe(400);
  });

  it('names the lookup in a refusal', async () => {
    fetchMock.mockImplementation(async () => googleError(403, 'quotaExceeded', 'Quota exceeded.'));
    expect((await failure(client().lookup('aaaaaaaaaa1'))).message).toBe('YouTube refused the lookup: Quota exceeded.');
  });
});
