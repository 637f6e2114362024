import { Inject, Injectable } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import { AppConfig } from '@veolearn/config';
import {
  AUTH_SERVICE,
  AuthPatterns,
  type AuthResult,
  type GoogleSignInMessage,
  type LtiSignInMessage,
  type PingReply,
  type Principal,
  type SecurityEventMessage,
  type ServiceHealth,
  type SetSubscriptionMessage,
  type SubscriptionEventView,
  type UpdateProfileMessage,
  type SignInMessage,
  type SignUpMessage,
  type UserView,
} from '@veolearn/contracts';
import { callService } from '@veolearn/nest-common';

/** Typed requests to the auth-service; one method per message pattern. */
@Injectable()
export class AuthClient {
  constructor(
    @Inject(AUTH_SERVICE) private readonly client: ClientProxy,
    private readonly config: AppConfig,
  ) {}

  private send<T>(pattern: string, payload: unknown): Promise<T> {
    return callService<T>(this.client, 'auth service', pattern, payload, this.config.SERVICE_TIMEOUT_MS);
  }

  signUp(message: SignUpMessage): Promise<AuthResult> {
    return this.send(AuthPatterns.signUp, message);
  }

  signIn(message: SignInMessage): Promise<AuthResult> {
    return this.send(AuthPatterns.signIn, message);
  }

  validate(token: string): Promise<Principal> {
    return this.send(AuthPatterns.validate, { token });
  }

  currentUser(userId: number): Promise<UserView> {
    return this.send(AuthPatterns.currentUser, { userId });
  }

  logout(sessionId: string): Promise<{ success: true }> {
    return this.send(AuthPatterns.logout, { sessionId });
  }

  googleSignIn(message: GoogleSignInMessage): Promise<AuthResult> {
    return this.send(AuthPatterns.googleSignIn, message);
  }

  /** Only from a verified LTI launch (the lti-service's link, the lesson's owner checked). */
  ltiSignIn(message: LtiSignInMessage): Promise<AuthResult> {
    return this.send(AuthPatterns.ltiSignIn, message);
  }

  updateProfile(message: UpdateProfileMessage): Promise<UserView> {
    return this.send(AuthPatterns.updateProfile, message);
  }

  setSubscription(message: SetSubscriptionMessage): Promise<UserView> {
    return this.send(AuthPatterns.setSubscription, message);
  }

  subscriptionEvents(userId: number): Promise<SubscriptionEventView[]> {
    return this.send(AuthPatterns.listSubscriptionEvents, { userId });
  }

  recordSecurityEvent(message: SecurityEventMessage): Promise<{ recorded: true }> {
    return this.send(AuthPatterns.recordSecurityEvent, message);
  }

  health(timeoutMs: number): Promise<ServiceHealth> {
    return callService(this.client, 'auth service', AuthPatterns.health, {}, timeoutMs);
  }

  ping(): Promise<PingReply> {
    return this.send(AuthPatterns.ping, {});
  }
}
