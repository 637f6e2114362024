import { historicalEventId, outboxMigration } from '@veolearn/outbox';

/**
 * auth.outbox, seeded (unsent) with the history already in auth: every account (user.registered),
 * subscription_events rows (subscription.changed) and security_events rows (security.event).
 * Ids are md5 of table and row id, so seeding twice never duplicates.
 */
export const AuthOutbox1764900000000 = outboxMigration('AuthOutbox1764900000000', 'auth', 'auth-service', [
  `SELECT ${historicalEventId(`'auth.users:' || u.id`)} AS id, 'user.registered' AS type, u.created_at AS occurred_at,
          jsonb_build_object('userId', u.id, 'username', u.username, 'email', u.email, 'firstName', u.first_name, 'lastName', u.last_name,
            'isAdmin', u.is_admin, 'plan', u.plan, 'subscriptionStatus', u.subscription_status,
            'trialEndsAt', to_char(u.trial_ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
            'via', CASE WHEN u.google_id IS NOT NULL AND u.password_hash IS NULL THEN 'google' ELSE 'password' END) AS payload
     FROM auth.users u`,
  `SELECT ${historicalEventId(`'auth.users.login:' || u.id`)} AS id, 'user.signed-in' AS type, u.last_login_at AS occurred_at,
          jsonb_build_object('userId', u.id, 'via', CASE WHEN u.google_id IS NOT NULL AND u.password_hash IS NULL THEN 'google' ELSE 'password' END) AS payload
     FROM auth.users u WHERE u.last_login_at IS NOT NULL`,
  `SELECT ${historicalEventId(`'auth.subscription_events:' || e.id`)} AS id, 'subscription.changed' AS type, e.created_at AS occurred_at,
          jsonb_build_object('userId', e.user_id, 'userEmail', e.user_email, 'eventType', e.event_type, 'fromPlan', e.from_plan, 'toPlan', e.to_plan,
            'fromStatus', e.from_status, 'toStatus', e.to_status, 'amount', e.amount::float8, 'currency', 'AUD',
            'hasUnlimitedAccess', COALESCE((SELECT u.has_unlimited_access FROM auth.users u WHERE u.id = e.user_id), false), 'changedBy', e.changed_by) AS payload
     FROM auth.subscription_events e`,
  `SELECT ${historicalEventId(`'auth.security_events:' || e.id`)} AS id, 'security.event' AS type, e.created_at AS occurred_at,
          jsonb_build_object('eventType', e.event_type, 'severity', e.severity, 'userId', e.user_id, 'userEmail', e.user_email,
            'ipAddress', e.ip_address, 'details', e.details) AS payload
     FROM auth.security_events e`,
]);
