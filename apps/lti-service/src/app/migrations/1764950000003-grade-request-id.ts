import { MigrationInterface, QueryRunner } from 'typeorm';

/** The request id that submitted a grade: its delivery, retried or swept into the queue again later, logs under that id. */
export class GradeRequestId1764950000003 implements MigrationInterface {
  name = 'GradeRequestId1764950000003';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "lti"."grades" ADD "request_id" character varying(64)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "lti"."grades" DROP COLUMN "request_id"`);
  }
}
