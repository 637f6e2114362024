import { useEffect, useRef, type RefObject } from 'react';

/** Scrolls an element into the middle of the viewport (no animation when the reader asked for less motion) and focuses it. */
export function revealElement(element: HTMLElement | null): void {
  if (!element) return;
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  element.scrollIntoView?.({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'center' });
  // Focus without a second jump: the scroll above places it. Screen readers read the role="alert" text.
  element.focus({ preventScroll: true });
}

/**
 * A ref for an error message (role="alert", tabIndex -1): each time `error` becomes a new non-null value,
 * after it rendered, the message is scrolled into view and focused, so an error that appears below the
 * fold (after Upload, after an invalid Save) is never missed.
 */
export function useRevealedError<T extends HTMLElement>(error: unknown): RefObject<T | null> {
  const ref = useRef<T | null>(null);
  useEffect(() => {
    if (error === null || error === undefined || error === false) return;
    revealElement(ref.current);
  }, [error]);
  return ref;
}
