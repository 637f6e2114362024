import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 14, gamification for learners: a per-lesson switch (on by default), and per learner (the
 * signed-in user, else the anonymous learner id) the points each right answer earned, the lessons
 * completed (their UTC day makes the day streak) and the achievements held (once each). Stored apart
 * from attempts and answers: none of it is part of a score. No foreign keys: a learner keeps what
 * they earned when a teacher deletes the lesson.
 */
export class Gamification1764800000000 implements MigrationInterface {
  name = 'Gamification1764800000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "library"."videos" ADD "gamification" boolean NOT NULL DEFAULT true`);
    await queryRunner.query(
      `CREATE TABLE "library"."learner_points" ("attempt_id" uuid NOT NULL, "interaction_id" integer NOT NULL, "learner_key" character varying(120) NOT NULL, "video_id" integer NOT NULL, "points" integer NOT NULL, "first_try" boolean NOT NULL, "awarded_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_learner_points" PRIMARY KEY ("attempt_id", "interaction_id"))`,
    );
    await queryRunner.query(`CREATE INDEX "learner_points_learner_idx" ON "library"."learner_points" ("learner_key") `);
    await queryRunner.query(
      `CREATE TABLE "library"."learner_completions" ("attempt_id" uuid NOT NULL, "learner_key" character varying(120) NOT NULL, "video_id" integer NOT NULL, "day" date NOT NULL, "perfect" boolean NOT NULL, "completed_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_learner_completions" PRIMARY KEY ("attempt_id"))`,
    );
    await queryRunner.query(`CREATE INDEX "learner_completions_learner_day_idx" ON "library"."learner_completions" ("learner_key", "day") `);
    await queryRunner.query(
      `CREATE TABLE "library"."learner_achievements" ("learner_key" character varying(120) NOT NULL, "achievement" character varying(40) NOT NULL, "attempt_id" uuid NOT NULL, "video_id" integer NOT NULL, "earned_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_learner_achievements" PRIMARY KEY ("learner_key", "achievement"))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "library"."learner_achievements"`);
    await queryRunner.query(`DROP INDEX "library"."learner_completions_learner_day_idx"`);
    await queryRunner.query(`DROP TABLE "library"."learner_completions"`);
    await queryRunner.query(`DROP INDEX "library"."learner_points_learner_idx"`);
    await queryRunner.query(`DROP TABLE "library"."learner_points"`);
    await queryRunner.query(`ALTER TABLE "library"."videos" DROP COLUMN "gamification"`);
  }
}
