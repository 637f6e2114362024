import { hashText, nonIdentityPermutation, seededRng, shuffled } from './random';
import { asStatement, cleanSpoken, trimAtWord, windowAround } from './text';

describe('spoken text helpers', () => {
  it('removes hesitations, stutters and leading discourse markers', () => {
    expect(cleanSpoken("So, um, the cell actually has to invest two ATP at the start, uh, to get things going")).toBe(
      'The cell actually has to invest two ATP at the start to get things going',
    );
    expect(cleanSpoken("That's, uh, the whole trick")).toBe("That's the whole trick");
    expect(cleanSpoken('then close the loop close the loop means following up')).toBe('Then close the loop means following up');
    expect(cleanSpoken('okay so the the scaffold is inspected every week')).toBe('The scaffold is inspected every week');
  });

  it('ends a statement with a full stop and drops a dangling function word', () => {
    expect(asStatement('letting the customer finish without interrupting them even')).toBe('Letting the customer finish without interrupting them.');
    expect(asStatement('Oxygen is the final electron acceptor!')).toBe('Oxygen is the final electron acceptor!');
  });

  it('trims at a word boundary with an ellipsis', () => {
    const text = 'The electron transport chain is a series of proteins embedded in the inner mitochondrial membrane.';
    expect(trimAtWord(text, 200)).toBe(text);
    const cut = trimAtWord(text, 40);
    expect(cut.length).toBeLessThanOrEqual(40);
    expect(cut.endsWith('…')).toBe(true);
    expect(text.startsWith(cut.slice(0, -1))).toBe(true);
  });

  it('keeps the marked part when cutting a window out of a long text', () => {
    const text = `${'word '.repeat(40)}TARGET${' word'.repeat(40)}`;
    const at = text.indexOf('TARGET');
    const window = windowAround(text, at, at + 6, 60);
    expect(window).toContain('TARGET');
    expect(window.length).toBeLessThanOrEqual(60);
    expect(window.startsWith('…') && window.endsWith('…')).toBe(true);
  });
});

describe('seeded randomness', () => {
  it('repeats for the same seed and differs for another', () => {
    const a = seededRng(hashText('lecture'));
    const b = seededRng(hashText('lecture'));
    const c = seededRng(hashText('another lecture'));
    const first = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(first);
    expect([c(), c(), c()]).not.toEqual(first);
    expect(first.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it('shuffles without losing items and never leaves a permutation in order', () => {
    for (let seed = 0; seed < 200; seed++) {
      const rng = seededRng(seed);
      expect(shuffled([1, 2, 3, 4, 5], rng).sort()).toEqual([1, 2, 3, 4, 5]);
      for (const n of [2, 3, 4, 5]) {
        const perm = nonIdentityPermutation(n, rng);
        expect([...perm].sort()).toEqual(Array.from({ length: n }, (_, i) => i));
        expect(perm.every((v, i) => v === i)).toBe(false);
      }
    }
  });
});
