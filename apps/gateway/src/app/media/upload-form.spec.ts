import { BadRequestException, HttpException, PayloadTooLargeException, UnsupportedMediaTypeException } from '@nestjs/common';
import { CaptionsError, StorageLimitError, UnsupportedVideoError } from '@veolearn/storage';
import type { Entitlements } from '@veolearn/domain';
import { captionsTextOf } from './media.controller';
import {
  assertDeclaredLength,
  BAD_FORM,
  folderIdField,
  FORM_LIMITS,
  INTERRUPTED,
  POSTER_MAX_BYTES,
  posterTooLargeMessage,
  sniffPosterType,
  titleField,
  titleFromFilename,
  uploadBudget,
  tooLargeMessage,
  uploadHttpError,
} from './upload-form';

const GIB = 1024 * 1024 * 1024;

function statusOf(error: unknown): number | undefined {
  return error instanceof HttpException ? error.getStatus() : undefined;
}

describe('upload form fields', () => {
  it('titles: trimmed, empty means the file name, too long or with control characters is refused', () => {
    expect(titleField('  Photosynthesis ')).toBe('Photosynthesis');
    expect(titleField('   ')).toBeUndefined();
    expect(() => titleField('x'.repeat(201))).toThrow('The title must be at most 200 characters');
    expect(() => titleField('a\u0000b')).toThrow('The title contains characters that are not allowed');
    expect(() => titleField(undefined)).toThrow('The title must be text');
  });

  it('folder ids: whole numbers, or Home for empty, null and root', () => {
    expect(folderIdField('12')).toBe(12);
    expect(folderIdField('')).toBeNull();
    expect(folderIdField('null')).toBeNull();
    expect(folderIdField('root')).toBeNull();
    for (const bad of ['0', '-1', '1.5', 'abc', '2147483648', '01']) {
      expect(() => folderIdField(bad)).toThrow(new BadRequestException('folderId must be a folder id or null'));
    }
  });

  it('default titles come from the file name without folder or extension', () => {
    expect(titleFromFilename('Water cycle.webm')).toBe('Water cycle');
    expect(titleFromFilename('C:\\videos\\lesson.one.mp4')).toBe('lesson.one');
    expect(titleFromFilename('clip')).toBe('clip');
    expect(titleFromFilename('.mp4')).toBe('Uploaded video');
    expect(titleFromFilename(undefined)).toBe('Uploaded video');
    expect(titleFromFilename(`${'x'.repeat(300)}.mov`)).toHaveLength(200);
  });
});

