import { Readable } from 'node:stream';
import { Body, Controller, Get, HttpException, HttpStatus, Inject, Logger, NotFoundException, Put, Req, Res, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CAPTIONS_TEXT_MAX_LENGTH, type Principal, type VideoView } from '@veolearn/contracts';
import { CaptionsError, contentRange, normaliseCaptions, parseRange, StorageNotFoundError, VIDEO_STORAGE, type VideoStorage } from '@veolearn/storage';
import { CurrentPrincipal, OptionalPrincipal, OptionalSession } from '../auth/auth.decorators';
import { IdParam, ownerOf } from '../library/library-http';
import { MediaAccess, SignMediaLinks } from './media-access';
import { MediaClient } from './media-client';
import { captionsTooLargeMessage } from './upload-form';

const ID_PARAM = { name: 'id', type: Number, description: 'A video id: a positive whole number (400 otherwise)' };
const VIDEO_NOT_FOUND = 'Video not found';
const NO_POSTER = 'This video has no poster';
const CAPTIONS_BODY = 'Send the captions as a text/vtt (or SRT) body, or as JSON {"text": "WEBVTT ..."}.';

/** The captions text of a PUT body: a raw text/vtt or SRT string, or JSON {text}. */
export function captionsTextOf(body: unknown): string {
  const text =
    typeof body === 'string'
      ? body
      : typeof body === 'object' && body !== null && !Array.isArray(body) && Object.keys(body).length === 1
        ? (body as { text?: unknown }).text
        : undefined;
  if (typeof text !== 'string' || text.trim() === '') throw new HttpException(CAPTIONS_BODY, HttpStatus.BAD_REQUEST);
  if (text.length > CAPTIONS_TEXT_MAX_LENGTH) throw new HttpException(captionsTooLargeMessage(CAPTIONS_TEXT_MAX_LENGTH), HttpStatus.PAYLOAD_TOO_LARGE);
  return text;
}

/** The cache-control of a lesson's file and poster: anyone may cache a shared lesson's, only the browser a private one's. */
function mediaCacheControl(published: boolean): string {
  return published ? 'public, max-age=3600' : 'private, max-age=3600';
}

/** Uploaded videos' files (with Range), poster frames and captions. */
@ApiTags('media')
@Controller()
export class MediaController {
  private readonly logger = new Logger(MediaController.name);

  constructor(
    private readonly media: MediaClient,
    private readonly access: MediaAccess,
    @Inject(VIDEO_STORAGE) private readonly storage: VideoStorage,
  ) {}

