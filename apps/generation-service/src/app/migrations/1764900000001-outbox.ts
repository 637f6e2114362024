import { historicalEventId, outboxMigration } from '@veolearn/outbox';

/**
 * generation.outbox, seeded (unsent) with the history already in generation: billed AI calls
 * (cost_events of providers other than the free built-in one: ai.cost-recorded) and completed jobs
 * (lesson.generated). Ids are md5 of table and row id, so seeding twice never duplicates.
 */
export const GenerationOutbox1764900000001 = outboxMigration('GenerationOutbox1764900000001', 'generation', 'generation-service', [
  `SELECT ${historicalEventId(`'generation.cost_events:' || c.event_id`)} AS id, 'ai.cost-recorded' AS type, c.created_at AS occurred_at,
          jsonb_build_object('service', CASE WHEN c.provider = 'openai' THEN 'openai' ELSE 'others' END, 'provider', c.provider, 'model', c.model,
            'operation', c.operation, 'promptTokens', c.prompt_tokens, 'completionTokens', c.completion_tokens, 'amountUsd', c.cost_usd::float8,
            'jobId', c.job_id, 'ownerId', c.owner_id, 'videoId', c.video_id, 'succeeded', c.succeeded) AS payload
     FROM generation.cost_events c WHERE c.provider <> 'builtin' OR c.cost_usd > 0`,
  `SELECT ${historicalEventId(`'generation.jobs:' || j.id`)} AS id, 'lesson.generated' AS type, COALESCE(j.finished_at, j.updated_at) AS occurred_at,
          jsonb_build_object('jobId', j.id, 'videoId', j.video_id, 'ownerId', j.owner_id, 'questionCount', j.question_count, 'provider', j.provider,
            'durationMs', COALESCE(floor(extract(epoch FROM (j.finished_at - j.started_at)) * 1000), 0)::bigint) AS payload
     FROM generation.jobs j WHERE j.state = 'completed'`,
]);
