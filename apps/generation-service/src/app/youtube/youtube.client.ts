import { Injectable, Logger } from '@nestjs/common';
import type { RpcException } from '@nestjs/microservices';
import { AppConfig } from '@veolearn/config';
import type { YouTubeSearchResult, YouTubeThumbnail, YouTubeVideoDetails } from '@veolearn/contracts';
import {
  clampMaxResults,
  decodeYouTubeText,
  INVALID_YOUTUBE_URL,
  isoDurationText,
  parseIsoDuration,
  WIZARD_SEARCH_RESULTS,
  youtubeWatchUrl,
} from '@veolearn/domain';
import { rpcError } from '@veolearn/nest-common';

/** How long one call to the Data API may take. */
export const YOUTUBE_TIMEOUT_MS = 8000;

export const YOUTUBE_NOT_CONFIGURED =
  'YouTube search is not configured. Paste a YouTube link instead, or ask your administrator to set YOUTUBE_API_KEY.';
export const YOUTUBE_NO_ANSWER = 'YouTube did not answer. Please try again.';
export const YOUTUBE_UNREADABLE = 'YouTube sent an answer that could not be read. Please try again.';
export const YOUTUBE_VIDEO_NOT_FOUND = 'Video not found on YouTube';
export const SEARCH_TERM_REQUIRED = 'Please enter a search term';
export const COUNTRY_INVALID = "country must be 'ALL' or a two-letter country code such as 'US'";

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const REGION = /^[A-Z]{2}$/;
const REASON_MAX_LENGTH = 200;

type Action = 'search' | 'lookup';

interface CallOptions {
  action: Action;
  /** Aborts the call (and reading its body) when the time is up. */
  deadline: AbortSignal;
  /** The region searched, to name it when YouTube does not know it. */
  region?: string;
}
type JsonObject = Record<string, unknown>;

interface Snippet {
  title: string;
  description: string;
  channelTitle: string;
  publishedAt: string | null;
  thumbnails: YouTubeSearchResult['thumbnails'];
}

/** What the videos endpoint told about one video. */
interface VideoFacts {
  snippet: Snippet | null;
  duration: string | null;
  viewCount: string | null;
}

function asObject(value: unknown): JsonObject | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : null;
}

