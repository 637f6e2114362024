import { normalizeDisplayName } from '@veolearn/domain';

/** Where the browser remembers the name a learner gave for their teachers' results. */
export const DISPLAY_NAME_KEY = 'veolearn-display-name';

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The remembered name, or null (none given, or storage blocked). */
export function getDisplayName(storage: Pick<Storage, 'getItem'> | null = safeLocalStorage()): string | null {
  try {
    return normalizeDisplayName(storage?.getItem(DISPLAY_NAME_KEY));
  } catch {
    return null;
  }
}

/** Remembers the name (cleaned as the server stores it), or forgets it when blank; answers what was kept. */
export function setDisplayName(value: string, storage: Pick<Storage, 'setItem' | 'removeItem'> | null = safeLocalStorage()): string | null {
  const name = normalizeDisplayName(value);
  try {
    if (name) storage?.setItem(DISPLAY_NAME_KEY, name);
    else storage?.removeItem(DISPLAY_NAME_KEY);
  } catch {
    // Storage blocked: the name still goes with this page's attempt.
  }
  return name;
}
