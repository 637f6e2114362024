import { Client } from 'pg';

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, '')) || 'postgres';
}

const SAFE_NAME = /^[a-z_][a-z0-9_]*$/;

/** Creates the database named in `url` if it does not exist yet (connecting to `postgres`). */
export async function ensureDatabase(url: string): Promise<void> {
  const name = databaseName(url);
  if (!SAFE_NAME.test(name)) throw new Error(`Refusing to create database with unusual name "${name}"`);
  const admin = new Client({ connectionString: withDatabase(url, 'postgres') });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await admin.query(`CREATE DATABASE "${name}"`);
  } catch (error) {
    // Two processes creating the same database at once: the loser sees a duplicate.
    if ((error as { code?: string }).code !== '42P04' && (error as { code?: string }).code !== '23505') throw error;
  } finally {
    await admin.end();
  }
}

/** Drops a database this process created for tests. Names must start with `veolearn_test`. */
export async function dropTestDatabase(url: string): Promise<void> {
  const name = databaseName(url);
  if (!name.startsWith('veolearn_test') || !SAFE_NAME.test(name)) {
    throw new Error(`Refusing to drop "${name}": only veolearn_test* databases are dropped by tests`);
  }
  const admin = new Client({ connectionString: withDatabase(url, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/** Resolves when Postgres answers a query, or rejects with the driver's error. */
export async function pingPostgres(url: string, timeoutMs = 3000): Promise<void> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  await client.connect();
  try {
    await client.query('SELECT 1');
  } finally {
    await client.end();
  }
}
