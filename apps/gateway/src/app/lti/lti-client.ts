import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { AppConfig } from '@veolearn/config';
import {
  type DeepLinkResponseMessage,
  type DeepLinkResponseReply,
  type DynamicRegistrationMessage,
  type DynamicRegistrationReply,
  type LtiAccountLinkView,
  type LtiLinkAccountMessage,
  type LtiContextView,
  type LtiGradeRef,
  type LtiGradesQuery,
  type LtiGradeView,
  type LtiJwks,
  type LtiKeyView,
  type LtiLaunchMessage,
  type LtiLaunchReply,
  type LtiLaunchStorageReply,
  type LtiLoginMessage,
  type LtiLoginReply,
  LtiPatterns,
  type LtiPlatformInput,
  type LtiPlatformView,
  LTI_SERVICE,
  type PingReply,
  type ServiceHealth,
  type SubmitGradeMessage,
  type SubmitGradeReply,
} from '@veolearn/contracts';
import { callService } from '@veolearn/nest-common';

/** Typed requests to the lti-service; one method per message pattern. */
@Injectable()
export class LtiClient {
  constructor(
    @Inject(LTI_SERVICE) private readonly client: ClientProxy,
    private readonly config: AppConfig,
  ) {}

  private send<T>(pattern: string, payload: unknown, timeoutMs = this.config.SERVICE_TIMEOUT_MS): Promise<T> {
    return callService<T>(this.client, 'LTI service', pattern, payload, timeoutMs);
  }

  jwks(): Promise<LtiJwks> {
    return this.send(LtiPatterns.jwks, {});
  }

  login(message: LtiLoginMessage): Promise<LtiLoginReply> {
    return this.send(LtiPatterns.login, message);
  }

  launch(message: LtiLaunchMessage): Promise<LtiLaunchReply> {
    // May fetch the platform's key set first.
    return this.send(LtiPatterns.launch, message, this.config.SERVICE_TIMEOUT_MS + this.config.LTI_HTTP_TIMEOUT_MS);
  }

  launchStorage(state: string): Promise<LtiLaunchStorageReply> {
    return this.send(LtiPatterns.launchStorage, { state });
  }

  context(launchToken: string | null): Promise<LtiContextView> {
    return this.send(LtiPatterns.context, { launchToken });
  }

  deepLinkResponse(message: DeepLinkResponseMessage): Promise<DeepLinkResponseReply> {
    return this.send(LtiPatterns.deepLinkResponse, message);
  }

  dynamicRegister(message: DynamicRegistrationMessage): Promise<DynamicRegistrationReply> {
    // Two calls to the platform (its configuration, then its registration endpoint).
    return this.send(LtiPatterns.dynamicRegister, message, this.config.SERVICE_TIMEOUT_MS + 2 * this.config.LTI_HTTP_TIMEOUT_MS);
  }

  submitGrade(message: SubmitGradeMessage): Promise<SubmitGradeReply> {
    return this.send(LtiPatterns.submitGrade, message);
  }

  listPlatforms(): Promise<LtiPlatformView[]> {
    return this.send(LtiPatterns.listPlatforms, {});
  }

  registerPlatform(input: LtiPlatformInput): Promise<LtiPlatformView> {
    return this.send(LtiPatterns.registerPlatform, input);
  }

  deletePlatform(id: string): Promise<{ deleted: true }> {
    return this.send(LtiPatterns.deletePlatform, { id });
  }

  rotateKeys(): Promise<LtiKeyView[]> {
    return this.send(LtiPatterns.rotateKeys, {});
  }

  listGrades(query: LtiGradesQuery): Promise<LtiGradeView[]> {
    return this.send(LtiPatterns.listGrades, query);
  }

  resendGrade(ref: LtiGradeRef): Promise<LtiGradeView> {
    return this.send(LtiPatterns.resendGrade, ref);
  }

  linkAccount(message: LtiLinkAccountMessage): Promise<LtiAccountLinkView> {
    return this.send(LtiPatterns.linkAccount, message);
  }

  listAccountLinks(): Promise<LtiAccountLinkView[]> {
    return this.send(LtiPatterns.listAccountLinks, {});
  }

  deleteAccountLink(id: string): Promise<{ deleted: true }> {
    return this.send(LtiPatterns.deleteAccountLink, { id });
  }

  health(timeoutMs: number): Promise<ServiceHealth> {
    return this.send(LtiPatterns.health, {}, timeoutMs);
  }

  ping(): Promise<PingReply> {
    return this.send(LtiPatterns.ping, {});
  }
}
