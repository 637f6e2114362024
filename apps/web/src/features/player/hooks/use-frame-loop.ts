import { useEffect } from 'react';
import { useLatest } from '../media/use-latest';

/** How often the loop still runs when animation frames are throttled (hidden tab, busy page). */
const FALLBACK_INTERVAL_MS = 50;

/**
 * Calls `onFrame` on every animation frame while `active`, and at least every 50 ms: a question's
 * timestamp is noticed within a frame (the original player ticked once a second).
 */
export function useFrameLoop(active: boolean, onFrame: () => void): void {
  const latest = useLatest(onFrame);
  useEffect(() => {
    if (!active) return;
    let frame = 0;
    const loop = () => {
      latest.current();
      frame = requestAnimationFrame(loop);
    };
    frame = requestAnimationFrame(loop);
    const timer = window.setInterval(() => latest.current(), FALLBACK_INTERVAL_MS);
    return () => {
      cancelAnimationFrame(frame);
      window.clearInterval(timer);
    };
  }, [active, latest]);
}
