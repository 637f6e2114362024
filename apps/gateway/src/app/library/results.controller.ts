import { Readable } from 'node:stream';
import { Controller, Get, Logger, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { type LessonResultsCsvChunk, LessonResultsQuery, type LessonResultsView, type Principal } from '@veolearn/contracts';
import { CurrentPrincipal } from '../auth/auth.decorators';
import { attachment } from '../export/export.controller';
import { VideoClient } from '../services/video-client';
import { IdParam, ownerOf } from './library-http';

const ID_PARAM = { name: 'id', type: Number, description: 'The lesson (video): a positive whole number (400 otherwise)' };

/**
 * A lesson's results for its owner: who took it and how they did, each question's statistics, the
 * score distribution, and the attempts as CSV. Anyone else gets 404, as for every owner-scoped read.
 */
@ApiTags('results')
@ApiBearerAuth()
@Controller('videos/:id')
export class ResultsController {
  private readonly logger = new Logger(ResultsController.name);

  constructor(private readonly videos: VideoClient) {}

  @Get('results')
  @ApiParam(ID_PARAM)
  @ApiOperation({
    summary: "The lesson's attempts (a page, newest first), per-question statistics and the score distribution (owner only)",
    description:
      'Attempts that count are completed and in progress (a restarted one is replaced by its new attempt). Per question: the share of learners right on the first try, ' +
      'the mean first-try credit, the mean number of tries and, for choice questions, the wrong option chosen most. The distribution bins the completed scores by tens.',
  })
  results(@CurrentPrincipal() principal: Principal, @IdParam('Video') id: number, @Query() query: LessonResultsQuery): Promise<LessonResultsView> {
    return this.videos.lessonResults({ owner: ownerOf(principal), videoId: id, page: query.page, pageSize: query.pageSize });
  }

  @Get('results.csv')
  @ApiParam(ID_PARAM)
  @ApiProduces('text/csv')
  @ApiOperation({
    summary: 'Every attempt of the lesson as CSV, oldest first, streamed (owner only): veolearn-<lesson-slug>-results-<yyyy-mm-dd>.csv',
    description:
      "RFC 4180 with a UTF-8 byte order mark; a cell that a spreadsheet would read as a formula (starting with =, +, -, @, tab or carriage return) starts with an apostrophe. Per question: the first try's result and the learner's answer in words.",
  })
  async csv(@CurrentPrincipal() principal: Principal, @IdParam('Video') id: number, @Res() reply: FastifyReply): Promise<FastifyReply> {
    const owner = ownerOf(principal);
    // The first chunk before any header, so a refusal (404, 401) answers as an error, not as a broken file.
    const first = await this.videos.lessonResultsCsvChunk({ owner, videoId: id, cursor: null });
    const chunks = async function* (this: ResultsController): AsyncGenerator<string> {
      let chunk: LessonResultsCsvChunk = first;
      yield chunk.csv;
      while (chunk.cursor) {
        chunk = await this.videos.lessonResultsCsvChunk({ owner, videoId: id, cursor: chunk.cursor });
        yield chunk.csv;
      }
    }.call(this);
    const body = Readable.from(chunks);
    body.on('error', (error) => this.logger.warn(`Results CSV of video ${id} stopped part way: ${String(error)}`));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', attachment(first.fileName))
      .header('cache-control', 'private, no-store')
      .send(body);
  }
}
