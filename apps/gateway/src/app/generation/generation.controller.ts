import { BadRequestException, Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import {
  type GenerationJobView,
  type GenerationSettings,
  type GenerationTarget,
  type Principal,
  type StartGenerationResult,
  TranscriptPasteDto,
} from '@veolearn/contracts';
import {
  INVALID_YOUTUBE_URL,
  isQuestionType,
  parseYouTubeId,
  QUESTION_TYPES,
  type QuestionType,
  questionTypeFromWizardId,
  resolveGenerationSettings,
  WIZARD_QUESTION_TYPE_IDS,
} from '@veolearn/domain';
import { CurrentPrincipal } from '../auth/auth.decorators';
import { ownerOf } from '../library/library-http';
import { GenerationClient } from '../services/generation-client';

/** Wizard ids ('single', 'trueFalse', …) or type names ('single_choice', …) → types; unknown ones answer 400. */
export function questionTypesFrom(values: string[] | undefined): QuestionType[] | undefined {
  if (values === undefined) return undefined;
  return values.map((value) => {
    const type = isQuestionType(value) ? value : questionTypeFromWizardId(value);
    if (!type) {
      throw new BadRequestException(
        `Unknown question type "${value}". Use one of: ${[...WIZARD_QUESTION_TYPE_IDS].join(', ')} (or ${QUESTION_TYPES.join(', ')})`,
      );
    }
    return type;
  });
}

function targetOf(dto: TranscriptPasteDto): GenerationTarget {
  if (dto.videoId !== undefined) return { kind: 'video', videoId: dto.videoId };
  const link = dto.youtubeUrl?.trim() || dto.videoUrl?.trim();
  if (!link) return { kind: 'transcript' };
  const youtubeId = parseYouTubeId(link);
  if (!youtubeId) throw new BadRequestException(INVALID_YOUTUBE_URL);
  return { kind: 'youtube', youtubeId };
}

function settingsOf(dto: TranscriptPasteDto): GenerationSettings {
  return resolveGenerationSettings({
    questionTypes: questionTypesFrom(dto.questionTypes),
    interactionCount: dto.interactionCount,
    questionsPerChapter: dto.questionsPerChapter ?? dto.questionsPerTopic,
    feedbackEnabled: dto.feedbackEnabled,
    animationsEnabled: dto.animationsEnabled,
    detailedSummary: dto.detailedSummary,
    smartTopicReturn: dto.smartTopicReturn,
  });
}

@ApiTags('generation')
@ApiBearerAuth()
@Controller()
export class GenerationController {
  constructor(private readonly generation: GenerationClient) {}

  @Post('youtube/transcript-paste')
  @HttpCode(202)
  @ApiOperation({
    summary:
      'Create the video (or use videoId) and queue question generation; answers at once with the video and the job to poll (202). Send duration (seconds) when the player knows the video\'s length: plain-text transcripts are timed over it. 402 over the plan limit, 503 when the queue is down (nothing saved).',
  })
  start(@CurrentPrincipal() principal: Principal, @Body() dto: TranscriptPasteDto): Promise<StartGenerationResult> {
    return this.generation.start({
      owner: ownerOf(principal),
      target: targetOf(dto),
      title: dto.title || undefined,
      folderId: dto.folderId ?? null,
      transcript: dto.transcript,
      settings: settingsOf(dto),
      ...(dto.duration !== undefined && dto.duration !== null ? { duration: dto.duration } : {}),
    });
  }

  @Get('generation/jobs/:jobId')
  @ApiParam({ name: 'jobId', type: String, description: 'The job id from transcript-paste' })
  @ApiOperation({ summary: 'State, percentage and stage of a generation job; its questions once completed; the reason when failed' })
  job(@CurrentPrincipal() principal: Principal, @Param('jobId') jobId: string): Promise<GenerationJobView> {
    return this.generation.getJob({ owner: ownerOf(principal), jobId });
  }
}
