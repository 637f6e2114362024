// @ts-check
'use strict';
/**
 * The baseline of the library benchmark: one Fastify process doing the same Postgres reads as the
 * two library paths through the gateway and the video-service, with no hop and no session check.
 *
 * Mirrors apps/video-service/src/app/library.service.ts (listVideos, playback) and the row mapping
 * of apps/video-service/src/app/library-views.ts; keep them in step:
 *   GET /videos?folder=<id>&page=&pageSize=  -> folder ownership check, the page (with question
 *                                               counts in one grouped query) and the total, in parallel
 *   GET /play/:id                            -> one statement: the video and its learner-view questions
 * The owner is fixed by OWNER_ID (the gateway path learns it from the session instead).
 *
 * Env: DATABASE_URL, OWNER_ID, PORT (0 = any free port). Prints `{"port":N}` when it listens.
 */
const Fastify = require('fastify');
const { Pool } = require('pg');

function required(name) {
  const value = process.env[name];
  if (!value) throw new Error(`bare-server: ${name} is not set`);
  return value;
}

const OWNER_ID = Number(required('OWNER_ID'));
// Same pool size as the video-service's TypeORM data source (libs/persistence: max 10).
const pool = new Pool({ connectionString: required('DATABASE_URL'), max: 10, application_name: 'veolearn-bench-bare' });

const VIDEO_COLUMNS = `v.id, v.title, v.type, v.duration, v.status, v.url, v.youtube_id, v.filename, v.thumbnail_url, v.created_at, v.updated_at, v.folder_id, v.skipping_mode, v.require_correct, v.gamification, (v.captions_vtt IS NOT NULL) AS has_captions, (v.storage_key IS NOT NULL) AS has_media, (v.poster_key IS NOT NULL) AS has_poster, v.published_at`;

const iso = (value) => (value instanceof Date ? value : new Date(value)).toISOString();

function toVideoView(row) {
  return {
    id: row.id,
    title: row.title,
    type: row.type,
    duration: row.duration,
    status: row.status,
    url: row.url,
    youtubeId: row.youtube_id,
    filename: row.filename,
    thumbnailUrl: row.thumbnail_url,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    folder: row.folder_id,
    questionCount: Number(row.question_count ?? 0),
    skippingMode: row.skipping_mode,
    requireCorrect: row.require_correct,
    gamification: row.gamification !== false,
    hasCaptions: row.has_captions,
    mediaUrl: row.has_media ? `/api/media/${row.id}` : null,
    posterUrl: row.has_poster ? `/api/media/${row.id}/poster` : null,
    published: row.published_at !== null,
    publishedAt: row.published_at === null ? null : iso(row.published_at),
  };
}

const ID = /^[1-9][0-9]{0,9}$/;

const app = Fastify({ logger: false });

app.get('/videos', async (request, reply) => {
  const query = /** @type {Record<string, string | undefined>} */ (request.query);
  const folderId = Number(query.folder);
  const page = Math.max(1, Number(query.page ?? 1));
  const pageSize = Math.min(1000, Math.max(1, Number(query.pageSize ?? 100)));
  if (!ID.test(String(query.folder))) return reply.code(400).send({ statusCode: 400, message: 'folder must be a folder id', error: 'Bad Request' });
  const where = 'v.owner_id = $1 AND v.folder_id = $2';
  const params = [OWNER_ID, folderId];
  const [found, rows, total] = await Promise.all([
    pool.query('SELECT 1 FROM library.folders WHERE id = $1 AND owner_id = $2', [folderId, OWNER_ID]),
    pool.query(
      `WITH page AS (
         SELECT ${VIDEO_COLUMNS} FROM library.videos v WHERE ${where}
         ORDER BY v.created_at DESC, v.id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}
       ), counts AS (
         SELECT i.video_id, count(*)::int AS n FROM library.interactions i WHERE i.video_id IN (SELECT id FROM page) GROUP BY i.video_id
       )
       SELECT page.*, COALESCE(counts.n, 0) AS question_count
       FROM page LEFT JOIN counts ON counts.video_id = page.id
       ORDER BY page.created_at DESC, page.id DESC`,
      params,
    ),
    pool.query(`SELECT count(*)::int AS n FROM library.videos v WHERE ${where}`, params),
  ]);
  if (found.rowCount === 0) return reply.code(404).send({ statusCode: 404, message: 'Folder not found', error: 'Not Found' });
  return { items: rows.rows.map(toVideoView), total: total.rows[0]?.n ?? 0, page, pageSize };
});

app.get('/play/:id', async (request, reply) => {
  const { id } = /** @type {{ id: string }} */ (request.params);
  if (!ID.test(id)) return reply.code(400).send({ statusCode: 400, message: 'Video id must be a positive whole number', error: 'Bad Request' });
  const { rows } = await pool.query(
    `SELECT json_build_object(
              'id', v.id, 'title', v.title, 'type', v.type, 'duration', v.duration, 'status', v.status,
              'url', v.url, 'youtubeId', v.youtube_id, 'thumbnailUrl', v.thumbnail_url,
              'skippingMode', v.skipping_mode, 'requireCorrect', v.require_correct, 'gamification', v.gamification,
              'hasCaptions', v.captions_vtt IS NOT NULL) AS video,
            v.storage_key IS NOT NULL AS has_media, v.poster_key IS NOT NULL AS has_poster, v.published_at,
            COALESCE((
              SELECT json_agg(jsonb_build_object(
                       'id', i.id, 'type', i.type, 'question', i.question, 'options', i.options,
                       'timestamp', i.timestamp, 'topicTitle', i.topic_title, 'topicStartTime', i.topic_start_time)
                       || CASE WHEN i.type = 'scenario' THEN jsonb_build_object('scenario', COALESCE(i.scenario, '')) ELSE '{}'::jsonb END
                     ORDER BY i.timestamp, i.position, i.id)
              FROM library.interactions i WHERE i.video_id = v.id), '[]'::json) AS questions
     FROM library.videos v WHERE v.id = $1`,
    [Number(id)],
  );
  // A signed-out learner sees a shared (published) lesson only.
  if (!rows[0] || rows[0].published_at === null) return reply.code(404).send({ statusCode: 404, message: 'Video not found', error: 'Not Found' });
  const { video, has_media: hasMedia, has_poster: hasPoster, published_at: publishedAt, questions } = rows[0];
  return {
    video: {
      ...video,
      mediaUrl: hasMedia ? `/api/media/${video.id}` : null,
      posterUrl: hasPoster ? `/api/media/${video.id}/poster` : null,
      captionsUrl: `/api/videos/${video.id}/captions.vtt`,
      published: publishedAt !== null,
    },
    questions,
    viewerIsOwner: false,
  };
});

app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) }).then(
  () => {
    const address = app.server.address();
    process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
  },
  (error) => {
    console.error(error);
    process.exit(1);
  },
);

async function shutdown() {
  await app.close().catch(() => undefined);
  await pool.end().catch(() => undefined);
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
