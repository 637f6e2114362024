import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The admin read models, kept from domain events (see apply/event-applier.ts):
 * - processed_events: every applied event id (idempotency) with its rollup increments;
 * - hourly_rollup: per UTC hour and metric, the sum of the increments (counts, tokens, USD);
 * - users, plan_states (each user's plan/status over time, for revenue), subscription_events,
 *   cost_events, security_events (with resolution), activity (videos, lessons, attempts, exports, grades);
 * - settings (usdToAud) and fixed_costs.
 */
export class CreateMetricsSchema1764900000010 implements MigrationInterface {
  name = 'CreateMetricsSchema1764900000010';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "metrics"."processed_events" ("event_id" uuid NOT NULL, "type" character varying(64) NOT NULL, "producer" character varying(64) NOT NULL, "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL, "applied_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "increments" jsonb NOT NULL DEFAULT '{}', CONSTRAINT "processed_events_pkey" PRIMARY KEY ("event_id"))`);
    await q.query(`CREATE INDEX "processed_events_occurred_idx" ON "metrics"."processed_events" ("occurred_at")`);
    await q.query(`CREATE TABLE "metrics"."hourly_rollup" ("hour" TIMESTAMP WITH TIME ZONE NOT NULL, "metric" character varying(160) NOT NULL, "value" double precision NOT NULL DEFAULT 0, CONSTRAINT "hourly_rollup_pkey" PRIMARY KEY ("hour", "metric"))`);
    await q.query(`CREATE TABLE "metrics"."users" ("id" integer NOT NULL, "registered" boolean NOT NULL DEFAULT false, "username" character varying(40) NOT NULL DEFAULT '', "email" character varying(254) NOT NULL DEFAULT '', "first_name" character varying(80), "last_name" character varying(80), "is_admin" boolean NOT NULL DEFAULT false, "plan" character varying(20) NOT NULL DEFAULT 'trial', "subscription_status" character varying(20) NOT NULL DEFAULT 'trial', "unlimited" boolean NOT NULL DEFAULT false, "state_at" TIMESTAMP WITH TIME ZONE, "via" character varying(12), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "last_login_at" TIMESTAMP WITH TIME ZONE, "videos_created" integer NOT NULL DEFAULT 0, "videos_current" integer NOT NULL DEFAULT 0, "trial_started_at" TIMESTAMP WITH TIME ZONE, "converted_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "metrics_users_pkey" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "metrics_users_created_idx" ON "metrics"."users" ("created_at" DESC, "id" DESC)`);
    // Counts of the admin pages, each from an index only (registered accounts).
    await q.query(`CREATE INDEX "metrics_users_registered_created_idx" ON "metrics"."users" ("created_at") WHERE "registered"`);
    await q.query(`CREATE INDEX "metrics_users_status_idx" ON "metrics"."users" ("subscription_status", "plan") WHERE "registered"`);
    await q.query(`CREATE INDEX "metrics_users_trial_idx" ON "metrics"."users" ("trial_started_at") WHERE "registered" AND "trial_started_at" IS NOT NULL`);
    await q.query(`CREATE INDEX "metrics_users_converted_idx" ON "metrics"."users" ("converted_at") WHERE "registered" AND "trial_started_at" IS NOT NULL AND "converted_at" IS NOT NULL`);
    await q.query(`CREATE INDEX "metrics_users_state_idx" ON "metrics"."users" ("state_at")`);
    // The users search: username, e-mail, first and last name lower-cased in one column (fields apart by \x01, so
    // a search never matches across two of them), with a trigram index where pg_trgm can be had.
    await q.query(
      `ALTER TABLE "metrics"."users" ADD "search_text" text GENERATED ALWAYS AS (lower("username" || chr(1) || "email" || chr(1) || coalesce("first_name", '') || chr(1) || coalesce("last_name", ''))) STORED`,
    );
    await q.query(`DO $$ BEGIN CREATE EXTENSION IF NOT EXISTS pg_trgm; EXCEPTION WHEN OTHERS THEN RAISE NOTICE 'pg_trgm not available: the users search scans'; END $$`);
    await q.query(`DO $$ DECLARE s text; BEGIN
      SELECT extnamespace::regnamespace::text INTO s FROM pg_extension WHERE extname = 'pg_trgm';
      IF s IS NOT NULL THEN
        EXECUTE format('CREATE INDEX "metrics_users_search_idx" ON "metrics"."users" USING gin ("search_text" %s.gin_trgm_ops)', s);
      END IF;
    END $$`);
    await q.query(`CREATE TABLE "metrics"."plan_states" ("event_id" uuid NOT NULL, "user_id" integer NOT NULL, "at" TIMESTAMP WITH TIME ZONE NOT NULL, "plan" character varying(20) NOT NULL, "subscription_status" character varying(20) NOT NULL, "price" numeric(10,2) NOT NULL, "until" TIMESTAMP WITH TIME ZONE, CONSTRAINT "plan_states_pkey" PRIMARY KEY ("event_id"))`);
    await q.query(`CREATE INDEX "plan_states_user_idx" ON "metrics"."plan_states" ("user_id", "at")`);
    await q.query(`CREATE INDEX "plan_states_paid_idx" ON "metrics"."plan_states" ("at") INCLUDE ("until", "price", "plan") WHERE "price" > 0`);
    await q.query(`CREATE INDEX "plan_states_open_idx" ON "metrics"."plan_states" ("at") INCLUDE ("until", "plan", "subscription_status")`);
    await q.query(`CREATE TABLE "metrics"."subscription_events" ("event_id" uuid NOT NULL, "user_id" integer NOT NULL, "user_email" character varying(254) NOT NULL, "event_type" character varying(64) NOT NULL, "from_plan" character varying(20), "to_plan" character varying(20) NOT NULL, "from_status" character varying(20), "to_status" character varying(20) NOT NULL, "amount" numeric(10,2) NOT NULL, "unlimited" boolean NOT NULL, "changed_by" integer, "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "metrics_subscription_events_pkey" PRIMARY KEY ("event_id"))`);
    await q.query(`CREATE INDEX "metrics_subscription_events_time_idx" ON "metrics"."subscription_events" ("occurred_at", "event_id")`);
    await q.query(`CREATE TABLE "metrics"."cost_events" ("event_id" uuid NOT NULL, "service" character varying(20) NOT NULL, "provider" character varying(40) NOT NULL, "model" character varying(100) NOT NULL, "operation" character varying(40) NOT NULL, "prompt_tokens" integer NOT NULL, "completion_tokens" integer NOT NULL, "amount_usd" numeric(14,6) NOT NULL, "succeeded" boolean NOT NULL, "job_id" character varying(64), "owner_id" integer, "video_id" integer, "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "metrics_cost_events_pkey" PRIMARY KEY ("event_id"))`);
    await q.query(`CREATE INDEX "metrics_cost_events_time_idx" ON "metrics"."cost_events" ("occurred_at", "event_id")`);
    await q.query(`CREATE TABLE "metrics"."security_events" ("id" uuid NOT NULL, "event_type" character varying(64) NOT NULL, "severity" character varying(16) NOT NULL, "user_id" integer, "user_email" character varying(254), "ip_address" character varying(64), "details" jsonb, "producer" character varying(64) NOT NULL, "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL, "resolved" boolean NOT NULL DEFAULT false, "resolved_by" integer, "resolved_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "metrics_security_events_pkey" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "metrics_security_events_time_idx" ON "metrics"."security_events" ("occurred_at" DESC, "id" DESC)`);
    await q.query(`CREATE INDEX "metrics_security_events_type_idx" ON "metrics"."security_events" ("event_type", "occurred_at" DESC)`);
    await q.query(`CREATE INDEX "metrics_security_events_severity_idx" ON "metrics"."security_events" ("severity", "occurred_at" DESC)`);
    await q.query(`CREATE INDEX "metrics_security_events_unresolved_idx" ON "metrics"."security_events" ("occurred_at") WHERE NOT "resolved"`);
    await q.query(`CREATE TABLE "metrics"."activity" ("event_id" uuid NOT NULL, "type" character varying(64) NOT NULL, "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL, "video_id" integer, "owner_id" integer, "source" character varying(20), "is_vr" boolean, "question_count" integer, "duration_seconds" double precision, "score" double precision, "max_score" double precision, "detail" character varying(500), CONSTRAINT "metrics_activity_pkey" PRIMARY KEY ("event_id"))`);
    await q.query(`CREATE INDEX "metrics_activity_type_idx" ON "metrics"."activity" ("type", "occurred_at")`);
    await q.query(`CREATE TABLE "metrics"."settings" ("id" smallint NOT NULL DEFAULT 1, "usd_to_aud" numeric(10,4) NOT NULL DEFAULT 1.55, "updated_at" TIMESTAMP WITH TIME ZONE, "updated_by" integer, CONSTRAINT "metrics_settings_pkey" PRIMARY KEY ("id"), CONSTRAINT "metrics_settings_single" CHECK ("id" = 1))`);
    await q.query(`INSERT INTO "metrics"."settings" (id, usd_to_aud) VALUES (1, 1.55) ON CONFLICT (id) DO NOTHING`);
    await q.query(`CREATE TABLE "metrics"."fixed_costs" ("id" uuid NOT NULL, "name" character varying(100) NOT NULL, "category" character varying(10) NOT NULL, "monthly_amount" numeric(12,2) NOT NULL, "position" integer NOT NULL, CONSTRAINT "metrics_fixed_costs_pkey" PRIMARY KEY ("id"), CONSTRAINT "metrics_fixed_costs_category" CHECK ("category" IN ('hosting', 'others')))`);
  }

  public async down(q: QueryRunner): Promise<void> {
    for (const table of ['fixed_costs', 'settings', 'activity', 'security_events', 'cost_events', 'subscription_events', 'plan_states', 'users', 'hourly_rollup', 'processed_events']) {
      await q.query(`DROP TABLE IF EXISTS "metrics"."${table}"`);
    }
  }
}
