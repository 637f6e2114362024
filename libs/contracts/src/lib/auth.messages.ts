import type { Entitlements, Plan, SubscriptionStatus } from '@veolearn/domain';

/** Who sent a request, as seen by the gateway. */
export interface RequestContext {
  ip: string;
  userAgent?: string;
}

export interface UserView {
  id: number;
  username: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  subscriptionStatus: SubscriptionStatus;
  plan: Plan;
  trialEndsAt: string | null;
  hasUnlimitedAccess: boolean;
  totalVideosCreated: number;
  createdAt: string;
  lastLoginAt: string | null;
  isAdmin: boolean;
}

export interface AuthResult {
  token: string;
  user: UserView;
}

/** What the gateway attaches to an authenticated request. */
export interface Principal {
  userId: number;
  sessionId: string;
  isAdmin: boolean;
  /** Plan and status as of this request, for plan limits enforced by the services. */
  entitlements: Entitlements;
}

export interface SignUpMessage {
  username: string;
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
  context: RequestContext;
}

export interface SignInMessage {
  email: string;
  password: string;
  context: RequestContext;
}

export interface ValidateMessage {
  token: string;
}

export interface GoogleProfile {
  googleId: string;
  email: string;
  emailVerified: boolean;
  firstName?: string;
  lastName?: string;
  displayName?: string;
}

export interface GoogleSignInMessage {
  profile: GoogleProfile;
  context: RequestContext;
}

/** A verified LTI launch of a lesson the linked account owns: a normal session for that account. */
export interface LtiSignInMessage {
  userId: number;
  /** The LTI link (lti.account_links id) and platform issuer, kept with the security event. */
  linkId: string;
  issuer: string;
  videoId: number;
  context: RequestContext;
}

export type SecuritySeverity = 'info' | 'warning' | 'critical';

export interface SecurityEventMessage {
  eventType: string;
  severity: SecuritySeverity;
  email?: string;
  context: RequestContext;
  details?: Record<string, unknown>;
}

export interface DependencyHealth {
  status: 'up' | 'down';
  message?: string;
}

export interface ServiceHealth {
  service: string;
  instanceId: string;
  dependencies: Record<string, DependencyHealth>;
}

export interface PingReply {
  service: string;
  instanceId: string;
}

export interface UpdateProfileMessage {
  userId: number;
  username?: string;
  firstName?: string | null;
  lastName?: string | null;
}

export interface SetSubscriptionMessage {
  userId: number;
  actorUserId: number;
  plan?: Plan;
  subscriptionStatus?: SubscriptionStatus;
  hasUnlimitedAccess?: boolean;
  context: RequestContext;
}

export interface SubscriptionEventView {
  id: number;
  userId: number;
  userEmail: string;
  eventType: string;
  fromPlan: Plan | null;
  toPlan: Plan;
  fromStatus: SubscriptionStatus | null;
  toStatus: SubscriptionStatus;
  /** Monthly price in AUD of the plan after the change, when it is paid and active; else 0. */
  amount: number;
  currency: 'AUD';
  changedBy: number | null;
  createdAt: string;
}
