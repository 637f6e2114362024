/** Client token under which the gateway injects the admin-metrics-service proxy. */
export const ADMIN_METRICS_SERVICE = 'ADMIN_METRICS_SERVICE';
/** NATS queue group shared by every admin-metrics-service replica. */
export const ADMIN_METRICS_QUEUE_GROUP = 'admin-metrics-service';

/** Every pattern is admin-only: the gateway's AdminGuard has checked the caller. */
export const AdminMetricsPatterns = {
  analytics: 'admin-metrics.analytics',
  costs: 'admin-metrics.costs',
  subscriptions: 'admin-metrics.subscriptions',
  users: 'admin-metrics.users',
  securityEvents: 'admin-metrics.security-events',
  resolveSecurityEvent: 'admin-metrics.resolve-security-event',
  quickAccess: 'admin-metrics.quick-access',
  /** One page of rows for a CSV export, keyset-paged by `after` so the gateway streams without loading everything. */
  exportRows: 'admin-metrics.export-rows',
  fixedCosts: 'admin-metrics.fixed-costs',
  saveFixedCosts: 'admin-metrics.save-fixed-costs',
  health: 'admin-metrics.health',
  ping: 'admin-metrics.ping',
} as const;
