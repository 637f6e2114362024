/** Readable text for the `?error=` values the OAuth callback sends to the sign-in page. */
export function oauthErrorMessage(code: string | null): string | null {
  switch (code) {
    case null:
    case '':
      return null;
    case 'oauth_failed':
      return 'Google sign-in did not complete. Please try again, or sign in with your e-mail and password.';
    case 'no_token':
      return 'Google sign-in returned without a session. Please try again.';
    default:
      return 'Sign-in did not complete. Please try again.';
  }
}

/** Only a same-origin path may be used as the post-login destination (never another site). */
export function safeReturnPath(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // Returning to an auth screen after signing in would just bounce.
  if (value.startsWith('/auth/')) return null;
  return value;
}
