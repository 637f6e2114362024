import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsBoolean,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { VIDEO_TITLE_MAX_LENGTH } from '@veolearn/domain';
import { NoControlCharacters } from './no-control-characters.validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** About 8 hours of speech; the generation-service checks the >50 characters minimum with its own message. */
export const TRANSCRIPT_MAX_LENGTH = 400_000;
/** A video's length as the client may state it: from 1 second to a day. */
export const VIDEO_DURATION_MIN_SECONDS = 1;
export const VIDEO_DURATION_MAX_SECONDS = 86_400;
const DURATION_MESSAGE = `duration must be the video's length in seconds, a number from ${VIDEO_DURATION_MIN_SECONDS} to ${VIDEO_DURATION_MAX_SECONDS} (24 hours); leave it out when unknown`;

// Decorators run bottom-up; the most basic check sits closest to the property.
/** POST /api/youtube/transcript-paste: the spec's payload plus the optional settings of the wizard. */
export class TranscriptPasteDto {
  @ApiPropertyOptional({ description: 'A YouTube link (watch?v=, youtu.be, /shorts/, /embed/) or video id' })
  @MaxLength(500, { message: 'The YouTube link is too long' })
  @IsString({ message: 'youtubeUrl must be text' })
  @IsOptional()
  youtubeUrl?: string;

  @ApiPropertyOptional({ description: 'Same as youtubeUrl (the wizard sends both)' })
  @MaxLength(500, { message: 'The video link is too long' })
  @IsString({ message: 'videoUrl must be text' })
  @IsOptional()
  videoUrl?: string;

  @ApiPropertyOptional({ description: 'Generate for one of your existing videos (e.g. an upload) instead of a new one' })
  @Min(1, { message: 'videoId must be a video id' })
  @IsInt({ message: 'videoId must be a video id' })
  @IsOptional()
  videoId?: number;

  @ApiProperty({ description: 'Plain text, SRT, WebVTT or the text YouTube\'s "Show transcript" panel copies' })
  @MaxLength(TRANSCRIPT_MAX_LENGTH, { message: `The transcript is too long (at most ${TRANSCRIPT_MAX_LENGTH} characters)` })
  @IsNotEmpty({ message: 'Add a transcript first' })
  @IsString({ message: 'The transcript must be text' })
  transcript!: string;

  @ApiPropertyOptional({ description: 'Title of the new video; looked up or taken from the transcript when absent' })
  @NoControlCharacters('The title')
  @MaxLength(VIDEO_TITLE_MAX_LENGTH, { message: `The title must be at most ${VIDEO_TITLE_MAX_LENGTH} characters` })
  @Transform(trim)
  @IsString({ message: 'The title must be text' })
  @IsOptional()
  title?: string;

  @ApiPropertyOptional({
    description:
      "The video's length in seconds, as the player knows it (YouTube or the file's metadata), 1 to 86400; fractions are rounded up to whole seconds. " +
      'Plain-text transcripts are spread over it. Leave it out when unknown: the YouTube lookup or the existing video\'s length is used, else the transcript\'s.',
    minimum: VIDEO_DURATION_MIN_SECONDS,
    maximum: VIDEO_DURATION_MAX_SECONDS,
    example: 600,
  })
  @Max(VIDEO_DURATION_MAX_SECONDS, { message: DURATION_MESSAGE })
  @Min(VIDEO_DURATION_MIN_SECONDS, { message: DURATION_MESSAGE })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: DURATION_MESSAGE })
  @IsOptional()
  duration?: number;

  @ApiPropertyOptional({ nullable: true })
  @Min(1, { message: 'folderId must be a folder id or null' })
  @IsInt({ message: 'folderId must be a folder id or null' })
  @ValidateIf((_o, v) => v !== null && v !== undefined)
  folderId?: number | null;

  @ApiPropertyOptional({ description: 'Questions to write; values above 8 are capped at 8', default: 8 })
  @Max(50, { message: 'interactionCount must be at most 50 (8 are written at most)' })
  @Min(1, { message: 'interactionCount must be at least 1' })
  @IsInt({ message: 'interactionCount must be a whole number' })
  @IsOptional()
  interactionCount?: number;

  @ApiPropertyOptional({
    description: 'Wizard ids (single, multiple, trueFalse, scenario, matching, ordering, sortingGroups, fillGap, dragDrop, priorityRanking) or type names (single_choice, ...)',
    default: ['single', 'multiple', 'trueFalse'],
  })
  @ArrayMaxSize(20, { message: 'questionTypes lists too many types' })
  @IsString({ each: true, message: 'questionTypes must be a list of type names' })
  @ArrayNotEmpty({ message: 'Choose at least one question type' })
  @IsArray({ message: 'questionTypes must be a list of type names' })
  @IsOptional()
  questionTypes?: string[];

  @ApiPropertyOptional({ description: 'Questions per chapter, 1 to 3 (same as questionsPerChapter)' })
  @Max(3, { message: 'questionsPerTopic must be between 1 and 3' })
  @Min(1, { message: 'questionsPerTopic must be between 1 and 3' })
  @IsInt({ message: 'questionsPerTopic must be a whole number' })
  @IsOptional()
  questionsPerTopic?: number;

  @ApiPropertyOptional({ description: 'Questions per chapter, 1 to 3', default: 2 })
  @Max(3, { message: 'questionsPerChapter must be between 1 and 3' })
  @Min(1, { message: 'questionsPerChapter must be between 1 and 3' })
  @IsInt({ message: 'questionsPerChapter must be a whole number' })
  @IsOptional()
  questionsPerChapter?: number;

  @ApiPropertyOptional() @IsBoolean({ message: 'feedbackEnabled must be true or false' }) @IsOptional()
  feedbackEnabled?: boolean;

  @ApiPropertyOptional() @IsBoolean({ message: 'animationsEnabled must be true or false' }) @IsOptional()
  animationsEnabled?: boolean;

  @ApiPropertyOptional() @IsBoolean({ message: 'detailedSummary must be true or false' }) @IsOptional()
  detailedSummary?: boolean;

  @ApiPropertyOptional() @IsBoolean({ message: 'smartTopicReturn must be true or false' }) @IsOptional()
  smartTopicReturn?: boolean;
}
