import { useLayoutEffect, useRef } from 'react';

/** A ref that always holds the latest value: callbacks of long-lived players read it without re-subscribing. */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
