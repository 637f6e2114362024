import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
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
  type PingReply,
  type ServiceHealth,
  type SubmitGradeMessage,
  type SubmitGradeReply,
} from '@veolearn/contracts';
import { INSTANCE_ID, probe } from '@veolearn/nest-common';
import { GradeQueue } from './grades/grade-queue';
import { GradesService } from './grades/grades.service';
import { ToolKeysService } from './keys/tool-keys.service';
import { AccountLinksService } from './launch/account-links.service';
import { DeepLinkingService } from './launch/deep-linking.service';
import { LaunchService } from './launch/launch.service';
import { DynamicRegistrationService } from './platforms/dynamic-registration.service';
import { PlatformsService } from './platforms/platforms.service';

const SERVICE = 'lti-service';

@Controller()
export class LtiController {
  constructor(
    private readonly keys: ToolKeysService,
    private readonly platforms: PlatformsService,
    private readonly launches: LaunchService,
    private readonly grades: GradesService,
    private readonly deepLinking: DeepLinkingService,
    private readonly dynamicRegistration: DynamicRegistrationService,
    private readonly queue: GradeQueue,
    private readonly links: AccountLinksService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  @MessagePattern(LtiPatterns.jwks)
  jwks(): Promise<LtiJwks> {
    return this.keys.jwks();
  }

  @MessagePattern(LtiPatterns.login)
  login(@Payload() message: LtiLoginMessage): Promise<LtiLoginReply> {
    return this.launches.login(message);
  }

  @MessagePattern(LtiPatterns.launch)
  launch(@Payload() message: LtiLaunchMessage): Promise<LtiLaunchReply> {
    return this.launches.launch(message);
  }

  @MessagePattern(LtiPatterns.launchStorage)
  launchStorage(@Payload() message: { state: string }): Promise<LtiLaunchStorageReply> {
    return this.launches.launchStorage(message.state);
  }

  @MessagePattern(LtiPatterns.context)
  context(@Payload() message: { launchToken: string | null }): Promise<LtiContextView> {
    return this.launches.context(message.launchToken);
  }

  @MessagePattern(LtiPatterns.deepLinkResponse)
  deepLinkResponse(@Payload() message: DeepLinkResponseMessage): Promise<DeepLinkResponseReply> {
    return this.deepLinking.respond(message);
  }

  @MessagePattern(LtiPatterns.dynamicRegister)
  dynamicRegister(@Payload() message: DynamicRegistrationMessage): Promise<DynamicRegistrationReply> {
    return this.dynamicRegistration.register(message);
  }

  @MessagePattern(LtiPatterns.submitGrade)
  submitGrade(@Payload() message: SubmitGradeMessage): Promise<SubmitGradeReply> {
    return this.grades.submit(message);
  }

  @MessagePattern(LtiPatterns.listPlatforms)
  listPlatforms(): Promise<LtiPlatformView[]> {
    return this.platforms.list();
  }

  @MessagePattern(LtiPatterns.registerPlatform)
  registerPlatform(@Payload() message: LtiPlatformInput): Promise<LtiPlatformView> {
    return this.platforms.register(message);
  }

  @MessagePattern(LtiPatterns.deletePlatform)
  deletePlatform(@Payload() message: { id: string }): Promise<{ deleted: true }> {
    return this.platforms.remove(message.id);
  }

  @MessagePattern(LtiPatterns.rotateKeys)
  rotateKeys(): Promise<LtiKeyView[]> {
    return this.keys.rotate();
  }

  @MessagePattern(LtiPatterns.listGrades)
  listGrades(@Payload() message: LtiGradesQuery): Promise<LtiGradeView[]> {
    return this.grades.list(message);
  }

  @MessagePattern(LtiPatterns.resendGrade)
  resendGrade(@Payload() message: LtiGradeRef): Promise<LtiGradeView> {
    return this.grades.resend(message);
  }

  @MessagePattern(LtiPatterns.linkAccount)
  linkAccount(@Payload() message: LtiLinkAccountMessage): Promise<LtiAccountLinkView> {
    return this.links.link(message);
  }

  @MessagePattern(LtiPatterns.listAccountLinks)
  listAccountLinks(): Promise<LtiAccountLinkView[]> {
    return this.links.list();
  }

  @MessagePattern(LtiPatterns.deleteAccountLink)
  deleteAccountLink(@Payload() message: { id: string }): Promise<{ deleted: true }> {
    return this.links.remove(message.id);
  }

  @MessagePattern(LtiPatterns.health)
  async health(): Promise<ServiceHealth> {
    const [postgres, queue] = await Promise.all([probe(() => this.dataSource.query('SELECT 1')), probe(() => this.queue.ping())]);
    return { service: SERVICE, instanceId: INSTANCE_ID, dependencies: { postgres, queue } };
  }

  @MessagePattern(LtiPatterns.ping)
  ping(): PingReply {
    return { service: SERVICE, instanceId: INSTANCE_ID };
  }
}
