import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import { BadRequestException, Controller, HttpException, Inject, Logger, PayloadTooLargeException, Post, Req, Res, UnsupportedMediaTypeException, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppConfig } from '@veolearn/config';
import type { Owner, PosterMimeType, Principal, VideoView } from '@veolearn/contracts';
import { CAPTIONS_MAX_BYTES, normaliseCaptions, VIDEO_STORAGE, type VideoMimeType, type VideoStorage, VideoTypeGate } from '@veolearn/storage';
import { CurrentPrincipal } from '../auth/auth.decorators';
import { ownerOf } from '../library/library-http';
import { SignMediaLinks } from './media-access';
import { MediaClient } from './media-client';
import {
  assertDeclaredLength,
  BAD_FORM,
  captionsTooLargeMessage,
  folderIdField,
  INTERRUPTED,
  NO_FILE,
  NOT_MULTIPART,
  ONE_FILE,
  ONE_POSTER,
  POSTER_MAX_BYTES,
  posterTooLargeMessage,
  sniffPosterType,
  titleField,
  titleFromFilename,
  type UploadBudget,
  uploadBudget,
  UNKNOWN_FIELD_HINT,
  UNSUPPORTED_POSTER,
  UPLOAD_FIELDS,
  uploadHttpError,
} from './upload-form';

/** How long a refused upload's remaining body is read and dropped before the connection is closed. */
const LINGER_MS = 5_000;

interface StoredVideo {
  key: string;
  bytes: number;
  mimeType: VideoMimeType;
  filename: string;
}

interface StoredPoster {
  key: string;
  mimeType: PosterMimeType;
}

interface UploadForm {
  video: StoredVideo | null;
  poster: StoredPoster | null;
  captionsVtt: string | null;
  title?: string;
  folderId: number | null;
}

/**
 * After a refusal the client may still be sending: read and drop the rest for a while (so it can
 * read our answer instead of a reset), then close the connection.
 */
function discardRestOfBody(raw: IncomingMessage): void {
  if (raw.complete || raw.destroyed) return;
  const timer = setTimeout(() => raw.socket?.destroy(), LINGER_MS);
  timer.unref();
  raw.once('end', () => clearTimeout(timer));
  raw.once('close', () => clearTimeout(timer));
  raw.resume();
}

/**
 * A small file part read whole, refused with 413 and `tooLarge` beyond `maxBytes` (also when the form's
 * per-file limit, the video limit, cut it short: it is larger than such a part may be).
 */
async function readSmallPart(part: MultipartFile, maxBytes: number, tooLarge: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      part.file.destroy();
      throw new PayloadTooLargeException(tooLarge);
    }
    chunks.push(chunk as Buffer);
  }
  if (part.file.truncated) throw new PayloadTooLargeException(tooLarge);
  return Buffer.concat(chunks);
}

/** A captions file part, read whole (it is small) and rewritten as WebVTT. */
async function readCaptions(part: MultipartFile): Promise<string> {
  return normaliseCaptions((await readSmallPart(part, CAPTIONS_MAX_BYTES, captionsTooLargeMessage(CAPTIONS_MAX_BYTES))).toString('utf8'));
}

/**
 * A poster file part, read whole (it is small) and judged by its first bytes: a JPEG, PNG or WebP
 * image of at most POSTER_MAX_BYTES (413 beyond, 415 for anything else, whatever its declared type).
 */
async function readPoster(part: MultipartFile): Promise<{ bytes: Buffer; mimeType: PosterMimeType }> {
  const bytes = await readSmallPart(part, POSTER_MAX_BYTES, posterTooLargeMessage(POSTER_MAX_BYTES));
  const mimeType = sniffPosterType(bytes);
  if (!mimeType) throw new UnsupportedMediaTypeException(UNSUPPORTED_POSTER);
  return { bytes, mimeType };
}

@ApiTags('videos')
@ApiBearerAuth()
@Controller('videos')
export class UploadController {
  private readonly logger = new Logger(UploadController.name);

  constructor(
    private readonly media: MediaClient,
    @Inject(VIDEO_STORAGE) private readonly storage: VideoStorage,
    private readonly config: AppConfig,
  ) {}

