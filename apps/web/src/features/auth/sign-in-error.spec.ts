import { ApiError } from '../../lib/session-client';
import { DEFAULT_SIGN_IN_ERROR, signInErrorMessage } from './sign-in-error';

const error = (status: number, body = '') => new ApiError(status, body, 'Status');

describe('signInErrorMessage', () => {
  it('maps the documented statuses', () => {
    expect(signInErrorMessage(error(400))).toBe('Please fill in all fields.');
    expect(signInErrorMessage(error(401, '{"message":"Invalid credentials"}'))).toBe(
      'Invalid email or password. Please try again.',
    );
    expect(signInErrorMessage(error(423))).toBe('Account temporarily locked. Please try again later.');
  });

  it('uses the server message without the status prefix for other errors', () => {
    expect(signInErrorMessage(error(500, '{"statusCode":500,"message":"Service unavailable"}'))).toBe(
      'Service unavailable',
    );
    expect(signInErrorMessage(error(503, 'Gateway down'))).toBe('Gateway down');
    expect(signInErrorMessage(new Error('429: Too many requests'))).toBe('Too many requests');
  });

  it('falls back to the default text', () => {
    expect(signInErrorMessage(error(500))).toBe(DEFAULT_SIGN_IN_ERROR);
    expect(signInErrorMessage('weird')).toBe(DEFAULT_SIGN_IN_ERROR);
  });
});
