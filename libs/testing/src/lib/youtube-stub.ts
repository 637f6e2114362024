import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The API key the stub accepts unless told otherwise. */
export const YOUTUBE_STUB_KEY = 'stub-youtube-api-key-0123456789';

/** One video of the stub's catalogue. */
export interface YouTubeStubVideo {
  id: string;
  title: string;
  description: string;
  channelTitle: string;
  publishedAt: string;
  /** ISO-8601 as YouTube reports it, e.g. 'PT4M12S'; absent when YouTube reports none. */
  duration?: string;
  /** Digits; absent when the owner hides the count (YouTube then leaves the field out). */
  viewCount?: string;
  projection?: 'rectangular' | '360';
}

/**
 * A fixed, made-up catalogue: some VR/360 titles, some VR only by description, some plain, and
 * traps ('overview', 'Vroom') that must not count as VR. Ids are fake but well-formed (11 characters).
 */
export const YOUTUBE_STUB_VIDEOS: readonly YouTubeStubVideo[] = [
  { id: 'stubVid0001', title: 'Roller Coaster VR Experience', description: 'Ride the fastest roller coaster of the park in virtual reality.', channelTitle: 'Thrill Lab', publishedAt: '2021-04-02T10:00:00Z', duration: 'PT4M12S', viewCount: '1523400' },
  { id: 'stubVid0002', title: 'Photosynthesis Explained', description: 'How plants turn light into energy: a clear overview for biology students.', channelTitle: 'Science Class', publishedAt: '2019-09-15T08:30:00Z', duration: 'PT8M45S', viewCount: '2048000' },
  { id: 'stubVid0003', title: '360° Tour of the International Space Station', description: 'Float through every module of the space station with the crew.', channelTitle: 'Orbit Films', publishedAt: '2020-11-20T16:00:00Z', duration: 'PT12M3S', viewCount: '987654', projection: '360' },
  { id: 'stubVid0004', title: 'Deep Sea Dive 360 VR', description: 'An immersive dive to the ocean floor among giant squid.', channelTitle: 'Blue Planet Lab', publishedAt: '2022-01-10T12:00:00Z', duration: 'PT1H2M3S', viewCount: '45210', projection: '360' },
  { id: 'stubVid0005', title: 'The Water Cycle for Kids', description: 'Evaporation, condensation and rain explained simply, with the ocean as the start.', channelTitle: 'Science Class', publishedAt: '2018-03-05T09:00:00Z', duration: 'PT5M20S', viewCount: '310000' },
  { id: 'stubVid0006', title: 'Ancient Rome Overview', description: 'An overview of the Roman Empire from its founding to its fall.', channelTitle: 'History Hour', publishedAt: '2017-06-01T14:00:00Z', duration: 'PT15M', viewCount: '760000' },
  { id: 'stubVid0007', title: 'Solar System Virtual Reality Tour', description: 'Visit every planet of the solar system.', channelTitle: 'Orbit Films', publishedAt: '2021-08-08T18:00:00Z', duration: 'PT9M30S', viewCount: '120400' },
  { id: 'stubVid0008', title: 'How Volcanoes Work', description: 'Magma, pressure and eruptions. Filmed in 360 at Mount Etna.', channelTitle: 'Earth Matters', publishedAt: '2020-02-29T07:45:00Z', duration: 'PT7M7S', viewCount: '58000' },
  { id: 'stubVid0009', title: 'Introduction to Fractions', description: 'Halves, thirds and quarters for beginners.', channelTitle: 'Math Corner', publishedAt: '2016-10-10T10:10:00Z', duration: 'PT11M' },
  { id: 'stubVid0010', title: 'Human Heart Anatomy in VR', description: 'Walk through the chambers and valves of the human heart.', channelTitle: 'Med Academy', publishedAt: '2023-05-12T11:00:00Z', duration: 'PT6M40S', viewCount: '20500' },
  { id: 'stubVid0011', title: 'Rainforest Ecosystems', description: 'Immersive sounds and sights of the Amazon rainforest.', channelTitle: 'Earth Matters', publishedAt: '2019-12-01T06:00:00Z', duration: 'PT10M5S', viewCount: '88000' },
  { id: 'stubVid0012', title: 'Learn Spanish: Greetings', description: 'Say hello and goodbye in Spanish.', channelTitle: 'Language Lane', publishedAt: '2020-07-14T15:00:00Z', duration: 'PT6M', viewCount: '402000' },
  { id: 'stubVid0013', title: "Newton's Laws of Motion", description: 'Inertia, force and action-reaction with simple experiments.', channelTitle: 'Science Class', publishedAt: '2018-01-20T13:00:00Z', duration: 'PT13M27S', viewCount: '1250000' },
  { id: 'stubVid0014', title: 'Ocean Currents & Climate', description: 'How the ocean moves heat around the planet.', channelTitle: 'Blue Planet Lab', publishedAt: '2022-09-09T09:09:00Z', duration: 'PT8M', viewCount: '66000' },
  { id: 'stubVid0015', title: 'Vroom: How Car Engines Work', description: 'Pistons, valves and fuel: an overview of the combustion engine.', channelTitle: 'Garage Physics', publishedAt: '2021-02-02T20:00:00Z', duration: 'PT9M', viewCount: '230000' },
  // Neither channel name, length nor view count: the VR hub shows its defaults.
  { id: 'stubVid0016', title: 'Fractions Practice Stream', description: 'Live practice with fractions.', channelTitle: '', publishedAt: '2024-03-03T17:00:00Z' },
];

