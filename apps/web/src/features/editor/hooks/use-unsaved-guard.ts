import { useCallback, useEffect, useRef, type MouseEvent } from 'react';
import { useBlocker } from 'react-router-dom';
import { UNSAVED_CHANGES_MESSAGE } from '../model/editor-state';

/**
 * Leaving with unsaved changes (spec section 2): closing or reloading the tab gets the browser's own
 * prompt; in-page moves (links, another question, the browser's Back and Forward) ask
 * 'You have unsaved changes. Continue without saving?'.
 */
export function useUnsavedGuard(dirty: boolean) {
  /** Set when the creator already agreed (a guarded link), so the router does not ask twice. */
  const agreed = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && !agreed.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(UNSAVED_CHANGES_MESSAGE)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
  useEffect(() => {
    agreed.current = false;
  }, [dirty]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  /** True when there is nothing to lose or the creator agrees to drop the changes. */
  const confirmLeave = useCallback(() => !dirty || window.confirm(UNSAVED_CHANGES_MESSAGE), [dirty]);

  /** onClick for links out of the editor: a refused confirmation keeps the creator on the page. */
  const guardLink = useCallback(
    (event: MouseEvent<HTMLAnchorElement>) => {
      if (!confirmLeave()) event.preventDefault();
      else agreed.current = true;
    },
    [confirmLeave],
  );

  return { confirmLeave, guardLink };
}
