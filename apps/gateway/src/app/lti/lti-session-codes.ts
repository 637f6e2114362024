import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import { REDIS } from '@veolearn/nest-common';

/** How long the code an instructor's launch redirect carries may wait for the page to exchange it. */
export const LTI_CODE_TTL_SECONDS = 60;

/**
 * The session token of an instructor's LTI launch never travels in a URL: the launch redirect
 * carries a short-lived code that the page exchanges once (a cookie could be blocked in the LMS's
 * frame, so the code is bound to nothing else; it is random, lives a minute and works once).
 */
@Injectable()
export class LtiSessionCodes {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async issue(token: string): Promise<string> {
    const code = randomBytes(32).toString('base64url');
    await this.redis.set(`lti-code:${code}`, token, 'EX', LTI_CODE_TTL_SECONDS);
    return code;
  }

  /** The token for a code not used yet; null otherwise. DEL answers 1 to exactly one caller, so a code works once. */
  async redeem(code: string): Promise<string | null> {
    if (typeof code !== 'string' || !/^[A-Za-z0-9_-]{20,100}$/.test(code)) return null;
    const key = `lti-code:${code}`;
    const token = await this.redis.get(key);
    if (!token) return null;
    return (await this.redis.del(key)) === 1 ? token : null;
  }
}
