import { CostEventEntity } from './cost-event.entity';
import { GenerationJobEntity } from './generation-job.entity';

export { CostEventEntity, GenerationJobEntity };
export const GENERATION_ENTITIES = [GenerationJobEntity, CostEventEntity];
export const GENERATION_SCHEMA = 'generation';
