import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  GenerationPatterns,
  type VrSearchAnswer,
  type VrSearchMessage,
  type VrSearchResult,
  type YouTubeLookupMessage,
  type YouTubeSearchAnswer,
  type YouTubeSearchMessage,
  type YouTubeSearchResult,
  type YouTubeVideoDetails,
} from '@veolearn/contracts';
import { clampMaxResults, isVrResult, sortByVrScore, VR_SEARCH_RESULTS, WIZARD_SEARCH_RESULTS } from '@veolearn/domain';
import { YouTubeClient } from './youtube.client';

/** A search result as the VR hub shows it, with the defaults of spec section 3. */
export function toVrResult(result: YouTubeSearchResult): VrSearchResult {
  return {
    id: result.id,
    title: result.title,
    description: result.description,
    thumbnail: result.thumbnails.high?.url || result.thumbnails.medium?.url || result.thumbnails.default?.url || '',
    duration: result.duration || '0:00',
    viewCount: result.viewCount || '0',
    channelTitle: result.channelTitle || 'Unknown Channel',
    publishedAt: result.publishedAt,
    isVR: isVrResult(result.title, result.description),
  };
}

/** YouTube search for the create wizard and the VR hub, and the details of a pasted link. */
@Controller()
export class YouTubeController {
  constructor(private readonly youtube: YouTubeClient) {}

  @MessagePattern(GenerationPatterns.youtubeSearch)
  async search(@Payload() message: YouTubeSearchMessage): Promise<YouTubeSearchAnswer> {
    const maxResults = clampMaxResults(message.maxResults, WIZARD_SEARCH_RESULTS);
    const videos = await this.youtube.search(message.query, maxResults, message.country ?? 'ALL');
    return { selectedVideo: videos[0] ?? null, allVideos: videos };
  }

  /** VR-flagged results first (spec section 9); `videos` and `allVideos` are the same list. */
  @MessagePattern(GenerationPatterns.vrSearch)
  async vrSearch(@Payload() message: VrSearchMessage): Promise<VrSearchAnswer> {
    const maxResults = clampMaxResults(message.maxResults, VR_SEARCH_RESULTS);
    const videos = sortByVrScore((await this.youtube.search(message.query, maxResults, 'ALL')).map(toVrResult));
    return { videos, allVideos: videos, vrCount: videos.filter((v) => v.isVR).length };
  }

  @MessagePattern(GenerationPatterns.youtubeLookup)
  lookup(@Payload() message: YouTubeLookupMessage): Promise<YouTubeVideoDetails> {
    return this.youtube.lookup(message.youtubeId);
  }
}
