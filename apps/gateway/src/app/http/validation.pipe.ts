import { BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';

function firstMessages(errors: ValidationError[], parent = ''): string[] {
  return errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.entries(error.constraints ?? {}).map(([rule, text]) =>
      rule === 'whitelistValidation' ? `Unknown field "${path}" is not allowed` : text,
    );
    return [...own.slice(0, 1), ...firstMessages(error.children ?? [], path)];
  });
}

/** Rejects unknown fields and answers with one readable sentence per bad field. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    stopAtFirstError: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => {
      const messages = firstMessages(errors);
      return new BadRequestException(messages.length ? messages.join('; ') : 'The request is not valid');
    },
  });
}
