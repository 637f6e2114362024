import { captureVideoPoster, POSTER_MAX_BYTES, posterSize, posterTime } from './video-poster';

/** A detached <video> whose length and frame size the test sets, as the browser would once it read the file. */
function fakeVideo(duration: number, width = 1280, height = 720) {
  const video = document.createElement('video');
  let currentTime = 0;
  Object.defineProperty(video, 'duration', { configurable: true, get: () => duration });
  Object.defineProperty(video, 'videoWidth', { configurable: true, get: () => width });
  Object.defineProperty(video, 'videoHeight', { configurable: true, get: () => height });
  Object.defineProperty(video, 'currentTime', { configurable: true, get: () => currentTime, set: (t: number) => (currentTime = t) });
  return video;
}

/** A canvas that records what is drawn and encodes to the given blob (jsdom has no canvas of its own). */
function fakeCanvas(blob: Blob | null) {
  const canvas = document.createElement('canvas');
  const drawImage = jest.fn();
  const toBlob = jest.fn((callback: BlobCallback, type?: string, quality?: number) => {
    void type;
    void quality;
    callback(blob);
  });
  Object.defineProperty(canvas, 'getContext', { value: () => ({ drawImage }) });
  Object.defineProperty(canvas, 'toBlob', { value: toBlob });
  return { canvas, drawImage, toBlob };
}

function setup(duration: number, encoded: Blob | null = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }), size = { width: 1280, height: 720 }) {
  const video = fakeVideo(duration, size.width, size.height);
  const { canvas, drawImage, toBlob } = fakeCanvas(encoded);
  const createObjectURL = jest.fn(() => 'blob:http://localhost/file-1');
  const revokeObjectURL = jest.fn();
  const file = new File([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3])], 'lesson.webm', { type: 'video/webm' });
  const options = { createVideo: () => video, createCanvas: () => canvas, createObjectURL, revokeObjectURL, timeoutMs: 1_000 };
  return { video, canvas, drawImage, toBlob, createObjectURL, revokeObjectURL, file, encoded, options };
}

describe('captureVideoPoster', () => {
  it("seeks to 1 s, draws the frame at most 640 px wide as a JPEG of quality 0.75, then frees the file's URL", async () => {
    const { video, canvas, drawImage, toBlob, createObjectURL, revokeObjectURL, file, encoded, options } = setup(312);
    const capturing = captureVideoPoster(file, options);
    expect(createObjectURL).toHaveBeenCalledWith(file);
    expect(video.getAttribute('src')).toBe('blob:http://localhost/file-1');
    expect(video.muted).toBe(true);
    video.dispatchEvent(new Event('loadedmetadata'));
    expect(video.currentTime).toBe(1);
    video.dispatchEvent(new Event('seeked'));
    await expect(capturing).resolves.toBe(encoded);
    expect([canvas.width, canvas.height]).toEqual([640, 360]);
    expect(drawImage).toHaveBeenCalledWith(video, 0, 0, 640, 360);
    expect(toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/jpeg', 0.75);
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/file-1');
    expect(video.hasAttribute('src')).toBe(false);
  });

  it('takes the frame at 10 % of a short video, and keeps a narrow video at its own size', async () => {
    const { video, canvas, file, encoded, options } = setup(4, undefined, { width: 320, height: 180 });
    const capturing = captureVideoPoster(file, options);
    video.dispatchEvent(new Event('loadedmetadata'));
    expect(video.currentTime).toBeCloseTo(0.4);
    video.dispatchEvent(new Event('seeked'));
    await expect(capturing).resolves.toBe(encoded);
    expect([canvas.width, canvas.height]).toEqual([320, 180]);
  });

  it('answers null when the browser cannot play the file', async () => {
    const { video, revokeObjectURL, file, options } = setup(100);
    const capturing = captureVideoPoster(file, options);
    video.dispatchEvent(new Event('error'));
    await expect(capturing).resolves.toBeNull();
    expect(revokeObjectURL).toHaveBeenCalled();
  });

  it('answers null when no frame comes in time', async () => {
    jest.useFakeTimers();
    try {
      const { video, revokeObjectURL, file, options } = setup(100);
      const capturing = captureVideoPoster(file, options);
      video.dispatchEvent(new Event('loadedmetadata'));
      jest.advanceTimersByTime(1_000);
      await expect(capturing).resolves.toBeNull();
      expect(revokeObjectURL).toHaveBeenCalled();
    } finally {
      jest.useRealTimers();
    }
  });

  it('answers null for a video without a picture, a failed encoding or a frame over the server limit', async () => {
    const noPicture = setup(100, undefined, { width: 0, height: 0 });
    const a = captureVideoPoster(noPicture.file, noPicture.options);
    noPicture.video.dispatchEvent(new Event('loadedmetadata'));
    noPicture.video.dispatchEvent(new Event('seeked'));
    await expect(a).resolves.toBeNull();

    const failed = setup(100, null);
    const b = captureVideoPoster(failed.file, failed.options);
    failed.video.dispatchEvent(new Event('loadedmetadata'));
    failed.video.dispatchEvent(new Event('seeked'));
    await expect(b).resolves.toBeNull();

    const huge = setup(100, new Blob([new Uint8Array(POSTER_MAX_BYTES + 1)], { type: 'image/jpeg' }));
    const c = captureVideoPoster(huge.file, huge.options);
    huge.video.dispatchEvent(new Event('loadedmetadata'));
    huge.video.dispatchEvent(new Event('seeked'));
    await expect(c).resolves.toBeNull();
  });

  it('answers null at once where object URLs do not exist', async () => {
    const original = URL.createObjectURL;
    (URL as unknown as { createObjectURL?: unknown }).createObjectURL = undefined;
    try {
      await expect(captureVideoPoster(new File(['x'], 'a.mp4'))).resolves.toBeNull();
    } finally {
      (URL as unknown as { createObjectURL?: unknown }).createObjectURL = original;
    }
  });
});

describe('posterTime and posterSize', () => {
  it('1 s in, 10 % of a shorter video, 1 s when the length is unknown', () => {
    expect(posterTime(600)).toBe(1);
    expect(posterTime(5)).toBe(0.5);
    expect(posterTime(null)).toBe(1);
  });

  it('at most 640 px wide with the aspect ratio kept; nothing for a video without a picture', () => {
    expect(posterSize(1920, 1080)).toEqual({ width: 640, height: 360 });
    expect(posterSize(1080, 1920)).toEqual({ width: 640, height: 1138 });
    expect(posterSize(320, 180)).toEqual({ width: 320, height: 180 });
    expect(posterSize(0, 0)).toBeNull();
  });
});
