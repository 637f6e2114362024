import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 14, lesson results for the teacher: an attempt keeps the learner's optional display name and,
 * when launched from an LMS, the LMS user and course; an answer keeps its first try's response (a
 * second try overwrites `response`), which the most-chosen-wrong-option statistic counts. Answers
 * with one try have it already; for older answers with more tries the first response is unknown.
 * The results page lists a video's attempts newest first.
 */
export class LessonResults1764600000000 implements MigrationInterface {
  name = 'LessonResults1764600000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "library"."attempts" ADD "display_name" character varying(60)`);
    await queryRunner.query(`ALTER TABLE "library"."attempts" ADD "lms_user_name" character varying(200)`);
    await queryRunner.query(`ALTER TABLE "library"."attempts" ADD "lms_course" character varying(200)`);
    await queryRunner.query(`ALTER TABLE "library"."answers" ADD "first_response" jsonb`);
    await queryRunner.query(`UPDATE "library"."answers" SET "first_response" = "response" WHERE "tries" = 1 AND "status" <> 'skipped'`);
    await queryRunner.query(`CREATE INDEX "attempts_video_started_idx" ON "library"."attempts" ("video_id", "started_at") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "library"."attempts_video_started_idx"`);
    await queryRunner.query(`ALTER TABLE "library"."answers" DROP COLUMN "first_response"`);
    await queryRunner.query(`ALTER TABLE "library"."attempts" DROP COLUMN "lms_course"`);
    await queryRunner.query(`ALTER TABLE "library"."attempts" DROP COLUMN "lms_user_name"`);
    await queryRunner.query(`ALTER TABLE "library"."attempts" DROP COLUMN "display_name"`);
  }
}
