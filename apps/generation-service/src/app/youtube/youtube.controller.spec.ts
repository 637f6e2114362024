import type { YouTubeSearchResult } from '@veolearn/contracts';
import type { YouTubeClient } from './youtube.client';
import { toVrResult, YouTubeController } from './youtube.controller';

function result(id: string, title: string, description = '', extra: Partial<YouTubeSearchResult> = {}): YouTubeSearchResult {
  return {
    id,
    title,
    url: `https://www.youtube.com/watch?v=${id}`,
    thumbnails: {
      high: { url: `https://img.test/${id}/h.jpg` },
      medium: { url: `https://img.test/${id}/m.jpg` },
      default: { url: `https://img.test/${id}/d.jpg` },
    },
    channelTitle: 'Channel',
    duration: '4:12',
    durationSeconds: 252,
    viewCount: '99',
    description,
    publishedAt: '2021-01-01T00:00:00Z',
    ...extra,
  };
}

function controllerWith(results: YouTubeSearchResult[]) {
  const search = jest.fn(async () => results);
  const lookup = jest.fn();
  const controller = new YouTubeController({ search, lookup } as unknown as YouTubeClient);
  return { controller, search, lookup };
}

describe('YouTubeController', () => {
  it('answers the wizard search with the first result selected, 10 by default, country ALL by default', async () => {
    const list = [result('a0000000001', 'First'), result('a0000000002', 'Second')];
    const { controller, search } = controllerWith(list);
    const answer = await controller.search({ query: 'x', maxResults: undefined as unknown as number, country: undefined as unknown as string });
    expect(answer).toEqual({ selectedVideo: list[0], allVideos: list });
    expect(search).toHaveBeenCalledWith('x', 10, 'ALL');
    await controller.search({ query: 'x', maxResults: 99, country: 'DE' });
    expect(search).toHaveBeenLastCalledWith('x', 25, 'DE');
  });

  it('selects nothing when nothing is found', async () => {
    const { controller } = controllerWith([]);
    expect(await controller.search({ query: 'x', maxResults: 10, country: 'ALL' })).toEqual({ selectedVideo: null, allVideos: [] });
  });

  it('sorts VR results first with the 360 bonus, 12 by default, and counts them', async () => {
    const { controller, search } = controllerWith([
      result('p0000000001', 'Plain overview'),
      result('v0000000001', 'Heart in VR'),
      result('i0000000001', 'Rainforest', 'an immersive walk'),
      result('t0000000001', '360° space station'),
    ]);
    const answer = await controller.vrSearch({ query: 'x', maxResults: undefined as unknown as number });
    expect(search).toHaveBeenCalledWith('x', 12, 'ALL');
    expect(answer.videos.map((v) => [v.id, v.isVR])).toEqual([
      ['t0000000001', true],
      ['v0000000001', true],
      ['i0000000001', true],
      ['p0000000001', false],
    ]);
    expect(answer.allVideos).toEqual(answer.videos);
    expect(answer.vrCount).toBe(3);
  });

  it('fills the VR defaults of spec section 3', () => {
    const bare = result('b0000000001', 'Bare', '', {
      channelTitle: '',
      duration: '',
      viewCount: '',
      thumbnails: { high: { url: '' }, medium: { url: '' }, default: { url: 'https://img.test/d.jpg' } },
    });
    expect(toVrResult(bare)).toEqual({
      id: 'b0000000001',
      title: 'Bare',
      description: '',
      thumbnail: 'https://img.test/d.jpg',
      duration: '0:00',
      viewCount: '0',
      channelTitle: 'Unknown Channel',
      publishedAt: '2021-01-01T00:00:00Z',
      isVR: false,
    });
    expect(toVrResult(result('c0000000001', 'VR tour')).thumbnail).toBe('https://img.test/c0000000001/h.jpg');
  });

  it('passes lookups through', async () => {
    const { controller, lookup } = controllerWith([]);
    lookup.mockResolvedValue({ id: 'dQw4w9WgXcQ' });
    expect(await controller.lookup({ youtubeId: 'dQw4w9WgXcQ' })).toEqual({ id: 'dQw4w9WgXcQ' });
    expect(lookup).toHaveBeenCalledWith('dQw4w9WgXcQ');
  });
});
