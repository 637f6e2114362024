/**
 * Synthetic admin read models for the admin benchmark (tools/bench/admin/bench.ts): `users` accounts
 * (ids from `ID0` + 1, so they never meet real accounts) with plan periods and plan changes, and
 * `events` domain events over 90 days with their hourly rollups, security events and AI costs,
 * written by SQL straight into the `metrics` schema.
 */
const TYPES = ['user.signed-in', 'security.event', 'ai.cost-recorded', 'video.created', 'attempt.completed', 'lesson.generated', 'subscription.changed', 'user.registered'];

export async function seedAdminMetrics(q: (sql: string) => Promise<unknown>, USERS: number, EVENTS: number, ID0: number): Promise<void> {
  const now = `now()`;
  await q(`INSERT INTO metrics.users (id, registered, username, email, first_name, last_name, plan, subscription_status, created_at, last_login_at, videos_created, videos_current, trial_started_at, converted_at, state_at)
    SELECT ${ID0} + i, true, 'user' || i, 'user' || i || '@example.com', 'First' || (i % 997), 'Last' || (i % 991),
      (ARRAY['trial','pro','enterprise'])[1 + i % 3], (ARRAY['trial','active','past_due','canceled','active'])[1 + i % 5],
      ${now} - (i % 365) * interval '1 day' - (i % 1440) * interval '1 minute', ${now} - (i % 30) * interval '1 hour', i % 7, i % 5,
      CASE WHEN i % 5 <> 0 THEN ${now} - (i % 365) * interval '1 day' END, CASE WHEN i % 5 = 1 THEN ${now} - (i % 300) * interval '1 day' END, ${now}
    FROM generate_series(1, ${USERS}) i`);
  await q(`INSERT INTO metrics.plan_states (event_id, user_id, at, plan, subscription_status, price, until)
    SELECT md5('reg' || i)::uuid, ${ID0} + i, ${now} - (i % 365) * interval '1 day' - interval '1 day', 'trial', 'trial', 0, CASE WHEN i % 3 <> 0 THEN ${now} - (i % 200) * interval '1 day' END
    FROM generate_series(1, ${USERS}) i`);
  await q(`INSERT INTO metrics.plan_states (event_id, user_id, at, plan, subscription_status, price)
    SELECT md5('up' || i)::uuid, ${ID0} + i, ${now} - (i % 200) * interval '1 day', CASE WHEN i % 3 = 1 THEN 'pro' ELSE 'enterprise' END, 'active', CASE WHEN i % 3 = 1 THEN 200 ELSE 500 END
    FROM generate_series(1, ${USERS}) i WHERE i % 3 <> 0`);
  await q(`INSERT INTO metrics.subscription_events (event_id, user_id, user_email, event_type, from_plan, to_plan, from_status, to_status, amount, unlimited, occurred_at)
    SELECT md5('up' || i)::uuid, ${ID0} + i, 'user' || i || '@example.com', 'upgraded', 'trial', 'pro', 'trial', 'active', 200, false, ${now} - (i % 200) * interval '1 day'
    FROM generate_series(1, ${USERS}) i WHERE i % 3 <> 0`);
  // 1M events over 90 days, with their rollup increments.
  await q(`INSERT INTO metrics.processed_events (event_id, type, producer, occurred_at, increments)
    SELECT md5('ev' || i)::uuid, t, 'bench', ${now} - (i::float8 / ${EVENTS}) * interval '90 days', jsonb_build_object('events', 1, 'type|' || t, 1)
    FROM (SELECT i, (ARRAY['${TYPES.join("','")}'])[1 + i % ${TYPES.length}] AS t FROM generate_series(1, ${EVENTS}) i) s`);
  await q(`INSERT INTO metrics.hourly_rollup (hour, metric, value)
    SELECT date_trunc('hour', occurred_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', key, sum(value::float8) FROM metrics.processed_events, jsonb_each_text(increments) WHERE producer = 'bench' GROUP BY 1, 2
    ON CONFLICT (hour, metric) DO UPDATE SET value = metrics.hourly_rollup.value + EXCLUDED.value`);
  await q(`INSERT INTO metrics.security_events (id, event_type, severity, user_id, user_email, ip_address, details, producer, occurred_at, resolved)
    SELECT event_id, (ARRAY['login_failed','account_locked','rate_limited','lti_launch_refused'])[1 + (random() * 3)::int], (ARRAY['info','warning','critical'])[1 + (random() * 2)::int],
      NULL, 'user@example.com', '10.0.0.1', NULL, 'bench', occurred_at, random() < 0.5 FROM metrics.processed_events WHERE type = 'security.event' AND producer = 'bench'`);
  await q(`INSERT INTO metrics.cost_events (event_id, service, provider, model, operation, prompt_tokens, completion_tokens, amount_usd, succeeded, occurred_at)
    SELECT event_id, 'openai', 'openai', 'gpt', 'generate-questions', 1000, 500, 0.002, true, occurred_at FROM metrics.processed_events WHERE type = 'ai.cost-recorded' AND producer = 'bench'`);
  await q('VACUUM ANALYZE metrics.users');
  await q('VACUUM ANALYZE metrics.plan_states');
  await q('VACUUM ANALYZE metrics.subscription_events');
  await q('VACUUM ANALYZE metrics.processed_events');
  await q('VACUUM ANALYZE metrics.hourly_rollup');
  await q('VACUUM ANALYZE metrics.security_events');
  await q('VACUUM ANALYZE metrics.cost_events');
}