export type YouTubeStubError = 'quotaExceeded' | 'backendError';

/** How the stub misbehaves; `setBehaviour({})` restores normal answers. */
export interface YouTubeStubBehaviour {
  /** Answer every request with this Google error (quotaExceeded → 403, backendError → 500). */
  error?: YouTubeStubError | null;
  /** Wait this long before answering. */
  delayMs?: number;
}

export interface YouTubeStubRequest {
  method: string;
  /** The path below the stub's url, e.g. '/search'. */
  path: string;
  /** Query parameters (the last value of a repeated one). */
  query: Record<string, string>;
}

export interface YouTubeStubOptions {
  /** The key requests must carry; default YOUTUBE_STUB_KEY. */
  key?: string;
  videos?: readonly YouTubeStubVideo[];
}

export interface YouTubeStub {
  /** Base url, to use as YOUTUBE_API_URL. */
  url: string;
  key: string;
  /** Every request received, oldest first. */
  requests: YouTubeStubRequest[];
  setBehaviour(behaviour: YouTubeStubBehaviour): void;
  /** Forgets the logged requests and restores normal behaviour. */
  reset(): void;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;
interface Answer {
  status: number;
  body: Json;
}

const STOP_WORDS = new Set(['a', 'an', 'and', 'the', 'of', 'in', 'on', 'for', 'to', 'with']);
const ETAG = 'stubEtag';

function words(text: string): string[] {
  return text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 0 && !STOP_WORDS.has(w));
}

/** The shape of Google's API errors. */
export function googleError(code: number, reason: string, message: string, domain = 'global'): Answer {
  const status = { 400: 'INVALID_ARGUMENT', 403: 'PERMISSION_DENIED', 404: 'NOT_FOUND', 500: 'INTERNAL' }[code] ?? 'UNKNOWN';
  return { status: code, body: { error: { code, message, errors: [{ message, domain, reason }], status } } };
}

const QUOTA_MESSAGE =
  'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.';

