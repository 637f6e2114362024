import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Whether Google confirmed the account's e-mail in a Google sign-in. Until it has, the first Google
 * sign-in that links the account by e-mail clears its password and ends its sessions (account
 * pre-hijacking). Accounts with a Google id and no password can only have been used through Google.
 */
export class AddUsersEmailVerified1763790000000 implements MigrationInterface {
  name = 'AddUsersEmailVerified1763790000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "auth"."users" ADD "email_verified" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`UPDATE "auth"."users" SET "email_verified" = true WHERE "google_id" IS NOT NULL AND "password_hash" IS NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "auth"."users" DROP COLUMN "email_verified"`);
  }
}
