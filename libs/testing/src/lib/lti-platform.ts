import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { createRemoteJWKSet, exportJWK, generateKeyPair, type JWK, type JWTPayload, jwtVerify, type KeyLike, SignJWT } from 'jose';

export const LTI = {
  messageType: 'https://purl.imsglobal.org/spec/lti/claim/message_type',
  version: 'https://purl.imsglobal.org/spec/lti/claim/version',
  deploymentId: 'https://purl.imsglobal.org/spec/lti/claim/deployment_id',
  targetLinkUri: 'https://purl.imsglobal.org/spec/lti/claim/target_link_uri',
  resourceLink: 'https://purl.imsglobal.org/spec/lti/claim/resource_link',
  roles: 'https://purl.imsglobal.org/spec/lti/claim/roles',
  context: 'https://purl.imsglobal.org/spec/lti/claim/context',
  custom: 'https://purl.imsglobal.org/spec/lti/claim/custom',
  ags: 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint',
  deepLinkingSettings: 'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings',
  contentItems: 'https://purl.imsglobal.org/spec/lti-dl/claim/content_items',
  deepLinkingData: 'https://purl.imsglobal.org/spec/lti-dl/claim/data',
} as const;

export const ROLE = {
  instructor: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor',
  learner: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner',
  student: 'http://purl.imsglobal.org/vocab/lis/v2/institution/person#Student',
  faculty: 'http://purl.imsglobal.org/vocab/lis/v2/institution/person#Faculty',
} as const;

export interface ReceivedScore {
  path: string;
  query: string;
  contentType: string | undefined;
  body: Record<string, unknown>;
  at: number;
}

/** A claim value of `undefined` removes the claim from the token. */
export type ClaimOverrides = Record<string, unknown>;

export interface SignOptions {
  /** Sign with this key id in the header; `null` for none. Default: the platform's key. */
  kid?: string | null;
  /** Sign with another private key (a bad signature). */
  key?: KeyLike;
}

/**
 * The platform's storage frame (LTI client-side postMessage storage): lti.put_data and lti.get_data
 * per sending origin, answered to the sender at its origin.
 */
const STORAGE_FRAME = `<!doctype html><html><body><script>
var store = {};
window.addEventListener('message', function (event) {
  var m = event.data || {};
  var slot = event.origin + ' ' + m.key;
  if (m.subject === 'lti.put_data') {
    store[slot] = m.value;
    event.source.postMessage({ subject: 'lti.put_data.response', message_id: m.message_id, key: m.key, value: m.value }, event.origin);
  } else if (m.subject === 'lti.get_data') {
    event.source.postMessage({ subject: 'lti.get_data.response', message_id: m.message_id, key: m.key, value: store[slot] }, event.origin);
  }
});
</script></body></html>`;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/**
 * A test LTI 1.3 platform (an LMS stand-in) built with jose: its own RSA keys and JWKS, an OIDC
 * authentication endpoint that answers the tool's login with a form post of a signed id_token, a
 * token endpoint that checks the tool's client assertion against the tool's JWKS, and AGS line
 * items that record the scores they receive (and can be told to fail).
 */
export class LtiTestPlatform {
  readonly clientId = `tool-${randomUUID().slice(0, 8)}`;
  readonly deploymentId = 'deployment-1';
  readonly kid = 'platform-key-1';
  baseUrl = '';
  private server: Server | null = null;
  private privateKey!: KeyLike;
  private publicJwk!: JWK;
  /** Claims of the id_token the auth endpoint signs next (merged over a learner resource link launch). */
  nextLaunch: ClaimOverrides = {};
  /** Status codes the score endpoint answers before it takes scores again (e.g. [500, 500]). */
  scoreFailures: number[] = [];
  /** While true, the token and score endpoints answer 503 (the LMS is down). */
  down = false;
  /** Access tokens the score endpoint treats as expired (401). */
  readonly revokedTokens = new Set<string>();
  readonly scores: ReceivedScore[] = [];
  readonly scoreAttempts: ReceivedScore[] = [];
  readonly tokenRequests: Array<{ scope: string; ok: boolean; error?: string }> = [];
  readonly issuedTokens: string[] = [];
  /** The bearer token the registration endpoint expects (dynamic registration). */
  readonly registrationToken = `reg-${randomUUID()}`;
  /** Tool registration requests the registration endpoint received. */
  readonly registrations: Array<Record<string, unknown>> = [];
  /** Verified LtiDeepLinkingResponse claims posted back to `/deep-link-return`. */
  readonly deepLinkResponses: Array<Record<string, unknown>> = [];
  toolJwksUrl = '';
  private toolKeys: ReturnType<typeof createRemoteJWKSet> | null = null;

  get issuer(): string {
    return this.baseUrl;
  }

  get registration() {
    return {
      name: 'Test LMS',
      issuer: this.issuer,
      clientId: this.clientId,
      deploymentIds: [this.deploymentId],
      authLoginUrl: `${this.baseUrl}/auth`,
      authTokenUrl: `${this.baseUrl}/token`,
      keysetUrl: `${this.baseUrl}/jwks`,
    };
  }

