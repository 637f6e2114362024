import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

const toNumber = ({ value }: { value: unknown }) => (value === undefined ? undefined : Number(value));

/** Applies property decorators in the order TypeScript would apply them listed bottom-up. */
const bottomUp =
  (...decorators: PropertyDecorator[]): PropertyDecorator =>
  (target, key) => {
    for (const decorator of decorators) decorator(target, key);
  };

/** `?page=`: a whole number from 1, optional (the first page). */
export const PageNumberField = (): PropertyDecorator =>
  bottomUp(
    IsOptional(),
    Transform(toNumber),
    IsInt({ message: 'page must be a whole number' }),
    Min(1, { message: 'page must be 1 or more' }),
    Max(100_000, { message: 'page is too large' }),
    ApiPropertyOptional({ default: 1 }),
  );

/** `?pageSize=`: a whole number from 1 to `max`, optional (`fallback`). */
export const PageSizeField = (max: number, fallback: number): PropertyDecorator =>
  bottomUp(
    IsOptional(),
    Transform(toNumber),
    IsInt({ message: 'pageSize must be a whole number' }),
    Min(1, { message: 'pageSize must be 1 or more' }),
    Max(max, { message: `pageSize must be at most ${max}` }),
    ApiPropertyOptional({ default: fallback, maximum: max }),
  );
