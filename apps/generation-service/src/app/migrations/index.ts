import { CreateGenerationSchema1763900000001 } from './1763900000001-create-generation-schema';

export const GENERATION_MIGRATIONS = [CreateGenerationSchema1763900000001];
