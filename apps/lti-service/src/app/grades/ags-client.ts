import { Injectable } from '@nestjs/common';
import { AppConfig } from '@veolearn/config';
import { AGS_SCOPE_SCORE, type AgsScore, SCORE_MEDIA_TYPE, scoresUrl } from '@veolearn/lti';
import { ToolKeysService } from '../keys/tool-keys.service';
import type { PlatformRow } from '../platforms/platforms.service';

/** A delivery that did not work; `permanent` ones are not tried again (the LMS refused the score itself). */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

const CLIENT_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

interface CachedToken {
  token: string;
  expiresAt: number;
}

function describe(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return 'timed out';
  return error instanceof Error ? error.message : String(error);
}

/**
 * Assignment and Grade Services calls: an access token by the client credentials grant with a JWT
 * assertion signed by the tool's key (one scope per request, cached until shortly before it
 * expires), and the score POST. A 401 on the score gets a new token once.
 */
@Injectable()
export class AgsClient {
  private readonly tokens = new Map<string, CachedToken>();

  constructor(
    private readonly config: AppConfig,
    private readonly keys: ToolKeysService,
  ) {}

  private async fetch(url: string, init: RequestInit, what: string): Promise<Response> {
    try {
      return await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(this.config.LTI_HTTP_TIMEOUT_MS) });
    } catch (error) {
      throw new DeliveryError(`${what}: ${describe(error)}`, false);
    }
  }

  async accessToken(platform: PlatformRow, scope: string, fresh = false): Promise<string> {
    const key = `${platform.id} ${scope}`;
    const cached = this.tokens.get(key);
    if (!fresh && cached && cached.expiresAt > Date.now()) return cached.token;
    const assertion = await this.keys.sign(
      {},
      { issuer: platform.client_id, subject: platform.client_id, audience: platform.token_audience ?? platform.auth_token_url, expiresInSeconds: 300 },
    );
    const body = new URLSearchParams({ grant_type: 'client_credentials', client_assertion_type: CLIENT_ASSERTION_TYPE, client_assertion: assertion, scope });
    const res = await this.fetch(platform.auth_token_url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, body }, 'Token request');
    if (!res.ok) {
      const text = (await res.text().catch(() => '')).slice(0, 200);
      throw new DeliveryError(`Token request answered ${res.status}${text ? `: ${text}` : ''}`, res.status >= 400 && res.status < 500 && res.status !== 429 && res.status !== 408);
    }
    const json = (await res.json().catch(() => null)) as { access_token?: unknown; expires_in?: unknown } | null;
    if (!json || typeof json.access_token !== 'string') throw new DeliveryError('Token response has no access_token', false);
    const seconds = typeof json.expires_in === 'number' && json.expires_in > 0 ? json.expires_in : 3600;
    this.tokens.set(key, { token: json.access_token, expiresAt: Date.now() + Math.max(0, seconds - 30) * 1000 });
    return json.access_token;
  }

  /** Posts one score to `{lineitem}/scores`; resolves when the LMS took it (2xx). */
  async postScore(platform: PlatformRow, lineitem: string, score: AgsScore): Promise<void> {
    let token = await this.accessToken(platform, AGS_SCOPE_SCORE);
    const url = scoresUrl(lineitem);
    const send = (bearer: string) =>
      this.fetch(url, { method: 'POST', headers: { authorization: `Bearer ${bearer}`, 'content-type': SCORE_MEDIA_TYPE }, body: JSON.stringify(score) }, 'Score POST');
    let res = await send(token);
    if (res.status === 401) {
      await res.body?.cancel().catch(() => undefined);
      token = await this.accessToken(platform, AGS_SCOPE_SCORE, true);
      res = await send(token);
    }
    if (res.ok) {
      await res.body?.cancel().catch(() => undefined);
      return;
    }
    const text = (await res.text().catch(() => '')).slice(0, 200);
    const retry = res.status >= 500 || res.status === 429 || res.status === 408 || res.status === 401;
    throw new DeliveryError(`Score POST answered ${res.status}${text ? `: ${text}` : ''}`, !retry);
  }
}
