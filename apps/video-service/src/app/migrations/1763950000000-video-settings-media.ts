import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 6: a video's skipping mode and "require correct" setting, its uploaded media and captions,
 * and what learners' attempts need for server-side grading, retries, skipping and resume.
 */
export class VideoSettingsMedia1763950000000 implements MigrationInterface {
  name = 'VideoSettingsMedia1763950000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "library"."videos" ADD "skipping_mode" character varying(20) NOT NULL DEFAULT 'free'`);
    await queryRunner.query(`ALTER TABLE "library"."videos" ADD "require_correct" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "library"."videos" ADD "captions_vtt" text`);
    await queryRunner.query(`ALTER TABLE "library"."videos" ADD "storage_key" character varying(255)`);
    await queryRunner.query(`ALTER TABLE "library"."videos" ADD "mime_type" character varying(100)`);
    await queryRunner.query(`ALTER TABLE "library"."videos" ADD "size_bytes" bigint`);

    await queryRunner.query(`ALTER TABLE "library"."attempts" ADD "skipped_count" integer NOT NULL DEFAULT '0'`);
    await queryRunner.query(`ALTER TABLE "library"."attempts" ADD "last_progress_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`CREATE INDEX "attempts_video_learner_idx" ON "library"."attempts" ("video_id", "learner_id") `);

    await queryRunner.query(`ALTER TABLE "library"."answers" ADD "status" character varying(20) NOT NULL DEFAULT 'incorrect'`);
    await queryRunner.query(`ALTER TABLE "library"."answers" ADD "credit" real NOT NULL DEFAULT '0'`);
    await queryRunner.query(`ALTER TABLE "library"."answers" ADD "tries" integer NOT NULL DEFAULT '1'`);
    await queryRunner.query(`UPDATE "library"."answers" SET "status" = 'correct', "credit" = 1 WHERE "correct"`);
    // One answer per question and attempt: keep the earliest of any duplicates before the key exists.
    await queryRunner.query(
      `DELETE FROM "library"."answers" a USING "library"."answers" b WHERE a."attempt_id" = b."attempt_id" AND a."interaction_id" = b."interaction_id" AND a."id" > b."id"`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "answers_attempt_interaction_key" ON "library"."answers" ("attempt_id", "interaction_id") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "library"."answers_attempt_interaction_key"`);
    await queryRunner.query(`ALTER TABLE "library"."answers" DROP COLUMN "tries"`);
    await queryRunner.query(`ALTER TABLE "library"."answers" DROP COLUMN "credit"`);
    await queryRunner.query(`ALTER TABLE "library"."answers" DROP COLUMN "status"`);
    await queryRunner.query(`DROP INDEX "library"."attempts_video_learner_idx"`);
    await queryRunner.query(`ALTER TABLE "library"."attempts" DROP COLUMN "last_progress_at"`);
    await queryRunner.query(`ALTER TABLE "library"."attempts" DROP COLUMN "skipped_count"`);
    await queryRunner.query(`ALTER TABLE "library"."videos" DROP COLUMN "size_bytes"`);
    await queryRunner.query(`ALTER TABLE "library"."videos" DROP COLUMN "mime_type"`);
    await queryRunner.query(`ALTER TABLE "library"."videos" DROP COLUMN "storage_key"`);
    await queryRunner.query(`ALTER TABLE "library"."videos" DROP COLUMN "captions_vtt"`);
    await queryRunner.query(`ALTER TABLE "library"."videos" DROP COLUMN "require_correct"`);
    await queryRunner.query(`ALTER TABLE "library"."videos" DROP COLUMN "skipping_mode"`);
  }
}
