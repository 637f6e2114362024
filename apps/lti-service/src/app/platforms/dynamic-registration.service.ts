import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '@veolearn/config';
import type { DynamicRegistrationMessage, DynamicRegistrationReply } from '@veolearn/contracts';
import { readPlatformConfiguration, readRegistrationResponse, toolRegistrationRequest } from '@veolearn/lti';
import { rpcError } from '@veolearn/nest-common';
import { SecurityEvents } from '../launch/security-events';
import { PlatformsService } from './platforms.service';

/**
 * LTI Dynamic Registration 1.0: the LMS admin pastes the tool's registration URL; the platform opens
 * it with its openid configuration URL and a registration token; the tool reads the configuration,
 * registers itself at the platform's registration endpoint and keeps the platform's answer (client
 * id, deployment id) as a platform registration.
 */
@Injectable()
export class DynamicRegistrationService {
  private readonly logger = new Logger(DynamicRegistrationService.name);

  constructor(
    private readonly config: AppConfig,
    private readonly platforms: PlatformsService,
    private readonly events: SecurityEvents,
  ) {}

  private async call(url: string, init: RequestInit, what: string): Promise<unknown> {
    let res: Response;
    try {
      res = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(this.config.LTI_HTTP_TIMEOUT_MS) });
    } catch (error) {
      throw rpcError(502, `${what} could not be reached (${error instanceof Error ? error.message : String(error)}).`);
    }
    const text = await res.text();
    if (!res.ok) throw rpcError(502, `${what} answered ${res.status}${text ? `: ${text.slice(0, 200)}` : ''}.`);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw rpcError(502, `${what} did not answer JSON.`);
    }
  }

  async register(message: DynamicRegistrationMessage): Promise<DynamicRegistrationReply> {
    const refuse = async (text: string): Promise<never> => {
      await this.events.record({ eventType: 'lti_login_refused', reason: 'dynamic_registration', message: text, context: message.context });
      throw rpcError(400, text);
    };
    let configUrl: URL;
    try {
      configUrl = new URL(message.openidConfiguration);
      if (configUrl.protocol !== 'https:' && configUrl.protocol !== 'http:') throw new Error('protocol');
    } catch {
      return refuse('openid_configuration must be the http(s) URL of the platform\'s OpenID configuration.');
    }
    const body = await this.call(configUrl.toString(), { headers: { accept: 'application/json' } }, 'The platform configuration URL');
    let platform;
    try {
      platform = readPlatformConfiguration(configUrl.toString(), body);
    } catch (error) {
      return refuse(error instanceof Error ? error.message : String(error));
    }
    const origin = new URL(this.config.PUBLIC_URL).origin;
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (message.registrationToken) headers['authorization'] = `Bearer ${message.registrationToken}`;
    const answer = await this.call(platform.registrationEndpoint, { method: 'POST', headers, body: JSON.stringify(toolRegistrationRequest(origin)) }, 'The platform registration endpoint');
    let ids;
    try {
      ids = readRegistrationResponse(answer);
    } catch (error) {
      throw rpcError(502, error instanceof Error ? error.message : String(error));
    }
    const existing = await this.platforms.byIssuer(platform.issuer, ids.clientId);
    const deploymentIds = [...new Set([...(existing[0]?.deployment_ids ?? []), ids.deploymentId])];
    const view = await this.platforms.register({
      name: platform.productFamily ? `${platform.productFamily} (${new URL(platform.issuer).host})` : undefined,
      issuer: platform.issuer,
      clientId: ids.clientId,
      deploymentIds,
      authLoginUrl: platform.authorizationEndpoint,
      authTokenUrl: platform.tokenEndpoint,
      keysetUrl: platform.jwksUri,
    });
    this.logger.log(`Registered ${platform.issuer} (client ${ids.clientId}) by dynamic registration`);
    return { platform: view, productFamily: platform.productFamily };
  }
}
