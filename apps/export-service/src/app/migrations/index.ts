import { CreateExportSchema1764200000001 } from './1764200000001-create-export-schema';
import { PackageRequestId1764950000002 } from './1764950000002-package-request-id';

export const EXPORT_MIGRATIONS = [CreateExportSchema1764200000001, PackageRequestId1764950000002];
