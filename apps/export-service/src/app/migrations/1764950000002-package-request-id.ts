import { MigrationInterface, QueryRunner } from 'typeorm';

/** The request id that asked for a build, so a build queued again after Redis lost it still logs under that id. */
export class PackageRequestId1764950000002 implements MigrationInterface {
  name = 'PackageRequestId1764950000002';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "export"."scorm_packages" ADD "request_id" character varying(64)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "export"."scorm_packages" DROP COLUMN "request_id"`);
  }
}
