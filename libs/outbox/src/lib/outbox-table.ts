/**
 * The `outbox` table every producer keeps in its own schema: one row per domain event, written in
 * the transaction of the change it describes. Rows stay after they are sent: they are the
 * producer's event history (read by the admin-metrics-service backfill).
 */
export function outboxTableUp(schema: string): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS "${schema}"."outbox" ("id" uuid NOT NULL, "type" character varying(64) NOT NULL, "version" integer NOT NULL DEFAULT 1, "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "producer" character varying(64) NOT NULL, "payload" jsonb NOT NULL, "sent_at" TIMESTAMP WITH TIME ZONE, "attempts" integer NOT NULL DEFAULT 0, CONSTRAINT "outbox_pkey" PRIMARY KEY ("id"))`,
    // The relay's scan: only unsent rows, oldest first.
    `CREATE INDEX IF NOT EXISTS "outbox_unsent_idx" ON "${schema}"."outbox" ("occurred_at") WHERE "sent_at" IS NULL`,
    // The history pages (backfill): every row in (occurred_at, id) order.
    `CREATE INDEX IF NOT EXISTS "outbox_history_idx" ON "${schema}"."outbox" ("occurred_at", "id")`,
  ];
}

export function outboxTableDown(schema: string): string[] {
  return [`DROP TABLE IF EXISTS "${schema}"."outbox"`];
}

/**
 * SQL expression of a deterministic event id for a historical row (md5 of a text key, read as a
 * UUID): seeding the outbox again from the same rows never makes a second event.
 */
export function historicalEventId(keySql: string): string {
  return `md5(${keySql})::uuid`;
}

/**
 * INSERT ... SELECT of historical events into a schema's outbox, unsent, skipping ids already there.
 * `select` must yield the columns id, type, occurred_at, payload.
 */
export function seedOutboxSql(schema: string, producer: string, select: string): string {
  return `INSERT INTO "${schema}"."outbox" (id, type, version, occurred_at, producer, payload, sent_at, attempts)
          SELECT s.id, s.type, 1, s.occurred_at, '${producer}', s.payload, NULL, 0 FROM (${select}) s
          ON CONFLICT (id) DO NOTHING`;
}

/**
 * A TypeORM migration that creates `schema`.outbox and seeds it with the producer's history
 * (each seed a SELECT of id, type, occurred_at, payload; see seedOutboxSql). `name` must end with
 * the migration's 13-digit timestamp.
 */
export function outboxMigration(name: string, schema: string, producer: string, seeds: string[]): new () => { name: string; up(runner: { query(sql: string): Promise<unknown> }): Promise<void>; down(runner: { query(sql: string): Promise<unknown> }): Promise<void> } {
  const migration = class {
    name = name;
    async up(runner: { query(sql: string): Promise<unknown> }): Promise<void> {
      for (const sql of outboxTableUp(schema)) await runner.query(sql);
      for (const select of seeds) await runner.query(seedOutboxSql(schema, producer, select));
    }
    async down(runner: { query(sql: string): Promise<unknown> }): Promise<void> {
      for (const sql of outboxTableDown(schema)) await runner.query(sql);
    }
  };
  Object.defineProperty(migration, 'name', { value: name });
  return migration;
}
