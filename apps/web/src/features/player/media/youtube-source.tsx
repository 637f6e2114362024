import { useEffect, useRef } from 'react';
import { finiteDuration } from '../model/timeline';
import { type MediaController, type MediaEvents, SOURCE_UNAVAILABLE } from './media-controller';
import { useLatest } from './use-latest';
import { loadYouTubeApi, YT_STATE, type YouTubePlayer } from './youtube-api';

/** The player must answer by then, or the source counts as unavailable (offline, blocked, removed video). */
const READY_TIMEOUT_MS = 15_000;
/** How far the clock may run on from the player's last reported time. */
const MAX_INTERPOLATION_S = 1;

interface YouTubeSourceProps {
  youtubeId: string;
  title: string;
  startAt: number;
  events: MediaEvents;
}

/**
 * The IFrame player reports its time only every few hundred milliseconds; between reports the clock
 * runs on with the real time, so a question still stops within a frame of its timestamp.
 */
function youTubeController(player: YouTubePlayer): MediaController {
  let reported = -1;
  let base = { time: 0, at: performance.now() };
  const playing = () => player.getPlayerState() === YT_STATE.PLAYING;
  return {
    play: () => player.playVideo(),
    pause: () => player.pauseVideo(),
    seek: (seconds) => {
      player.seekTo(seconds, true);
      reported = seconds;
      base = { time: seconds, at: performance.now() };
    },
    currentTime() {
      const now = performance.now();
      const time = player.getCurrentTime() ?? 0;
      if (time !== reported) {
        reported = time;
        base = { time, at: now };
      }
      if (!playing()) return time;
      const ahead = Math.min(((now - base.at) / 1000) * (player.getPlaybackRate() || 1), MAX_INTERPOLATION_S);
      return base.time + ahead;
    },
    duration: () => finiteDuration(player.getDuration()),
    paused: () => !playing(),
  };
}

/** A YouTube video through the privacy-enhanced (youtube-nocookie) IFrame player, loaded on demand. */
export function YouTubeSource({ youtubeId, title, startAt, events }: YouTubeSourceProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const latest = useLatest(events);
  const start = useRef(startAt);
  const titleRef = useLatest(title);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    let cancelled = false;
    let player: YouTubePlayer | null = null;
    const fail = () => {
      if (cancelled) return;
      cancelled = true;
      window.clearTimeout(timer);
      latest.current.onError(SOURCE_UNAVAILABLE);
    };
    const timer = window.setTimeout(fail, READY_TIMEOUT_MS);

    loadYouTubeApi()
      .then((YT) => {
        if (cancelled) return;
        const target = document.createElement('div');
        host.appendChild(target);
        player = new YT.Player(target, {
          host: 'https://www.youtube-nocookie.com',
          videoId: youtubeId,
          width: '100%',
          height: '100%',
          playerVars: {
            controls: 0,
            disablekb: 1,
            fs: 0,
            rel: 0,
            playsinline: 1,
            iv_load_policy: 3,
            cc_load_policy: 0,
            start: Math.floor(start.current),
            origin: window.location.origin,
          },
          events: {
            onReady: ({ target: ready }) => {
              if (cancelled) return;
              window.clearTimeout(timer);
              ready.getIframe().title = titleRef.current;
              const controller = youTubeController(ready);
              const duration = controller.duration();
              if (duration !== null) latest.current.onDuration(duration);
              latest.current.onReady(controller);
            },
            onStateChange: ({ data, target: changed }) => {
              if (data === YT_STATE.PLAYING) {
                const duration = finiteDuration(changed.getDuration());
                if (duration !== null) latest.current.onDuration(duration);
                latest.current.onPlay();
              } else if (data === YT_STATE.PAUSED) latest.current.onPause();
              else if (data === YT_STATE.ENDED) latest.current.onEnded();
            },
            onError: fail,
          },
        });
      })
      .catch(fail);

    return () => {
      cancelled = true;
      window.clearTimeout(timer);
      try {
        player?.destroy();
      } catch {
        // A player that never finished loading has nothing to destroy.
      }
      host.replaceChildren();
    };
  }, [youtubeId, latest, titleRef]);

  return <div ref={hostRef} className="size-full bg-black [&_iframe]:size-full" />;
}
