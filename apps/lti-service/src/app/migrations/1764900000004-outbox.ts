import { historicalEventId, outboxMigration } from '@veolearn/outbox';

/**
 * lti.outbox, seeded (unsent) with the history already in lti: refused logins and launches
 * (security_events: security.event) and delivered or failed grades (grade.sent / grade.failed).
 * Ids are md5 of table and row id, so seeding twice never duplicates.
 */
export const LtiOutbox1764900000004 = outboxMigration('LtiOutbox1764900000004', 'lti', 'lti-service', [
  `SELECT ${historicalEventId(`'lti.security_events:' || e.id`)} AS id, 'security.event' AS type, e.created_at AS occurred_at,
          jsonb_build_object('eventType', e.event_type, 'severity', 'warning', 'userId', NULL, 'userEmail', NULL, 'ipAddress', e.ip,
            'details', jsonb_build_object('reason', e.reason, 'message', e.message, 'platformId', e.platform_id, 'issuer', e.issuer)) AS payload
     FROM lti.security_events e`,
  `SELECT ${historicalEventId(`'lti.grades:' || g.id`)} AS id, CASE WHEN g.state = 'sent' THEN 'grade.sent' ELSE 'grade.failed' END AS type,
          COALESCE(g.sent_at, g.created_at) AS occurred_at,
          jsonb_build_object('videoId', g.video_id, 'issuer', COALESCE((SELECT p.issuer FROM lti.platforms p WHERE p.id = g.platform_id), ''),
            'scoreGiven', COALESCE((g.score->>'scoreGiven')::float8, 0), 'scoreMaximum', COALESCE((g.score->>'scoreMaximum')::float8, 0),
            'error', g.last_error) AS payload
     FROM lti.grades g WHERE g.state IN ('sent', 'failed')`,
]);
