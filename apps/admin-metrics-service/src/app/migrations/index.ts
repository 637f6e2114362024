import { CreateMetricsSchema1764900000010 } from './1764900000010-create-metrics-schema';

export const METRICS_MIGRATIONS = [CreateMetricsSchema1764900000010];
