import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sign-in lockout per (account, client): `login_client_throttles` counts failures in a row per e-mail
 * and client address, and `login_throttles` becomes the account-wide backstop, counted within a
 * window of LOCKOUT_MINUTES. Existing rows keep their count and any lock running (it ends within
 * LOCKOUT_MINUTES); their window starts at their last failure.
 */
export class LoginThrottlesPerClient1763800000000 implements MigrationInterface {
  name = 'LoginThrottlesPerClient1763800000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "auth"."login_client_throttles" ("email_lower" character varying(254) NOT NULL, "client_key" character varying(64) NOT NULL, "failures" integer NOT NULL DEFAULT '0', "locked_until" TIMESTAMP WITH TIME ZONE, "last_failure_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_4ba9e8988df798f7d24247f40a6" PRIMARY KEY ("email_lower", "client_key"))`);
    await queryRunner.query(`ALTER TABLE "auth"."login_throttles" ADD "window_started_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`UPDATE "auth"."login_throttles" SET "window_started_at" = COALESCE("last_failure_at", now())`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "auth"."login_throttles" DROP COLUMN "window_started_at"`);
    await queryRunner.query(`DROP TABLE "auth"."login_client_throttles"`);
  }
}
