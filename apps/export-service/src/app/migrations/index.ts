import { CreateExportSchema1764200000001 } from './1764200000001-create-export-schema';

export const EXPORT_MIGRATIONS = [CreateExportSchema1764200000001];
