import { useLayoutEffect } from 'react';

/**
 * The still of a shared lesson that the gateway puts in `/play/{id}`'s HTML (its title and poster
 * frame, drawn before any script has run: spa-fallback.ts renderPlayPage), with #root hidden behind
 * it. It stays on screen while the player loads; this removes it and shows #root in the same frame
 * as the player (or a message) is drawn, so nothing on screen moves.
 */
export function dismissLessonPreview(): void {
  if (typeof document === 'undefined') return;
  const still = document.getElementById('lesson-preview');
  if (!still) return;
  still.remove();
  document.getElementById('root')?.removeAttribute('hidden');
}

/** Removes the lesson's still once `drawn` (before the browser paints), and when the page goes. */
export function useLessonPreview(drawn: boolean): void {
  useLayoutEffect(() => {
    if (drawn) dismissLessonPreview();
  }, [drawn]);
  useLayoutEffect(() => dismissLessonPreview, []);
}
