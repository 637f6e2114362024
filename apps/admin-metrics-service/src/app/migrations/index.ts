import { CreateMetricsSchema1764900000010 } from './1764900000010-create-metrics-schema';
import { BillableUsersIndex1764950000011 } from './1764950000011-billable-users-index';

export const METRICS_MIGRATIONS = [CreateMetricsSchema1764900000010, BillableUsersIndex1764950000011];
