import type { Sentence } from './sentences';

/** Who the lecture speaks to, estimated from its language. */
export type Audience = 'children' | 'general' | 'advanced';

function syllables(word: string): number {
  const w = word.toLowerCase().replace(/[^a-z]/g, '');
  if (w.length <= 3) return 1;
  const groups = w.replace(/(?:[^laeiouy]es|ed|[^laeiouy]e)$/, '').replace(/^y/, '').match(/[aeiouy]{1,2}/g);
  return Math.max(1, groups ? groups.length : 1);
}

const CHILD_MARKERS = /\b(?:hey kids|hi kids|boys and girls|super cool|grown-ups?|ask your teacher|your mum|your mom|your dad|little scientists|young scientists|explorers)\b|\b(?:kids|friends|everyone)!/i;

/**
 * The audience by reading level (Flesch–Kincaid grade of the speech) and vocabulary: children below
 * grade 6 (or addressed as kids), advanced above grade 12 with many long words, otherwise general.
 */
export function estimateAudience(sentences: readonly Sentence[]): { audience: Audience; grade: number } {
  let words = 0;
  let syl = 0;
  let long = 0;
  let count = 0;
  let markers = 0;
  for (const s of sentences) {
    const ws = s.tokens.filter((t) => t.type === 'word' && /\p{L}/u.test(t.text));
    if (ws.length === 0) continue;
    count++;
    words += ws.length;
    for (const w of ws) {
      const n = syllables(w.text);
      syl += n;
      if (n >= 3) long++;
    }
    if (CHILD_MARKERS.test(s.text)) markers++;
  }
  if (count === 0 || words === 0) return { audience: 'general', grade: 8 };
  const grade = 0.39 * (words / count) + 11.8 * (syl / words) - 15.59;
  const longShare = long / words;
  if (grade < 3.5 || (markers >= 1 && grade < 6) || (markers >= 2 && grade < 8) || (markers >= 1 && longShare < 0.05)) return { audience: 'children', grade };
  if (grade > 12 && longShare > 0.16) return { audience: 'advanced', grade };
  return { audience: 'general', grade };
}