  /** A line item URL with a query string, as Moodle writes them. */
  lineitem(id = 1): string {
    return `${this.baseUrl}/lineitems/${id}/lineitem?type_id=7`;
  }

  /**
   * Starts the platform. `host: 'localhost'` serves it as http://localhost:port (listening on every
   * loopback address): another site than the tool's 127.0.0.1 to a browser.
   */
  async start(options: { host?: '127.0.0.1' | 'localhost' } = {}): Promise<this> {
    const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
    this.privateKey = privateKey;
    this.publicJwk = { ...(await exportJWK(publicKey)), kid: this.kid, alg: 'RS256', use: 'sig' };
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => json(res, 500, { error: String(error) }));
    });
    const host = options.host ?? '127.0.0.1';
    await new Promise<void>((resolve) => (host === 'localhost' ? this.server?.listen(0, resolve) : this.server?.listen(0, '127.0.0.1', resolve)));
    this.baseUrl = `http://${host}:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Where the tool publishes its keys: the token endpoint checks client assertions against it. */
  useToolJwks(url: string): void {
    this.toolJwksUrl = url;
    this.toolKeys = createRemoteJWKSet(new URL(url), { cooldownDuration: 0 });
  }

  /** The claims of a normal learner resource link launch for `nonce`. */
  baseClaims(nonce: string, targetLinkUri: string): JWTPayload {
    const now = Math.floor(Date.now() / 1000);
    return {
      iss: this.issuer,
      aud: this.clientId,
      sub: 'learner-1',
      iat: now,
      exp: now + 300,
      nonce,
      name: 'Lee Learner',
      email: 'lee@school.example',
      [LTI.messageType]: 'LtiResourceLinkRequest',
      [LTI.version]: '1.3.0',
      [LTI.deploymentId]: this.deploymentId,
      [LTI.targetLinkUri]: targetLinkUri,
      [LTI.resourceLink]: { id: 'resource-link-1', title: 'Week 1 video' },
      [LTI.roles]: [ROLE.learner],
      [LTI.context]: { id: 'course-1', label: 'BIO101', title: 'Biology 101' },
      [LTI.ags]: { scope: ['https://purl.imsglobal.org/spec/lti-ags/scope/score'], lineitem: this.lineitem(1) },
    };
  }

  /** Signs claims as this platform (or as an impostor with `options`). */
  async sign(claims: JWTPayload, options: SignOptions = {}): Promise<string> {
    const header: { alg: string; kid?: string; typ: string } = { alg: 'RS256', typ: 'JWT' };
    const kid = options.kid === undefined ? this.kid : options.kid;
    if (kid !== null) header.kid = kid;
    const payload: Record<string, unknown> = { ...claims };
    for (const [key, value] of Object.entries(payload)) if (value === undefined) delete payload[key];
    return new SignJWT(payload).setProtectedHeader(header).sign(options.key ?? this.privateKey);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.baseUrl);
    if (req.method === 'GET' && url.pathname === '/jwks') return json(res, 200, { keys: [this.publicJwk] });
    if (req.method === 'GET' && url.pathname === '/auth') return this.authenticate(url, res);
    if (req.method === 'GET' && url.pathname === '/lms') return this.html(res, this.lmsPage(url.searchParams.get('launch') ?? ''));
    if (req.method === 'GET' && url.pathname === '/storage-frame') return this.html(res, STORAGE_FRAME);
    if (this.down && req.method === 'POST' && (url.pathname === '/token' || url.pathname.endsWith('/scores'))) {
      await readBody(req);
      return json(res, 503, { error: 'down for maintenance' });
    }
    if (req.method === 'POST' && url.pathname === '/token') return this.token(req, res);
    if (req.method === 'POST' && url.pathname === '/deep-link-return') return this.deepLinkReturn(req, res);
    if (req.method === 'GET' && url.pathname === '/.well-known/openid-configuration') return json(res, 200, this.openIdConfiguration());
    if (req.method === 'POST' && url.pathname === '/register') return this.registerTool(req, res);
    const score = /^\/lineitems\/(\d+)\/lineitem\/scores$/.exec(url.pathname);
    if (req.method === 'POST' && score) return this.score(req, res, url);
    json(res, 404, { error: 'not found' });
  }

  /** OIDC authentication: checks the tool's request and answers with the launch form (id_token + state). */
  private async authenticate(url: URL, res: ServerResponse): Promise<void> {
    const q = url.searchParams;
    const problems = [];
    if (q.get('scope') !== 'openid') problems.push('scope');
    if (q.get('response_type') !== 'id_token') problems.push('response_type');
    if (q.get('response_mode') !== 'form_post') problems.push('response_mode');
    if (q.get('prompt') !== 'none') problems.push('prompt');
    if (q.get('client_id') !== this.clientId) problems.push('client_id');
    if (!q.get('nonce') || !q.get('state') || !q.get('redirect_uri') || !q.get('login_hint')) problems.push('nonce/state/redirect_uri/login_hint');
    if (problems.length) return json(res, 400, { error: 'invalid_request', problems });
    const redirect = q.get('redirect_uri') as string;
    const claims = { ...this.baseClaims(q.get('nonce') as string, redirect), ...this.nextLaunch };
    const idToken = await this.sign(claims);
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(
      `<form method="post" action="${redirect}"><input type="hidden" name="id_token" value="${idToken}"><input type="hidden" name="state" value="${q.get('state')}"></form><script>document.forms[0].submit()</script>`,
    );
  }

  private async token(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = new URLSearchParams(await readBody(req));
    const scope = form.get('scope') ?? '';
    const refuse = (error: string) => {
      this.tokenRequests.push({ scope, ok: false, error });
      json(res, 400, { error });
    };
    if (form.get('grant_type') !== 'client_credentials') return refuse('unsupported_grant_type');
    if (form.get('client_assertion_type') !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer') return refuse('invalid_client');
    if (!this.toolKeys) return refuse('invalid_client');
    try {
      await jwtVerify(form.get('client_assertion') ?? '', this.toolKeys, {
        issuer: this.clientId,
        subject: this.clientId,
        audience: `${this.baseUrl}/token`,
        requiredClaims: ['exp', 'iat', 'jti'],
      });
    } catch (error) {
      return refuse(`invalid_client: ${error instanceof Error ? error.message : String(error)}`);
    }
    const accessToken = randomUUID();
    this.issuedTokens.push(accessToken);
    this.tokenRequests.push({ scope, ok: true });
    json(res, 200, { access_token: accessToken, token_type: 'Bearer', expires_in: 3600, scope });
  }

  private html(res: ServerResponse, body: string): void {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body);
  }

  /**
   * A course page of the LMS: its postMessage storage frame (named post_message_forwarding, as the
   * LTI client-side storage spec suggests) and the tool in an iframe started at `launch` (the tool's
   * login initiation URL).
   */
  private lmsPage(launch: string): string {
    const src = launch.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
    return `<!doctype html><html><head><title>Test LMS course</title></head><body><h1>Biology 101</h1>
