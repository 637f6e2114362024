import { BadRequestException, Body, Controller, createParamDecorator, ExecutionContext, Get, Headers, HttpCode, Logger, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  AnswerQuestionDto,
  type AnswerResult,
  type AttemptResults,
  type AttemptView,
  LearnerDto,
  LearnerQuery,
  type Principal,
  type ProgressRefusal,
  type ProgressResult,
  ReportProgressDto,
  SkipQuestionDto,
  StartAttemptDto,
  type StartAttemptMessage,
} from '@veolearn/contracts';
import { OptionalPrincipal, OptionalSession } from '../auth/auth.decorators';
import { LtiClient } from '../lti/lti-client';
import { LAUNCH_HEADER } from '../lti/lti.controller';
import { VideoClient } from '../services/video-client';
import { IdParam } from './library-http';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const VIDEO_ID_PARAM = { name: 'id', type: Number, description: 'The video: a positive whole number (400 otherwise)' };
const ATTEMPT_ID_PARAM = { name: 'id', type: String, description: 'The attempt id (a UUID) from POST /api/play/{videoId}/attempts' };

/** The `:id` path segment as an attempt id (a UUID); anything else answers 400. */
export const AttemptIdParam = createParamDecorator((_data: unknown, ctx: ExecutionContext): string => {
  const id = ctx.switchToHttp().getRequest<FastifyRequest<{ Params: { id?: string } }>>().params?.id;
  if (typeof id !== 'string' || !UUID.test(id)) throw new BadRequestException('Attempt id must be a UUID');
  return id.toLowerCase();
});

/** The 409 body of a refused progress report: the error shape plus the position to go back to. */
export function progressConflict(refusal: ProgressRefusal): ProgressRefusal & { statusCode: 409; error: string } {
  return { statusCode: 409, message: refusal.message, error: 'Conflict', allowedPosition: refusal.allowedPosition };
}

/**
 * A learner's attempts at a video. Public: the browser's learner id names the learner (and must match
 * the attempt, 404 otherwise); a valid bearer token, when sent, records the signed-in user as well.
 * Answers are graded by the video-service; a question's correct answer and feedback are only ever
 * sent after the learner answered it right, skipped it, or after a wrong first try was followed by a
 * second try or Continue Video (/reveal).
 */
@ApiTags('attempts')
@ApiBearerAuth()
@Controller()
export class AttemptsController {
  private readonly logger = new Logger(AttemptsController.name);

  constructor(
    private readonly videos: VideoClient,
    private readonly lti: LtiClient,
  ) {}

  @OptionalSession()
  @Post('play/:id/attempts')
  @HttpCode(200)
  @ApiParam(VIDEO_ID_PARAM)
  @ApiOperation({
    summary: "Resume the learner's attempt in progress on the video (position, answers, score) or start one; restart: true starts over",
  })
  @ApiHeader({ name: 'X-LTI-Launch', required: false, description: "An LMS launch's token: the teacher's results then name the LMS user (verified with the launch)" })
  async start(
    @OptionalPrincipal() principal: Principal | null,
    @IdParam('Video') videoId: number,
    @Body() dto: StartAttemptDto,
    @Headers(LAUNCH_HEADER) launchHeader: string | undefined,
  ): Promise<AttemptView> {
    return this.videos.startAttempt({
      videoId,
      learnerId: dto.learnerId,
      userId: principal?.userId ?? null,
      restart: dto.restart === true,
      displayName: dto.displayName ?? null,
      lms: await this.lmsUser(launchHeader, videoId, dto.learnerId),
      viewer: { userId: principal?.userId ?? null, isAdmin: principal?.isAdmin === true, signed: false },
    });
  }

  /**
   * The LMS user of a launch of this lesson whose learner is the one starting, or null. Only the
   * launch's own learner id counts (the token is the LMS's proof); an lti-service that does not answer
   * costs the results a name, never the learner their attempt.
   */
  private async lmsUser(token: string | undefined, videoId: number, learnerId: string): Promise<StartAttemptMessage['lms']> {
    if (typeof token !== 'string' || token.length === 0 || token.length > 200) return null;
    const context = await this.lti.context(token).catch((error: unknown) => {
      this.logger.warn(`LMS context for an attempt on video ${videoId} not available: ${String(error)}`);
      return null;
    });
    if (!context?.ltiActive || context.videoId !== videoId || context.learnerId !== learnerId) return null;
    return { userName: context.userName ?? null, course: context.course?.name ?? null };
  }