describe('sniffPosterType', () => {
  const jpeg = Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex');
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
  const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);

  it('knows JPEG, PNG and WebP by their first bytes', () => {
    expect(sniffPosterType(jpeg)).toBe('image/jpeg');
    expect(sniffPosterType(png)).toBe('image/png');
    expect(sniffPosterType(webp)).toBe('image/webp');
  });

  it('refuses anything else, whatever it claims to be: GIF, SVG, a video, text, a RIFF that is not WebP, cut-off or empty heads', () => {
    expect(sniffPosterType(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'))).toBeNull();
    expect(sniffPosterType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffPosterType(Buffer.from('000000186674797069736f6d', 'hex'))).toBeNull(); // an MP4's ftyp box
    expect(sniffPosterType(Buffer.from('not an image at all'))).toBeNull();
    expect(sniffPosterType(Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WAVEfmt ')]))).toBeNull();
    expect(sniffPosterType(png.subarray(0, 7))).toBeNull();
    expect(sniffPosterType(webp.subarray(0, 11))).toBeNull();
    expect(sniffPosterType(jpeg.subarray(0, 2))).toBeNull();
    expect(sniffPosterType(Buffer.alloc(0))).toBeNull();
  });

  it('names the poster limit in its 413 message', () => {
    expect(POSTER_MAX_BYTES).toBe(512 * 1024);
    expect(posterTooLargeMessage(POSTER_MAX_BYTES)).toBe('The poster is larger than the 512 KiB limit.');
  });
});

const SIZE_ONLY = { maxBytes: GIB, quotaMessage: null };
const MIB = 1024 * 1024;
const TRIAL: Entitlements = { plan: 'trial', subscriptionStatus: 'trial', trialEndsAt: '2999-01-01T00:00:00Z', hasUnlimitedAccess: false, isAdmin: false };

describe('assertDeclaredLength', () => {
  it('refuses bodies declared larger than video + captions + form overhead, and nothing else', () => {
    expect(() => assertDeclaredLength(String(GIB), SIZE_ONLY, 2 * 1024 * 1024)).not.toThrow();
    expect(() => assertDeclaredLength(undefined, SIZE_ONLY, 0)).not.toThrow();
    expect(() => assertDeclaredLength('abc', SIZE_ONLY, 0)).not.toThrow();
    expect(() => assertDeclaredLength(String(2 * GIB), SIZE_ONLY, 2 * 1024 * 1024)).toThrow(
      new PayloadTooLargeException('The video is larger than the 1 GiB limit.'),
    );
  });

  it('answers 402 naming the plan when the storage quota, not the size limit, is what the file exceeds', () => {
    const budget = uploadBudget(GIB, { remainingBytes: 150 * MIB, usedBytes: 50 * MIB }, TRIAL);
    expect(budget.maxBytes).toBe(150 * MIB);
    expect(budget.quotaMessage).toContain('150 MB of video storage left on your Free Trial plan (200 MB in all)');
    expect(() => assertDeclaredLength(String(100 * MIB), budget, 0)).not.toThrow();
    let thrown: unknown;
    try {
      assertDeclaredLength(String(300 * MIB), budget, 0);
    } catch (error) {
      thrown = error;
    }
    expect(statusOf(thrown)).toBe(402);
    expect(statusOf(uploadHttpError(new StorageLimitError(150 * MIB), budget))).toBe(402);
  });

  it('keeps the size limit when the quota has more room than one file may take, or there is no quota', () => {
    expect(uploadBudget(GIB, { remainingBytes: 5 * GIB, usedBytes: 0 }, TRIAL)).toEqual(SIZE_ONLY);
    expect(uploadBudget(GIB, { remainingBytes: null, usedBytes: 9 * GIB }, TRIAL)).toEqual(SIZE_ONLY);
  });
});

describe('uploadHttpError', () => {
  it('turns upload failures into readable 4xx', () => {
    expect(uploadHttpError(new StorageLimitError(GIB), SIZE_ONLY)).toEqual(new PayloadTooLargeException(tooLargeMessage(GIB)));
    const unsupported = uploadHttpError(new UnsupportedVideoError(), SIZE_ONLY);
    expect(unsupported).toBeInstanceOf(UnsupportedMediaTypeException);
    expect((unsupported as HttpException).message).toBe('Only MP4, WebM and MOV videos can be uploaded.');
    expect(statusOf(uploadHttpError(new CaptionsError(), SIZE_ONLY))).toBe(400);
    const closed = Object.assign(new Error('closed'), { code: 'FST_MP_PREMATURE_CLOSE' });
    expect((uploadHttpError(closed, SIZE_ONLY) as HttpException).message).toBe(INTERRUPTED);
    const limits = Object.assign(new Error('reach files limit'), { code: 'FST_FILES_LIMIT' });
    expect((uploadHttpError(limits, SIZE_ONLY) as HttpException).message).toBe(FORM_LIMITS);
    const proto = Object.assign(new Error('proto'), { code: 'FST_PROTO_VIOLATION' });
    expect((uploadHttpError(proto, SIZE_ONLY) as HttpException).message).toBe(BAD_FORM);
  });

  it('keeps HTTP errors and leaves unknown errors alone (they are logged as 500)', () => {
    const http = new BadRequestException('x');
    expect(uploadHttpError(http, SIZE_ONLY)).toBe(http);
    const disk = Object.assign(new Error('no space left'), { code: 'ENOSPC' });
    expect(uploadHttpError(disk, SIZE_ONLY)).toBe(disk);
  });
});

describe('captionsTextOf', () => {
  it('takes a raw text body or JSON {text}', () => {
    expect(captionsTextOf('WEBVTT\n')).toBe('WEBVTT\n');
    expect(captionsTextOf({ text: '1\n00:00:01,000 --> 00:00:02,000\nHi' })).toContain('-->');
  });

  it('refuses other shapes, empty text and text over 2 MiB', () => {
    for (const body of [undefined, null, '', '  ', {}, { vtt: 'x' }, { text: 'x', extra: 1 }, ['x'], { text: 5 }]) {
      expect(statusOf(captureError(() => captionsTextOf(body)))).toBe(400);
    }
    expect(statusOf(captureError(() => captionsTextOf('x'.repeat(2 * 1024 * 1024 + 1))))).toBe(413);
  });
});

function captureError(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  return undefined;
}
