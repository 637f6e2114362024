import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsDefined, IsIn, IsInt, IsNumber, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { DISPLAY_NAME_MAX_LENGTH, DISPLAY_NAME_MESSAGE, LEARNER_ID_MESSAGE, LEARNER_ID_PATTERN, SKIPPING_MODES, type SkippingMode } from '@veolearn/domain';

/** Positions and durations are seconds into a video; nothing runs longer than a day. */
const MAX_SECONDS = 86_400;
const MAX_QUESTION_ID = 2_147_483_647;
const MAX_TIME_TAKEN_MS = 86_400_000;
const FINITE = { allowNaN: false, allowInfinity: false };

// Decorators run bottom-up; the most basic check sits closest to the property.

/** Every attempt request names the learner: the random id the browser keeps under `veolearn-learner-id`. */
export class LearnerDto {
  @ApiProperty({ description: 'The random id (a UUID) the browser keeps in localStorage "veolearn-learner-id"' })
  @Matches(LEARNER_ID_PATTERN, { message: LEARNER_ID_MESSAGE })
  @IsString({ message: 'learnerId is required: send the learner id the player keeps' })
  learnerId!: string;
}

/** GET /api/attempts/{id}?learnerId= */
export class LearnerQuery extends LearnerDto {}

/** POST /api/play/{videoId}/attempts */
export class StartAttemptDto extends LearnerDto {
  @ApiPropertyOptional({ description: 'true (Retry Activity / Start Over): abandon the attempt in progress and start a new one' })
  @IsBoolean({ message: 'restart must be true or false' })
  @IsOptional()
  restart?: boolean;

  @ApiPropertyOptional({ description: "The learner's name for the teacher's results (optional, up to 60 characters; blank for none)", maxLength: DISPLAY_NAME_MAX_LENGTH })
  @MaxLength(DISPLAY_NAME_MAX_LENGTH, { message: DISPLAY_NAME_MESSAGE })
  @IsString({ message: DISPLAY_NAME_MESSAGE })
  @IsOptional()
  displayName?: string;
}

export class SkipQuestionDto extends LearnerDto {
  @ApiProperty({ description: 'The question (interaction) id' })
  @Max(MAX_QUESTION_ID, { message: 'interactionId must be a question id' })
  @Min(1, { message: 'interactionId must be a question id' })
  @IsInt({ message: 'interactionId must be a question id (a positive whole number)' })
  interactionId!: number;
}

/** POST /api/attempts/{id}/answers */
export class AnswerQuestionDto extends SkipQuestionDto {
  @ApiProperty({
    description:
      'The answer in stored option indexes (unshuffled): single_choice/scenario an index; multiple_choice a list of indexes; ' +
      'true_false true/false; matching/sorting_groups/drag_drop one index per item; ordering/priority_ranking the item indexes in order; ' +
      'fill_gaps one text per gap.',
    example: 1,
  })
  @IsDefined({ message: "response is required: send the learner's answer" })
  response!: unknown;

  @ApiPropertyOptional({ description: 'Milliseconds the learner took to answer' })
  @Max(MAX_TIME_TAKEN_MS, { message: 'timeTakenMs must be at most a day' })
  @Min(0, { message: 'timeTakenMs cannot be negative' })
  @IsInt({ message: 'timeTakenMs must be a whole number of milliseconds' })
  @IsOptional()
  timeTakenMs?: number;
}

/** POST /api/attempts/{id}/progress (every ~5 s while playing, and on pause) */
export class ReportProgressDto extends LearnerDto {
  @ApiProperty({ description: 'Seconds into the video where the player is now' })
  @Max(MAX_SECONDS, { message: 'position must be at most 86400 seconds' })
  @Min(0, { message: 'position cannot be negative' })
  @IsNumber(FINITE, { message: 'position must be a number of seconds' })
  position!: number;

  @ApiProperty({ description: 'Seconds of video watched since the previous progress report (capped by the real time that passed)' })
  @Max(MAX_SECONDS, { message: 'watchedSeconds must be at most 86400 seconds' })
  @Min(0, { message: 'watchedSeconds cannot be negative' })
  @IsNumber(FINITE, { message: 'watchedSeconds must be a number of seconds' })
  watchedSeconds!: number;
}

/** PUT /api/videos/{id}/settings (owner) */
export class VideoSettingsDto {
  @ApiPropertyOptional({ enum: SKIPPING_MODES })
  @IsIn(SKIPPING_MODES, { message: `skippingMode must be one of ${SKIPPING_MODES.join(', ')}` })
  @IsOptional()
  skippingMode?: SkippingMode;

  @ApiPropertyOptional({ description: 'A wrong answer must be retried until correct before the video goes on' })
  @IsBoolean({ message: 'requireCorrect must be true or false' })
  @IsOptional()
  requireCorrect?: boolean;

  @ApiPropertyOptional({ description: 'Points, streaks, levels and achievements for learners of this lesson (true by default); never part of the score' })
  @IsBoolean({ message: 'gamification must be true or false' })
  @IsOptional()
  gamification?: boolean;

  @ApiPropertyOptional({ description: 'Seconds, as the media reports it; stored only while the video has no duration yet' })
  @Max(MAX_SECONDS, { message: 'duration must be at most 86400 seconds' })
  @Min(0.001, { message: 'duration must be more than 0 seconds' })
  @IsNumber(FINITE, { message: 'duration must be a number of seconds' })
  @IsOptional()
  duration?: number;
}
