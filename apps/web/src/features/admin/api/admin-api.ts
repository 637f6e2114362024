import type {
  AdminAnalytics,
  AdminCosts,
  AdminExportKind,
  AdminQuickAccess,
  AdminRange,
  AdminSecurity,
  AdminSecurityEvent,
  AdminSubscriptions,
  AdminUsersPage,
  FixedCostSettings,
  LtiPlatformView,
  SaveFixedCostsMessage,
  UserView,
} from '@veolearn/contracts/types';
import type { Plan, SubscriptionStatus } from '@veolearn/domain';
import { apiCall } from '../../../lib/session-client';
import { downloadFile } from '../../share/api/share-api';

/** Shapes of the admin API: the contracts' own (types only). */
export type {
  AdminAnalytics,
  AdminCosts,
  AdminExportKind,
  AdminQuickAccess,
  AdminRange,
  AdminSecurity,
  AdminSecurityEvent,
  AdminSeriesPoint,
  AdminSubscriptions,
  AdminUser,
  AdminUsersPage,
  FixedCost,
  FixedCostSettings,
  LtiPlatformView,
  UserView,
} from '@veolearn/contracts/types';

export type SecuritySeverity = AdminSecurityEvent['severity'];

/** The body of PUT /api/admin/settings/costs. */
export type FixedCostsInput = Omit<SaveFixedCostsMessage, 'actorUserId'>;

export interface UsersQuery {
  page: number;
  pageSize: number;
  search?: string;
}

export interface SecurityQuery {
  range: AdminRange;
  page: number;
  pageSize: number;
  severity?: SecuritySeverity;
  eventType?: string;
  resolved?: boolean;
}

export interface SubscriptionChange {
  plan?: Plan;
  subscriptionStatus?: SubscriptionStatus;
  hasUnlimitedAccess?: boolean;
}

/** A query string of the defined values only. */
function query(params: Record<string, string | number | boolean | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function fetchAdminAnalytics(range: AdminRange): Promise<AdminAnalytics> {
  return apiCall<AdminAnalytics>('GET', `/api/admin/analytics${query({ range })}`);
}

export function fetchAdminCosts(range: AdminRange): Promise<AdminCosts> {
  return apiCall<AdminCosts>('GET', `/api/admin/costs${query({ range })}`);
}

export function fetchAdminSubscriptions(range: AdminRange): Promise<AdminSubscriptions> {
  return apiCall<AdminSubscriptions>('GET', `/api/admin/subscriptions${query({ range })}`);
}

export function fetchAdminUsers({ page, pageSize, search }: UsersQuery): Promise<AdminUsersPage> {
  return apiCall<AdminUsersPage>('GET', `/api/admin/users${query({ page, pageSize, search: search?.trim() })}`);
}

export function fetchSecurityEvents(q: SecurityQuery): Promise<AdminSecurity> {
  return apiCall<AdminSecurity>('GET', `/api/admin/security-events${query({ ...q })}`);
}

export function resolveSecurityEvent(id: string, resolved: boolean): Promise<AdminSecurityEvent> {
  return apiCall<AdminSecurityEvent>('PUT', `/api/admin/security-events/${encodeURIComponent(id)}`, { resolved });
}

export function fetchQuickAccess(): Promise<AdminQuickAccess> {
  return apiCall<AdminQuickAccess>('GET', '/api/admin/quick-access');
}

export function fetchFixedCosts(): Promise<FixedCostSettings> {
  return apiCall<FixedCostSettings>('GET', '/api/admin/settings/costs');
}

export function saveFixedCosts(body: FixedCostsInput): Promise<FixedCostSettings> {
  return apiCall<FixedCostSettings>('PUT', '/api/admin/settings/costs', body);
}

export function setUserSubscription(userId: number, change: SubscriptionChange): Promise<UserView> {
  return apiCall<UserView>('PUT', `/api/admin/users/${userId}/subscription`, change);
}

export function fetchLtiPlatforms(): Promise<LtiPlatformView[]> {
  return apiCall<LtiPlatformView[]>('GET', '/api/admin/lti/platforms');
}

/** The name a CSV gets when the server names none: the product, the kind and today's date. */
export function exportFallbackName(kind: AdminExportKind, today = new Date()): string {
  return `veolearn-${kind}-${today.toISOString().slice(0, 10)}.csv`;
}

/** Downloads an admin CSV export under the server's file name; answers that name. */
export function downloadAdminExport(kind: AdminExportKind, range: AdminRange): Promise<string> {
  return downloadFile(`/api/admin/export/${kind}${query({ timeRange: range })}`, exportFallbackName(kind));
}
