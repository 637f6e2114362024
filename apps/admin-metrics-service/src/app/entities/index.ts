/** The admin-metrics-service keeps its read models with plain SQL: no TypeORM entities. */
export const METRICS_ENTITIES = [];
export const METRICS_SCHEMA = 'metrics';
