import { registerDecorator, ValidationArguments, ValidationOptions } from 'class-validator';

/** The decorated value must equal the value of another property of the same object. */
export function MatchesProperty(property: string, options?: ValidationOptions) {
  return (target: object, propertyName: string): void => {
    registerDecorator({
      name: 'matchesProperty',
      target: target.constructor,
      propertyName,
      constraints: [property],
      options,
      validator: {
        validate(value: unknown, args: ValidationArguments): boolean {
          const [other] = args.constraints as [string];
          return value === (args.object as Record<string, unknown>)[other];
        },
      },
    });
  };
}
