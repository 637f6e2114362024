import { MigrationInterface, QueryRunner } from 'typeorm';

/** Paying accounts by status and plan (admins and unlimited access left out), counted from the index alone. */
export class BillableUsersIndex1764950000011 implements MigrationInterface {
  name = 'BillableUsersIndex1764950000011';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX "metrics_users_billable_idx" ON "metrics"."users" ("subscription_status", "plan") WHERE "registered" AND NOT "unlimited" AND NOT "is_admin"`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "metrics"."metrics_users_billable_idx"`);
  }
}
