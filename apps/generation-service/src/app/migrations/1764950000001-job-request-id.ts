import { MigrationInterface, QueryRunner } from 'typeorm';

/** The request id that started a job, so a job queued again after Redis lost it still logs under that id. */
export class JobRequestId1764950000001 implements MigrationInterface {
  name = 'JobRequestId1764950000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "generation"."jobs" ADD "request_id" character varying(64)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "generation"."jobs" DROP COLUMN "request_id"`);
  }
}
