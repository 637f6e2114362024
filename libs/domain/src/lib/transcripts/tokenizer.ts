/** A word as written plus the normalised key used for counting and comparing. */
export interface Token {
  /** The word as it appears (apostrophes kept): "Calvin's", "ATP". */
  raw: string;
  /** Lower-cased, possessive and plural endings removed: "calvin", "atp". */
  key: string;
}

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;

/**
 * Light English stemmer: only possessives and regular plurals, so that keys stay readable and
 * "reactions"/"reaction" or "cell's"/"cells" count as one term. Deliberately conservative.
 */
export function stem(word: string): string {
  let w = word.toLowerCase().replace(/['’]s$/u, '').replace(/['’]$/u, '');
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && /(sses|xes|ches|shes)$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !/(ss|us|is|ous|as|ys)$/.test(w)) w = w.slice(0, -1);
  return w;
}

/** Splits text into word tokens (letters and digits of any script). */
export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  for (const match of text.matchAll(WORD)) {
    const raw = match[0];
    out.push({ raw, key: stem(raw) });
  }
  return out;
}

/** Number of words in a text. */
export function countWords(text: string): number {
  let n = 0;
  for (const _ of text.matchAll(WORD)) n++;
  return n;
}