  @OptionalSession()
  @Post('attempts/:id/answers')
  @HttpCode(200)
  @ApiParam(ATTEMPT_ID_PARAM)
  @ApiOperation({
    summary:
      'Answer a question, graded on the server; the first try scores. A wrong first try withholds the correct answer until a second try or /reveal; ' +
      '409 when already answered, or (no_skip_forward, no_seek) when the learner has not reached the question; with "require correct" a wrong answer may be retried',
  })
  answer(@OptionalPrincipal() principal: Principal | null, @AttemptIdParam() attemptId: string, @Body() dto: AnswerQuestionDto): Promise<AnswerResult> {
    return this.videos.answerQuestion({
      attemptId,
      learnerId: dto.learnerId,
      userId: principal?.userId ?? null,
      interactionId: dto.interactionId,
      response: dto.response,
      timeTakenMs: dto.timeTakenMs,
    });
  }

  @OptionalSession()
  @Post('attempts/:id/skip')
  @HttpCode(200)
  @ApiParam(ATTEMPT_ID_PARAM)
  @ApiOperation({ summary: 'Skip a question (free mode only; 409 when the video asks for every question)' })
  skip(@OptionalPrincipal() principal: Principal | null, @AttemptIdParam() attemptId: string, @Body() dto: SkipQuestionDto): Promise<AnswerResult> {
    return this.videos.skipQuestion({ attemptId, learnerId: dto.learnerId, userId: principal?.userId ?? null, interactionId: dto.interactionId });
  }

  @OptionalSession()
  @Post('attempts/:id/reveal')
  @HttpCode(200)
  @ApiParam(ATTEMPT_ID_PARAM)
  @ApiOperation({
    summary: "Continue Video after a wrong first try: settles the question (no second try) and answers its correct answer and feedback (409 before an answer, or while it must be corrected)",
  })
  reveal(@OptionalPrincipal() principal: Principal | null, @AttemptIdParam() attemptId: string, @Body() dto: SkipQuestionDto): Promise<AnswerResult> {
    return this.videos.revealAnswer({ attemptId, learnerId: dto.learnerId, userId: principal?.userId ?? null, interactionId: dto.interactionId });
  }

  @OptionalSession()
  @Post('attempts/:id/progress')
  @HttpCode(200)
  @ApiParam(ATTEMPT_ID_PARAM)
  @ApiOperation({
    summary: "Record the player's position and watch time; 409 {message, allowedPosition} when the video's skipping mode refuses the position",
  })
  async progress(
    @OptionalPrincipal() principal: Principal | null,
    @AttemptIdParam() attemptId: string,
    @Body() dto: ReportProgressDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ProgressResult | ReturnType<typeof progressConflict>> {
    const outcome = await this.videos.reportProgress({
      attemptId,
      learnerId: dto.learnerId,
      userId: principal?.userId ?? null,
      position: dto.position,
      watchedSeconds: dto.watchedSeconds,
    });
    if ('refused' in outcome) {
      void reply.status(409).header('cache-control', 'no-store');
      return progressConflict(outcome.refused);
    }
    return { attempt: outcome.attempt };
  }

  @OptionalSession()
  @Post('attempts/:id/complete')
  @HttpCode(200)
  @ApiParam(ATTEMPT_ID_PARAM)
  @ApiOperation({ summary: 'Finish the attempt and compute its score (409 while questions are open in a mode that asks for every one)' })
  complete(@OptionalPrincipal() principal: Principal | null, @AttemptIdParam() attemptId: string, @Body() dto: LearnerDto): Promise<AttemptView> {
    return this.videos.completeAttempt({ attemptId, learnerId: dto.learnerId, userId: principal?.userId ?? null });
  }

  @OptionalSession()
  @Get('attempts/:id')
  @ApiParam(ATTEMPT_ID_PARAM)
  @ApiOperation({ summary: 'The attempt with one row per question, for the results screen' })
  results(@OptionalPrincipal() principal: Principal | null, @AttemptIdParam() attemptId: string, @Query() query: LearnerQuery): Promise<AttemptResults> {
    return this.videos.attemptResults({ attemptId, learnerId: query.learnerId, userId: principal?.userId ?? null });
  }
}
