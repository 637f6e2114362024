import { AnswerEntity } from './answer.entity';
import { AttemptEntity } from './attempt.entity';
import { FolderEntity } from './folder.entity';
import { InteractionEntity } from './interaction.entity';
import { VideoEntity } from './video.entity';

export { AnswerEntity, AttemptEntity, FolderEntity, InteractionEntity, VideoEntity };
export const LIBRARY_ENTITIES = [FolderEntity, VideoEntity, InteractionEntity, AttemptEntity, AnswerEntity];
export const LIBRARY_SCHEMA = 'library';
