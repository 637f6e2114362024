import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AppConfig } from '@veolearn/config';
import type { DeepLinkResponseMessage, DeepLinkResponseReply } from '@veolearn/contracts';
import { DEEP_LINKING_REQUEST, deepLinkingResponseClaims } from '@veolearn/lti';
import { rpcError } from '@veolearn/nest-common';
import { ToolKeysService } from '../keys/tool-keys.service';
import { PlatformsService } from '../platforms/platforms.service';
import { LaunchService } from './launch.service';

/** Deep Linking 2.0: the tool's signed answer to an instructor's deep linking request. */
@Injectable()
export class DeepLinkingService {
  constructor(
    private readonly config: AppConfig,
    private readonly launches: LaunchService,
    private readonly platforms: PlatformsService,
    private readonly keys: ToolKeysService,
  ) {}

  /**
   * A JWT signed with the tool's current key (kid in the header): iss our client id, aud the
   * platform, a fresh nonce, the request's deployment and data, and one lesson as an ltiResourceLink.
   */
  async respond(message: DeepLinkResponseMessage): Promise<DeepLinkResponseReply> {
    const launch = await this.launches.requireLaunch(message.launchToken);
    if (launch.message_type !== DEEP_LINKING_REQUEST || !launch.deep_link_return_url) {
      throw rpcError(400, 'This LMS launch is not a deep linking request: open the tool from the LMS\'s "add content" screen.');
    }
    if (launch.role !== 'instructor') throw rpcError(403, 'Only an instructor of the course can add lessons to it.');
    const platform = await this.platforms.byId(launch.platform_id);
    if (!platform) throw rpcError(404, 'The platform of this launch is no longer registered.');
    const claims = deepLinkingResponseClaims({
      deploymentId: launch.deployment_id,
      origin: new URL(this.config.PUBLIC_URL).origin,
      lesson: message.lesson,
      data: launch.deep_link_data,
    });
    const jwt = await this.keys.sign({ ...claims, nonce: randomUUID() }, { issuer: platform.client_id, audience: platform.issuer, expiresInSeconds: 600 });
    return { returnUrl: launch.deep_link_return_url, jwt };
  }
}
