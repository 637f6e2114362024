import { ScormPackageEntity } from './scorm-package.entity';

export { ScormPackageEntity };
export const EXPORT_ENTITIES = [ScormPackageEntity];
export const EXPORT_SCHEMA = 'export';