function forcedError(error: YouTubeStubError): Answer {
  return error === 'quotaExceeded'
    ? googleError(403, 'quotaExceeded', QUOTA_MESSAGE, 'youtube.quota')
    : googleError(500, 'backendError', 'Backend Error');
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

function thumbnails(id: string): Json {
  return {
    default: { url: `https://i.ytimg.com/vi/${id}/default.jpg`, width: 120, height: 90 },
    medium: { url: `https://i.ytimg.com/vi/${id}/mqdefault.jpg`, width: 320, height: 180 },
    high: { url: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`, width: 480, height: 360 },
  };
}

function channelId(video: YouTubeStubVideo): string {
  return `UCstub${video.channelTitle.replace(/[^A-Za-z]/g, '').slice(0, 16)}`;
}

/** Videos matching any word of `q` (title and description), most matched words first, catalogue order otherwise. */
function searchCatalogue(videos: readonly YouTubeStubVideo[], q: string): YouTubeStubVideo[] {
  const wanted = new Set(words(q));
  return videos
    .map((video, index) => {
      const own = new Set(words(`${video.title} ${video.description}`));
      return { video, index, hits: [...wanted].filter((w) => own.has(w)).length };
    })
    .filter((entry) => entry.hits > 0)
    .sort((a, b) => b.hits - a.hits || a.index - b.index)
    .map((entry) => entry.video);
}

function searchAnswer(videos: readonly YouTubeStubVideo[], query: Record<string, string>): Answer {
  if (query['part'] !== 'snippet') return googleError(400, 'invalidPart', `'${query['part'] ?? ''}'`, 'youtube.part');
  const region = query['regionCode'];
  if (region !== undefined && !/^[A-Za-z]{2}$/.test(region)) {
    return googleError(400, 'invalidRegionCode', 'The <code>regionCode</code> parameter specifies an invalid region code.', 'youtube.parameter');
  }
  const requested = query['maxResults'] === undefined ? 5 : Number(query['maxResults']);
  if (!Number.isInteger(requested) || requested < 0 || requested > 50) {
    return googleError(400, 'invalidParameter', 'Invalid value for maxResults.', 'youtube.parameter');
  }
  const found = query['type'] === undefined || query['type'] === 'video' ? searchCatalogue(videos, query['q'] ?? '') : [];
  const page = found.slice(0, requested);
  return {
    status: 200,
    body: {
      kind: 'youtube#searchListResponse',
      etag: ETAG,
      ...(found.length > page.length ? { nextPageToken: 'CAUQAA' } : {}),
      regionCode: (region ?? 'US').toUpperCase(),
      pageInfo: { totalResults: found.length, resultsPerPage: requested },
      items: page.map((video) => ({
        kind: 'youtube#searchResult',
        etag: ETAG,
        id: { kind: 'youtube#video', videoId: video.id },
        snippet: {
          publishedAt: video.publishedAt,
          channelId: channelId(video),
          // Search snippets arrive HTML-escaped and with the description cut short, as on YouTube.
          title: escapeHtml(video.title),
          description: escapeHtml(video.description.slice(0, 160)),
          thumbnails: thumbnails(video.id),
          channelTitle: escapeHtml(video.channelTitle),
          liveBroadcastContent: 'none',
          publishTime: video.publishedAt,
        },
      })),
    },
  };
}

function videoResource(video: YouTubeStubVideo, parts: Set<string>): Json {
  return {
    kind: 'youtube#video',
    etag: ETAG,
    id: video.id,
    ...(parts.has('snippet')
      ? {
          snippet: {
            publishedAt: video.publishedAt,
            channelId: channelId(video),
            title: video.title,
            description: video.description,
            thumbnails: thumbnails(video.id),
            channelTitle: video.channelTitle,
            categoryId: '27',
            liveBroadcastContent: 'none',
          },
        }
      : {}),
    ...(parts.has('contentDetails')
      ? {
          contentDetails: {
            ...(video.duration !== undefined ? { duration: video.duration } : {}),
            dimension: '2d',
            definition: 'hd',
            caption: 'false',
            licensedContent: false,
            projection: video.projection ?? 'rectangular',
          },
        }
      : {}),
    ...(parts.has('statistics')
      ? { statistics: { ...(video.viewCount !== undefined ? { viewCount: video.viewCount } : {}), likeCount: '100', favoriteCount: '0', commentCount: '10' } }
      : {}),
  };
}

function videosAnswer(videos: readonly YouTubeStubVideo[], query: Record<string, string>): Answer {
  const parts = new Set((query['part'] ?? '').split(',').map((p) => p.trim()).filter(Boolean));
  const known = ['snippet', 'contentDetails', 'statistics', 'id'];
  if (parts.size === 0 || [...parts].some((p) => !known.includes(p))) {
    return googleError(400, 'invalidPart', `'${query['part'] ?? ''}'`, 'youtube.part');
  }
  if (query['id'] === undefined) {
    return googleError(400, 'missingRequiredParameter', 'No filter selected. Expected one of: myRated, chart, id', 'youtube.parameter');
  }
  const ids = query['id'].split(',').map((id) => id.trim());
  const items = ids.flatMap((id) => videos.filter((v) => v.id === id)).map((video) => videoResource(video, parts));
  return {
    status: 200,
    body: { kind: 'youtube#videoListResponse', etag: ETAG, items, pageInfo: { totalResults: items.length, resultsPerPage: items.length } },
  };
}

/**
 * Starts a local stand-in for the YouTube Data API v3 (the part VeoLearn uses: GET /search and
 * GET /videos) on 127.0.0.1 with a free port. It checks the `key` parameter like Google does and
 * can be told to answer with a quota error or slowly.
 */
export async function startYouTubeStub(options: YouTubeStubOptions = {}): Promise<YouTubeStub> {
  const key = options.key ?? YOUTUBE_STUB_KEY;
  const videos = options.videos ?? YOUTUBE_STUB_VIDEOS;
  const requests: YouTubeStubRequest[] = [];
  let behaviour: YouTubeStubBehaviour = {};

  const answer = (method: string, path: string, query: Record<string, string>): Answer => {
    if (method !== 'GET') return googleError(404, 'notFound', 'Not Found');
    if (path !== '/search' && path !== '/videos') return googleError(404, 'notFound', 'Not Found');
    if (!query['key']) {
      return googleError(403, 'forbidden', 'Method doesn\'t allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.');
    }
    if (query['key'] !== key) return googleError(400, 'keyInvalid', 'API key not valid. Please pass a valid API key.', 'usageLimits');
    if (behaviour.error) return forcedError(behaviour.error);
    return path === '/search' ? searchAnswer(videos, query) : videosAnswer(videos, query);
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const query = Object.fromEntries(url.searchParams.entries());
    const method = req.method ?? 'GET';
    requests.push({ method, path: url.pathname, query });
    const { status, body } = answer(method, url.pathname, query);
    const send = () => {
      if (res.destroyed) return;
      res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
      res.end(JSON.stringify(body));
    };
    const delay = behaviour.delayMs ?? 0;
    if (delay > 0) setTimeout(send, delay).unref();
    else send();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    key,
    requests,
    setBehaviour(next) {
      behaviour = { ...next };
    },
    reset() {
      requests.length = 0;
      behaviour = {};
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
