import { ApiError, serverMessage } from '../../lib/session-client';

export const SIGN_IN_FAILED_TITLE = 'Sign in failed';
export const DEFAULT_SIGN_IN_ERROR = 'Please check your credentials and try again.';

/** The description of the 'Sign in failed' toast (spec section 8). */
export function signInErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    switch (error.status) {
      case 400:
        return 'Please fill in all fields.';
      case 401:
        return 'Invalid email or password. Please try again.';
      case 423:
        return 'Account temporarily locked. Please try again later.';
    }
  }
  return serverMessage(error) ?? DEFAULT_SIGN_IN_ERROR;
}
