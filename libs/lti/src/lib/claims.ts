/**
 * The LTI 1.3 launch checks that come after the signature: what 1EdTech's LTI Core 1.3 (section
 * 5.1.2) and the OpenID Connect id_token rules require of the claims. Pure: the caller verifies the
 * signature (jose) and passes the decoded payload with what it expects.
 */

export const LTI_CLAIM = {
  messageType: 'https://purl.imsglobal.org/spec/lti/claim/message_type',
  version: 'https://purl.imsglobal.org/spec/lti/claim/version',
  deploymentId: 'https://purl.imsglobal.org/spec/lti/claim/deployment_id',
  targetLinkUri: 'https://purl.imsglobal.org/spec/lti/claim/target_link_uri',
  resourceLink: 'https://purl.imsglobal.org/spec/lti/claim/resource_link',
  roles: 'https://purl.imsglobal.org/spec/lti/claim/roles',
  context: 'https://purl.imsglobal.org/spec/lti/claim/context',
  custom: 'https://purl.imsglobal.org/spec/lti/claim/custom',
  launchPresentation: 'https://purl.imsglobal.org/spec/lti/claim/launch_presentation',
  ags: 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint',
  deepLinkingSettings: 'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings',
  deepLinkingData: 'https://purl.imsglobal.org/spec/lti-dl/claim/data',
  contentItems: 'https://purl.imsglobal.org/spec/lti-dl/claim/content_items',
  dlMessage: 'https://purl.imsglobal.org/spec/lti-dl/claim/msg',
} as const;

export const LTI_VERSION = '1.3.0';
export const RESOURCE_LINK_REQUEST = 'LtiResourceLinkRequest';
export const DEEP_LINKING_REQUEST = 'LtiDeepLinkingRequest';
export const DEEP_LINKING_RESPONSE = 'LtiDeepLinkingResponse';
export const AGS_SCOPE_SCORE = 'https://purl.imsglobal.org/spec/lti-ags/scope/score';
export const AGS_SCOPE_LINEITEM = 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem';
export const SCORE_MEDIA_TYPE = 'application/vnd.ims.lis.v1.score+json';
export const PLATFORM_CONFIGURATION = 'https://purl.imsglobal.org/spec/lti-platform-configuration';
export const TOOL_CONFIGURATION = 'https://purl.imsglobal.org/spec/lti-tool-configuration';

/** How far a platform's clock may run ahead of ours for iat. */
export const CLOCK_SKEW_SECONDS = 30;

export type LtiRole = 'instructor' | 'learner';

export interface LtiLaunchClaims {
  messageType: typeof RESOURCE_LINK_REQUEST | typeof DEEP_LINKING_REQUEST;
  issuer: string;
  deploymentId: string;
  sub: string;
  name: string | null;
  email: string | null;
  roles: string[];
  role: LtiRole;
  targetLinkUri: string;
  resourceLink: { id: string; title: string | null } | null;
  context: { id: string; label: string | null; title: string | null } | null;
  custom: Record<string, string>;
  ags: { lineitem: string | null; lineitems: string | null; scope: string[] } | null;
  deepLinking: { returnUrl: string; acceptTypes: string[]; data: string | null } | null;
}

export interface LaunchExpectations {
  clientId: string;
  /** The nonce this tool sent in the authentication request for this state. */
  nonce: string;
  deploymentIds: readonly string[];
  /** Seconds since the epoch. */
  now: number;
}

