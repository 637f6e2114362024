import { fireEvent, render } from '@testing-library/react';
import { Html5Source } from './html5-source';
import type { MediaEvents } from './media-controller';

function events(): jest.Mocked<MediaEvents> {
  return { onReady: jest.fn(), onPlay: jest.fn(), onPause: jest.fn(), onEnded: jest.fn(), onDuration: jest.fn(), onSeeked: jest.fn(), onError: jest.fn() };
}

/** The <video>, with the duration jsdom cannot read from a file set by the test. */
function videoOf(container: HTMLElement, duration: number): HTMLVideoElement {
  const video = container.querySelector('video') as HTMLVideoElement;
  Object.defineProperty(video, 'duration', { configurable: true, get: () => duration });
  return video;
}

const props = { src: '/api/media/7', title: 'Lesson', startAt: 0, captionsSrc: null, captionsOn: false };

describe('Html5Source', () => {
  it('without a deferred load: reads the metadata first and is ready only once it has', () => {
    const on = events();
    const { container } = render(<Html5Source {...props} events={on} />);
    const video = videoOf(container, 20);
    expect(video.getAttribute('preload')).toBe('metadata');
    expect(video.hasAttribute('poster')).toBe(false);
    expect(on.onReady).not.toHaveBeenCalled();
    fireEvent.loadedMetadata(video);
    expect(on.onDuration).toHaveBeenCalledWith(20);
    expect(on.onReady).toHaveBeenCalledTimes(1);
  });

  it('deferred: shows the poster, fetches nothing before play (preload none) and is ready at once', () => {
    const on = events();
    const { container } = render(<Html5Source {...props} poster="/api/media/7/poster?access=1.x" deferLoad events={on} />);
    const video = videoOf(container, Number.POSITIVE_INFINITY);
    expect(video.getAttribute('poster')).toBe('/api/media/7/poster?access=1.x');
    expect(video.getAttribute('preload')).toBe('none');
    expect(on.onReady).toHaveBeenCalledTimes(1);
    // Playing, the file turns out to be a WebM without a length in its header: no seek to its end
    // (the player already has the lesson's length), no second ready.
    fireEvent.loadedMetadata(video);
    expect(video.currentTime).toBe(0);
    expect(on.onReady).toHaveBeenCalledTimes(1);
    expect(on.onDuration).not.toHaveBeenCalled();
  });

  it('a poster without a deferred load still reads the metadata', () => {
    const on = events();
    const { container } = render(<Html5Source {...props} poster="/api/media/7/poster" events={on} />);
    const video = videoOf(container, 20);
    expect(video.getAttribute('poster')).toBe('/api/media/7/poster');
    expect(video.getAttribute('preload')).toBe('metadata');
    expect(on.onReady).not.toHaveBeenCalled();
  });
});
