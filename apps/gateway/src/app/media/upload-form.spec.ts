import { BadRequestException, HttpException, PayloadTooLargeException, UnsupportedMediaTypeException } from '@nestjs/common';
import { CaptionsError, StorageLimitError, UnsupportedVideoError } from '@veolearn/storage';
import { captionsTextOf } from './media.controller';
import {
  assertDeclaredLength,
  BAD_FORM,
  folderIdField,
  FORM_LIMITS,
  INTERRUPTED,
  titleField,
  titleFromFilename,
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

describe('assertDeclaredLength', () => {
  it('refuses bodies declared larger than video + captions + form overhead, and nothing else', () => {
    expect(() => assertDeclaredLength(String(GIB), GIB, 2 * 1024 * 1024)).not.toThrow();
    expect(() => assertDeclaredLength(undefined, GIB, 0)).not.toThrow();
    expect(() => assertDeclaredLength('abc', GIB, 0)).not.toThrow();
    expect(() => assertDeclaredLength(String(2 * GIB), GIB, 2 * 1024 * 1024)).toThrow(new PayloadTooLargeException('The video is larger than the 1 GiB limit.'));
  });
});

describe('uploadHttpError', () => {
  it('turns upload failures into readable 4xx', () => {
    expect(uploadHttpError(new StorageLimitError(GIB), GIB)).toEqual(new PayloadTooLargeException(tooLargeMessage(GIB)));
    const unsupported = uploadHttpError(new UnsupportedVideoError(), GIB);
    expect(unsupported).toBeInstanceOf(UnsupportedMediaTypeException);
    expect((unsupported as HttpException).message).toBe('Only MP4, WebM and MOV videos can be uploaded.');
    expect(statusOf(uploadHttpError(new CaptionsError(), GIB))).toBe(400);
    const closed = Object.assign(new Error('closed'), { code: 'FST_MP_PREMATURE_CLOSE' });
    expect((uploadHttpError(closed, GIB) as HttpException).message).toBe(INTERRUPTED);
    const limits = Object.assign(new Error('reach files limit'), { code: 'FST_FILES_LIMIT' });
    expect((uploadHttpError(limits, GIB) as HttpException).message).toBe(FORM_LIMITS);
    const proto = Object.assign(new Error('proto'), { code: 'FST_PROTO_VIOLATION' });
    expect((uploadHttpError(proto, GIB) as HttpException).message).toBe(BAD_FORM);
  });

  it('keeps HTTP errors and leaves unknown errors alone (they are logged as 500)', () => {
    const http = new BadRequestException('x');
    expect(uploadHttpError(http, GIB)).toBe(http);
    const disk = Object.assign(new Error('no space left'), { code: 'ENOSPC' });
    expect(uploadHttpError(disk, GIB)).toBe(disk);
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
