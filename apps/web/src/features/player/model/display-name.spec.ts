import { DISPLAY_NAME_KEY, getDisplayName, setDisplayName } from './display-name';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (k: string) => values.get(k) ?? null,
    setItem: (k: string, v: string) => void values.set(k, v),
    removeItem: (k: string) => void values.delete(k),
    values,
  };
}

describe('the remembered display name', () => {
  it('keeps a cleaned name, forgets a blank one, and survives blocked storage', () => {
    const storage = memoryStorage();
    expect(getDisplayName(storage)).toBeNull();
    expect(setDisplayName('  Ada   Lovelace ', storage)).toBe('Ada Lovelace');
    expect(storage.values.get(DISPLAY_NAME_KEY)).toBe('Ada Lovelace');
    expect(getDisplayName(storage)).toBe('Ada Lovelace');
    expect(setDisplayName('   ', storage)).toBeNull();
    expect(getDisplayName(storage)).toBeNull();
    const blocked = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => undefined,
    };
    expect(getDisplayName(blocked)).toBeNull();
    expect(setDisplayName('Grace', blocked)).toBe('Grace');
  });
});
