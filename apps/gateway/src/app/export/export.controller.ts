import { BadRequestException, Body, Controller, Get, HttpCode, HttpStatus, Inject, Logger, NotFoundException, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AppConfig } from '@veolearn/config';
import {
  type DownloadFile,
  type ExportJobView,
  type ExportResult,
  ExportVideoDto,
  LTI_CONFIG_VERSIONS,
  type LtiConfigVersion,
  type Principal,
  SCORM_EXPORT_VERSIONS,
  type ScormVersion,
  TestScormDto,
  type TestScormResult,
} from '@veolearn/contracts';
import { StorageNotFoundError, VIDEO_STORAGE, type VideoStorage } from '@veolearn/storage';
import { CurrentPrincipal } from '../auth/auth.decorators';
import { IdParam, ownerOf } from '../library/library-http';
import { ExportClient } from '../services/export-client';
import { ScormTestAccess } from './scorm-test-access';

const ID_PARAM = { name: 'id', type: Number, description: 'A video id: a positive whole number (400 otherwise)' };
const JOB_PARAM = { name: 'jobId', type: String, description: 'The SCORM job id from POST /api/videos/{id}/export' };
const PACKAGE_MISSING = 'The stored SCORM package is missing. Export the lesson again to rebuild it.';

/** `attachment` with an ASCII name and the RFC 5987 form. */
export function attachment(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

function scormVersionOf(value: string | undefined): ScormVersion {
  if (value === undefined || value === '') return '1.2';
  if (!(SCORM_EXPORT_VERSIONS as readonly string[]).includes(value)) throw new BadRequestException("version must be '1.2' or '2004'");
  return value as ScormVersion;
}

function ltiVersionOf(value: string | undefined): LtiConfigVersion {
  if (value === undefined || value === '') return '1.3';
  if (!(LTI_CONFIG_VERSIONS as readonly string[]).includes(value)) throw new BadRequestException("version must be '1.3' or '1.1'");
  return value as LtiConfigVersion;
}

/** Share links, embed codes, LMS configurations and SCORM packages of a lesson (the export-service builds them). */
@ApiTags('export')
@ApiBearerAuth()
@Controller()
export class ExportController {
  private readonly logger = new Logger(ExportController.name);

  constructor(
    private readonly exports: ExportClient,
    private readonly config: AppConfig,
    @Inject(VIDEO_STORAGE) private readonly storage: VideoStorage,
    private readonly testAccess: ScormTestAccess,
  ) {}

  /** The origin links are built on: PUBLIC_URL. */
  private get origin(): string {
    return this.config.PUBLIC_URL.replace(/\/+$/, '');
  }

  @Post('videos/:id/export')
  @HttpCode(HttpStatus.OK)
  @ApiParam(ID_PARAM)
  @ApiOperation({
    summary: 'Hand one of your lessons out: share links (url), embed codes (embed), LMS configurations (lti) or a SCORM package (scorm, 202 with a job to poll)',
    description:
      'Every format publishes the lesson (anyone with the link may then play it). Share links and embed codes work on every plan; ' +
      'lti and scorm are Pro and Enterprise (402 naming your plan). A read-only library (expired trial, canceled subscription) ' +
      'answers 402 for a lesson that is still private. A SCORM export of a lesson that did not change since its last package ' +
      '(same questions, options, version and player) answers that completed package at once. 404 for a video that is not yours.',
  })
  async export(
    @CurrentPrincipal() principal: Principal,
    @IdParam('Video') id: number,
    @Body() dto: ExportVideoDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ExportResult> {
    const { format, ...options } = dto;
    const result = await this.exports.exportVideo({ owner: ownerOf(principal), videoId: id, format, origin: this.origin, options });
    if (result.type === 'scorm') reply.status(HttpStatus.ACCEPTED);
    return result;
  }

  @Get('exports/:jobId')
  @ApiParam(JOB_PARAM)
  @ApiOperation({ summary: "A SCORM build's state, percentage and stage, and its download URL once completed; 404 for anyone else's" })
  job(@CurrentPrincipal() principal: Principal, @Param('jobId') jobId: string): Promise<ExportJobView> {
    return this.exports.getJob({ owner: ownerOf(principal), jobId });
  }

  @Get('exports/:jobId/download')
  @ApiParam(JOB_PARAM)
  @ApiOperation({ summary: 'The SCORM package as {title}_SCORM.zip; 409 while it is being built or when the build failed; 404 for anyone else\'s' })
  async download(@CurrentPrincipal() principal: Principal, @Param('jobId') jobId: string, @Res() reply: FastifyReply): Promise<FastifyReply> {
    const file = await this.exports.packageFile({ owner: ownerOf(principal), jobId });
    const stat = await this.storage.stat(file.storageKey);
    if (!stat) {
      this.logger.warn(`Export ${jobId}: its package ${file.storageKey} is missing from storage`);
      throw new NotFoundException(PACKAGE_MISSING);
    }
    try {
      const stream = await this.storage.openRead(file.storageKey);
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', stat.size)
        .header('content-disposition', attachment(file.filename))
        .header('cache-control', 'private, no-store')
        .send(stream);
    } catch (error) {
      if (error instanceof StorageNotFoundError) throw new NotFoundException(PACKAGE_MISSING);
      throw error;
    }
  }

  @Get('videos/:id/scorm-manifest')
  @ApiParam(ID_PARAM)
  @ApiQuery({ name: 'version', required: false, enum: SCORM_EXPORT_VERSIONS, description: "'1.2' (default) or '2004'" })
  @ApiOperation({
    summary: 'imsmanifest.xml of the lesson alone, as veolearn-scorm12-{id}.xml or veolearn-scorm2004-{id}.xml (Pro and Enterprise; 402 otherwise)',
  })
  async scormManifest(
    @CurrentPrincipal() principal: Principal,
    @IdParam('Video') id: number,
    @Query('version') version: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<FastifyReply> {
    const file = await this.exports.scormManifest({ owner: ownerOf(principal), videoId: id, scormVersion: scormVersionOf(version) });
    return this.sendFile(reply, file);
  }

  @Get('videos/:id/lti-config')
  @ApiParam(ID_PARAM)
  @ApiQuery({ name: 'version', required: false, enum: LTI_CONFIG_VERSIONS, description: "'1.3' (default, JSON) or '1.1' (XML cartridge)" })
  @ApiOperation({
    summary:
      'LTI 1.3 deep-linking tool configuration (veolearn-lti13-{id}.json: ContentArea, new window, 100% by 600) or LTI 1.1 cartridge (veolearn-lti11-{id}.xml, Canvas privacy_level public); Pro and Enterprise',
  })
  async ltiConfig(
    @CurrentPrincipal() principal: Principal,
    @IdParam('Video') id: number,
    @Query('version') version: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<FastifyReply> {
    const file = await this.exports.ltiConfig({ owner: ownerOf(principal), videoId: id, origin: this.origin, version: ltiVersionOf(version) });
    return this.sendFile(reply, file);
  }

  @Post('videos/:id/test-scorm')
  @HttpCode(HttpStatus.OK)
  @ApiParam(ID_PARAM)
  @ApiOperation({
    summary: 'Build (or reuse) the SCORM package and check it as an LMS would: {success, testUrl, errors}',
    description:
      'Opens the stored zip and checks imsmanifest.xml at the root, the LMS rules beyond the XSDs, every file the manifest lists, ' +
      'the launch page and the lesson data. The XSD validation runs in the test suite (xmllint), not here. A passing package answers ' +
      'testUrl: /api/exports/{jobId}/t/{token}/lms, a page that plays it inside a SCORM API (scorm-again) and shows what the runtime ' +
      'received; the link is signed for you and this package and works for 12 hours without a session. Waits up to 45 s for a build. ' +
      'Publishes the lesson, like every export.',
  })
  async testScorm(@CurrentPrincipal() principal: Principal, @IdParam('Video') id: number, @Body() dto: TestScormDto): Promise<TestScormResult> {
    const owner = ownerOf(principal);
    const reply = await this.exports.testScorm({ owner, videoId: id, origin: this.origin, scormVersion: dto.scormVersion ?? '1.2' });
    return {
      success: reply.success,
      testUrl: reply.success && reply.jobId ? this.testAccess.pageUrl(reply.jobId, owner.userId) : null,
      errors: reply.errors,
    };
  }

  private sendFile(reply: FastifyReply, file: DownloadFile): FastifyReply {
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', attachment(file.filename))
      .header('cache-control', 'private, no-store')
      .send(file.body);
  }
}