<iframe name="post_message_forwarding" src="/storage-frame" style="display:none"></iframe>
<iframe id="tool" name="tool" title="VeoLearn" src="${src}" width="1000" height="640"></iframe></body></html>`;
  }

  /** The platform's OpenID configuration (LTI Dynamic Registration 1.0 section 3.4). */
  openIdConfiguration(): Record<string, unknown> {
    return {
      issuer: this.issuer,
      authorization_endpoint: `${this.baseUrl}/auth`,
      token_endpoint: `${this.baseUrl}/token`,
      jwks_uri: `${this.baseUrl}/jwks`,
      registration_endpoint: `${this.baseUrl}/register`,
      scopes_supported: ['openid', 'https://purl.imsglobal.org/spec/lti-ags/scope/score'],
      response_types_supported: ['id_token'],
      id_token_signing_alg_values_supported: ['RS256'],
      'https://purl.imsglobal.org/spec/lti-platform-configuration': {
        product_family_code: 'testlms',
        version: '1.0',
        messages_supported: [{ type: 'LtiResourceLinkRequest' }, { type: 'LtiDeepLinkingRequest' }],
      },
    };
  }

  /** The registration endpoint: takes the tool's registration with the registration token, answers a client id and deployment. */
  private async registerTool(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.headers.authorization !== `Bearer ${this.registrationToken}`) return json(res, 401, { error: 'invalid registration token' });
    const body = JSON.parse(await readBody(req)) as Record<string, unknown>;
    this.registrations.push(body);
    json(res, 200, {
      ...body,
      client_id: this.clientId,
      'https://purl.imsglobal.org/spec/lti-tool-configuration': {
        ...(body['https://purl.imsglobal.org/spec/lti-tool-configuration'] as Record<string, unknown>),
        deployment_id: this.deploymentId,
      },
    });
  }

  /** The deep linking return URL: the tool's form post of `JWT`, verified against the tool's key set. */
  private async deepLinkReturn(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = new URLSearchParams(await readBody(req));
    if (!this.toolKeys) return json(res, 500, { error: 'no tool key set' });
    try {
      const { payload } = await jwtVerify(form.get('JWT') ?? '', this.toolKeys, { issuer: this.clientId, audience: this.issuer, requiredClaims: ['exp', 'iat', 'nonce'] });
      this.deepLinkResponses.push(payload as Record<string, unknown>);
      json(res, 200, { ok: true });
    } catch (error) {
      json(res, 400, { error: error instanceof Error ? error.message : String(error) });
    }
  }

  private async score(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const text = await readBody(req);
    const received: ReceivedScore = { path: url.pathname, query: url.search, contentType: req.headers['content-type'], body: {}, at: Date.now() };
    try {
      received.body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return json(res, 400, { error: 'not json' });
    }
    this.scoreAttempts.push(received);
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !this.issuedTokens.includes(bearer) || this.revokedTokens.has(bearer)) return json(res, 401, { error: 'invalid_token' });
    const failure = this.scoreFailures.shift();
    if (failure) return json(res, failure, { error: 'failure on purpose' });
    this.scores.push(received);
    res.writeHead(204);
    res.end();
  }
}
