import { useEffect, useMemo, useRef } from 'react';
import { finiteDuration } from '../model/timeline';
import { type MediaController, type MediaEvents, SOURCE_UNAVAILABLE } from './media-controller';
import { useLatest } from './use-latest';

/** Far past any end: seeking there makes the browser read the end of a file whose header has no duration. */
const PROBE_POSITION = 1e101;
/** Give up finding the duration after this long and play anyway (the timeline then uses a fallback). */
const PROBE_TIMEOUT_MS = 4000;

interface Html5SourceProps {
  src: string;
  /** The video's poster frame (issue 15): the first paint before a byte of the video is fetched. */
  poster?: string | null;
  /**
   * Fetch nothing of the file until the learner presses play (preload="none") and report ready at once.
   * Only for a lesson whose length the player already knows (its markers and timeline need no
   * metadata), with a poster to show meanwhile, starting from the beginning (no resume position to seek to).
   */
  deferLoad?: boolean;
  title: string;
  /** Seconds to start at (a resumed attempt). */
  startAt: number;
  captionsSrc: string | null;
  captionsOn: boolean;
  events: MediaEvents;
}

/**
 * An uploaded video in a plain <video> without native controls (the player draws its own). A WebM made
 * by MediaRecorder has no duration in its header (duration is Infinity); the source then seeks far past
 * the end once, which makes the browser read the end, and goes back before reporting ready. With
 * `deferLoad` the source is ready at once and the browser reads the file only on play (the length
 * comes from the lesson, so no such probe is needed).
 */
export function Html5Source({ src, poster = null, deferLoad = false, title, startAt, captionsSrc, captionsOn, events }: Html5SourceProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const latest = useLatest(events);
  const startRef = useRef(startAt);
  const probe = useRef({ active: false, resumeAt: 0, timer: 0 });
  const readySent = useRef(false);

  const controller = useMemo<MediaController>(
    () => ({
      play() {
        const video = videoRef.current;
        if (!video) return;
        video.play().catch((error: unknown) => {
          // A pause() before playback began rejects play(): that is no failure.
          if (error instanceof DOMException && error.name === 'AbortError') return;
          latest.current.onPause();
        });
      },
      pause() {
        videoRef.current?.pause();
      },
      seek(seconds) {
        const video = videoRef.current;
        if (!video) return;
        if (probe.current.active) probe.current.resumeAt = seconds;
        else video.currentTime = seconds;
      },
      currentTime() {
        if (probe.current.active) return probe.current.resumeAt;
        return videoRef.current?.currentTime ?? 0;
      },
      duration() {
        return finiteDuration(videoRef.current?.duration);
      },
      paused() {
        return videoRef.current?.paused ?? true;
      },
    }),
    [latest],
  );

  function sendReady() {
    if (readySent.current) return;
    readySent.current = true;
    latest.current.onReady(controller);
  }

  function endProbe() {
    const video = videoRef.current;
    window.clearTimeout(probe.current.timer);
    if (!probe.current.active || !video) return;
    probe.current.active = false;
    video.currentTime = probe.current.resumeAt;
    sendReady();
  }

  function onLoadedMetadata() {
    const video = videoRef.current;
    if (!video) return;
    const duration = finiteDuration(video.duration);
    if (duration !== null) {
      latest.current.onDuration(duration);
      if (startRef.current > 0) video.currentTime = Math.min(startRef.current, duration);
      sendReady();
      return;
    }
    // Deferred: already playing on the lesson's known length; seeking to the end now would stop playback.
    if (readySent.current) return;
    probe.current = { active: true, resumeAt: startRef.current, timer: window.setTimeout(endProbe, PROBE_TIMEOUT_MS) };
    video.currentTime = PROBE_POSITION;
  }

  function onDurationChange() {
    const duration = finiteDuration(videoRef.current?.duration);
    if (duration === null) return;
    latest.current.onDuration(duration);
    if (probe.current.active) endProbe();
  }

  useEffect(() => () => window.clearTimeout(probe.current.timer), []);

  // Deferred: nothing to wait for; play() makes the browser fetch the file.
  useEffect(() => {
    if (deferLoad) sendReady();
    // Once, for the source this element was created with (a retry mounts a new one).
    // eslint-disable-next-line react-hooks/exhaustive-deps -- deferLoad and sendReady as they were at mount
  }, []);

  // The captions track is shown or hidden by the player's CC button.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    for (const track of Array.from(video.textTracks)) track.mode = captionsOn ? 'showing' : 'hidden';
  }, [captionsOn, captionsSrc]);

  return (
    <video
      ref={videoRef}
      className="size-full bg-black object-contain"
      src={src}
      poster={poster ?? undefined}
      title={title}
      preload={deferLoad ? 'none' : 'metadata'}
      playsInline
      onLoadedMetadata={onLoadedMetadata}
      onDurationChange={onDurationChange}
      onPlay={() => !probe.current.active && latest.current.onPlay()}
      onPause={() => !probe.current.active && latest.current.onPause()}
      onEnded={() => !probe.current.active && latest.current.onEnded()}
      onSeeked={() => !probe.current.active && latest.current.onSeeked?.()}
      onError={() => latest.current.onError(SOURCE_UNAVAILABLE)}
    >
      {captionsSrc && <track kind="captions" src={captionsSrc} srcLang="en" label="Captions" default={captionsOn} />}
    </video>
  );
}
