import { MigrationInterface, QueryRunner } from 'typeorm';

/** Notes on a job's question set for the creator (a type without material, fewer questions than asked). */
export class JobNotes1764000000001 implements MigrationInterface {
  name = 'JobNotes1764000000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "generation"."jobs" ADD "notes" jsonb NOT NULL DEFAULT '[]'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "generation"."jobs" DROP COLUMN "notes"`);
  }
}
