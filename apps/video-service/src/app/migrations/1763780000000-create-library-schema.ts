import { MigrationInterface, QueryRunner } from 'typeorm';

/** Folders, videos, their questions, and learners' attempts and answers of the library schema. */
export class CreateLibrarySchema1763780000000 implements MigrationInterface {
  name = 'CreateLibrarySchema1763780000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "library"."answers" ("id" BIGSERIAL NOT NULL, "attempt_id" uuid NOT NULL, "interaction_id" integer NOT NULL, "response" jsonb NOT NULL, "correct" boolean NOT NULL, "time_taken_ms" integer, "answered_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_9c32cec6c71e06da0254f2226c6" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "answers_attempt_id_idx" ON "library"."answers" ("attempt_id") `);
    await queryRunner.query(`CREATE INDEX "answers_interaction_id_idx" ON "library"."answers" ("interaction_id") `);
    await queryRunner.query(`CREATE TABLE "library"."attempts" ("id" uuid NOT NULL, "video_id" integer NOT NULL, "learner_id" character varying(100) NOT NULL, "user_id" integer, "status" character varying(20) NOT NULL, "started_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "completed_at" TIMESTAMP WITH TIME ZONE, "last_position" real NOT NULL DEFAULT '0', "watch_time_seconds" integer NOT NULL DEFAULT '0', "score" real, "correct_count" integer NOT NULL DEFAULT '0', "answered_count" integer NOT NULL DEFAULT '0', CONSTRAINT "PK_295ca261e361fd2fd217754dcac" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "attempts_video_id_idx" ON "library"."attempts" ("video_id") `);
    await queryRunner.query(`CREATE TABLE "library"."folders" ("id" SERIAL NOT NULL, "owner_id" integer NOT NULL, "name" character varying(100) NOT NULL, "parent_id" integer, "color" character varying(7) NOT NULL DEFAULT '#3B82F6', "icon" character varying(40) NOT NULL DEFAULT 'folder', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_8578bd31b0e7f6d6c2480dbbca8" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "folders_owner_parent_idx" ON "library"."folders" ("owner_id", "parent_id") `);
    await queryRunner.query(`CREATE TABLE "library"."interactions" ("id" SERIAL NOT NULL, "video_id" integer NOT NULL, "type" character varying(32) NOT NULL, "question" text NOT NULL, "options" jsonb NOT NULL, "correct_answer" jsonb NOT NULL, "timestamp" real NOT NULL, "topic_title" character varying(200), "topic_start_time" real, "feedback" jsonb, "position" integer NOT NULL DEFAULT '0', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_911b7416a6671b4148b18c18ecb" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "interactions_video_id_idx" ON "library"."interactions" ("video_id") `);
    await queryRunner.query(`CREATE TABLE "library"."videos" ("id" SERIAL NOT NULL, "owner_id" integer NOT NULL, "folder_id" integer, "title" character varying(200) NOT NULL, "type" character varying(20) NOT NULL, "duration" integer, "status" character varying(20) NOT NULL DEFAULT 'ready', "url" text NOT NULL, "youtube_id" character varying(11), "filename" character varying(255), "thumbnail_url" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_e4c86c0cf95aff16e9fb8220f6b" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "videos_owner_created_idx" ON "library"."videos" ("owner_id", "created_at") `);
    await queryRunner.query(`CREATE INDEX "videos_owner_folder_idx" ON "library"."videos" ("owner_id", "folder_id") `);
    await queryRunner.query(`ALTER TABLE "library"."folders" ADD CONSTRAINT "folders_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "library"."folders"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "library"."folders" DROP CONSTRAINT "folders_parent_id_fkey"`);
    await queryRunner.query(`DROP INDEX "library"."videos_owner_folder_idx"`);
    await queryRunner.query(`DROP INDEX "library"."videos_owner_created_idx"`);
    await queryRunner.query(`DROP TABLE "library"."videos"`);
    await queryRunner.query(`DROP INDEX "library"."interactions_video_id_idx"`);
    await queryRunner.query(`DROP TABLE "library"."interactions"`);
    await queryRunner.query(`DROP INDEX "library"."folders_owner_parent_idx"`);
    await queryRunner.query(`DROP TABLE "library"."folders"`);
    await queryRunner.query(`DROP INDEX "library"."attempts_video_id_idx"`);
    await queryRunner.query(`DROP TABLE "library"."attempts"`);
    await queryRunner.query(`DROP INDEX "library"."answers_interaction_id_idx"`);
    await queryRunner.query(`DROP INDEX "library"."answers_attempt_id_idx"`);
    await queryRunner.query(`DROP TABLE "library"."answers"`);
  }
}
