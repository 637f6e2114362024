import { CreateGenerationSchema1763900000001 } from './1763900000001-create-generation-schema';
import { JobNotes1764000000001 } from './1764000000001-job-notes';
import { JobVideoSynced1764100000001 } from './1764100000001-job-video-synced';
import { GenerationOutbox1764900000001 } from './1764900000001-outbox';
import { JobRequestId1764950000001 } from './1764950000001-job-request-id';

export const GENERATION_MIGRATIONS = [CreateGenerationSchema1763900000001, JobNotes1764000000001, JobVideoSynced1764100000001, GenerationOutbox1764900000001, JobRequestId1764950000001];
