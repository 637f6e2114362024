import type { AdminRange, SecurityQuery, UsersQuery } from './api/admin-api';

/** Query keys of the admin feature. Every admin view sits under `all`, so Refresh re-reads them together. */
export const adminKeys = {
  all: ['admin'] as const,
  analytics: (range: AdminRange) => ['admin', 'analytics', range] as const,
  /** Every range's costs (fixed costs changed). */
  allCosts: () => ['admin', 'costs'] as const,
  costs: (range: AdminRange) => ['admin', 'costs', range] as const,
  subscriptions: (range: AdminRange) => ['admin', 'subscriptions', range] as const,
  users: (q: UsersQuery) => ['admin', 'users', q] as const,
  /** Every page and filter of security events (one was resolved). */
  allSecurity: () => ['admin', 'security'] as const,
  security: (q: SecurityQuery) => ['admin', 'security', q] as const,
  quickAccess: () => ['admin', 'quick-access'] as const,
  fixedCosts: () => ['admin', 'settings', 'costs'] as const,
  ltiPlatforms: () => ['admin', 'lti', 'platforms'] as const,
};
