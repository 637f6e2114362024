import { BadRequestException } from '@nestjs/common';
import { VrSearchQuery, YouTubeLookupQuery, YouTubeSearchDto } from '@veolearn/contracts';
import { INVALID_YOUTUBE_URL } from '@veolearn/domain';
import { createValidationPipe } from '../http/validation.pipe';
import type { GenerationClient } from '../services/generation-client';
import { SEARCH_TERM_REQUIRED, YouTubeController } from './youtube.controller';

/**
 * The gateway's YouTube routes: what reaches the generation-service for a request (the search
 * term, defaults, the id parsed from a link), and what is refused before anything is sent.
 * The generation client is a recorder; the answers it gives are only passed on.
 */
function controller() {
  const generation = {
    youtubeSearch: jest.fn(async (_message: unknown) => ({ selectedVideo: null, allVideos: [] })),
    vrSearch: jest.fn(async (_message: unknown) => ({ videos: [], allVideos: [], vrCount: 0 })),
    youtubeLookup: jest.fn(async (_message: unknown) => ({ id: 'dQw4w9WgXcQ' })),
  };
  return { generation, youtube: new YouTubeController(generation as unknown as GenerationClient) };
}

/** The body or query as the gateway's validation pipe hands it to the controller. */
function validated<T>(metatype: new () => T, value: unknown, type: 'body' | 'query' = 'body'): Promise<T> {
  return createValidationPipe().transform(value, { type, metatype }) as Promise<T>;
}

async function refusal(run: () => unknown): Promise<string> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestException);
    return (error as BadRequestException).message;
  }
  throw new Error('expected a 400');
}

describe('gateway YouTubeController', () => {
  it('searches for the trimmed query with 10 results from everywhere when nothing else is asked', async () => {
    const { generation, youtube } = controller();
    await youtube.search(await validated(YouTubeSearchDto, { query: '  ocean tides  ' }));
    expect(generation.youtubeSearch).toHaveBeenCalledWith({ query: 'ocean tides', maxResults: 10, country: 'ALL' });
  });

  it('passes the asked number of results and the country, upper-cased', async () => {
    const { generation, youtube } = controller();
    await youtube.search(await validated(YouTubeSearchDto, { query: 'volcano', maxResults: 25, country: 'de' }));
    expect(generation.youtubeSearch).toHaveBeenCalledWith({ query: 'volcano', maxResults: 25, country: 'DE' });
  });

  it('searches for the topic when the query is empty or blank', async () => {
    const { generation, youtube } = controller();
    await youtube.search(await validated(YouTubeSearchDto, { query: '   ', topic: ' photosynthesis ' }));
    await youtube.search(await validated(YouTubeSearchDto, { topic: 'glaciers' }));
    expect(generation.youtubeSearch.mock.calls.map(([message]) => (message as { query: string }).query)).toEqual(['photosynthesis', 'glaciers']);
  });

  it('prefers the query over the topic', async () => {
    const { generation, youtube } = controller();
    await youtube.search(await validated(YouTubeSearchDto, { query: 'rivers', topic: 'lakes' }));
    expect(generation.youtubeSearch).toHaveBeenCalledWith(expect.objectContaining({ query: 'rivers' }));
  });

  it('refuses a search without a term, and sends nothing', async () => {
    const { generation, youtube } = controller();
    for (const body of [{}, { query: '' }, { query: '  ', topic: ' ' }]) {
      expect(await refusal(async () => youtube.search(await validated(YouTubeSearchDto, body)))).toBe(SEARCH_TERM_REQUIRED);
    }
    expect(await refusal(async () => youtube.vrSearch(await validated(VrSearchQuery, { q: '  ' }, 'query')))).toBe(SEARCH_TERM_REQUIRED);
    expect(generation.youtubeSearch).not.toHaveBeenCalled();
    expect(generation.vrSearch).not.toHaveBeenCalled();
  });

  it('refuses a country that is not ALL or two letters before searching', async () => {
    const { generation } = controller();
    expect(await refusal(() => validated(YouTubeSearchDto, { query: 'x', country: 'Germany' }))).toMatch(/country must be 'ALL' or a two-letter country code/);
    expect(generation.youtubeSearch).not.toHaveBeenCalled();
  });

  it('asks the VR search for 12 results by default, or the number in the query string', async () => {
    const { generation, youtube } = controller();
    await youtube.vrSearch(await validated(VrSearchQuery, { q: ' space station ' }, 'query'));
    await youtube.vrSearch(await validated(VrSearchQuery, { q: 'reef', maxResults: '5' }, 'query'));
    expect(generation.vrSearch.mock.calls.map(([message]) => message)).toEqual([
      { query: 'space station', maxResults: 12 },
      { query: 'reef', maxResults: 5 },
    ]);
  });

  it('looks up the video id read from any form of YouTube link', async () => {
    const { generation, youtube } = controller();
    const links = [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'dQw4w9WgXcQ',
    ];
    for (const url of links) await youtube.lookup(await validated(YouTubeLookupQuery, { url }, 'query'));
    expect(generation.youtubeLookup.mock.calls).toEqual(links.map(() => [{ youtubeId: 'dQw4w9WgXcQ' }]));
  });

  it('refuses a link that names no YouTube video, and sends nothing', async () => {
    const { generation, youtube } = controller();
    for (const url of ['https://vimeo.com/123456', 'not a link', 'https://www.youtube.com/watch?v=short']) {
      expect(await refusal(async () => youtube.lookup(await validated(YouTubeLookupQuery, { url }, 'query')))).toBe(INVALID_YOUTUBE_URL);
    }
    expect(generation.youtubeLookup).not.toHaveBeenCalled();
  });
});
