import { BadRequestException } from '@nestjs/common';
import { SignUpDto } from '@veolearn/contracts';
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

describe('parseId', () => {
  it('parses positive whole numbers', () => {
    expect(parseId('42', 'Video')).toBe(42);
    expect(parseId('2147483647', 'Video')).toBe(2147483647);
  });
  it.each(['0', '-1', '1.5', 'abc', '', '2147483648', '01', '1e3', undefined])('refuses %p', (value) => {
    expect(() => parseId(value, 'Video')).toThrow('Video id must be a positive whole number');
  });
});