  @OptionalSession()
  @SkipThrottle()
  @Get('media/:id')
  @ApiParam(ID_PARAM)
  @ApiOperation({
    summary: "An uploaded video's file; Range requests answer 206 (416 when outside the file); HEAD gives the headers",
    description: "A private (not yet shared) lesson's file answers 404 except to its owner: a bearer token, or the signed ?access= link in the owner's views.",
  })
  async stream(
    @OptionalPrincipal() principal: Principal | null,
    @IdParam('Video') id: number,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<FastifyReply> {
    const info = await this.media.mediaInfo({ videoId: id, viewer: this.access.viewer(principal, id, request) });
    const stat = await this.storage.stat(info.storageKey);
    if (!stat) {
      this.logger.warn(`Video ${id}: its file ${info.storageKey} is missing from storage`);
      throw new NotFoundException(VIDEO_NOT_FOUND);
    }
    const size = stat.size;
    const range = parseRange(request.headers.range, size);
    reply.header('accept-ranges', 'bytes');
    if (range.kind === 'unsatisfiable') {
      reply.header('content-range', contentRange(size));
      throw new HttpException('The requested range lies outside the video.', HttpStatus.REQUESTED_RANGE_NOT_SATISFIABLE);
    }
    const part = range.kind === 'partial' ? { start: range.start, end: range.end } : undefined;
    reply
      .code(part ? HttpStatus.PARTIAL_CONTENT : HttpStatus.OK)
      .header('content-type', info.mimeType)
      .header('content-length', part ? part.end - part.start + 1 : size)
      .header('cache-control', mediaCacheControl(info.published))
      .header('content-disposition', 'inline');
    if (part) reply.header('content-range', contentRange(size, part));
    // HEAD: an empty stream, as an empty body would make Fastify's HEAD handling reset Content-Length to 0.
    if (request.method === 'HEAD') return reply.send(Readable.from([]));
    try {
      return reply.send(await this.storage.openRead(info.storageKey, part));
    } catch (error) {
      if (error instanceof StorageNotFoundError) throw new NotFoundException(VIDEO_NOT_FOUND);
      throw error;
    }
  }

  @OptionalSession()
  @SkipThrottle()
  @Get('media/:id/poster')
  @ApiParam(ID_PARAM)
  @ApiOperation({
    summary: "An uploaded video's poster frame (JPEG, PNG or WebP, as uploaded); 404 when it has none",
    description: "Visible exactly when the video's file is: a private lesson's poster answers 404 except to its owner (bearer token or the signed ?access= link).",
  })
  async poster(
    @OptionalPrincipal() principal: Principal | null,
    @IdParam('Video') id: number,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<FastifyReply> {
    const info = await this.media.mediaInfo({ videoId: id, viewer: this.access.viewer(principal, id, request) });
    if (!info.posterKey || !info.posterMimeType) throw new NotFoundException(NO_POSTER);
    const stat = await this.storage.stat(info.posterKey);
    if (!stat) {
      this.logger.warn(`Video ${id}: its poster ${info.posterKey} is missing from storage`);
      throw new NotFoundException(NO_POSTER);
    }
    reply
      .code(HttpStatus.OK)
      .header('content-type', info.posterMimeType)
      .header('content-length', stat.size)
      .header('cache-control', mediaCacheControl(info.published))
      .header('content-disposition', 'inline');
    if (request.method === 'HEAD') return reply.send(Readable.from([]));
    try {
      return reply.send(await this.storage.openRead(info.posterKey));
    } catch (error) {
      if (error instanceof StorageNotFoundError) throw new NotFoundException(NO_POSTER);
      throw error;
    }
  }

  @OptionalSession()
  @Get('videos/:id/captions.vtt')
  @ApiParam(ID_PARAM)
  @ApiOperation({
    summary: "The video's WebVTT captions: uploaded ones, else built from its latest generation's transcript timing; 404 when none",
    description: 'A private lesson answers 404 except to its owner (bearer token or the signed ?access= link).',
  })
  async captions(
    @OptionalPrincipal() principal: Principal | null,
    @IdParam('Video') id: number,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const captions = await this.media.getCaptions({ videoId: id, viewer: this.access.viewer(principal, id, request) });
    reply.header('content-type', 'text/vtt; charset=utf-8').header('cache-control', 'no-cache');
    return captions.vtt;
  }

  @Put('videos/:id/captions')
  @UseInterceptors(SignMediaLinks)
  @ApiBearerAuth()
  @ApiParam(ID_PARAM)
  @ApiConsumes('application/json', 'text/vtt', 'application/x-subrip')
  @ApiBody({ schema: { type: 'object', required: ['text'], properties: { text: { type: 'string', description: 'WebVTT or SRT' } } } })
  @ApiOperation({ summary: "Replace one of your videos' captions (WebVTT or SRT; SRT is converted to WebVTT)" })
  setCaptions(@CurrentPrincipal() principal: Principal, @IdParam('Video') id: number, @Body() body: unknown): Promise<VideoView> {
    let vtt: string;
    try {
      vtt = normaliseCaptions(captionsTextOf(body));
    } catch (error) {
      if (error instanceof CaptionsError) throw new HttpException(error.message, HttpStatus.BAD_REQUEST);
      throw error;
    }
    return this.media.setCaptions({ owner: ownerOf(principal), videoId: id, vtt });
  }
}
