import { Matches, ValidationOptions } from 'class-validator';

// eslint-disable-next-line no-control-regex
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f]*$/;

/** Refuses NUL and other control characters, which Postgres cannot store and no name needs. */
export function NoControlCharacters(label: string, options?: ValidationOptions): PropertyDecorator {
  return Matches(NO_CONTROL_CHARACTERS, { message: `${label} contains characters that are not allowed`, ...options });
}
