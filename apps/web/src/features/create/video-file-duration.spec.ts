import { readVideoFileDuration, usableDuration } from './video-file-duration';

/** A detached <video> whose `duration` the test sets, as the browser would once it read the metadata. */
function fakeVideo(duration: number) {
  const video = document.createElement('video');
  Object.defineProperty(video, 'duration', { configurable: true, get: () => duration });
  return video;
}

function setup(duration: number) {
  const video = fakeVideo(duration);
  const createObjectURL = jest.fn(() => 'blob:http://localhost/file-1');
  const revokeObjectURL = jest.fn();
  const file = new File([new Uint8Array([0, 0, 0, 24])], 'lesson.mp4', { type: 'video/mp4' });
  return { video, createObjectURL, revokeObjectURL, file, options: { createVideo: () => video, createObjectURL, revokeObjectURL, timeoutMs: 1_000 } };
}

describe('readVideoFileDuration', () => {
  it("reads the length on loadedmetadata from the file's object URL, loading metadata only, then frees the URL", async () => {
    const { video, createObjectURL, revokeObjectURL, file, options } = setup(312.48);
    const reading = readVideoFileDuration(file, options);
    expect(createObjectURL).toHaveBeenCalledWith(file);
    expect(video.preload).toBe('metadata');
    expect(video.getAttribute('src')).toBe('blob:http://localhost/file-1');
    video.dispatchEvent(new Event('loadedmetadata'));
    await expect(reading).resolves.toBe(312.48);
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/file-1');
    expect(video.hasAttribute('src')).toBe(false);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, 0])('answers null for a duration of %p', async (duration) => {
    const { video, revokeObjectURL, file, options } = setup(duration);
    const reading = readVideoFileDuration(file, options);
    video.dispatchEvent(new Event('loadedmetadata'));
    await expect(reading).resolves.toBeNull();
    expect(revokeObjectURL).toHaveBeenCalled();
  });

  it('answers null when the browser cannot read the file', async () => {
    const { video, revokeObjectURL, file, options } = setup(100);
    const reading = readVideoFileDuration(file, options);
    video.dispatchEvent(new Event('error'));
    await expect(reading).resolves.toBeNull();
    expect(revokeObjectURL).toHaveBeenCalled();
  });

  it('answers null when the metadata does not come in time', async () => {
    jest.useFakeTimers();
    try {
      const { revokeObjectURL, file, options } = setup(100);
      const reading = readVideoFileDuration(file, options);
      jest.advanceTimersByTime(1_000);
      await expect(reading).resolves.toBeNull();
      expect(revokeObjectURL).toHaveBeenCalled();
    } finally {
      jest.useRealTimers();
    }
  });

  it('answers null at once where object URLs do not exist', async () => {
    const original = URL.createObjectURL;
    // jsdom has none; make sure of it.
    (URL as unknown as { createObjectURL?: unknown }).createObjectURL = undefined;
    try {
      await expect(readVideoFileDuration(new File(['x'], 'a.mp4'))).resolves.toBeNull();
    } finally {
      (URL as unknown as { createObjectURL?: unknown }).createObjectURL = original;
    }
  });
});

describe('usableDuration', () => {
  it('keeps finite positive lengths only', () => {
    expect(usableDuration(59.9)).toBe(59.9);
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, 0, -1, '60', null, undefined]) expect(usableDuration(bad)).toBeNull();
  });
});
