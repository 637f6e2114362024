import { ApiPropertyOptional, ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsDefined, IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { EXPORT_FORMATS, type ExportFormat, LMS_TYPES, type LmsType, SCORM_EXPORT_VERSIONS, type ScormVersion } from './export.messages';

/** Smallest and largest embed size accepted, in pixels. */
export const EMBED_MIN_SIZE = 100;
export const EMBED_MAX_SIZE = 4000;

// Decorators run bottom-up; the most basic check sits closest to the property.
export class ExportVideoDto {
  @ApiProperty({ enum: EXPORT_FORMATS, description: 'url: share links; embed: iframe codes; lti: LMS configurations; scorm: a SCORM package built as a job (202)' })
  @IsIn(EXPORT_FORMATS, { message: `format must be one of: ${EXPORT_FORMATS.join(', ')}` })
  @IsDefined({ message: `format is required (one of: ${EXPORT_FORMATS.join(', ')})` })
  format!: ExportFormat;

  @ApiPropertyOptional({ default: 800, minimum: EMBED_MIN_SIZE, maximum: EMBED_MAX_SIZE, description: 'Embed iframe width in pixels' })
  @Max(EMBED_MAX_SIZE, { message: `embedWidth must be at most ${EMBED_MAX_SIZE} pixels` })
  @Min(EMBED_MIN_SIZE, { message: `embedWidth must be at least ${EMBED_MIN_SIZE} pixels` })
  @IsInt({ message: 'embedWidth must be a whole number of pixels' })
  @IsOptional()
  embedWidth?: number;

  @ApiPropertyOptional({ default: 600, minimum: EMBED_MIN_SIZE, maximum: EMBED_MAX_SIZE, description: 'Embed iframe height in pixels' })
  @Max(EMBED_MAX_SIZE, { message: `embedHeight must be at most ${EMBED_MAX_SIZE} pixels` })
  @Min(EMBED_MIN_SIZE, { message: `embedHeight must be at least ${EMBED_MIN_SIZE} pixels` })
  @IsInt({ message: 'embedHeight must be a whole number of pixels' })
  @IsOptional()
  embedHeight?: number;

  @ApiPropertyOptional({ default: false, description: 'Embeds and LMS launches start playing at once' })
  @IsBoolean({ message: 'autoplay must be true or false' })
  @IsOptional()
  autoplay?: boolean;

  @ApiPropertyOptional({ default: true, description: 'Embeds and LMS launches show the player controls' })
  @IsBoolean({ message: 'showControls must be true or false' })
  @IsOptional()
  showControls?: boolean;

  @ApiPropertyOptional({ default: true, description: 'LMS launches and SCORM packages report each answer (interactions), not only the score' })
  @IsBoolean({ message: 'includeAnalytics must be true or false' })
  @IsOptional()
  includeAnalytics?: boolean;

  @ApiPropertyOptional({ enum: LMS_TYPES, default: 'moodle', description: 'The LMS listed first in an lti export' })
  @IsIn(LMS_TYPES, { message: `lmsType must be one of: ${LMS_TYPES.join(', ')}` })
  @IsOptional()
  lmsType?: LmsType;

  @ApiPropertyOptional({ enum: SCORM_EXPORT_VERSIONS, default: '1.2', description: "SCORM version of a scorm export: '1.2' or '2004' (4th Edition)" })
  @IsIn(SCORM_EXPORT_VERSIONS, { message: `scormVersion must be '1.2' or '2004'` })
  @IsOptional()
  scormVersion?: ScormVersion;
}

export class TestScormDto {
  @ApiPropertyOptional({ enum: SCORM_EXPORT_VERSIONS, default: '1.2' })
  @IsIn(SCORM_EXPORT_VERSIONS, { message: `scormVersion must be '1.2' or '2004'` })
  @IsOptional()
  scormVersion?: ScormVersion;
}
