import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { RESULTS_PAGE_SIZE_DEFAULT, RESULTS_PAGE_SIZE_MAX } from './lesson-results.messages';

/** GET /api/videos/{id}/results?page=&pageSize= */
export class LessonResultsQuery {
  @ApiPropertyOptional({ default: 1 })
  @Max(100_000, { message: 'page is too large' })
  @Min(1, { message: 'page must be 1 or more' })
  @IsInt({ message: 'page must be a whole number' })
  @Transform(({ value }) => (value === undefined ? undefined : Number(value)))
  @IsOptional()
  page?: number;

  @ApiPropertyOptional({ default: RESULTS_PAGE_SIZE_DEFAULT, maximum: RESULTS_PAGE_SIZE_MAX })
  @Max(RESULTS_PAGE_SIZE_MAX, { message: `pageSize must be at most ${RESULTS_PAGE_SIZE_MAX}` })
  @Min(1, { message: 'pageSize must be 1 or more' })
  @IsInt({ message: 'pageSize must be a whole number' })
  @Transform(({ value }) => (value === undefined ? undefined : Number(value)))
  @IsOptional()
  pageSize?: number;
}
