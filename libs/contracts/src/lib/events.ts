import type { Plan, SubscriptionStatus } from '@veolearn/domain';
import type { SecuritySeverity } from './auth.messages';

/**
 * Domain events. A producer writes one row in its own `outbox` table in the same database
 * transaction as the change it describes; a relay publishes unsent rows to one durable BullMQ
 * queue per consuming service (job id = event id) and marks them sent. Consumers are idempotent
 * by event id, so a replay changes nothing.
 */
export const DomainEventTypes = {
  userRegistered: 'user.registered',
  userSignedIn: 'user.signed-in',
  userUpdated: 'user.updated',
  subscriptionChanged: 'subscription.changed',
  securityEvent: 'security.event',
  aiCostRecorded: 'ai.cost-recorded',
  videoCreated: 'video.created',
  videoDeleted: 'video.deleted',
  lessonGenerated: 'lesson.generated',
  exportMade: 'export.made',
  attemptCompleted: 'attempt.completed',
  gradeSent: 'grade.sent',
  gradeFailed: 'grade.failed',
} as const;

export type DomainEventType = (typeof DomainEventTypes)[keyof typeof DomainEventTypes];

export interface UserRegisteredPayload {
  userId: number;
  username: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  isAdmin: boolean;
  plan: Plan;
  subscriptionStatus: SubscriptionStatus;
  trialEndsAt: string | null;
  /** How the account was made. */
  via: 'password' | 'google' | 'lti';
}

export interface UserSignedInPayload {
  userId: number;
  via: 'password' | 'google' | 'lti';
}

/** Profile fields after a change (only those the admin views show). */
export interface UserUpdatedPayload {
  userId: number;
  username: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  isAdmin: boolean;
}

export interface SubscriptionChangedPayload {
  userId: number;
  userEmail: string;
  /** e.g. trial_started, upgraded, downgraded, canceled, subscription_changed_by_admin. */
  eventType: string;
  fromPlan: Plan | null;
  toPlan: Plan;
  fromStatus: SubscriptionStatus | null;
  toStatus: SubscriptionStatus;
  /** Monthly price in AUD of the plan after the change when it is paid and active, else 0. */
  amount: number;
  currency: 'AUD';
  hasUnlimitedAccess: boolean;
  changedBy: number | null;
}

export interface SecurityEventPayload {
  /** login_failed, account_locked, login_blocked_locked, rate_limited, lti_launch_refused, ... */
  eventType: string;
  severity: SecuritySeverity;
  userId: number | null;
  userEmail: string | null;
  ipAddress: string | null;
  details: Record<string, unknown> | null;
}

export interface AiCostRecordedPayload {
  /** Which bill the cost lands on: openai, veo, youtube or others. */
  service: 'openai' | 'veo' | 'youtube' | 'others';
  provider: string;
  model: string;
  operation: string;
  promptTokens: number;
  completionTokens: number;
  /** Price of the call in US dollars (provider prices are in USD). */
  amountUsd: number;
  jobId: string | null;
  ownerId: number | null;
  videoId: number | null;
  succeeded: boolean;
}

export interface VideoCreatedPayload {
  videoId: number;
  ownerId: number;
  /** youtube, upload or generated (AI video). */
  source: 'youtube' | 'upload' | 'generated';
  isVr: boolean;
}

export interface VideoDeletedPayload {
  videoId: number;
  ownerId: number;
}

export interface LessonGeneratedPayload {
  jobId: string;
  videoId: number;
  ownerId: number;
  questionCount: number;
  provider: string;
  durationMs: number;
}

export interface ExportMadePayload {
  exportId: string;
  videoId: number;
  ownerId: number;
  /** scorm12, scorm2004, ... */
  format: string;
}

export interface AttemptCompletedPayload {
  attemptId: string;
  videoId: number;
  /** user:<id>, anon:<id> or lti:<sub>; never an e-mail. */
  learnerKey: string;
  score: number;
  maxScore: number;
  questionCount: number;
  /** Seconds from start to completion. */
  durationSeconds: number;
}

export interface GradePayload {
  videoId: number;
  issuer: string;
  scoreGiven: number;
  scoreMaximum: number;
  error: string | null;
}

export interface DomainEventPayloads {
  'user.registered': UserRegisteredPayload;
  'user.signed-in': UserSignedInPayload;
  'user.updated': UserUpdatedPayload;
  'subscription.changed': SubscriptionChangedPayload;
  'security.event': SecurityEventPayload;
  'ai.cost-recorded': AiCostRecordedPayload;
  'video.created': VideoCreatedPayload;
  'video.deleted': VideoDeletedPayload;
  'lesson.generated': LessonGeneratedPayload;
  'export.made': ExportMadePayload;
  'attempt.completed': AttemptCompletedPayload;
  'grade.sent': GradePayload;
  'grade.failed': GradePayload;
}

export interface DomainEvent<T extends DomainEventType = DomainEventType> {
  /** UUID, unique across producers: the idempotency key of every consumer. */
  id: string;
  type: T;
  /** Payload version; 1 for every type today. */
  version: number;
  /** ISO time of the change (the producer's transaction time). */
  occurredAt: string;
  /** The app that wrote it: auth-service, video-service, ... */
  producer: string;
  payload: DomainEventPayloads[T];
}

/** Durable BullMQ queue (one per consuming service) that relays publish to. */
export const ADMIN_METRICS_EVENTS_QUEUE = 'events-admin-metrics';
