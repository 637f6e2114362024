import { historicalEventId, outboxMigration } from '@veolearn/outbox';

/**
 * export.outbox, seeded (unsent) with every SCORM package already built (export.made). Ids are md5
 * of table and row id, so seeding twice never duplicates.
 */
export const ExportOutbox1764900000002 = outboxMigration('ExportOutbox1764900000002', 'export', 'export-service', [
  `SELECT ${historicalEventId(`'export.scorm_packages:' || p.id`)} AS id, 'export.made' AS type, COALESCE(p.finished_at, p.updated_at) AS occurred_at,
          jsonb_build_object('exportId', p.id, 'videoId', p.video_id, 'ownerId', p.owner_id, 'format', p.scorm_version) AS payload
     FROM export.scorm_packages p WHERE p.state = 'completed'`,
]);
