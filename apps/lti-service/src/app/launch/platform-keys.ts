import { Injectable } from '@nestjs/common';
import { createRemoteJWKSet } from 'jose';
import { AppConfig } from '@veolearn/config';

type RemoteKeySet = ReturnType<typeof createRemoteJWKSet>;

/**
 * Platforms' public keys, fetched from their JWKS URLs with jose: each key set is cached (10 min) and
 * fetched again when a token names a kid it does not hold (at most every 5 s per platform).
 */
@Injectable()
export class PlatformKeys {
  private readonly sets = new Map<string, RemoteKeySet>();

  constructor(private readonly config: AppConfig) {}

  keySet(url: string): RemoteKeySet {
    let set = this.sets.get(url);
    if (!set) {
      set = createRemoteJWKSet(new URL(url), {
        timeoutDuration: this.config.LTI_HTTP_TIMEOUT_MS,
        cooldownDuration: 5_000,
        cacheMaxAge: 10 * 60_000,
      });
      this.sets.set(url, set);
    }
    return set;
  }
}
