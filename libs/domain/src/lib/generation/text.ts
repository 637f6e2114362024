/** Small text helpers for turning spoken transcript sentences into question text. */

/** The blank shown in a cloze statement. */
export const BLANK = '____';
/** Longest snippet used as an option, item or statement part. */
export const SNIPPET_MAX_LENGTH = 120;

const FILLERS = /(^|\s)(?:u+m+|u+h+|u+hm+|e+r+m+|h+m+)(?=[\s,.!?;:]|$)[,.]?/gi;
const REPEATED_WORD = /\b([\p{L}']+)(?:\s+\1\b)+/giu;
/** A stuttered phrase of two to four words: "close the loop close the loop". */
const REPEATED_PHRASE = /\b((?:[\p{L}']+\s+){1,3}[\p{L}']+)\s+\1\b/giu;
const LEADING_MARKERS = /^(?:(?:so|and|but|okay|ok|alright|all right|right|now|well|basically|anyway|you know|like)\b[,]?\s+)+/i;

/** Removes hesitations (um, uh), stuttered repeats and leading discourse markers; capitalises the start. */
const FILLER_BETWEEN_COMMAS = /,\s*(?:u+m+|u+h+|u+hm+|e+r+m+|h+m+)\s*,/gi;

export function cleanSpoken(text: string): string {
  let out = text.replace(FILLER_BETWEEN_COMMAS, ' ').replace(FILLERS, '$1').replace(/\s+/g, ' ').trim();
  out = out.replace(REPEATED_WORD, '$1').replace(REPEATED_PHRASE, '$1');
  const stripped = out.replace(LEADING_MARKERS, '');
  if (stripped.length >= 12) out = stripped;
  out = out.replace(/^[\s,;:–—-]+/, '').replace(/[\s,;:–—-]+$/, '');
  return capitalise(out);
}

/** Upper-cases the first letter (after any opening quote or bracket). */
export function capitalise(text: string): string {
  return text.replace(/^(["'“‘([]?)(\p{Ll})/u, (_, lead: string, letter: string) => lead + letter.toUpperCase());
}

const DANGLING_END = /\s+(?:a|an|the|of|to|and|or|but|that|which|with|for|in|on|at|by|from|as|so|is|are|be|your|our|their|its|my|this|even|just|very|if|when|then|than)$/i;

/** A statement as a quoted sentence: cleaned, ending with a full stop when it has no final punctuation. */
export function asStatement(text: string): string {
  let clean = cleanSpoken(text);
  if (/[.!?…]["'”’)]?$/.test(clean)) return clean;
  for (let guard = 0; guard < 4 && DANGLING_END.test(clean); guard++) clean = clean.replace(DANGLING_END, '');
  return `${clean}.`;
}

/** Cuts text to at most `max` characters at a word boundary, ending with "…". */
export function trimAtWord(text: string, max = SNIPPET_MAX_LENGTH): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  const head = (space > max * 0.4 ? cut.slice(0, space) : cut).replace(/[\s,;:–—-]+$/, '');
  return `${head}…`;
}

/**
 * The part of `text` around characters [from, to), widened word by word up to `max` characters;
 * "…" marks each side that was cut.
 */
export function windowAround(text: string, from: number, to: number, max = SNIPPET_MAX_LENGTH): string {
  if (text.length <= max) return text;
  let start = from;
  let end = to;
  const budget = max - 2;
  let grew = true;
  while (grew) {
    grew = false;
    const nextEnd = text.indexOf(' ', end + 1);
    const candidateEnd = nextEnd < 0 ? text.length : nextEnd;
    if (candidateEnd > end && candidateEnd - start <= budget) {
      end = candidateEnd;
      grew = true;
    }
    const prevStart = start <= 1 ? 0 : text.lastIndexOf(' ', start - 2) + 1;
    if (prevStart < start && end - prevStart <= budget) {
      start = prevStart;
      grew = true;
    }
  }
  const body = text.slice(start, end).trim().replace(/[\s,;:–—-]+$/, '');
  return `${start > 0 ? '…' : ''}${body}${end < text.length ? '…' : ''}`;
}

/** "a" or "an" for the word that follows (by its first letter; good enough for transcript terms). */
export function articleFor(word: string): 'a' | 'an' {
  return /^[aeiou]/i.test(word.trim()) ? 'an' : 'a';
}

/** Quotes a text for a question or explanation, trimmed to `max` characters. */
export function quoted(text: string, max = 300): string {
  return `“${trimAtWord(text, max)}”`;
}
