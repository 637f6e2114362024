import { isLearnerId } from '@veolearn/domain';
import { getLearnerId, LEARNER_ID_KEY, randomUuid } from './learner-id';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('learner id', () => {
  beforeEach(() => localStorage.clear());

  it('creates a UUID once and keeps it in localStorage', () => {
    const first = getLearnerId();
    expect(isLearnerId(first)).toBe(true);
    expect(localStorage.getItem(LEARNER_ID_KEY)).toBe(first);
    expect(getLearnerId()).toBe(first);
  });

  it('replaces a stored value the server would refuse', () => {
    localStorage.setItem(LEARNER_ID_KEY, 'x y');
    const id = getLearnerId();
    expect(id).not.toBe('x y');
    expect(isLearnerId(id)).toBe(true);
  });

  it('still gives an id when storage throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => undefined,
    };
    const id = getLearnerId(broken);
    expect(isLearnerId(id)).toBe(true);
    expect(getLearnerId(broken)).toBe(id);
  });

  it('builds a version-4 UUID from random bytes where randomUUID is missing', () => {
    const id = randomUuid({ getRandomValues: <T extends ArrayBufferView | null>(array: T) => {
      if (array instanceof Uint8Array) array.fill(0xff);
      return array;
    } });
    expect(id).toMatch(UUID_V4);
  });
});
