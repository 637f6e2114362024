import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { MAX_SEARCH_RESULTS, VR_SEARCH_RESULTS, WIZARD_SEARCH_RESULTS } from '@veolearn/domain';
import { NoControlCharacters } from './no-control-characters.validator';

export const SEARCH_TERM_MAX_LENGTH = 200;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const toNumber = ({ value }: { value: unknown }) => (value === undefined ? undefined : Number(value));
const toUpper = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toUpperCase() : value);
const RESULTS_MESSAGE = `maxResults must be a whole number from 1 to ${MAX_SEARCH_RESULTS}`;

// Decorators run bottom-up; the most basic check sits closest to the property.
// An empty term is allowed here so the controller can answer 'Please enter a search term' for
// every way of leaving it out (missing, empty or blank).
export class YouTubeSearchDto {
  @ApiPropertyOptional({ description: 'What to search for (query or topic is required)', maxLength: SEARCH_TERM_MAX_LENGTH })
  @NoControlCharacters('The search term')
  @MaxLength(SEARCH_TERM_MAX_LENGTH, { message: `The search term must be at most ${SEARCH_TERM_MAX_LENGTH} characters` })
  @Transform(trim)
  @IsString({ message: 'The search term must be text' })
  @IsOptional()
  query?: string;

  @ApiPropertyOptional({ description: 'A saved search topic, used when query is empty', maxLength: SEARCH_TERM_MAX_LENGTH })
  @NoControlCharacters('The search topic')
  @MaxLength(SEARCH_TERM_MAX_LENGTH, { message: `The search topic must be at most ${SEARCH_TERM_MAX_LENGTH} characters` })
  @Transform(trim)
  @IsString({ message: 'The search topic must be text' })
  @IsOptional()
  topic?: string;

  @ApiPropertyOptional({ default: 'ALL', description: "'ALL', or a two-letter country code such as 'US' to search as from that country" })
  @Matches(/^(ALL|[A-Z]{2})$/, { message: "country must be 'ALL' or a two-letter country code such as 'US'" })
  @Transform(toUpper)
  @IsString({ message: "country must be 'ALL' or a two-letter country code such as 'US'" })
  @IsOptional()
  country?: string;

  @ApiPropertyOptional({ default: WIZARD_SEARCH_RESULTS, minimum: 1, maximum: MAX_SEARCH_RESULTS })
  @Max(MAX_SEARCH_RESULTS, { message: RESULTS_MESSAGE })
  @Min(1, { message: RESULTS_MESSAGE })
  @IsInt({ message: RESULTS_MESSAGE })
  @IsOptional()
  maxResults?: number;
}

export class VrSearchQuery {
  @ApiPropertyOptional({ description: 'What to search for (required)', maxLength: SEARCH_TERM_MAX_LENGTH })
  @NoControlCharacters('The search term')
  @MaxLength(SEARCH_TERM_MAX_LENGTH, { message: `The search term must be at most ${SEARCH_TERM_MAX_LENGTH} characters` })
  @Transform(trim)
  @IsString({ message: 'The search term must be text' })
  @IsOptional()
  q?: string;

  @ApiPropertyOptional({ default: VR_SEARCH_RESULTS, minimum: 1, maximum: MAX_SEARCH_RESULTS })
  @Max(MAX_SEARCH_RESULTS, { message: RESULTS_MESSAGE })
  @Min(1, { message: RESULTS_MESSAGE })
  @IsInt({ message: RESULTS_MESSAGE })
  @Transform(toNumber)
  @IsOptional()
  maxResults?: number;
}

export class YouTubeLookupQuery {
  @ApiProperty({ description: 'A YouTube link (watch?v=, youtu.be, /shorts/, /embed/) or an 11-character video id' })
  @MaxLength(500, { message: 'The YouTube link is too long' })
  @IsString({ message: 'The YouTube link must be text' })
  @IsDefined({ message: 'A YouTube link is required (url)' })
  url!: string;
}
