import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsNumber, IsOptional, IsString, Max, MaxLength, Min, MinLength, ValidateNested } from 'class-validator';
import { NoControlCharacters } from './no-control-characters.validator';
import { ADMIN_RANGES, type AdminRange } from './admin.messages';
import { PageNumberField, PageSizeField } from './paging.dto';

const RANGE_MESSAGE = `range must be one of ${ADMIN_RANGES.join(', ')}`;
const SEVERITIES = ['info', 'warning', 'critical'] as const;

export const ADMIN_PAGE_SIZE_MAX = 100;
export const ADMIN_PAGE_SIZE_DEFAULT = 20;

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const booleanText = ({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value);

/** `?range=` of the admin figures: 24h, 7d, 30d (default) or 90d. */
export class AdminRangeQuery {
  @IsOptional()
  @IsIn(ADMIN_RANGES, { message: RANGE_MESSAGE })
  @ApiPropertyOptional({ enum: ADMIN_RANGES, default: '30d' })
  range?: AdminRange;
}

/** `?timeRange=` of a CSV export (the spec's name for the same range). */
export class AdminExportQuery {
  @IsOptional()
  @IsIn(ADMIN_RANGES, { message: `timeRange must be one of ${ADMIN_RANGES.join(', ')}` })
  @ApiPropertyOptional({ enum: ADMIN_RANGES, default: '30d' })
  timeRange?: AdminRange;
}

/** GET /api/admin/users?page=&pageSize=&search= */
export class AdminUsersQuery {
  @PageNumberField()
  page?: number;

  @PageSizeField(ADMIN_PAGE_SIZE_MAX, ADMIN_PAGE_SIZE_DEFAULT)
  pageSize?: number;

  @IsOptional()
  @Transform(trimmed)
  @IsString({ message: 'search must be text' })
  @MaxLength(100, { message: 'search must be at most 100 characters' })
  @NoControlCharacters('search')
  @ApiPropertyOptional({ description: 'Part of a username, e-mail, first or last name' })
  search?: string;
}

/** GET /api/admin/security-events?range=&page=&pageSize=&severity=&eventType=&resolved= */
export class AdminSecurityEventsQuery extends AdminRangeQuery {
  @PageNumberField()
  page?: number;

  @PageSizeField(ADMIN_PAGE_SIZE_MAX, ADMIN_PAGE_SIZE_DEFAULT)
  pageSize?: number;

  @IsOptional()
  @IsIn(SEVERITIES, { message: `severity must be one of ${SEVERITIES.join(', ')}` })
  @ApiPropertyOptional({ enum: SEVERITIES })
  severity?: (typeof SEVERITIES)[number];

  @IsOptional()
  @Transform(trimmed)
  @IsString({ message: 'eventType must be text' })
  @MaxLength(64, { message: 'eventType must be at most 64 characters' })
  @NoControlCharacters('eventType')
  @ApiPropertyOptional({ example: 'login_failed' })
  eventType?: string;

  @IsOptional()
  @Transform(booleanText)
  @IsBoolean({ message: 'resolved must be true or false' })
  @ApiPropertyOptional()
  resolved?: boolean;
}

/** PUT /api/admin/security-events/{id} */
export class ResolveSecurityEventDto {
  @IsBoolean({ message: 'resolved must be true or false' })
  @ApiProperty()
  resolved!: boolean;
}

export class FixedCostDto {
  @Transform(trimmed)
  @IsString({ message: 'Each cost needs a name' })
  @MinLength(1, { message: 'Each cost needs a name' })
  @MaxLength(80, { message: 'A cost name must be at most 80 characters' })
  @NoControlCharacters('A cost name')
  @ApiProperty({ example: 'Hosting' })
  name!: string;

  @IsIn(['hosting', 'others'], { message: "category must be 'hosting' or 'others'" })
  @ApiProperty({ enum: ['hosting', 'others'] })
  category!: 'hosting' | 'others';

  @IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false }, { message: 'monthlyAmount must be a number with at most 2 decimals' })
  @Min(0, { message: 'monthlyAmount cannot be negative' })
  @Max(10_000_000, { message: 'monthlyAmount must be at most 10,000,000' })
  @ApiProperty({ example: 120, description: 'AUD per month' })
  monthlyAmount!: number;
}

/** PUT /api/admin/settings/costs */
export class SaveFixedCostsDto {
  @IsArray({ message: 'items must be a list' })
  @ArrayMaxSize(50, { message: 'At most 50 fixed costs' })
  @ValidateNested({ each: true })
  @Type(() => FixedCostDto)
  @ApiProperty({ type: [FixedCostDto] })
  items!: FixedCostDto[];

  @IsNumber({ maxDecimalPlaces: 4, allowNaN: false, allowInfinity: false }, { message: 'usdToAud must be a number' })
  @Min(0.01, { message: 'usdToAud must be more than 0' })
  @Max(100, { message: 'usdToAud must be at most 100' })
  @ApiProperty({ example: 1.55, description: 'AUD per US dollar, to convert AI usage' })
  usdToAud!: number;
}
