import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 14: a wrong first try no longer shows the correct answer. It stays hidden until the learner
 * continues or makes a second try, so each answer records whether it was shown. Answers given before
 * this change were shown at once, so they start revealed.
 */
export class AnswerRevealed1764400000000 implements MigrationInterface {
  name = 'AnswerRevealed1764400000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "library"."answers" ADD "revealed" boolean NOT NULL DEFAULT true`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "library"."answers" DROP COLUMN "revealed"`);
  }
}