function asString(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function asItems(body: unknown): JsonObject[] | null {
  const items = asObject(body)?.['items'];
  if (items === undefined) return [];
  return Array.isArray(items) ? items.map(asObject).filter((item): item is JsonObject => item !== null) : null;
}

/** The thumbnail sizes YouTube serves for every video, used when an answer leaves one out. */
export function fallbackThumbnails(id: string): YouTubeSearchResult['thumbnails'] {
  return {
    default: { url: `https://i.ytimg.com/vi/${id}/default.jpg`, width: 120, height: 90 },
    medium: { url: `https://i.ytimg.com/vi/${id}/mqdefault.jpg`, width: 320, height: 180 },
    high: { url: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`, width: 480, height: 360 },
  };
}

function readThumbnail(value: unknown, fallback: YouTubeThumbnail): YouTubeThumbnail {
  const object = asObject(value);
  const url = asString(object?.['url']);
  if (!object || !url) return fallback;
  const width = object['width'];
  const height = object['height'];
  return { url, ...(typeof width === 'number' ? { width } : {}), ...(typeof height === 'number' ? { height } : {}) };
}

/** A snippet with its text decoded (search snippets are HTML-escaped; decoding plain text changes nothing). */
function readSnippet(value: unknown, id: string): Snippet | null {
  const snippet = asObject(value);
  if (!snippet) return null;
  const thumbnails = asObject(snippet['thumbnails']);
  const fallback = fallbackThumbnails(id);
  return {
    title: decodeYouTubeText(asString(snippet['title']) ?? ''),
    description: decodeYouTubeText(asString(snippet['description']) ?? ''),
    channelTitle: decodeYouTubeText(asString(snippet['channelTitle']) ?? ''),
    publishedAt: asString(snippet['publishedAt']),
    thumbnails: {
      high: readThumbnail(thumbnails?.['high'], fallback.high),
      medium: readThumbnail(thumbnails?.['medium'], fallback.medium),
      default: readThumbnail(thumbnails?.['default'], fallback.default),
    },
  };
}

function readVideoFacts(item: JsonObject): VideoFacts {
  const id = asString(item['id']) ?? '';
  return {
    snippet: readSnippet(item['snippet'], id),
    duration: asString(asObject(item['contentDetails'])?.['duration']),
    viewCount: asString(asObject(item['statistics'])?.['viewCount']),
  };
}

/** What the wizard can show for a link when the Data API cannot be asked (no key). */
export function linkOnlyDetails(youtubeId: string): YouTubeVideoDetails {
  return {
    id: youtubeId,
    url: youtubeWatchUrl(youtubeId),
    title: null,
    channelTitle: null,
    duration: null,
    durationSeconds: null,
    viewCount: null,
    description: null,
    thumbnail: fallbackThumbnails(youtubeId).high.url,
    source: 'link',
  };
}

/** Google's error text, without HTML and shortened: `{error: {message, errors: [{reason}]}}`. */
function errorReason(body: unknown, status: number): { reason: string; code: string | null } {
  const error = asObject(asObject(body)?.['error']);
  const first = asObject(Array.isArray(error?.['errors']) ? (error?.['errors'] as unknown[])[0] : undefined);
  const code = asString(first?.['reason']);
  const message = asString(error?.['message']) ?? asString(first?.['message']);
  const text = (message ?? '').replace(/<[^>]*>/g, '').replace(/\s+/g, ' ').trim();
  const reason = text || code || `HTTP ${status}`;
  return { reason: reason.length > REASON_MAX_LENGTH ? `${reason.slice(0, REASON_MAX_LENGTH - 1)}…` : reason, code };
}

/**
 * YouTube Data API v3: search (search.list, then videos.list for lengths and view counts) and
 * one video's details. Every failure becomes an rpcError with a sentence a creator understands;
 * the API key never appears in an error or a log line.
 */
@Injectable()
export class YouTubeClient {
  private readonly logger = new Logger(YouTubeClient.name);
  /** Overridable so tests need not wait the full timeout. */
  protected readonly timeoutMs: number = YOUTUBE_TIMEOUT_MS;

  constructor(private readonly config: AppConfig) {}

  /** Up to `maxResults` videos for `query`, in YouTube's order; `country` 'ALL' (or empty) searches everywhere. */
  async search(query: string, maxResults: number, country: string): Promise<YouTubeSearchResult[]> {
    const key = this.config.YOUTUBE_API_KEY;
    if (!key) throw rpcError(503, YOUTUBE_NOT_CONFIGURED);
    const q = typeof query === 'string' ? query.trim() : '';
    if (!q) throw rpcError(400, SEARCH_TERM_REQUIRED);
    const region = (country ?? '').trim().toUpperCase();
    if (region && region !== 'ALL' && !REGION.test(region)) throw rpcError(400, COUNTRY_INVALID);

    const params: Record<string, string> = {
      part: 'snippet',
      type: 'video',
      q,
      maxResults: String(clampMaxResults(maxResults, WIZARD_SEARCH_RESULTS)),
    };
    if (region && region !== 'ALL') params['regionCode'] = region;
    // One deadline for both calls, so a search answers within the gateway's wait.
    const deadline = AbortSignal.timeout(this.timeoutMs);
    const found = asItems(await this.get('search', params, { action: 'search', deadline, region }));
    if (!found) throw this.unreadable('search');

    const hits = found
      .map((item) => ({ id: asString(asObject(item['id'])?.['videoId']), snippet: item['snippet'] }))
      .filter((hit): hit is { id: string; snippet: unknown } => hit.id !== null && VIDEO_ID.test(hit.id));
    const ids = [...new Set(hits.map((hit) => hit.id))];
    if (ids.length === 0) return [];

    const facts = await this.videoFacts(ids, 'search', deadline);
    return ids.map((id) => {
      const hit = hits.find((h) => h.id === id);
      return this.toSearchResult(id, readSnippet(hit?.snippet, id), facts.get(id));
    });
  }

  /** The details of one video; link-only details without a key; 404 when YouTube knows no such video. */
  async lookup(youtubeId: string): Promise<YouTubeVideoDetails> {
    if (typeof youtubeId !== 'string' || !VIDEO_ID.test(youtubeId)) {
      throw rpcError(400, INVALID_YOUTUBE_URL);
    }
    if (!this.config.YOUTUBE_API_KEY) return linkOnlyDetails(youtubeId);
    const facts = (await this.videoFacts([youtubeId], 'lookup', AbortSignal.timeout(this.timeoutMs))).get(youtubeId);
    if (!facts) throw rpcError(404, YOUTUBE_VIDEO_NOT_FOUND);
    const snippet = facts.snippet;
    const seconds = parseIsoDuration(facts.duration);
    return {
      id: youtubeId,
      url: youtubeWatchUrl(youtubeId),
      title: snippet?.title || null,
      channelTitle: snippet?.channelTitle || null,
      duration: seconds === null ? null : isoDurationText(facts.duration),
      durationSeconds: seconds,
      viewCount: facts.viewCount,
      description: snippet ? snippet.description : null,
      thumbnail: (snippet?.thumbnails ?? fallbackThumbnails(youtubeId)).high.url,
      source: 'youtube',
    };
  }

  private toSearchResult(id: string, found: Snippet | null, facts: VideoFacts | undefined): YouTubeSearchResult {
    // videos.list gives the unescaped title and the full description; search.list only a shortened one.
    const snippet = facts?.snippet ?? found;
    const seconds = parseIsoDuration(facts?.duration);
    return {
      id,
      title: snippet?.title ?? '',
      url: youtubeWatchUrl(id),
      thumbnails: snippet?.thumbnails ?? fallbackThumbnails(id),
      channelTitle: snippet?.channelTitle ?? '',
      duration: isoDurationText(facts?.duration),
      durationSeconds: seconds,
      viewCount: facts?.viewCount ?? '0',
      description: snippet?.description ?? '',
      publishedAt: snippet?.publishedAt ?? null,
    };
  }

  /** videos.list for `ids`, by id; videos YouTube does not know are missing from the map. */
  private async videoFacts(ids: string[], action: Action, deadline: AbortSignal): Promise<Map<string, VideoFacts>> {
    const body = await this.get('videos', { part: 'snippet,contentDetails,statistics', id: ids.join(',') }, { action, deadline });
    const items = asItems(body);
    if (!items) throw this.unreadable(action);
    const facts = new Map<string, VideoFacts>();
    for (const item of items) {
      const id = asString(item['id']);
      if (id) facts.set(id, readVideoFacts(item));
    }
    return facts;
  }

  /** One GET to the Data API with the key added, given up at `deadline`; the parsed JSON body, or an rpcError. */
  private async get(endpoint: 'search' | 'videos', params: Record<string, string>, call: CallOptions): Promise<unknown> {
    const { action, deadline, region = '' } = call;
    const url = new URL(`${this.config.YOUTUBE_API_URL.replace(/\/+$/, '')}/${endpoint}`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    url.searchParams.set('key', this.config.YOUTUBE_API_KEY ?? '');

    let response: Response;
    try {
      response = await fetch(url, { headers: { accept: 'application/json' }, signal: deadline });
    } catch (error) {
      this.warn(`YouTube ${action} (${endpoint}) got no answer: ${this.describe(error)}`);
      throw rpcError(503, YOUTUBE_NO_ANSWER);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
        this.warn(`YouTube ${action} (${endpoint}) stopped answering: ${this.describe(error)}`);
        throw rpcError(503, YOUTUBE_NO_ANSWER);
      }
      body = undefined;
    }
    if (!response.ok) throw this.refused(action, endpoint, response.status, body, region);
    if (body === undefined) throw this.unreadable(action);
    return body;
  }

  private refused(action: Action, endpoint: string, status: number, body: unknown, region: string): RpcException {
    const { reason, code } = errorReason(body, status);
    const safeReason = this.redact(reason);
    this.warn(`YouTube ${action} (${endpoint}) refused with HTTP ${status}${code ? ` ${code}` : ''}: ${safeReason}`);
    if (code === 'invalidRegionCode') return rpcError(400, `YouTube does not support the country code '${region}'`);
    if (status >= 500) return rpcError(502, `YouTube could not answer the ${action} (${safeReason}). Please try again.`);
    return rpcError(502, `YouTube refused the ${action}: ${safeReason}`);
  }

  private unreadable(action: Action): RpcException {
    this.warn(`YouTube ${action} answered with a body that is not the expected JSON`);
    return rpcError(502, YOUTUBE_UNREADABLE);
  }

  private describe(error: unknown): string {
    if (!(error instanceof Error)) return String(error);
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
    return `${error.name}: ${error.message}${cause}`;
  }

  /** Removes the API key from any text that may reach a log or a caller. */
  private redact(text: string): string {
    const key = this.config.YOUTUBE_API_KEY;
    if (!key) return text;
    return [key, encodeURIComponent(key)].reduce((out, form) => out.split(form).join('[redacted]'), text);
  }

  private warn(message: string): void {
    this.logger.warn(this.redact(message));
  }
}
