import { RpcException } from '@nestjs/microservices';
import { GENERATED_CAPTIONS_HEADER, segmentsToVtt } from '@veolearn/storage';
import { folderIdOf, generatedCaptionsOrNull, mimeTypeOf, ownerCaptions, posterOf, storageKeyOf, uploadFilename, uploadTitle } from './media-rules';

function rpcStatus(fn: () => unknown): number | undefined {
  try {
    fn();
  } catch (error) {
    if (error instanceof RpcException) return (error.getError() as { statusCode: number }).statusCode;
    throw error;
  }
  return undefined;
}

describe('media rules', () => {
  it('accepts only generated captions from the generation worker', () => {
    const generated = segmentsToVtt([{ start: 1, end: 2, text: 'Hello' }])!;
    expect(generated.startsWith(`${GENERATED_CAPTIONS_HEADER}\n`)).toBe(true);
    expect(generatedCaptionsOrNull(generated)).toBe(generated);
    for (const other of [undefined, null, 42, 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHi\n', `${GENERATED_CAPTIONS_HEADER}${'x'.repeat(3 * 1024 * 1024)}`]) {
      expect(generatedCaptionsOrNull(other)).toBeNull();
    }
  });

  it("normalises an owner's captions and never lets them pass as generated", () => {
    const generated = segmentsToVtt([{ start: 1, end: 2, text: 'Hello' }])!;
    expect(ownerCaptions(generated)).toBe('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHello\n');
    expect(ownerCaptions('1\n00:00:01,000 --> 00:00:02,000\nHi\n')).toBe('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHi\n');
    expect(rpcStatus(() => ownerCaptions('no cues'))).toBe(400);
    expect(rpcStatus(() => ownerCaptions(5))).toBe(400);
    expect(rpcStatus(() => ownerCaptions('x'.repeat(2 * 1024 * 1024 + 1)))).toBe(413);
  });

  it('checks the fields of a registered upload', () => {
    expect(uploadTitle('  A  ')).toBe('A');
    expect(rpcStatus(() => uploadTitle(''))).toBe(400);
    expect(rpcStatus(() => uploadTitle('x'.repeat(201)))).toBe(400);
    expect(rpcStatus(() => uploadTitle('a\nb'))).toBe(400);
    expect(uploadFilename('  my\u0007 clip.mp4 ')).toBe('my clip.mp4');
    expect(uploadFilename('')).toBe('video');
    expect(uploadFilename('x'.repeat(300))).toHaveLength(255);
    expect(storageKeyOf('videos/abc')).toBe('videos/abc');
    expect(rpcStatus(() => storageKeyOf('../etc/passwd'))).toBe(400);
    expect(mimeTypeOf('video/webm')).toBe('video/webm');
    expect(rpcStatus(() => mimeTypeOf('image/png'))).toBe(400);
    expect(folderIdOf(null)).toBeNull();
    expect(folderIdOf(3)).toBe(3);
    expect(rpcStatus(() => folderIdOf('3'))).toBe(404);
  });

  it("takes an upload's poster as a key and an image type together, or neither", () => {
    expect(posterOf(undefined, undefined)).toBeNull();
    expect(posterOf(null, null)).toBeNull();
    expect(posterOf('posters/abc', 'image/webp')).toEqual({ key: 'posters/abc', mimeType: 'image/webp' });
    expect(rpcStatus(() => posterOf('posters/abc', null))).toBe(400);
    expect(rpcStatus(() => posterOf('posters/abc', 'image/gif'))).toBe(400);
    expect(rpcStatus(() => posterOf(null, 'image/png'))).toBe(400);
    expect(rpcStatus(() => posterOf('../x', 'image/png'))).toBe(400);
  });
});
