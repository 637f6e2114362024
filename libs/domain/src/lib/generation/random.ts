/** Deterministic randomness: the same transcript always gives the same questions. */

/** 32-bit FNV-1a hash of a text. */
export function hashText(text: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** A seeded generator of numbers in [0, 1) (mulberry32). */
export type Rng = () => number;

export function seededRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A whole number from min to max inclusive. */
export function randomInt(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

/** A shuffled copy (Fisher–Yates). */
export function shuffled<T>(items: readonly T[], rng: Rng): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** A shuffled permutation of 0..n−1 that is never the identity (for n ≥ 2), so stored order gives nothing away. */
export function nonIdentityPermutation(n: number, rng: Rng): number[] {
  const perm = shuffled(
    Array.from({ length: n }, (_, i) => i),
    rng,
  );
  if (n >= 2 && perm.every((v, i) => v === i)) return perm.map((_, i) => (i + 1) % n);
  return perm;
}
