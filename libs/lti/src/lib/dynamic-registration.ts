import { AGS_SCOPE_LINEITEM, AGS_SCOPE_SCORE, PLATFORM_CONFIGURATION, TOOL_CONFIGURATION } from './claims';

/** What the tool needs from a platform's OpenID configuration (LTI Dynamic Registration 1.0 section 3.4). */
export interface PlatformOpenIdConfiguration {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwksUri: string;
  registrationEndpoint: string;
  productFamily: string | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function httpUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? value : null;
  } catch {
    return null;
  }
}

/**
 * Reads a platform's OpenID configuration; throws an Error naming what is missing. The issuer must be
 * on the same host as the configuration URL (section 3.5.1: the tool must not trust a configuration
 * naming someone else).
 */
export function readPlatformConfiguration(configurationUrl: string, body: unknown): PlatformOpenIdConfiguration {
  if (!isRecord(body)) throw new Error('The openid configuration is not a JSON object.');
  const issuer = httpUrl(body['issuer']);
  const authorizationEndpoint = httpUrl(body['authorization_endpoint']);
  const tokenEndpoint = httpUrl(body['token_endpoint']);
  const jwksUri = httpUrl(body['jwks_uri']);
  const registrationEndpoint = httpUrl(body['registration_endpoint']);
  const missing = Object.entries({ issuer, authorization_endpoint: authorizationEndpoint, token_endpoint: tokenEndpoint, jwks_uri: jwksUri, registration_endpoint: registrationEndpoint })
    .filter(([, v]) => !v)
    .map(([k]) => k);
  if (missing.length > 0) throw new Error(`The openid configuration has no valid ${missing.join(', ')}.`);
  if (new URL(issuer as string).host !== new URL(configurationUrl).host) {
    throw new Error('The openid configuration names an issuer on another host than the configuration URL.');
  }
  const platform = body[PLATFORM_CONFIGURATION];
  const productFamily = isRecord(platform) && typeof platform['product_family_code'] === 'string' ? platform['product_family_code'] : null;
  return {
    issuer: issuer as string,
    authorizationEndpoint: authorizationEndpoint as string,
    tokenEndpoint: tokenEndpoint as string,
    jwksUri: jwksUri as string,
    registrationEndpoint: registrationEndpoint as string,
    productFamily,
  };
}

/** The tool's client registration request (section 3.5.2): login, launch and key URLs, deep linking, grade scopes. */
export function toolRegistrationRequest(origin: string): Record<string, unknown> {
  const launch = `${origin}/api/lti/launch`;
  return {
    application_type: 'web',
    response_types: ['id_token'],
    grant_types: ['implicit', 'client_credentials'],
    initiate_login_uri: `${origin}/api/lti/login`,
    redirect_uris: [launch],
    client_name: 'VeoLearn',
    jwks_uri: `${origin}/api/lti/jwks`,
    logo_uri: `${origin}/favicon.ico`,
    token_endpoint_auth_method: 'private_key_jwt',
    scope: [AGS_SCOPE_SCORE, AGS_SCOPE_LINEITEM].join(' '),
    [TOOL_CONFIGURATION]: {
      domain: new URL(origin).host,
      target_link_uri: launch,
      description: 'Interactive video lessons with timed questions; grades go back to the course.',
      claims: ['iss', 'sub', 'name', 'given_name', 'family_name', 'email'],
      messages: [{ type: 'LtiDeepLinkingRequest', target_link_uri: launch, label: 'VeoLearn lesson' }],
    },
  };
}

/** The client id and deployment id the platform's registration answer carries. */
export function readRegistrationResponse(body: unknown): { clientId: string; deploymentId: string } {
  if (!isRecord(body) || typeof body['client_id'] !== 'string' || body['client_id'] === '') throw new Error('The registration answer has no client_id.');
  const tool = body[TOOL_CONFIGURATION];
  const deploymentId = isRecord(tool) && typeof tool['deployment_id'] === 'string' && tool['deployment_id'] !== '' ? tool['deployment_id'] : null;
  if (!deploymentId) throw new Error('The registration answer has no deployment_id.');
  return { clientId: body['client_id'], deploymentId };
}
