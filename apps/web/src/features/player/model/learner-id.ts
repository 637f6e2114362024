import { isLearnerId } from '@veolearn/domain';

/** Where the browser keeps its anonymous learner id (the attempt API checks every call against it). */
export const LEARNER_ID_KEY = 'veolearn-learner-id';

/** A random version-4 UUID; getRandomValues also works where randomUUID does not (plain-http pages). */
export function randomUuid(cryptoApi: Pick<Crypto, 'getRandomValues'> & Partial<Pick<Crypto, 'randomUUID'>> = crypto): string {
  if (typeof cryptoApi.randomUUID === 'function') return cryptoApi.randomUUID();
  const bytes = cryptoApi.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Used when storage is blocked: the learner keeps one id for as long as the page lives. */
let memoryId: string | null = null;

/**
 * The learner id of this browser: the stored one when it is well formed, else a new UUID that is
 * stored for next time (so a learner who comes back resumes their attempt).
 */
export function getLearnerId(storage: Pick<Storage, 'getItem' | 'setItem'> | null = safeLocalStorage()): string {
  try {
    const stored = storage?.getItem(LEARNER_ID_KEY);
    if (isLearnerId(stored)) return stored;
    const id = randomUuid();
    storage?.setItem(LEARNER_ID_KEY, id);
    if (!storage) memoryId = memoryId ?? id;
    return storage ? id : memoryId ?? id;
  } catch {
    memoryId = memoryId ?? randomUuid();
    return memoryId;
  }
}

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
