import { MigrationInterface, QueryRunner } from 'typeorm';

/** The platform's postMessage storage frame (lti_storage_target) a login named, when it offered one. */
export class LoginStateStorageTarget1764300000002 implements MigrationInterface {
  name = 'LoginStateStorageTarget1764300000002';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "lti"."login_states" ADD "storage_target" character varying(200)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "lti"."login_states" DROP COLUMN "storage_target"`);
  }
}
