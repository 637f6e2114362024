import { BadRequestException } from '@nestjs/common';
import { SignUpDto, TranscriptPasteDto } from '@veolearn/contracts';
import { parseId } from '../library/library-http';
import { createValidationPipe } from './validation.pipe';

async function messageFor(body: unknown): Promise<string> {
  try {
    await createValidationPipe().transform(body, { type: 'body', metatype: SignUpDto });
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestException);
    return (error as BadRequestException).message;
  }
  throw new Error('expected a validation error');
}

const valid = { username: 'ada', email: 'ada@example.com', password: 'password1', confirmPassword: 'password1', acceptTerms: true };

describe('validation pipe', () => {
  it('accepts a valid sign-up', async () => {
    await expect(createValidationPipe().transform(valid, { type: 'body', metatype: SignUpDto })).resolves.toBeInstanceOf(SignUpDto);
  });

  it('says which field is unknown', async () => {
    expect(await messageFor({ ...valid, role: 'admin' })).toBe('Unknown field "role" is not allowed');
  });

  it('gives one readable sentence per bad field, the most basic problem first', async () => {
    const message = await messageFor({ email: 'nope', password: 'pw', confirmPassword: 'other', acceptTerms: false });
    expect(message).toContain('Username is required');
    expect(message).toContain('E-mail must be a valid e-mail address');
    expect(message).toContain('Password must be at least 8 characters');
    expect(message).toContain('Passwords do not match');
    expect(message).toContain('You must accept the terms');
  });
});

describe('transcript-paste duration', () => {
  const paste = { transcript: 'The sun warms the ocean and water evaporates into the air as vapour.' };
  const validate = (body: unknown) => createValidationPipe().transform(body, { type: 'body', metatype: TranscriptPasteDto });

  it('accepts a length from 1 to 86400 seconds, fractions too, or none', async () => {
    for (const duration of [1, 600, 241.3, 86_400]) await expect(validate({ ...paste, duration })).resolves.toMatchObject({ duration });
    await expect(validate(paste)).resolves.not.toHaveProperty('duration');
  });

  it.each([0, 0.5, -1, 86_400.5, 90_000, 'abc', '600', true, [600]])('refuses %p, naming duration and the range', async (duration) => {
    const message = await validate({ ...paste, duration }).then(
      () => 'accepted',
      (error: unknown) => (error instanceof BadRequestException ? error.message : String(error)),
    );
    expect(message).toBe("duration must be the video's length in seconds, a number from 1 to 86400 (24 hours); leave it out when unknown");
  });
});

describe('parseId', () => {
  it('parses positive whole numbers', () => {
    expect(parseId('42', 'Video')).toBe(42);
    expect(parseId('2147483647', 'Video')).toBe(2147483647);
  });
  it.each(['0', '-1', '1.5', 'abc', '', '2147483648', '01', '1e3', undefined])('refuses %p', (value) => {
    expect(() => parseId(value, 'Video')).toThrow('Video id must be a positive whole number');
  });
});