  @Post('upload')
  @UseInterceptors(SignMediaLinks)
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['file'],
      properties: {
        file: { type: 'string', format: 'binary', description: 'MP4, WebM or MOV (judged by content), up to UPLOAD_MAX_BYTES' },
        captions: { type: 'string', format: 'binary', description: 'Optional WebVTT or SRT captions, up to 2 MiB' },
        poster: { type: 'string', format: 'binary', description: 'Optional poster frame: JPEG, PNG or WebP (judged by content), up to 512 KiB' },
        title: { type: 'string', description: 'Defaults to the file name without its extension' },
        folderId: { type: 'string', description: 'A folder id; empty for Home' },
      },
    },
  })
  @ApiOperation({
    summary:
      "Upload a video file (streamed to storage), optionally with captions and a poster frame; 402 over the plan's video limit or storage quota, 413 too large, 415 not MP4/WebM/MOV (or a poster not JPEG/PNG/WebP)",
  })
  async upload(
    @CurrentPrincipal() principal: Principal,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<VideoView> {
    const owner = ownerOf(principal);
    let budget: UploadBudget = { maxBytes: this.config.UPLOAD_MAX_BYTES, quotaMessage: null };
    let form: UploadForm;
    try {
      if (!request.isMultipart()) throw new UnsupportedMediaTypeException(NOT_MULTIPART);
      assertDeclaredLength(request.headers['content-length'], budget, CAPTIONS_MAX_BYTES + POSTER_MAX_BYTES);
      budget = uploadBudget(this.config.UPLOAD_MAX_BYTES, await this.media.checkUpload({ owner }), owner.entitlements);
      assertDeclaredLength(request.headers['content-length'], budget, CAPTIONS_MAX_BYTES + POSTER_MAX_BYTES);
      form = await this.receive(request, owner, budget);
    } catch (error) {
      reply.header('connection', 'close');
      discardRestOfBody(request.raw);
      throw uploadHttpError(error, budget);
    }
    return this.register(owner, form);
  }

  /**
   * Reads the parts in order; the video streams through the type gate into storage, the poster is
   * judged whole and stored beside it. Nothing stays stored on failure.
   */
  private async receive(request: FastifyRequest, owner: Owner, budget: UploadBudget): Promise<UploadForm> {
    const form: UploadForm = { video: null, poster: null, captionsVtt: null, folderId: null };
    if (request.raw.destroyed) throw new BadRequestException(INTERRUPTED);
    const parts = request.parts();
    try {
      for (;;) {
        let next: IteratorResult<Multipart>;
        try {
          next = await parts.next();
        } catch (error) {
          // The form itself broke: a known multipart error, or malformed framing.
          const mapped = uploadHttpError(error, budget);
          throw mapped === error ? new BadRequestException(BAD_FORM) : mapped;
        }
        if (next.done) break;
        await this.take(next.value, form, owner, budget);
      }
      if (!form.video) throw new BadRequestException(NO_FILE);
      return form;
    } catch (error) {
      if (form.video) await this.removeFile(form.video.key);
      if (form.poster) await this.removeFile(form.poster.key);
      throw error;
    }
  }

  private async take(part: Multipart, form: UploadForm, owner: Owner, budget: UploadBudget): Promise<void> {
    if (!(UPLOAD_FIELDS as readonly string[]).includes(part.fieldname)) {
      throw new BadRequestException(`Unknown field "${part.fieldname}" is not allowed: ${UNKNOWN_FIELD_HINT}`);
    }
    if (part.type === 'field') {
      if (part.fieldname === 'title') form.title = titleField(part.value);
      else if (part.fieldname === 'folderId') form.folderId = folderIdField(part.value);
      else throw new BadRequestException(`The "${part.fieldname}" field must be a file`);
      return;
    }
    if (part.fieldname === 'captions') {
      if (form.captionsVtt !== null) throw new BadRequestException('Send one captions file per upload.');
      form.captionsVtt = await readCaptions(part);
      return;
    }
    if (part.fieldname === 'poster') {
      if (form.poster) throw new BadRequestException(ONE_POSTER);
      form.poster = await this.storePoster(part);
      return;
    }
    if (part.fieldname !== 'file') throw new BadRequestException(`The "${part.fieldname}" field must be text`);
    if (form.video) throw new BadRequestException(ONE_FILE);
    // A folder named before the file is checked before anything is stored.
    if (form.folderId !== null) await this.media.checkUpload({ owner, folderId: form.folderId });
    form.video = await this.store(part, budget.maxBytes);
  }

  /** Streams one file part into storage under a new key, checked by content and size on the way. */
  private async store(part: MultipartFile, maxBytes: number): Promise<StoredVideo> {
    const key = `videos/${randomUUID()}`;
    const gate = new VideoTypeGate();
    const feed = pipeline(part.file, gate);
    feed.catch(() => undefined); // its failure reaches storage.put through the gate
    const { bytes } = await this.storage.put(key, gate, { maxBytes });
    await feed;
    if (!gate.mimeType) throw new Error('The type gate let a file through without judging it');
    return { key, bytes, mimeType: gate.mimeType, filename: part.filename };
  }

  /** Judges a poster part and stores it under a new key in the same storage as the videos. */
  private async storePoster(part: MultipartFile): Promise<StoredPoster> {
    const { bytes, mimeType } = await readPoster(part);
    const key = `posters/${randomUUID()}`;
    await this.storage.put(key, Readable.from([bytes]), { maxBytes: POSTER_MAX_BYTES });
    return { key, mimeType };
  }

  /** Records the stored file as a video; on any refusal or failure the file (and any row) is removed. */
  private async register(owner: Owner, form: UploadForm): Promise<VideoView> {
    const video = form.video as StoredVideo;
    try {
      return await this.media.registerUpload({
        owner,
        title: form.title ?? titleFromFilename(video.filename),
        folderId: form.folderId,
        storageKey: video.key,
        mimeType: video.mimeType,
        sizeBytes: video.bytes,
        filename: video.filename || 'video',
        captionsVtt: form.captionsVtt,
        posterKey: form.poster?.key ?? null,
        posterMimeType: form.poster?.mimeType ?? null,
      });
    } catch (error) {
      // A refusal (4xx) created no row; a lost answer (503) may have: remove it too.
      if (!(error instanceof HttpException && error.getStatus() < 500)) {
        await this.media.discardUpload({ owner, storageKey: video.key }).catch((e: unknown) => {
          this.logger.warn(`Could not discard the row of upload ${video.key}: ${String(e)}`);
        });
      }
      await this.removeFile(video.key);
      if (form.poster) await this.removeFile(form.poster.key);
      throw error;
    }
  }

  private async removeFile(key: string): Promise<void> {
    await this.storage.delete(key).catch((error: unknown) => {
      this.logger.error(`Could not delete the stored upload ${key}: ${String(error)}`);
    });
  }
}
