import { Injectable, Logger } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { jwtVerify, SignJWT } from 'jose';
import passport from 'passport';
import { Profile, Strategy as GoogleStrategy, StrategyOptions, VerifyCallback } from 'passport-google-oauth20';
import { randomUUID } from 'node:crypto';
import { AppConfig } from '@veolearn/config';
import type { GoogleProfile } from '@veolearn/contracts';

const STRATEGY = 'google';
const STATE_AUDIENCE = 'veolearn-google-state';

type StateCallback = (err: Error | null, ok?: string | boolean, info?: unknown) => void;

/**
 * The OAuth `state` is a short-lived signed token, so the callback can prove the flow
 * started here without a server-side session store.
 */
class SignedStateStore {
  constructor(private readonly key: Uint8Array) {}

  store(_req: IncomingMessage, ...rest: unknown[]): void {
    const callback = rest[rest.length - 1] as StateCallback;
    new SignJWT({ n: randomUUID() })
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience(STATE_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(this.key)
      .then((state) => callback(null, state), (error: Error) => callback(error));
  }

  verify(_req: IncomingMessage, providedState: string, ...rest: unknown[]): void {
    const callback = rest[rest.length - 1] as StateCallback;
    jwtVerify(providedState, this.key, { algorithms: ['HS256'], audience: STATE_AUDIENCE }).then(
      () => callback(null, true),
      () => callback(null, false, { message: 'The sign-in link expired or was not started here.' }),
    );
  }
}

export type GoogleOutcome = { profile: GoogleProfile } | { error: string };

@Injectable()
export class GoogleOAuthService {
  private readonly logger = new Logger('GoogleOAuth');
  private readonly authenticator = new passport.Passport();

  constructor(private readonly config: AppConfig) {
    if (!config.googleConfigured) return;
    const key = new TextEncoder().encode(`${config.JWT_SECRET}:google-state`);
    const options: StrategyOptions & { store: SignedStateStore } = {
        clientID: config.GOOGLE_CLIENT_ID as string,
        clientSecret: config.GOOGLE_CLIENT_SECRET as string,
        callbackURL: `${config.PUBLIC_URL.replace(/\/$/, '')}/api/auth/google/callback`,
        authorizationURL: config.GOOGLE_AUTH_URL,
        tokenURL: config.GOOGLE_TOKEN_URL,
        userProfileURL: config.GOOGLE_USERINFO_URL,
        store: new SignedStateStore(key),
        state: true,
    };
    const strategy = new GoogleStrategy(
      options,
      (_accessToken: string, _refreshToken: string, profile: Profile, done: VerifyCallback) => done(null, profile),
    );
    this.authenticator.use(STRATEGY, strategy);
  }

  get configured(): boolean {
    return this.config.googleConfigured;
  }

  /** Sends the browser to Google (writes a 302 on the raw response). */
  redirect(req: IncomingMessage, res: ServerResponse): void {
    this.authenticator.authenticate(STRATEGY, { session: false, scope: ['openid', 'email', 'profile'], prompt: 'select_account' })(req, res, (error: unknown) => {
      this.logger.error(`Could not start Google sign-in: ${String(error)}`);
      res.statusCode = 502;
      res.end();
    });
  }

  /** Exchanges the code on the callback request for the user's Google profile. */
  complete(req: IncomingMessage & { query?: unknown }, res: ServerResponse): Promise<GoogleOutcome> {
    return new Promise((resolve) => {
      this.authenticator.authenticate(STRATEGY, { session: false }, (error: unknown, profile: Profile | false, info: unknown) => {
        if (error || !profile) {
          const reason = error instanceof Error ? error.message : (info as { message?: string } | undefined)?.message ?? 'Google sign-in was cancelled';
          this.logger.warn(`Google sign-in failed: ${reason}`);
          resolve({ error: reason });
          return;
        }
        const email = profile.emails?.[0];
        const json = (profile as Profile & { _json?: { email_verified?: boolean | string } })._json;
        const verifiedFlag = (email as { verified?: boolean | string } | undefined)?.verified ?? json?.email_verified;
        resolve({
          profile: {
            googleId: profile.id,
            email: email?.value ?? '',
            emailVerified: verifiedFlag === true || verifiedFlag === 'true',
            firstName: profile.name?.givenName,
            lastName: profile.name?.familyName,
            displayName: profile.displayName,
          },
        });
      })(req, res, () => resolve({ error: 'Google sign-in could not be completed' }));
    });
  }
}
