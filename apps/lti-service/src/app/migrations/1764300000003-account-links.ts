import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An LTI identity (a platform registration's user: issuer + sub, the row of `lti.users`) linked to
 * a VeoLearn account, so that the instructor's later launches of that account's lessons sign them in.
 * One account per LTI identity; the account id is the auth schema's user id (no foreign key across schemas).
 */
export class AccountLinks1764300000003 implements MigrationInterface {
  name = 'AccountLinks1764300000003';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "lti"."account_links" ("id" uuid NOT NULL, "lti_user_id" uuid NOT NULL REFERENCES "lti"."users"("id") ON DELETE CASCADE, "platform_id" uuid NOT NULL REFERENCES "lti"."platforms"("id") ON DELETE CASCADE, "user_id" integer NOT NULL, "linked_via" character varying(12) NOT NULL, "linked_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "account_links_pkey" PRIMARY KEY ("id"), CONSTRAINT "account_links_lti_user" UNIQUE ("lti_user_id"))`,
    );
    await queryRunner.query(`CREATE INDEX "account_links_user" ON "lti"."account_links" ("user_id")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "lti"."account_links"`);
  }
}
