import { CreateExportSchema1764200000001 } from './1764200000001-create-export-schema';
import { ExportOutbox1764900000002 } from './1764900000002-outbox';
import { PackageRequestId1764950000002 } from './1764950000002-package-request-id';

export const EXPORT_MIGRATIONS = [CreateExportSchema1764200000001, ExportOutbox1764900000002, PackageRequestId1764950000002];