/** A launch the tool refuses; the message says what was wrong and is shown to the user. */
export class LtiLaunchError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function fail(code: string, message: string): never {
  throw new LtiLaunchError(code, message);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function requireText(payload: Record<string, unknown>, claim: string, label: string): string {
  const value = payload[claim];
  if (value === undefined) fail('missing_claim', `The id_token has no ${label} claim.`);
  if (typeof value !== 'string' || value.trim() === '') fail('bad_claim', `The id_token's ${label} claim must be a non-empty string.`);
  return value;
}

const INSTRUCTOR_ROLES = ['Instructor', 'Administrator', 'ContentDeveloper', 'TeachingAssistant', 'Mentor'];

/**
 * Instructor when any context role (full LIS membership URI, short name, or sub-role such as
 * `membership/Instructor#TeachingAssistant`) names teaching; institution and system roles (Faculty,
 * Student of the school) say nothing about this course. Everyone else, with an unknown role or none,
 * is a learner (the least privilege).
 */
export function roleOf(roles: readonly string[]): LtiRole {
  for (const role of roles) {
    if (/\/(institution|system)\//.test(role)) continue;
    const parts = role.split(/[#/]/).filter(Boolean);
    const last = parts[parts.length - 1] ?? '';
    if (INSTRUCTOR_ROLES.includes(last)) return 'instructor';
    // A sub-role of Instructor (…membership/Instructor#TeachingAssistant) is staff too.
    if (parts.some((p) => p === 'Instructor' || p === 'Administrator')) return 'instructor';
  }
  return 'learner';
}

function stringRecord(value: unknown): Record<string, string> {
  if (!isRecord(value)) return {};
  const out: Record<string, string> = {};
  for (const [key, v] of Object.entries(value)) {
    if (typeof v === 'string') out[key] = v;
    else if (typeof v === 'number' || typeof v === 'boolean') out[key] = String(v);
  }
  return out;
}

/**
 * Checks a verified id_token's claims (aud, azp, exp, iat, nonce, deployment, message type, version
 * and the message's required claims) and returns the launch they describe. Throws LtiLaunchError.
 */
export function checkLaunchClaims(payload: Record<string, unknown>, expected: LaunchExpectations): LtiLaunchClaims {
  const issuer = text(payload['iss']);
  if (!issuer) fail('missing_claim', 'The id_token has no iss (issuer) claim.');

  const aud = payload['aud'];
  const audiences = typeof aud === 'string' ? [aud] : Array.isArray(aud) ? aud.filter((a): a is string => typeof a === 'string') : [];
  if (!audiences.includes(expected.clientId)) fail('bad_aud', 'The id_token is not addressed to this tool (aud does not contain our client id).');
  const azp = payload['azp'];
  if (azp !== undefined && azp !== expected.clientId) fail('bad_azp', 'The id_token was issued to another party (azp is not our client id).');
  if (audiences.length > 1 && azp === undefined) fail('bad_azp', 'The id_token has several audiences but no azp claim.');

  const exp = payload['exp'];
  if (exp === undefined) fail('missing_exp', 'The id_token has no exp (expiry) claim.');
  if (typeof exp !== 'number' || !Number.isFinite(exp)) fail('bad_exp', 'The id_token exp claim is not a number.');
  if (exp <= expected.now - CLOCK_SKEW_SECONDS) fail('expired', 'The id_token has expired (exp is in the past).');
  const iat = payload['iat'];
  if (iat === undefined) fail('missing_iat', 'The id_token has no iat (issued at) claim.');
  if (typeof iat !== 'number' || !Number.isFinite(iat)) fail('bad_iat', 'The id_token iat claim is not a number.');
  if (iat > expected.now + CLOCK_SKEW_SECONDS) fail('iat_in_future', 'The id_token was issued in the future (iat is after now).');

  const nonce = payload['nonce'];
  if (typeof nonce !== 'string' || nonce === '') fail('missing_nonce', 'The id_token has no nonce claim.');
  if (nonce !== expected.nonce) fail('bad_nonce', 'The id_token nonce is not the one this tool sent for this login.');

  const messageType = payload[LTI_CLAIM.messageType];
  const version = payload[LTI_CLAIM.version];
  const deploymentId = payload[LTI_CLAIM.deploymentId];
  if (messageType === undefined && version === undefined && deploymentId === undefined) {
    fail('not_lti', 'The id_token carries no LTI claims: it is not an LTI 1.3 launch.');
  }
  if (messageType === undefined) fail('missing_message_type', 'The id_token has no LTI message_type claim.');
  if (messageType !== RESOURCE_LINK_REQUEST && messageType !== DEEP_LINKING_REQUEST) {
    fail('bad_message_type', `The LTI message type ${JSON.stringify(messageType).slice(0, 80)} is not supported (LtiResourceLinkRequest or LtiDeepLinkingRequest).`);
  }
  if (version === undefined) fail('missing_version', 'The id_token has no LTI version claim.');
  if (version !== LTI_VERSION) fail('bad_version', `The LTI version ${JSON.stringify(version).slice(0, 40)} is not supported (1.3.0).`);
  if (deploymentId === undefined) fail('missing_deployment', 'The id_token has no LTI deployment_id claim.');
  if (typeof deploymentId !== 'string' || deploymentId === '') fail('bad_deployment', 'The LTI deployment_id claim must be a non-empty string.');
  if (!expected.deploymentIds.includes(deploymentId)) fail('unknown_deployment', 'The LTI deployment_id is not registered with this tool for this platform.');

  const sub = requireText(payload, 'sub', 'sub (user id)');
  const rolesClaim = payload[LTI_CLAIM.roles];
  if (rolesClaim === undefined) fail('missing_roles', 'The id_token has no LTI roles claim.');
  if (!Array.isArray(rolesClaim) || rolesClaim.some((r) => typeof r !== 'string')) fail('bad_roles', 'The LTI roles claim must be a list of strings.');
  const roles = rolesClaim as string[];

  const targetLinkUri = text(payload[LTI_CLAIM.targetLinkUri]);
  const contextClaim = payload[LTI_CLAIM.context];
  const context = isRecord(contextClaim) && text(contextClaim['id'])
    ? { id: String(contextClaim['id']), label: text(contextClaim['label']), title: text(contextClaim['title']) }
    : null;
  const agsClaim = payload[LTI_CLAIM.ags];
  const ags = isRecord(agsClaim)
    ? {
        lineitem: text(agsClaim['lineitem']),
        lineitems: text(agsClaim['lineitems']),
        scope: Array.isArray(agsClaim['scope']) ? agsClaim['scope'].filter((s): s is string => typeof s === 'string') : [],
      }
    : null;

  let resourceLink: LtiLaunchClaims['resourceLink'] = null;
  let deepLinking: LtiLaunchClaims['deepLinking'] = null;
  if (messageType === RESOURCE_LINK_REQUEST) {
    if (!targetLinkUri) fail('missing_target_link_uri', 'The id_token has no LTI target_link_uri claim.');
    const link = payload[LTI_CLAIM.resourceLink];
    if (link === undefined) fail('missing_resource_link', 'The id_token has no LTI resource_link claim.');
    if (!isRecord(link) || !text(link['id'])) fail('missing_resource_link_id', 'The LTI resource_link claim has no id.');
    resourceLink = { id: String(link['id']), title: text(link['title']) };
  } else {
    const settings = payload[LTI_CLAIM.deepLinkingSettings];
    if (!isRecord(settings)) fail('missing_deep_linking_settings', 'The deep linking request has no deep_linking_settings claim.');
    const returnUrl = text(settings['deep_link_return_url']);
    if (!returnUrl) fail('missing_deep_link_return_url', 'The deep_linking_settings claim has no deep_link_return_url.');
    const acceptTypes = Array.isArray(settings['accept_types']) ? settings['accept_types'].filter((s): s is string => typeof s === 'string') : [];
    if (!acceptTypes.includes('ltiResourceLink')) fail('no_resource_link_type', 'The platform does not accept ltiResourceLink items from this deep linking request.');
    deepLinking = { returnUrl, acceptTypes, data: text(settings['data']) };
  }

  return {
    messageType,
    issuer,
    deploymentId,
    sub,
    name: text(payload['name']) ?? ([text(payload['given_name']), text(payload['family_name'])].filter(Boolean).join(' ') || null),
    email: text(payload['email']),
    roles,
    role: roleOf(roles),
    targetLinkUri: targetLinkUri ?? '',
    resourceLink,
    context,
    custom: stringRecord(payload[LTI_CLAIM.custom]),
    ags,
    deepLinking,
  };
}
