import { CreateGenerationSchema1763900000001 } from './1763900000001-create-generation-schema';
import { JobNotes1764000000001 } from './1764000000001-job-notes';

export const GENERATION_MIGRATIONS = [CreateGenerationSchema1763900000001, JobNotes1764000000001];
