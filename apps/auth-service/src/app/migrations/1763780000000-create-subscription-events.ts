import { MigrationInterface, QueryRunner } from 'typeorm';

/** Plan and status changes, recorded for the admin revenue figures. */
export class CreateSubscriptionEvents1763780000000 implements MigrationInterface {
  name = 'CreateSubscriptionEvents1763780000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "auth"."subscription_events" ("id" SERIAL NOT NULL, "user_id" integer NOT NULL, "user_email" character varying(254) NOT NULL, "event_type" character varying(40) NOT NULL, "from_plan" character varying(20), "to_plan" character varying(20) NOT NULL, "from_status" character varying(20), "to_status" character varying(20) NOT NULL, "amount" numeric(10,2) NOT NULL DEFAULT '0', "currency" character varying(3) NOT NULL DEFAULT 'AUD', "changed_by" integer, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_7eb5647aa3071cffad0124bceee" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "subscription_events_user_id_idx" ON "auth"."subscription_events" ("user_id") `);
    await queryRunner.query(`CREATE INDEX "subscription_events_created_at_idx" ON "auth"."subscription_events" ("created_at") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "auth"."subscription_events_created_at_idx"`);
    await queryRunner.query(`DROP INDEX "auth"."subscription_events_user_id_idx"`);
    await queryRunner.query(`DROP TABLE "auth"."subscription_events"`);
  }
}
