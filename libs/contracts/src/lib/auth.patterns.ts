/** Client token under which the gateway injects the auth-service proxy. */
export const AUTH_SERVICE = 'AUTH_SERVICE';

/** NATS queue group shared by every auth-service replica. */
export const AUTH_QUEUE = 'auth-service';

export const AuthPatterns = {
  signUp: 'auth.sign-up',
  signIn: 'auth.sign-in',
  validate: 'auth.validate',
  currentUser: 'auth.current-user',
  logout: 'auth.logout',
  googleSignIn: 'auth.google-sign-in',
  updateProfile: 'auth.update-profile',
  setSubscription: 'auth.set-subscription',
  listSubscriptionEvents: 'auth.list-subscription-events',
  recordSecurityEvent: 'auth.record-security-event',
  /** Internal: a session for the account an LTI identity is linked to; the gateway sends it only from a verified instructor launch. */
  ltiSignIn: 'auth.lti-sign-in',
  health: 'auth.health',
  ping: 'auth.ping',
} as const;
