import { readFile } from 'node:fs/promises';
import { pipeline } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { Controller, Get, HttpException, Inject, Logger, NotFoundException, Param, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TestPackageView } from '@veolearn/contracts';
import { StorageNotFoundError, VIDEO_STORAGE, type VideoStorage } from '@veolearn/storage';
import { Public } from '../auth/auth.decorators';
import { ExportClient } from '../services/export-client';
import { ScormTestAccess } from './scorm-test-access';
import { contentTypeOf, packagePathOf, scormAgainFile, TEST_PAGE_SCRIPT, testPageHtml } from './scorm-test-page';

const NOT_FOUND = 'Not found';
const FILE_PATH = /^\/api\/exports\/[^/?#]+\/t\/[^/?#]+\/files\/([^?#]+)(?:[?#].*)?$/;
/** Signed links are valid for hours; a browser may keep what it loaded for a few minutes. */
const CACHE = 'private, max-age=300';

/**
 * The SCORM test LMS: under `/api/exports/{jobId}/t/{token}/` a page that provides a SCORM API
 * (scorm-again) and plays the package's launch page in an iframe, the runtime, the page's script
 * and the files of the stored package. No session: the token in the path (see ScormTestAccess)
 * is the owner's, signed for this job; anything wrong answers 404.
 */
@ApiTags('export')
@ApiParam({ name: 'jobId', type: String, description: 'The SCORM job id test-scorm checked' })
@ApiParam({ name: 'token', type: String, description: 'The signature from the testUrl test-scorm answered (owner, expiry, HMAC); 404 when wrong or expired' })
@Public()
// Every route first checks the HMAC; a package's page loads many files and a video asks for many ranges.
@SkipThrottle()
@Controller('exports/:jobId/t/:token')
export class ScormTestController {
  private readonly logger = new Logger(ScormTestController.name);
  private runtime: Promise<Buffer> | null = null;

  constructor(
    private readonly exports: ExportClient,
    private readonly access: ScormTestAccess,
    @Inject(VIDEO_STORAGE) private readonly storage: VideoStorage,
  ) {}

  /** The owner the token names, or 404. */
  private ownerOf(jobId: string, token: string): number {
    const ownerId = this.access.verify(jobId, token);
    if (ownerId === null) throw new NotFoundException(NOT_FOUND);
    return ownerId;
  }

  /** The export-service's view of the owner's package; any refusal answers 404 here. */
  private async view(jobId: string, token: string, path: string | null): Promise<TestPackageView> {
    const ownerId = this.ownerOf(jobId, token);
    try {
      return await this.exports.testPackage({ ownerId, jobId, path });
    } catch (error) {
      if (error instanceof HttpException && error.getStatus() < 500) throw new NotFoundException(NOT_FOUND);
      throw error;
    }
  }

  @Get('lms')
  @ApiOperation({ summary: "SCORM test LMS: the package's launch page in an iframe inside a SCORM 1.2 or 2004 API (scorm-again), and what the runtime received" })
  async page(@Param('jobId') jobId: string, @Param('token') token: string, @Res() reply: FastifyReply): Promise<FastifyReply> {
    const view = await this.view(jobId, token, null);
    return reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'private, no-store').send(testPageHtml(view));
  }

  @Get('lms.js')
  @ApiOperation({ summary: "The test LMS page's script" })
  script(@Param('jobId') jobId: string, @Param('token') token: string, @Res() reply: FastifyReply): FastifyReply {
    this.ownerOf(jobId, token);
    return reply.header('content-type', 'text/javascript; charset=utf-8').header('cache-control', CACHE).send(TEST_PAGE_SCRIPT);
  }

  @Get('scorm-again.js')
  @ApiOperation({ summary: 'The scorm-again runtime the test LMS page loads' })
  async scormAgain(@Param('jobId') jobId: string, @Param('token') token: string, @Res() reply: FastifyReply): Promise<FastifyReply> {
    this.ownerOf(jobId, token);
    const file = scormAgainFile();
    if (!file) {
      this.logger.error('node_modules/scorm-again/dist/scorm-again.min.js is missing: the SCORM test page cannot run');
      throw new NotFoundException(NOT_FOUND);
    }
    this.runtime ??= readFile(file);
    const body = await this.runtime.catch((error: unknown) => {
      this.runtime = null;
      throw error;
    });
    return reply.header('content-type', 'text/javascript; charset=utf-8').header('cache-control', CACHE).send(body);
  }

  @Get('files/*')
  @ApiOperation({ summary: "One file the package's manifest lists, from the stored zip (byte ranges for stored entries); 404 for anything else" })
  async file(
    @Param('jobId') jobId: string,
    @Param('token') token: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<FastifyReply> {
    this.ownerOf(jobId, token);
    const raw = FILE_PATH.exec(request.url)?.[1];
    const path = raw === undefined ? null : packagePathOf(raw);
    if (path === null) throw new NotFoundException(NOT_FOUND);
    const { storageKey, entry } = await this.view(jobId, token, path);
    if (!entry) throw new NotFoundException(NOT_FOUND);
    void reply.header('content-type', contentTypeOf(path)).header('cache-control', CACHE);
    if (entry.method !== 0 && entry.method !== 8) throw new NotFoundException(NOT_FOUND);
    if (entry.size === 0 || entry.compressedSize === 0) return reply.header('content-length', 0).send('');

    let start = 0;
    let end = entry.size - 1;
    if (entry.method === 0) {
      void reply.header('accept-ranges', 'bytes');
      const range = /^bytes=(\d*)-(\d*)$/.exec(String(request.headers.range ?? ''));
      if (range && (range[1] !== '' || range[2] !== '')) {
        if (range[1] === '') start = Math.max(0, entry.size - Number(range[2]));
        else {
          start = Number(range[1]);
          if (range[2] !== '') end = Math.min(Number(range[2]), entry.size - 1);
        }
        if (start > end || start >= entry.size) {
          return reply.status(416).header('content-range', `bytes */${entry.size}`).send('');
        }
        void reply.status(206).header('content-range', `bytes ${start}-${end}/${entry.size}`);
      }
    }
    try {
      if (entry.method === 0) {
        const stream = await this.storage.openRead(storageKey, { start: entry.dataOffset + start, end: entry.dataOffset + end });
        return reply.header('content-length', end - start + 1).send(stream);
      }
      const compressed = await this.storage.openRead(storageKey, { start: entry.dataOffset, end: entry.dataOffset + entry.compressedSize - 1 });
      const inflate = createInflateRaw();
      pipeline(compressed, inflate, (error) => {
        if (error) this.logger.warn(`Test page ${jobId}: ${path} could not be inflated: ${error.message}`);
      });
      return reply.header('content-length', entry.size).send(inflate);
    } catch (error) {
      if (error instanceof StorageNotFoundError) throw new NotFoundException(NOT_FOUND);
      throw error;
    }
  }
}
