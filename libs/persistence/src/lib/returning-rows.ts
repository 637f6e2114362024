/**
 * The rows of an `UPDATE … RETURNING` or `DELETE … RETURNING` run through `DataSource.query` or
 * `EntityManager.query`: TypeORM answers `[rows, count]` for those on Postgres and plain rows for an INSERT or SELECT.
 */
export function returningRows<T>(result: unknown): T[] {
  const rows = Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result;
  return Array.isArray(rows) ? (rows as T[]) : [];
}
