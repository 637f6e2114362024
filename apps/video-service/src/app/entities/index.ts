import { AnswerEntity } from './answer.entity';
import { AttemptEntity } from './attempt.entity';
import { FolderEntity } from './folder.entity';
import { LearnerAchievementEntity, LearnerCompletionEntity, LearnerPointsEntity } from './learner-progress.entity';
import { InteractionEntity } from './interaction.entity';
import { VideoEntity } from './video.entity';

export { AnswerEntity, AttemptEntity, FolderEntity, InteractionEntity, LearnerAchievementEntity, LearnerCompletionEntity, LearnerPointsEntity, VideoEntity };
export const LIBRARY_ENTITIES = [FolderEntity, VideoEntity, InteractionEntity, AttemptEntity, AnswerEntity, LearnerPointsEntity, LearnerCompletionEntity, LearnerAchievementEntity];
export const LIBRARY_SCHEMA = 'library';
