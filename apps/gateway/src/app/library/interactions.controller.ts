import { BadRequestException, Body, Controller, Delete, Get, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { DeleteInteractionResult, InteractionList, InteractionView, Principal } from '@veolearn/contracts';
import { CurrentPrincipal, OptionalPrincipal, OptionalSession } from '../auth/auth.decorators';
import { VideoClient } from '../services/video-client';
import { IdParam, ownerOf } from './library-http';

const VIDEO_ID_PARAM = { name: 'id', type: Number, description: 'The video: a positive whole number (400 otherwise)' };
const QUESTION_ID_PARAM = { name: 'id', type: Number, description: 'The question: a positive whole number (400 otherwise)' };
const NOT_AN_OBJECT = 'The question must be a JSON object with its fields (type, question, options, correctAnswer, timestamp, …)';

/**
 * The body is a question in the shape of its type (libs/domain questions/types.ts). The video-service
 * checks it with the domain validator, which names every bad field, so no DTO class stands in between.
 */
const QUESTION_BODY = {
  description:
    'A question of one of the ten types: type, question, options, correctAnswer, timestamp (seconds), and optionally topicTitle, ' +
    'topicStartTime, feedback {correct, incorrect, explanation} and, for scenario questions, scenario. Missing topic and feedback get defaults.',
  schema: {
    type: 'object',
    additionalProperties: true,
    example: {
      type: 'single_choice',
      question: 'Which planet is largest?',
      options: ['Mars', 'Jupiter', 'Venus'],
      correctAnswer: 1,
      timestamp: 42,
      topicTitle: 'The planets',
      topicStartTime: 30,
    },
  },
};

/** The question body as a plain object; arrays, strings, numbers, null or no body answer 400. */
function questionBody(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new BadRequestException(NOT_AN_OBJECT);
  return body as Record<string, unknown>;
}

@ApiTags('interactions')
@Controller()
export class InteractionsController {
  constructor(private readonly videos: VideoClient) {}

  @OptionalSession()
  @Get('videos/:id/interactions')
  @ApiBearerAuth()
  @ApiParam(VIDEO_ID_PARAM)
  @ApiOperation({
    summary: "A video's questions by time: every field for its owner, the learner view (no answers, no feedback) for anyone else",
    description: 'Needs no session; with a valid bearer token of the owner the answer has view "owner".',
  })
  list(@OptionalPrincipal() principal: Principal | null, @IdParam('Video') id: number): Promise<InteractionList> {
    return this.videos.listInteractions({ userId: principal?.userId ?? null, videoId: id });
  }

  @Post('videos/:id/interactions')
  @ApiBearerAuth()
  @ApiParam(VIDEO_ID_PARAM)
  @ApiBody(QUESTION_BODY)
  @ApiOperation({ summary: 'Add a question to one of your videos (400 naming every bad field; 409 past 50 questions)' })
  create(@CurrentPrincipal() principal: Principal, @IdParam('Video') id: number, @Body() body: unknown): Promise<InteractionView> {
    return this.videos.createInteraction({ owner: ownerOf(principal), videoId: id, question: questionBody(body) });
  }

  @Put('interactions/:id')
  @ApiBearerAuth()
  @ApiParam(QUESTION_ID_PARAM)
  @ApiBody(QUESTION_BODY)
  @ApiOperation({ summary: 'Replace one of your questions (its type may change; it stays on its video)' })
  update(@CurrentPrincipal() principal: Principal, @IdParam('Question') id: number, @Body() body: unknown): Promise<InteractionView> {
    return this.videos.updateInteraction({ owner: ownerOf(principal), interactionId: id, question: questionBody(body) });
  }

  @Delete('interactions/:id')
  @ApiBearerAuth()
  @ApiParam(QUESTION_ID_PARAM)
  @ApiOperation({ summary: 'Delete one of your questions with the answers learners gave to it' })
  remove(@CurrentPrincipal() principal: Principal, @IdParam('Question') id: number): Promise<DeleteInteractionResult> {
    return this.videos.deleteInteraction({ owner: ownerOf(principal), interactionId: id });
  }
}
