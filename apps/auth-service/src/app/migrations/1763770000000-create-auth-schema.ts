import { MigrationInterface, QueryRunner } from 'typeorm';

/** Users, sessions, sign-in throttles and security events of the auth schema. */
export class CreateAuthSchema1763770000000 implements MigrationInterface {
  name = 'CreateAuthSchema1763770000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "auth"."login_throttles" ("email_lower" character varying(254) NOT NULL, "failures" integer NOT NULL DEFAULT '0', "locked_until" TIMESTAMP WITH TIME ZONE, "last_failure_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_b1203da90cff7123d83b25cb7f8" PRIMARY KEY ("email_lower"))`);
    await queryRunner.query(`CREATE TABLE "auth"."security_events" ("id" BIGSERIAL NOT NULL, "event_type" character varying(64) NOT NULL, "severity" character varying(16) NOT NULL, "user_email" character varying(254), "user_id" integer, "ip_address" character varying(64), "details" jsonb, "resolved" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6fc100d6700780737348df0d3ae" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "security_events_created_at_idx" ON "auth"."security_events" ("created_at") `);
    await queryRunner.query(`CREATE TABLE "auth"."sessions" ("id" uuid NOT NULL, "user_id" integer NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "revoked_at" TIMESTAMP WITH TIME ZONE, "ip" character varying(64), "user_agent" character varying(512), CONSTRAINT "PK_3238ef96f18b355b671619111bc" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "sessions_user_id_idx" ON "auth"."sessions" ("user_id") `);
    await queryRunner.query(`CREATE TABLE "auth"."users" ("id" SERIAL NOT NULL, "username" character varying(40) NOT NULL, "username_lower" character varying(40) NOT NULL, "email" character varying(254) NOT NULL, "email_lower" character varying(254) NOT NULL, "password_hash" text, "google_id" character varying(255), "first_name" character varying(80), "last_name" character varying(80), "subscription_status" character varying(20) NOT NULL DEFAULT 'trial', "plan" character varying(20) NOT NULL DEFAULT 'trial', "trial_ends_at" TIMESTAMP WITH TIME ZONE, "has_unlimited_access" boolean NOT NULL DEFAULT false, "is_admin" boolean NOT NULL DEFAULT false, "total_videos_created" integer NOT NULL DEFAULT '0', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "last_login_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_a3ffb1c0c8416b9fc6f907b7433" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "users_username_lower_key" ON "auth"."users" ("username_lower") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "users_email_lower_key" ON "auth"."users" ("email_lower") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "users_google_id_key" ON "auth"."users" ("google_id") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "auth"."users_google_id_key"`);
    await queryRunner.query(`DROP INDEX "auth"."users_email_lower_key"`);
    await queryRunner.query(`DROP INDEX "auth"."users_username_lower_key"`);
    await queryRunner.query(`DROP TABLE "auth"."users"`);
    await queryRunner.query(`DROP INDEX "auth"."sessions_user_id_idx"`);
    await queryRunner.query(`DROP TABLE "auth"."sessions"`);
    await queryRunner.query(`DROP INDEX "auth"."security_events_created_at_idx"`);
    await queryRunner.query(`DROP TABLE "auth"."security_events"`);
    await queryRunner.query(`DROP TABLE "auth"."login_throttles"`);
  }
}
