/**
 * The parts of the YouTube IFrame Player API the player uses
 * (https://developers.google.com/youtube/iframe_api_reference), loaded only for YouTube videos.
 */

export const YT_STATE = { UNSTARTED: -1, ENDED: 0, PLAYING: 1, PAUSED: 2, BUFFERING: 3, CUED: 5 } as const;

export interface YouTubePlayer {
  playVideo(): void;
  pauseVideo(): void;
  seekTo(seconds: number, allowSeekAhead: boolean): void;
  getCurrentTime(): number;
  getDuration(): number;
  getPlayerState(): number;
  getPlaybackRate(): number;
  getIframe(): HTMLIFrameElement;
  destroy(): void;
}

export interface YouTubePlayerOptions {
  host?: string;
  videoId: string;
  width?: string | number;
  height?: string | number;
  playerVars?: Record<string, string | number>;
  events?: {
    onReady?: (event: { target: YouTubePlayer }) => void;
    onStateChange?: (event: { data: number; target: YouTubePlayer }) => void;
    onError?: (event: { data: number }) => void;
  };
}

export interface YouTubeNamespace {
  Player: new (element: HTMLElement, options: YouTubePlayerOptions) => YouTubePlayer;
}

interface YouTubeWindow {
  YT?: Partial<YouTubeNamespace>;
  onYouTubeIframeAPIReady?: () => void;
}

export const YOUTUBE_API_URL = 'https://www.youtube.com/iframe_api';
/** Without an answer by then (offline, blocked) the player says the source is not available. */
export const YOUTUBE_API_TIMEOUT_MS = 10_000;

let pending: Promise<YouTubeNamespace> | null = null;

function loaded(win: YouTubeWindow): YouTubeNamespace | null {
  return typeof win.YT?.Player === 'function' ? (win.YT as YouTubeNamespace) : null;
}

/**
 * Loads the IFrame API once per page. A failure (script error or timeout) removes the script and
 * forgets the attempt, so a retry loads it afresh.
 */
export function loadYouTubeApi(timeoutMs = YOUTUBE_API_TIMEOUT_MS, win: Window = window): Promise<YouTubeNamespace> {
  const ytWindow = win as unknown as YouTubeWindow;
  const ready = loaded(ytWindow);
  if (ready) return Promise.resolve(ready);
  if (pending) return pending;

  pending = new Promise<YouTubeNamespace>((resolve, reject) => {
    const doc = win.document;
    const script = doc.createElement('script');
    const previous = ytWindow.onYouTubeIframeAPIReady;
    const fail = (reason: string) => {
      win.clearTimeout(timer);
      script.remove();
      ytWindow.onYouTubeIframeAPIReady = previous;
      pending = null;
      reject(new Error(reason));
    };
    const timer = win.setTimeout(() => fail('The YouTube player did not load in time.'), timeoutMs);
    ytWindow.onYouTubeIframeAPIReady = () => {
      previous?.();
      win.clearTimeout(timer);
      const api = loaded(ytWindow);
      if (api) resolve(api);
      else fail('The YouTube player did not start.');
    };
    script.src = YOUTUBE_API_URL;
    script.async = true;
    script.onerror = () => fail('The YouTube player could not be loaded.');
    doc.head.appendChild(script);
  });
  return pending;
}

/** Forgets a load in progress (tests). */
export function resetYouTubeApiForTests(): void {
  pending = null;
}
