import { MigrationInterface, QueryRunner } from 'typeorm';

/** Generation jobs (durable record of each queued job) and the cost events of AI calls. */
export class CreateGenerationSchema1763900000001 implements MigrationInterface {
  name = 'CreateGenerationSchema1763900000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "generation"."cost_events" ("id" BIGSERIAL NOT NULL, "event_id" uuid NOT NULL, "job_id" uuid, "owner_id" integer, "video_id" integer, "provider" character varying(20) NOT NULL, "model" character varying(100) NOT NULL, "operation" character varying(40) NOT NULL, "prompt_tokens" integer NOT NULL DEFAULT '0', "completion_tokens" integer NOT NULL DEFAULT '0', "cost_usd" numeric(12,6) NOT NULL DEFAULT '0', "duration_ms" integer NOT NULL DEFAULT '0', "succeeded" boolean NOT NULL, "error" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_28775cc725285a6878d5c34a0bb" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "cost_events_event_id_key" ON "generation"."cost_events" ("event_id")`);
    await queryRunner.query(`CREATE INDEX "cost_events_job_id_idx" ON "generation"."cost_events" ("job_id")`);
    await queryRunner.query(`CREATE INDEX "cost_events_created_idx" ON "generation"."cost_events" ("created_at")`);
    await queryRunner.query(`CREATE TABLE "generation"."jobs" ("id" uuid NOT NULL, "owner_id" integer NOT NULL, "video_id" integer NOT NULL, "target" jsonb NOT NULL, "state" character varying(20) NOT NULL, "percent" smallint NOT NULL DEFAULT '0', "stage" character varying(120) NOT NULL, "error" text, "attempts" integer NOT NULL DEFAULT '0', "max_attempts" integer NOT NULL, "provider" character varying(20) NOT NULL, "title" character varying(200) NOT NULL, "duration_seconds" integer, "settings" jsonb NOT NULL, "transcript" text NOT NULL, "question_count" integer NOT NULL DEFAULT '0', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "started_at" TIMESTAMP WITH TIME ZONE, "finished_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_cf0a6c42b72fcc7f7c237def345" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "jobs_video_id_idx" ON "generation"."jobs" ("video_id")`);
    await queryRunner.query(`CREATE INDEX "jobs_owner_created_idx" ON "generation"."jobs" ("owner_id", "created_at")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "generation"."jobs_owner_created_idx"`);
    await queryRunner.query(`DROP INDEX "generation"."jobs_video_id_idx"`);
    await queryRunner.query(`DROP TABLE "generation"."jobs"`);
    await queryRunner.query(`DROP INDEX "generation"."cost_events_created_idx"`);
    await queryRunner.query(`DROP INDEX "generation"."cost_events_job_id_idx"`);
    await queryRunner.query(`DROP INDEX "generation"."cost_events_event_id_key"`);
    await queryRunner.query(`DROP TABLE "generation"."cost_events"`);
  }
}
