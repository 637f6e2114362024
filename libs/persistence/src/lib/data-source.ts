import { DataSource, DataSourceOptions, MixedList, EntitySchema } from 'typeorm';

export interface SchemaDataSourceOptions {
  url: string;
  /** The Postgres schema this service owns; its migrations table lives there too. */
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
  poolSize?: number;
  applicationName?: string;
}

export function schemaDataSourceOptions(options: SchemaDataSourceOptions): DataSourceOptions {
  return {
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    entities: options.entities,
    migrations: options.migrations,
    migrationsTableName: 'migrations',
    migrationsRun: false,
    synchronize: false,
    logging: ['error'],
    applicationName: options.applicationName,
    extra: { max: options.poolSize ?? 10 },
  };
}

/**
 * Runs the pending migrations of one schema. An advisory lock keeps replicas that start
 * together from running the same migration twice.
 */
export async function runSchemaMigrations(dataSource: DataSource, schema: string): Promise<string[]> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  const lockKey = `veolearn-migrations:${schema}`;
  try {
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [lockKey]);
    await runner.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    const ran = await dataSource.runMigrations({ transaction: 'each' });
    return ran.map((m) => m.name);
  } finally {
    await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [lockKey]).catch(() => undefined);
    await runner.release();
  }
}

/** SQL that would still be needed to make the tables match the entities (empty when migrations are complete). */
export async function pendingSchemaChanges(dataSource: DataSource): Promise<string[]> {
  const sqlInMemory = await dataSource.driver.createSchemaBuilder().log();
  return sqlInMemory.upQueries.map((q) => q.query);
}
