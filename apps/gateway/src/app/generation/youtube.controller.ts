import { BadRequestException, Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  type VrSearchAnswer,
  VrSearchQuery,
  YouTubeLookupQuery,
  type YouTubeSearchAnswer,
  YouTubeSearchDto,
  type YouTubeVideoDetails,
} from '@veolearn/contracts';
import { INVALID_YOUTUBE_URL, parseYouTubeId, VR_SEARCH_RESULTS, WIZARD_SEARCH_RESULTS } from '@veolearn/domain';
import { GenerationClient } from '../services/generation-client';

export const SEARCH_TERM_REQUIRED = 'Please enter a search term';

/** The term to search for: query, else topic; 400 when both are missing or blank. */
export function searchTerm(...candidates: Array<string | undefined>): string {
  const term = candidates.map((c) => c?.trim()).find((c) => c);
  if (!term) throw new BadRequestException(SEARCH_TERM_REQUIRED);
  return term;
}

/**
 * YouTube search (create wizard and VR hub) and link details, for signed-in creators. The
 * generation-service asks the YouTube Data API; without a key search answers 503 and a lookup
 * only reads the link.
 */
@ApiTags('youtube')
@ApiBearerAuth()
@Controller('youtube')
export class YouTubeController {
  constructor(private readonly generation: GenerationClient) {}

  @Post('search')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Wizard search: up to maxResults (default 10, at most 25) videos for query (or topic), the first one selected. 503 when YouTube search is not configured, 502 when YouTube refuses.',
  })
  search(@Body() dto: YouTubeSearchDto): Promise<YouTubeSearchAnswer> {
    return this.generation.youtubeSearch({
      query: searchTerm(dto.query, dto.topic),
      maxResults: dto.maxResults ?? WIZARD_SEARCH_RESULTS,
      country: dto.country ?? 'ALL',
    });
  }

  @Get('search')
  @ApiOperation({
    summary: 'VR hub search: up to maxResults (default 12) videos for q, VR and 360 content first; vrCount counts the VR-flagged ones',
  })
  vrSearch(@Query() query: VrSearchQuery): Promise<VrSearchAnswer> {
    return this.generation.vrSearch({ query: searchTerm(query.q), maxResults: query.maxResults ?? VR_SEARCH_RESULTS });
  }

  @Get('lookup')
  @ApiOperation({
    summary: "Details of a YouTube link or id for the wizard's preview; source 'link' (only id, url and thumbnail) when no API key is set; 404 when YouTube knows no such video",
  })
  lookup(@Query() query: YouTubeLookupQuery): Promise<YouTubeVideoDetails> {
    const youtubeId = parseYouTubeId(query.url);
    if (!youtubeId) throw new BadRequestException(INVALID_YOUTUBE_URL);
    return this.generation.youtubeLookup({ youtubeId });
  }
}
