import { MigrationInterface, QueryRunner } from 'typeorm';

/** Scenario texts on questions, and the generation job whose question set a video holds. */
export class InteractionsGeneration1763900000000 implements MigrationInterface {
  name = 'InteractionsGeneration1763900000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "library"."interactions" ADD "scenario" text`);
    await queryRunner.query(`ALTER TABLE "library"."videos" ADD "generation_job_id" uuid`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "library"."videos" DROP COLUMN "generation_job_id"`);
    await queryRunner.query(`ALTER TABLE "library"."interactions" DROP COLUMN "scenario"`);
  }
}
