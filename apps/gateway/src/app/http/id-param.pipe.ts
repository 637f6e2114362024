import { BadRequestException, Param, PipeTransform } from '@nestjs/common';

const MAX_ID = 2_147_483_647;

/** Parses a numeric route id; anything but a positive whole number is a 400 naming the field. */
export class PositiveIdPipe implements PipeTransform<string, number> {
  constructor(private readonly label: string) {}

  transform(value: string): number {
    if (!/^[1-9][0-9]{0,9}$/.test(value) || Number(value) > MAX_ID) {
      throw new BadRequestException(`${this.label} must be a positive whole number`);
    }
    return Number(value);
  }
}

/** `@IdParam('Video id') id: number` reads the `:id` route parameter. */
export function IdParam(label: string, name = 'id'): ParameterDecorator {
  return Param(name, new PositiveIdPipe(label));
}
