import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InjectDataSource } from '@nestjs/typeorm';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import {
  AuthPatterns,
  type AuthResult,
  type GoogleSignInMessage,
  type LtiSignInMessage,
  type PingReply,
  type Principal,
  type SecurityEventMessage,
  type SetSubscriptionMessage,
  type SubscriptionEventView,
  type UpdateProfileMessage,
  type ServiceHealth,
  type SignInMessage,
  type SignUpMessage,
  type UserView,
  type ValidateMessage,
} from '@veolearn/contracts';
import { INSTANCE_ID, probe, REDIS, rpcError } from '@veolearn/nest-common';
import { AccountService } from './account.service';
import { AuthService } from './auth.service';
import { SecurityEventsService } from './security-events.service';
import { SessionService } from './session.service';

@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly accounts: AccountService,
    private readonly sessions: SessionService,
    private readonly securityEvents: SecurityEventsService,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  @MessagePattern(AuthPatterns.signUp)
  signUp(@Payload() message: SignUpMessage): Promise<AuthResult> {
    return this.auth.signUp(message);
  }

  @MessagePattern(AuthPatterns.signIn)
  signIn(@Payload() message: SignInMessage): Promise<AuthResult> {
    return this.auth.signIn(message);
  }

  @MessagePattern(AuthPatterns.validate)
  validate(@Payload() message: ValidateMessage): Promise<Principal> {
    if (typeof message?.token !== 'string' || message.token.length === 0) {
      throw rpcError(401, 'Sign in to continue.');
    }
    return this.sessions.validate(message.token);
  }

  @MessagePattern(AuthPatterns.currentUser)
  currentUser(@Payload() message: { userId: number }): Promise<UserView> {
    return this.auth.currentUser(message.userId);
  }

  @MessagePattern(AuthPatterns.logout)
  async logout(@Payload() message: { sessionId: string }): Promise<{ success: true }> {
    await this.sessions.revoke(message.sessionId);
    return { success: true };
  }

  @MessagePattern(AuthPatterns.googleSignIn)
  googleSignIn(@Payload() message: GoogleSignInMessage): Promise<AuthResult> {
    return this.auth.googleSignIn(message);
  }

  @MessagePattern(AuthPatterns.ltiSignIn)
  ltiSignIn(@Payload() message: LtiSignInMessage): Promise<AuthResult> {
    return this.auth.ltiSignIn(message);
  }

  @MessagePattern(AuthPatterns.updateProfile)
  updateProfile(@Payload() message: UpdateProfileMessage): Promise<UserView> {
    return this.accounts.updateProfile(message);
  }

  @MessagePattern(AuthPatterns.setSubscription)
  setSubscription(@Payload() message: SetSubscriptionMessage): Promise<UserView> {
    return this.accounts.setSubscription(message);
  }

  @MessagePattern(AuthPatterns.listSubscriptionEvents)
  subscriptionEvents(@Payload() message: { userId: number }): Promise<SubscriptionEventView[]> {
    return this.accounts.subscriptionEvents(message.userId);
  }

  @MessagePattern(AuthPatterns.recordSecurityEvent)
  async recordSecurityEvent(@Payload() message: SecurityEventMessage): Promise<{ recorded: true }> {
    await this.securityEvents.record(message);
    return { recorded: true };
  }

  @MessagePattern(AuthPatterns.health)
  async health(): Promise<ServiceHealth> {
    const [postgres, redis] = await Promise.all([probe(() => this.dataSource.query('SELECT 1')), probe(() => this.redis.ping())]);
    return { service: 'auth-service', instanceId: INSTANCE_ID, dependencies: { postgres, redis } };
  }

  @MessagePattern(AuthPatterns.ping)
  ping(): PingReply {
    return { service: 'auth-service', instanceId: INSTANCE_ID };
  }
}
