import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The LTI tool: its signing keys, platform registrations, login states (state + nonce bound to a
 * browser, single use), launches, LTI users, grades waiting for or delivered to the LMS, and the
 * security events of refused launches.
 */
export class CreateLtiSchema1764300000001 implements MigrationInterface {
  name = 'CreateLtiSchema1764300000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "lti"."tool_keys" ("kid" character varying(64) NOT NULL, "state" character varying(10) NOT NULL, "public_jwk" jsonb NOT NULL, "private_jwk" jsonb NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "rotated_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "tool_keys_pkey" PRIMARY KEY ("kid"), CONSTRAINT "tool_keys_state_check" CHECK ("state" IN ('current', 'previous', 'retired')))`);
    // At most one current key, so replicas starting together cannot both create one.
    await queryRunner.query(`CREATE UNIQUE INDEX "tool_keys_one_current" ON "lti"."tool_keys" ("state") WHERE "state" = 'current'`);
    await queryRunner.query(`CREATE TABLE "lti"."platforms" ("id" uuid NOT NULL, "name" character varying(200) NOT NULL, "issuer" character varying(500) NOT NULL, "client_id" character varying(255) NOT NULL, "deployment_ids" text[] NOT NULL, "auth_login_url" character varying(1000) NOT NULL, "auth_token_url" character varying(1000) NOT NULL, "keyset_url" character varying(1000) NOT NULL, "token_audience" character varying(1000), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "platforms_pkey" PRIMARY KEY ("id"), CONSTRAINT "platforms_issuer_client" UNIQUE ("issuer", "client_id"))`);
    await queryRunner.query(`CREATE TABLE "lti"."login_states" ("state" character varying(64) NOT NULL, "browser_key_hash" character varying(64) NOT NULL, "nonce" character varying(64) NOT NULL, "platform_id" uuid NOT NULL REFERENCES "lti"."platforms"("id") ON DELETE CASCADE, "target_link_uri" character varying(2000) NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "login_states_pkey" PRIMARY KEY ("state"))`);
    await queryRunner.query(`CREATE INDEX "login_states_expires_idx" ON "lti"."login_states" ("expires_at")`);
    await queryRunner.query(`CREATE TABLE "lti"."users" ("id" uuid NOT NULL, "platform_id" uuid NOT NULL REFERENCES "lti"."platforms"("id") ON DELETE CASCADE, "sub" character varying(255) NOT NULL, "name" character varying(300), "email" character varying(320), "roles" text[] NOT NULL DEFAULT '{}', "role" character varying(12) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "last_launch_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "users_pkey" PRIMARY KEY ("id"), CONSTRAINT "users_platform_sub" UNIQUE ("platform_id", "sub"))`);
    await queryRunner.query(`CREATE TABLE "lti"."launches" ("id" uuid NOT NULL, "token_hash" character varying(64) NOT NULL, "platform_id" uuid NOT NULL REFERENCES "lti"."platforms"("id") ON DELETE CASCADE, "user_id" uuid NOT NULL REFERENCES "lti"."users"("id") ON DELETE CASCADE, "deployment_id" character varying(255) NOT NULL, "message_type" character varying(40) NOT NULL, "role" character varying(12) NOT NULL, "video_id" integer, "resource_link_id" character varying(255), "context_id" character varying(255), "context_title" character varying(500), "lineitem" character varying(2000), "ags_scopes" text[] NOT NULL DEFAULT '{}', "deep_link_return_url" character varying(2000), "deep_link_data" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "launches_pkey" PRIMARY KEY ("id"), CONSTRAINT "launches_token_hash" UNIQUE ("token_hash"))`);
    await queryRunner.query(`CREATE TABLE "lti"."grades" ("id" uuid NOT NULL, "seq" bigint GENERATED ALWAYS AS IDENTITY, "launch_id" uuid NOT NULL REFERENCES "lti"."launches"("id") ON DELETE CASCADE, "platform_id" uuid NOT NULL REFERENCES "lti"."platforms"("id") ON DELETE CASCADE, "channel" character varying(64) NOT NULL, "video_id" integer NOT NULL, "sub" character varying(255) NOT NULL, "lineitem" character varying(2000), "input" jsonb NOT NULL, "score" jsonb NOT NULL, "state" character varying(10) NOT NULL, "attempts" integer NOT NULL DEFAULT 0, "last_error" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "sent_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "grades_pkey" PRIMARY KEY ("id"), CONSTRAINT "grades_state_check" CHECK ("state" IN ('pending', 'sent', 'failed', 'not_sent')))`);
    await queryRunner.query(`CREATE INDEX "grades_channel_idx" ON "lti"."grades" ("channel", "seq") WHERE "state" = 'pending'`);
    await queryRunner.query(`CREATE INDEX "grades_state_idx" ON "lti"."grades" ("state", "created_at")`);
    await queryRunner.query(`CREATE TABLE "lti"."security_events" ("id" bigint GENERATED ALWAYS AS IDENTITY, "event_type" character varying(40) NOT NULL, "reason" character varying(60) NOT NULL, "message" text NOT NULL, "platform_id" uuid, "issuer" character varying(500), "ip" character varying(64), "user_agent" character varying(512), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "security_events_pkey" PRIMARY KEY ("id"))`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['security_events', 'grades', 'launches', 'users', 'login_states', 'platforms', 'tool_keys']) {
      await queryRunner.query(`DROP TABLE "lti"."${table}"`);
    }
  }
}
