import type { Plan, SubscriptionStatus } from '@veolearn/domain';
import type { SecuritySeverity } from './auth.messages';

export const ADMIN_RANGES = ['24h', '7d', '30d', '90d'] as const;
export type AdminRange = (typeof ADMIN_RANGES)[number];

export interface AdminRangeMessage {
  range: AdminRange;
  /** ISO end of the window; the service's clock when absent (tests pass it to cut ranges exactly). */
  now?: string;
}

/** How a figure is computed, shown under it on the page. */
export type Explanations = Record<string, string>;

export interface AdminSeriesPoint {
  /** Bucket start, ISO (hours for 24h, days otherwise). */
  at: string;
  [metric: string]: number | string;
}

export interface AdminAnalytics {
  range: AdminRange;
  from: string;
  to: string;
  totalUsers: number;
  newUsersThisPeriod: number;
  /** Domain events received in the window. */
  recentEvents: number;
  videosCreated: number;
  vrVideos: number;
  /** Questions in lessons generated in the window. */
  totalQuestions: number;
  /** Mean minutes from start to completion of lessons completed in the window. */
  avgSessionTime: number;
  attemptsCompleted: number;
  videoSources: { youtube: number; upload: number; generated: number };
  trialUsers: number;
  /** Percent of users who started a trial and later held an active paid plan. */
  conversionRate: number;
  series: AdminSeriesPoint[];
  explanations: Explanations;
}

export interface AdminCostDetail {
  service: string;
  costType: string;
  usage: number;
  usageUnit: string;
  amount: number;
  currency: 'AUD';
  recordedAt: string;
}

export interface AdminCosts {
  range: AdminRange;
  from: string;
  to: string;
  /** AI usage plus fixed monthly costs pro rata for the window, AUD. */
  totalCosts: number;
  currency: 'AUD';
  breakdown: { openai: number; veo: number; hosting: number; youtube: number; others: number };
  usage: { aiCalls: number; promptTokens: number; completionTokens: number; failedCalls: number };
  /** Revenue of the window (AUD), minus totalCosts = profit; margin = profit / revenue in percent (null when there is no revenue). */
  revenue: number;
  profit: number;
  profitMargin: number | null;
  details: AdminCostDetail[];
  series: AdminSeriesPoint[];
  explanations: Explanations;
}

export interface AdminSubscriptionEvent {
  userEmail: string;
  eventType: string;
  fromPlan: Plan | null;
  toPlan: Plan;
  toStatus: SubscriptionStatus;
  amount: number;
  createdAt: string;
}

export interface AdminSubscriptions {
  range: AdminRange;
  from: string;
  to: string;
  /** Sum of the monthly prices of subscriptions active and paid at the end of the window (AUD). */
  monthlyRevenue: number;
  /** Revenue earned inside the window: each paid day at price / 30. */
  revenueInRange: number;
  activeSubscriptions: number;
  trialUsers: number;
  conversionRate: number;
  byPlan: Record<Plan, number>;
  recentEvents: AdminSubscriptionEvent[];
  series: AdminSeriesPoint[];
  explanations: Explanations;
}

export interface AdminUser {
  id: number;
  username: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  plan: Plan;
  subscriptionStatus: SubscriptionStatus;
  /** Display label: Free Trial, Premium, Payment Due, Canceled, Unknown. */
  status: string;
  isAdmin: boolean;
  /** Role label: Admin or User. */
  role: 'Admin' | 'User';
  totalVideosCreated: number;
  /** Videos the user has now (created minus deleted). */
  videos: number;
  createdAt: string;
  /** Same as createdAt (the spec's column name). */
  created: string;
  lastLoginAt: string | null;
}

export interface AdminUsersMessage {
  page: number;
  pageSize: number;
  /** Matches username, e-mail, first or last name (case-insensitive). */
  search?: string;
}

export interface AdminUsersPage {
  items: AdminUser[];
  total: number;
  page: number;
  pageSize: number;
}

export interface AdminSecurityEvent {
  id: string;
  eventType: string;
  severity: SecuritySeverity;
  userEmail: string | null;
  ipAddress: string | null;
  details: Record<string, unknown> | null;
  createdAt: string;
  resolved: boolean;
}

export interface AdminSecurityEventsMessage {
  range: AdminRange;
  now?: string;
  page: number;
  pageSize: number;
  severity?: SecuritySeverity;
  eventType?: string;
  resolved?: boolean;
}

export interface AdminSecurity {
  range: AdminRange;
  from: string;
  to: string;
  totalEvents: number;
  criticalEvents: number;
  failedLogins: number;
  lockouts: number;
  rateLimitHits: number;
  rejectedLtiLaunches: number;
  unresolved: number;
  events: AdminSecurityEvent[];
  total: number;
  page: number;
  pageSize: number;
}

export interface ResolveSecurityEventMessage {
  id: string;
  resolved: boolean;
  actorUserId: number;
}

export interface AdminQuickAccess {
  totalUsers: number;
  trialUsers: number;
  paidUsers: number;
  /** The 10 newest users. */
  recentUsers: AdminUser[];
}

export const ADMIN_EXPORT_KINDS = ['users', 'subscriptions', 'costs', 'security-events'] as const;
export type AdminExportKind = (typeof ADMIN_EXPORT_KINDS)[number];

export interface AdminExportRowsMessage {
  kind: AdminExportKind;
  range: AdminRange;
  now?: string;
  /** Keyset cursor from the previous page (null for the first). */
  after: string | null;
  limit: number;
}

export interface AdminExportRows {
  /** Header row, then each row's cells in the same order (raw values; the gateway quotes and neutralises formulas). */
  columns: string[];
  rows: (string | number | boolean | null)[][];
  /** Cursor for the next page; null when this was the last. */
  next: string | null;
}

export interface FixedCost {
  id: string;
  name: string;
  /** hosting or others. */
  category: 'hosting' | 'others';
  monthlyAmount: number;
  currency: 'AUD';
}

export interface FixedCostSettings {
  items: FixedCost[];
  /** AUD per USD used to convert AI usage (provider prices are in USD). */
  usdToAud: number;
  updatedAt: string | null;
}

export interface SaveFixedCostsMessage {
  items: Omit<FixedCost, 'id' | 'currency'>[];
  usdToAud: number;
  actorUserId: number;
}
