import { historicalEventId, outboxMigration } from '@veolearn/outbox';

/**
 * library.outbox, seeded (unsent) with the history already in library: every video there now
 * (video.created; deleted ones are gone and cannot be told) and every completed attempt
 * (attempt.completed). Ids are md5 of table and row id, so seeding twice never duplicates.
 */
export const LibraryOutbox1764900000000 = outboxMigration('LibraryOutbox1764900000000', 'library', 'video-service', [
  `SELECT ${historicalEventId(`'library.videos:' || v.id`)} AS id, 'video.created' AS type, v.created_at AS occurred_at,
          jsonb_build_object('videoId', v.id, 'ownerId', v.owner_id, 'source', CASE WHEN v.type = 'upload' THEN 'upload' ELSE 'youtube' END, 'isVr', false) AS payload
     FROM library.videos v`,
  `SELECT ${historicalEventId(`'library.attempts:' || a.id`)} AS id, 'attempt.completed' AS type, a.completed_at AS occurred_at,
          jsonb_build_object('attemptId', a.id, 'videoId', a.video_id,
            'learnerKey', CASE WHEN a.user_id IS NOT NULL THEN 'user:' || a.user_id ELSE 'anon:' || a.learner_id END,
            'score', COALESCE(a.score, 0)::float8, 'maxScore', 100,
            'questionCount', (SELECT count(*)::int FROM library.interactions i WHERE i.video_id = a.video_id),
            'durationSeconds', GREATEST(0, floor(extract(epoch FROM (a.completed_at - a.started_at))))::int) AS payload
     FROM library.attempts a WHERE a.status = 'completed' AND a.completed_at IS NOT NULL`,
]);
