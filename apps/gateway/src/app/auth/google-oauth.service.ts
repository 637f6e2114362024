import { Inject, Injectable, Logger } from '@nestjs/common';
import Redis from 'ioredis';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { jwtVerify, SignJWT } from 'jose';
import passport from 'passport';
import { Profile, Strategy as GoogleStrategy, StrategyOptions, VerifyCallback } from 'passport-google-oauth20';
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { AppConfig } from '@veolearn/config';
import { REDIS } from '@veolearn/nest-common';
import type { GoogleProfile } from '@veolearn/contracts';

const STRATEGY = 'google';
const STATE_AUDIENCE = 'veolearn-google-state';
/** How long a started sign-in stays valid: the state's lifetime, the cookie's and the used-state memory's. */
const STATE_TTL_SECONDS = 600;
/** How long the one-time code that /auth/callback exchanges for the session token stays valid. */
const CODE_TTL_SECONDS = 60;
/** The httpOnly cookie that binds a Google sign-in to the browser that started it. */
export const GOOGLE_NONCE_COOKIE = 'veolearn_google';
const COOKIE_PATH = '/api/auth/google';
export const STATE_REFUSED = 'The sign-in link expired or was not started here.';

/** The request as the state store sees it: the controller attaches the browser's nonce. */
export type NonceRequest = IncomingMessage & { googleNonce?: string };

export function nonceHash(nonce: string): string {
  return createHash('sha256').update(`google-nonce:${nonce}`).digest('base64url');
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The browser's Google nonce from its Cookie header, if any. */
export function readNonceCookie(header: string | string[] | undefined): string | undefined {
  const text = Array.isArray(header) ? header.join('; ') : header ?? '';
  for (const part of text.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() !== GOOGLE_NONCE_COOKIE) continue;
    const value = part.slice(index + 1).trim();
    return /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : undefined;
  }
  return undefined;
}

type StateCallback = (err: Error | null, ok?: string | boolean, info?: unknown) => void;

/**
 * The OAuth `state` is a short-lived signed token naming (by hash) the nonce in the httpOnly cookie
 * of the browser that started the sign-in. The callback accepts it only with that cookie, and only
 * once: a used state's id is remembered in Redis for the state's lifetime.
 */
class SignedStateStore {
  constructor(
    private readonly key: Uint8Array,
    private readonly redis: Redis,
  ) {}

  store(req: NonceRequest, ...rest: unknown[]): void {
    const callback = rest[rest.length - 1] as StateCallback;
    if (!req.googleNonce) {
      callback(new Error('no browser nonce for the Google sign-in'));
      return;
    }
    new SignJWT({ n: nonceHash(req.googleNonce) })
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience(STATE_AUDIENCE)
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(`${STATE_TTL_SECONDS}s`)
      .sign(this.key)
      .then((state) => callback(null, state), (error: Error) => callback(error));
  }

  verify(req: NonceRequest, providedState: string, ...rest: unknown[]): void {
    const callback = rest[rest.length - 1] as StateCallback;
    const refuse = () => callback(null, false, { message: STATE_REFUSED });
    this.check(req, providedState).then((ok) => (ok ? callback(null, true) : refuse()), (error: Error) => callback(error));
  }

  private async check(req: NonceRequest, providedState: string): Promise<boolean> {
    let payload: { n?: unknown; jti?: string };
    try {
      ({ payload } = await jwtVerify(providedState, this.key, { algorithms: ['HS256'], audience: STATE_AUDIENCE }));
    } catch {
      return false;
    }
    if (!req.googleNonce || typeof payload.n !== 'string' || !payload.jti) return false;
    if (!sameText(payload.n, nonceHash(req.googleNonce))) return false;
    const first = await this.redis.set(`google-state:${payload.jti}`, '1', 'EX', STATE_TTL_SECONDS, 'NX');
    return first === 'OK';
  }
}

export type GoogleOutcome = { profile: GoogleProfile } | { error: string };

@Injectable()
export class GoogleOAuthService {
  private readonly logger = new Logger('GoogleOAuth');
  private readonly authenticator = new passport.Passport();

  constructor(
    private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {
    if (!config.googleConfigured) return;
    const key = new TextEncoder().encode(`${config.JWT_SECRET}:google-state`);
    const options: StrategyOptions & { store: SignedStateStore } = {
        clientID: config.GOOGLE_CLIENT_ID as string,
        clientSecret: config.GOOGLE_CLIENT_SECRET as string,
        callbackURL: `${config.PUBLIC_URL.replace(/\/$/, '')}/api/auth/google/callback`,
        authorizationURL: config.GOOGLE_AUTH_URL,
        tokenURL: config.GOOGLE_TOKEN_URL,
        userProfileURL: config.GOOGLE_USERINFO_URL,
        store: new SignedStateStore(key, redis),
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

  /** A fresh nonce for the browser's cookie. */
  newNonce(): string {
    return randomBytes(32).toString('base64url');
  }

  /** The Set-Cookie value for the browser's nonce (an empty value with Max-Age=0 clears it). */
  nonceCookie(nonce: string | null): string {
    const secure = this.config.PUBLIC_URL.startsWith('https:') ? '; Secure' : '';
    const maxAge = nonce ? STATE_TTL_SECONDS : 0;
    return `${GOOGLE_NONCE_COOKIE}=${nonce ?? ''}; Path=${COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
  }

  /** Stores a one-time code, bound to the browser's nonce, that gives the session token once. */
  async issueCode(token: string, nonce: string): Promise<string> {
    const code = randomBytes(32).toString('base64url');
    await this.redis.set(`google-code:${code}`, JSON.stringify({ token, n: nonceHash(nonce) }), 'EX', CODE_TTL_SECONDS);
    return code;
  }

  /** The session token for a code issued to this browser and not used yet; null otherwise. */
  async redeemCode(code: string, nonce: string | undefined): Promise<string | null> {
    if (!nonce || !/^[A-Za-z0-9_-]{20,100}$/.test(code)) return null;
    const key = `google-code:${code}`;
    const stored = await this.redis.get(key);
    if (!stored) return null;
    const { token, n } = JSON.parse(stored) as { token: string; n: string };
    if (!sameText(n, nonceHash(nonce))) return null;
    // DEL answers 1 to exactly one caller, so a code is redeemed once even under concurrent requests.
    return (await this.redis.del(key)) === 1 ? token : null;
  }

  /** Sends the browser to Google (writes a 302 on the raw response). */
  redirect(req: NonceRequest, res: ServerResponse): void {
    this.authenticator.authenticate(STRATEGY, { session: false, scope: ['openid', 'email', 'profile'], prompt: 'select_account' })(req, res, (error: unknown) => {
      this.logger.error(`Could not start Google sign-in: ${String(error)}`);
      res.statusCode = 502;
      res.end();
    });
  }

  /** Exchanges the code on the callback request for the user's Google profile. */
  complete(req: NonceRequest & { query?: unknown }, res: ServerResponse): Promise<GoogleOutcome> {
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
