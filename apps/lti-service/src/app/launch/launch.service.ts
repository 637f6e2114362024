import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { decodeProtectedHeader, errors as joseErrors, jwtVerify } from 'jose';
import { DataSource } from 'typeorm';
import { AppConfig } from '@veolearn/config';
import type { LtiContextView, LtiLaunchMessage, LtiLaunchReply, LtiLaunchStorageReply, LtiLoginMessage, LtiLoginReply, RequestContext } from '@veolearn/contracts';
import { checkLaunchClaims, DEEP_LINKING_REQUEST, LtiLaunchError, type LtiLaunchClaims, RESOURCE_LINK_REQUEST } from '@veolearn/lti';
import { rpcError } from '@veolearn/nest-common';
import { type PlatformRow, PlatformsService } from '../platforms/platforms.service';
import { PlatformKeys } from './platform-keys';
import { SecurityEvents } from './security-events';

/** How long a login's state and nonce may wait for the platform's launch. */
export const STATE_TTL_SECONDS = 600;
/** How long a launch token names its launch (context and grades). */
export const LAUNCH_TTL_SECONDS = 12 * 3600;

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

function token(): string {
  return randomBytes(32).toString('base64url');
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

interface StateRow {
  state: string;
  browser_key_hash: string;
  nonce: string;
  platform_id: string;
  target_link_uri: string;
  storage_target: string | null;
  expires_at: Date;
  used_at: Date | null;
}

export interface LaunchRow {
  id: string;
  platform_id: string;
  user_id: string;
  deployment_id: string;
  message_type: string;
  role: 'instructor' | 'learner';
  video_id: number | null;
  resource_link_id: string | null;
  context_title: string | null;
  lineitem: string | null;
  ags_scopes: string[];
  deep_link_return_url: string | null;
  deep_link_data: string | null;
  expires_at: Date;
  sub: string;
  name: string | null;
  platform_name: string;
}

/** The video a launch is for: the `video_id` custom parameter, or `?video=` on the target link. */
export function videoOf(claims: Pick<LtiLaunchClaims, 'custom' | 'targetLinkUri'>): number | null {
  let raw: string | null = claims.custom['video_id'] ?? null;
  if (!raw && claims.targetLinkUri) {
    try {
      raw = new URL(claims.targetLinkUri).searchParams.get('video');
    } catch {
      raw = null;
    }
  }
  return raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

/**
 * OIDC third-party login initiation and the launch (LTI Core 1.3 section 5.1.1, and the 1EdTech
 * security framework): the state and nonce are bound to the browser that started the login (a
 * secret the gateway keeps in a cookie, stored here hashed) and are used once.
 */
@Injectable()
export class LaunchService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly platforms: PlatformsService,
    private readonly keys: PlatformKeys,
    private readonly events: SecurityEvents,
  ) {}

  private get origin(): string {
    return new URL(this.config.PUBLIC_URL).origin;
  }

  private async refuseLogin(reason: string, message: string, context: RequestContext | undefined, issuer: string | null = null): Promise<never> {
    await this.events.record({ eventType: 'lti_login_refused', reason, message, issuer, context });
    throw rpcError(400, message);
  }

  async login(message: LtiLoginMessage): Promise<LtiLoginReply> {
    const params = message.params ?? {};
    const iss = params['iss'];
    const loginHint = params['login_hint'];
    const target = params['target_link_uri'];
    if (!iss) return this.refuseLogin('missing_iss', 'The login request has no iss (the platform issuer).', message.context);
    if (!loginHint) return this.refuseLogin('missing_login_hint', 'The login request has no login_hint.', message.context, iss);
    if (!target) return this.refuseLogin('missing_target_link_uri', 'The login request has no target_link_uri.', message.context, iss);
    let targetUrl: URL;
    try {
      targetUrl = new URL(target);
    } catch {
      return this.refuseLogin('bad_target_link_uri', 'The login request target_link_uri is not a URL.', message.context, iss);
    }
    if (targetUrl.origin !== this.origin) {
      return this.refuseLogin('foreign_target_link_uri', `The target_link_uri must be on this tool (${this.origin}).`, message.context, iss);
    }
    const clientId = params['client_id'] || null;
    const matches = await this.platforms.byIssuer(iss, clientId);
    if (matches.length === 0) {
      return this.refuseLogin('unknown_platform', 'This platform (issuer and client id) is not registered with this tool. Ask the administrator to register it.', message.context, iss);
    }
    if (matches.length > 1) {
      return this.refuseLogin('ambiguous_platform', 'Several registrations share this issuer: the login request must name its client_id.', message.context, iss);
    }
    const platform = matches[0] as PlatformRow;
    const deployment = params['lti_deployment_id'];
    if (deployment && !platform.deployment_ids.includes(deployment)) {
      return this.refuseLogin('unknown_deployment', 'The LTI deployment_id is not registered with this tool for this platform.', message.context, iss);
    }

    const storageTarget = params['lti_storage_target'] ?? null;
    if (storageTarget !== null && !/^[A-Za-z0-9_.-]{1,200}$/.test(storageTarget)) {
      return this.refuseLogin('bad_storage_target', 'The lti_storage_target must name a frame (letters, digits, "_", "-", ".").', message.context, iss);
    }
    const state = token();
    const nonce = token();
    const browserKey = token();
    await this.dataSource.query(
      `INSERT INTO lti.login_states (state, browser_key_hash, nonce, platform_id, target_link_uri, storage_target, expires_at) VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(secs => $7))`,
      [state, sha256(browserKey), nonce, platform.id, target, storageTarget, STATE_TTL_SECONDS],
    );
    // Expired states are of no use to anyone; a login now and then clears them.
    if (Math.random() < 0.05) await this.dataSource.query(`DELETE FROM lti.login_states WHERE expires_at < now() - interval '1 day'`);

    const redirectUri = targetUrl.pathname === '/api/lti/launch' ? target : `${this.origin}/api/lti/launch`;
    const auth = new URL(platform.auth_login_url);
    const query: Record<string, string> = {
      scope: 'openid',
      response_type: 'id_token',
      response_mode: 'form_post',
      prompt: 'none',
      client_id: platform.client_id,
      redirect_uri: redirectUri,
      login_hint: loginHint,
      state,
      nonce,
    };
    if (params['lti_message_hint']) query['lti_message_hint'] = params['lti_message_hint'];
    for (const [key, value] of Object.entries(query)) auth.searchParams.set(key, value);
    return { redirectUrl: auth.toString(), state, browserKey, maxAgeSeconds: STATE_TTL_SECONDS, storageTarget, platformOrigin: auth.origin };
  }

  /** Whether a launch without the state cookie should first read the browser secret from the platform's storage frame. */
  async launchStorage(state: string): Promise<LtiLaunchStorageReply> {
    if (typeof state !== 'string' || state === '' || state.length > 64) return { storageTarget: null, platformOrigin: null };
    const rows: Array<{ storage_target: string | null; auth_login_url: string }> = await this.dataSource.query(
      `SELECT s.storage_target, p.auth_login_url FROM lti.login_states s JOIN lti.platforms p ON p.id = s.platform_id WHERE s.state = $1 AND s.used_at IS NULL AND s.expires_at > now()`,
      [state],
    );
    const row = rows[0];
    if (!row?.storage_target) return { storageTarget: null, platformOrigin: null };
    return { storageTarget: row.storage_target, platformOrigin: new URL(row.auth_login_url).origin };
  }

  private async refuse(
    status: number,
    reason: string,
    text: string,
    context: RequestContext | undefined,
    platform: { id?: string | null; issuer?: string | null } = {},
  ): Promise<never> {
    await this.events.record({ eventType: 'lti_launch_refused', reason, message: text, platformId: platform.id ?? null, issuer: platform.issuer ?? null, context });
    throw rpcError(status, text);
  }

  async launch(message: LtiLaunchMessage): Promise<LtiLaunchReply> {
    const context = message.context;
    if (typeof message.idToken !== 'string' || message.idToken === '') {
      return this.refuse(400, 'missing_id_token', 'The launch has no id_token.', context);
    }
    if (typeof message.state !== 'string' || message.state === '' || message.state.length > 64) {
      return this.refuse(400, 'missing_state', 'The launch has no valid state.', context);
    }
    const rows: StateRow[] = await this.dataSource.query(`SELECT * FROM lti.login_states WHERE state = $1`, [message.state]);
    const stateRow = rows[0];
    if (!stateRow) return this.refuse(400, 'unknown_state', 'The launch state is unknown: start the launch again from the LMS.', context);
    if (!message.browserKey || !sameSecret(sha256(message.browserKey), stateRow.browser_key_hash)) {
      return this.refuse(400, 'state_not_this_browser', 'The launch state was not issued to this browser (its login cookie is missing or different). Start the launch again from the LMS.', context);
    }
    // Single use: only the first launch with this state claims it.
    const claimed: [StateRow[], number] = await this.dataSource.query(
      `UPDATE lti.login_states SET used_at = now() WHERE state = $1 AND used_at IS NULL AND expires_at > now() RETURNING state`,
      [message.state],
    );
    if (claimed[1] === 0) {
      const why = stateRow.used_at ? 'was already used' : 'has expired';
      return this.refuse(400, stateRow.used_at ? 'state_reused' : 'state_expired', `The launch state ${why}: start the launch again from the LMS.`, context);
    }
    const platform = await this.platforms.byId(stateRow.platform_id);
    if (!platform) return this.refuse(400, 'unknown_platform', 'The platform of this login is no longer registered.', context);
    const who = { id: platform.id, issuer: platform.issuer };

    let header: ReturnType<typeof decodeProtectedHeader>;
    try {
      header = decodeProtectedHeader(message.idToken);
    } catch {
      return this.refuse(400, 'not_jwt', 'The id_token is not a signed JWT.', context, who);
    }
    if (!header.kid) return this.refuse(401, 'no_kid', 'The id_token header has no kid (key id), so its signing key cannot be found.', context, who);
    if (header.alg !== 'RS256') return this.refuse(401, 'bad_alg', `The id_token is signed with ${String(header.alg)}; LTI 1.3 requires RS256.`, context, who);

    let payload: Record<string, unknown>;
    try {
      const verified = await jwtVerify(message.idToken, this.keys.keySet(platform.keyset_url), {
        algorithms: ['RS256'],
        issuer: platform.issuer,
        clockTolerance: 30,
      });
      payload = verified.payload as Record<string, unknown>;
    } catch (error) {
      const [status, reason, text] = this.verifyFailure(error);
      return this.refuse(status, reason, text, context, who);
    }

    let claims: LtiLaunchClaims;
    try {
      claims = checkLaunchClaims(payload, {
        clientId: platform.client_id,
        nonce: stateRow.nonce,
        deploymentIds: platform.deployment_ids,
        now: Math.floor(Date.now() / 1000),
      });
    } catch (error) {
      if (error instanceof LtiLaunchError) {
        return this.refuse(error.code === 'bad_aud' || error.code === 'bad_azp' ? 401 : 400, error.code, error.message, context, who);
      }
      throw error;
    }
    return this.recordLaunch(platform, claims);
  }

  private verifyFailure(error: unknown): [number, string, string] {
    if (error instanceof joseErrors.JWKSNoMatchingKey) return [401, 'unknown_kid', "No key of the platform's key set matches the id_token's kid."];
    if (error instanceof joseErrors.JWSSignatureVerificationFailed) return [401, 'bad_signature', 'The id_token signature is not valid for the platform key it names.'];
    if (error instanceof joseErrors.JWTExpired) return [401, 'expired', 'The id_token has expired (exp is in the past).'];
    if (error instanceof joseErrors.JWTClaimValidationFailed) {
      if (error.claim === 'iss') return [401, 'bad_iss', 'The id_token issuer (iss) is not the platform this login started with.'];
      return [400, `bad_${error.claim}`.slice(0, 60), `The id_token ${error.claim} claim is not valid: ${error.message}`];
    }
    if (error instanceof joseErrors.JWKSTimeout || error instanceof joseErrors.JWKSInvalid) {
      return [502, 'platform_keys_unavailable', "The platform's key set (JWKS) could not be read, so the launch cannot be checked. Try again later."];
    }
    if (error instanceof joseErrors.JOSEAlgNotAllowed) return [401, 'bad_alg', 'The id_token is not signed with RS256.'];
    if (error instanceof joseErrors.JWSInvalid || error instanceof joseErrors.JWTInvalid) return [400, 'not_jwt', 'The id_token is not a valid signed JWT.'];
    if (error instanceof Error && /fetch|ECONNREFUSED|ENOTFOUND|socket|Expected 200 OK/i.test(error.message)) {
      return [502, 'platform_keys_unavailable', "The platform's key set (JWKS) could not be read, so the launch cannot be checked. Try again later."];
    }
    return [400, 'invalid_id_token', 'The id_token could not be verified.'];
  }

  private async recordLaunch(platform: PlatformRow, claims: LtiLaunchClaims): Promise<LtiLaunchReply> {
    const users: Array<{ id: string }> = await this.dataSource.query(
      `INSERT INTO lti.users (id, platform_id, sub, name, email, roles, role) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (platform_id, sub) DO UPDATE SET name = COALESCE(EXCLUDED.name, lti.users.name), email = COALESCE(EXCLUDED.email, lti.users.email),
         roles = EXCLUDED.roles, role = EXCLUDED.role, last_launch_at = now()
       RETURNING id`,
      [randomUUID(), platform.id, claims.sub, claims.name?.slice(0, 300) ?? null, claims.email?.slice(0, 320) ?? null, claims.roles.slice(0, 50), claims.role],
    );
    const userId = (users[0] as { id: string }).id;
    const launchToken = token();
    const videoId = videoOf(claims);
    const launchId = randomUUID();
    await this.dataSource.query(
      `INSERT INTO lti.launches (id, token_hash, platform_id, user_id, deployment_id, message_type, role, video_id, resource_link_id, context_id, context_title,
         lineitem, ags_scopes, deep_link_return_url, deep_link_data, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, now() + make_interval(secs => $16))`,
      [
        launchId,
        sha256(launchToken),
        platform.id,
        userId,
        claims.deploymentId,
        claims.messageType,
        claims.role,
        videoId,
        claims.resourceLink?.id.slice(0, 255) ?? null,
        claims.context?.id.slice(0, 255) ?? null,
        (claims.context?.title ?? claims.context?.label)?.slice(0, 500) ?? null,
        claims.ags?.lineitem?.slice(0, 2000) ?? null,
        claims.ags?.scope ?? [],
        claims.deepLinking?.returnUrl.slice(0, 2000) ?? null,
        claims.deepLinking?.data ?? null,
        LAUNCH_TTL_SECONDS,
      ],
    );
    const t = encodeURIComponent(launchToken);
    let redirectTo: string;
    if (claims.messageType === DEEP_LINKING_REQUEST) redirectTo = `/lti/deep-link?lti=${t}`;
    // The chrome-less player: it may sit in the LMS's frame (the other pages may not be framed by other sites).
    else if (videoId && claims.role === 'learner') redirectTo = `/embed/${videoId}?lti=${t}`;
    else redirectTo = `/lti/launch?${videoId ? `video=${videoId}&` : ''}lti=${t}`;
    // An instructor's launch of a lesson: the VeoLearn account this LTI identity is linked to, if any
    // (the gateway signs them in only when that account owns the lesson).
    let linkedAccount: LtiLaunchReply['linkedAccount'] = null;
    if (videoId && claims.role === 'instructor' && claims.messageType === RESOURCE_LINK_REQUEST) {
      const links: Array<{ id: string; user_id: number }> = await this.dataSource.query(`SELECT id, user_id FROM lti.account_links WHERE lti_user_id = $1`, [userId]);
      const link = links[0];
      if (link) linkedAccount = { linkId: link.id, userId: Number(link.user_id), issuer: platform.issuer };
    }
    return { role: claims.role, messageType: claims.messageType, launchToken, redirectTo, videoId, linkedAccount };
  }

  /** The live launch a token names, or null. */
  async launchByToken(launchToken: string): Promise<LaunchRow | null> {
    if (typeof launchToken !== 'string' || launchToken.length < 20 || launchToken.length > 100) return null;
    const rows: LaunchRow[] = await this.dataSource.query(
      `SELECT l.*, u.sub, u.name, p.name AS platform_name FROM lti.launches l JOIN lti.users u ON u.id = l.user_id JOIN lti.platforms p ON p.id = l.platform_id
       WHERE l.token_hash = $1 AND l.expires_at > now()`,
      [sha256(launchToken)],
    );
    return rows[0] ?? null;
  }

  async requireLaunch(launchToken: string): Promise<LaunchRow> {
    const launch = await this.launchByToken(launchToken);
    if (!launch) throw rpcError(401, 'This LMS launch is unknown or has expired. Open the lesson again from your LMS.');
    return launch;
  }

  async context(launchToken: string | null): Promise<LtiContextView> {
    const launch = launchToken ? await this.launchByToken(launchToken) : null;
    if (!launch) return { ltiActive: false, course: null };
    return {
      ltiActive: true,
      course: { name: launch.context_title ?? launch.platform_name },
      role: launch.role,
      videoId: launch.video_id,
      userName: launch.name,
      platform: launch.platform_name,
      gradePassback: Boolean(launch.lineitem),
      learnerId: `lti-${launch.user_id}`,
    };
  }
}
