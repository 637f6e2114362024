import type { TranscriptSegment } from './parse-transcript';
import { PHRASE_CONNECTORS, STOP_WORDS, TITLE_SMALL_WORDS } from './stop-words';
import { collapseWhitespace, roundMs } from './text';
import { Token, countWords, tokenize } from './tokenizer';

/** A topic of the video: consecutive transcript segments with a title drawn from their own words. */
export interface Chapter {
  /** 0-based position of the chapter. */
  index: number;
  title: string;
  start: number;
  /** The next chapter's start (chapters are contiguous); the last one ends with the transcript or video. */
  end: number;
  text: string;
}

export interface BuildChaptersOptions {
  /** Upper bound on the number of chapters (default and hard maximum 10). */
  maxChapters?: number;
  /** Length of the video in seconds; the last chapter is stretched to it. */
  durationSeconds?: number;
}

export const MAX_CHAPTERS = 10;
export const MIN_CHAPTER_SECONDS = 30;
/** Fewer chapters than this many words each would make titles and questions meaningless. */
export const MIN_CHAPTER_WORDS = 40;
export const CHAPTER_TITLE_MAX_LENGTH = 60;

/**
 * Groups consecutive segments into up to 10 topics.
 *
 * Count: ⌈1.6·√minutes⌉ chapters (3 for 3 minutes, 6 for 10, 10 from 36 minutes), at most one per
 * 30 s and per 40 words. Boundaries start at equal-duration points; each then moves, within ±50 % of a
 * chapter length, to the segment boundary with the best score: lexical shift (1 − cosine of the content
 * words just before and just after), plus bonuses for a pause over 2 s, a sentence end and a discourse
 * marker ("Next, …", "Let's move on to …", "Finally, …"; not "In summary", which closes a topic), minus a penalty for drifting from the target.
 * Titles: the most distinctive repeated 2–4-word phrase of the chapter (TF-IDF against the other
 * chapters), else its 1–3 key terms, in Title Case, at most 60 characters, never empty.
 */
export function buildChapters(segments: readonly TranscriptSegment[], options: BuildChaptersOptions = {}): Chapter[] {
  const segs = sanitise(segments);
  if (segs.length === 0) return [];
  const requested = Number.isFinite(options?.maxChapters) ? Math.floor(options.maxChapters as number) : MAX_CHAPTERS;
  const maxChapters = Math.min(MAX_CHAPTERS, Math.max(1, requested));
  const start = segs[0].start;
  const lastEnd = Math.max(...segs.map((s) => s.end));
  const duration = options?.durationSeconds;
  const end = typeof duration === 'number' && Number.isFinite(duration) && duration > lastEnd ? duration : lastEnd;
  const span = Math.max(end - start, 1e-3);
  const words = segs.reduce((acc, s) => acc + countWords(s.text), 0);

  let count = Math.ceil(1.6 * Math.sqrt(span / 60));
  count = Math.min(count, Math.max(1, Math.floor(span / MIN_CHAPTER_SECONDS)), Math.floor(words / MIN_CHAPTER_WORDS), segs.length, maxChapters);
  count = Math.max(1, count);

  const bags = segs.map((s) => contentKeys(tokenize(s.text)));
  const starts = placeBoundaries(segs, bags, count, start, end);
  const groups = starts.map((from, i) => segs.slice(from, starts[i + 1] ?? segs.length));
  const titles = chapterTitles(groups.map((g) => g.map((s) => s.text).join(' ')));
  return groups.map((group, i) => ({
    index: i,
    title: titles[i],
    start: roundMs(i === 0 ? start : group[0].start),
    end: roundMs(i + 1 < groups.length ? groups[i + 1][0].start : end),
    text: collapseWhitespace(group.map((s) => s.text).join(' ')),
  }));
}

function sanitise(segments: readonly TranscriptSegment[]): TranscriptSegment[] {
  if (!Array.isArray(segments)) return [];
  return segments
    .filter((s) => s && typeof s.text === 'string' && s.text.trim() !== '' && Number.isFinite(s.start))
    .map((s) => ({ start: Math.max(0, s.start), end: Number.isFinite(s.end) && s.end >= s.start ? s.end : s.start, text: s.text }))
    .sort((a, b) => a.start - b.start);
}

function isContent(token: Token): boolean {
  if (STOP_WORDS.has(token.key) || STOP_WORDS.has(token.raw.toLowerCase())) return false;
  if (/['’](?:ll|re|ve|m|d|t)$/i.test(token.raw)) return false; // we'll, you're, don't
  if (/^\d+$/.test(token.key)) return token.key.length === 4; // years, not counts
  return token.key.length >= 3 || (token.raw.length >= 2 && token.raw === token.raw.toUpperCase() && /\p{L}/u.test(token.raw));
}

function contentKeys(tokens: Token[]): string[] {
  return tokens.filter(isContent).map((t) => t.key);
}

function cosine(a: string[], b: string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const fa = frequencies(a);
  const fb = frequencies(b);
  let dot = 0;
  for (const [k, v] of fa) dot += v * (fb.get(k) ?? 0);
  const norm = (f: Map<string, number>) => Math.sqrt([...f.values()].reduce((acc, v) => acc + v * v, 0));
  return dot / (norm(fa) * norm(fb));
}

function frequencies(keys: string[]): Map<string, number> {
  const f = new Map<string, number>();
  for (const k of keys) f.set(k, (f.get(k) ?? 0) + 1);
  return f;
}

const DISCOURSE_MARKER =
  /^(?:(?:ok(?:ay)?|alright|all right|so|and|well|right)[,.!]?\s+)*(?:now\b|next\b|let'?s (?:move|turn|talk|look|go|switch|start|begin|now)|moving on|turning to|the next|another (?:important|key)|finally|lastly|first(?:ly)?,|second(?:ly)?,|third(?:ly)?,|part (?:one|two|three|\d)|chapter\b|section\b|step (?:one|two|three|\d)|what about|how about|today(?:'s)? (?:we|i|lecture|lesson|topic|video)|in this (?:video|lecture|lesson|section|part)|(?:hi|hello|welcome)\b)/i;

/**
 * Index of the first segment of each chapter (the first is always 0), chosen by dynamic programming:
 * maximise the summed boundary scores (over up to 300 local score peaks) minus a penalty for chapters far
 * from the ideal length, with every
 * chapter between max(min(30 s, ½ ideal), ⅓ ideal) and 2.5× the ideal length. Falls back to the greedy
 * placement when those bounds cannot be met.
 */
function placeBoundaries(segs: TranscriptSegment[], bags: string[][], count: number, start: number, end: number): number[] {
  if (count <= 1) return [0];
  const ideal = (end - start) / count;
  const minLength = Math.max(Math.min(MIN_CHAPTER_SECONDS, ideal * 0.5), ideal / 3);
  const maxLength = ideal * 2.5;
  const totalContent = bags.reduce((acc, b) => acc + b.length, 0);
  const block = Math.min(80, Math.max(15, Math.round(totalContent / count / 2)));
  const scores = boundaryScores(segs, bags, block);
  const penalty = (length: number) => LENGTH_WEIGHT * ((length - ideal) / ideal) ** 2;

  // Candidate starts: segment 0 plus the best-scoring local peaks (keeps long transcripts fast).
  const positions = [0, ...candidateStarts(segs, scores)];
  const m = positions.length;
  const time = (c: number) => (c === 0 ? start : segs[positions[c]].start);
  // best[j][c]: best score with chapter j starting at positions[c]; from[j][c]: where chapter j − 1 starts.
  const best: Float64Array[] = [];
  const from: Int32Array[] = [];
  for (let j = 0; j < count; j++) {
    best.push(new Float64Array(m).fill(-Infinity));
    from.push(new Int32Array(m).fill(-1));
  }
  best[0][0] = 0;
  for (let j = 1; j < count; j++) {
    for (let c = j; c <= m - (count - j); c++) {
      for (let p = c - 1; p >= j - 1; p--) {
        const length = time(c) - time(p);
        if (length > maxLength) break;
        if (length < minLength || best[j - 1][p] === -Infinity) continue;
        const value = best[j - 1][p] - penalty(length) + scores[positions[c]];
        if (value > best[j][c]) {
          best[j][c] = value;
          from[j][c] = p;
        }
      }
    }
  }
  let last = -1;
  let bestTotal = -Infinity;
  for (let c = count - 1; c < m; c++) {
    const length = end - time(c);
    if (length < minLength || length > maxLength || best[count - 1][c] === -Infinity) continue;
    const value = best[count - 1][c] - penalty(length);
    if (value > bestTotal) {
      bestTotal = value;
      last = c;
    }
  }
  if (last < 0) return placeBoundariesGreedy(segs, bags, count, start, end);
  const chosen = [last];
  for (let j = count - 1; j > 0; j--) chosen.unshift(from[j][chosen[0]]);
  return chosen.map((c) => positions[c]);
}

const MAX_CANDIDATES = 300;

/** Segments (never 0) whose boundary score peaks within ±4 s, at most MAX_CANDIDATES of the best, in order. */
function candidateStarts(segs: TranscriptSegment[], scores: number[]): number[] {
  const n = segs.length;
  const peaks: number[] = [];
  for (let i = 1; i < n; i++) {
    let peak = true;
    for (let k = i - 1; peak && k >= 1 && segs[i].start - segs[k].start <= 4; k--) if (scores[k] >= scores[i]) peak = false;
    for (let k = i + 1; peak && k < n && segs[k].start - segs[i].start <= 4; k++) if (scores[k] > scores[i]) peak = false;
    if (peak) peaks.push(i);
  }
  const pool = peaks.length >= Math.min(n - 1, 20) ? peaks : Array.from({ length: n - 1 }, (_, i) => i + 1);
  return pool
    .sort((a, b) => scores[b] - scores[a] || a - b)
    .slice(0, MAX_CANDIDATES)
    .sort((a, b) => a - b);
}

/** Weight of the chapter-length penalty against boundary scores (a chapter twice the ideal costs this much). */
const LENGTH_WEIGHT = 0.6;
const SMOOTHING_SECONDS = 8;

/**
 * Score of a chapter boundary before each segment (index 0 unused): TextTiling-style depth of the
 * similarity dip between the content words just before and just after, plus bonuses for a pause over
 * 2 s, a sentence end and a discourse marker.
 */
function boundaryScores(segs: TranscriptSegment[], bags: string[][], block: number): number[] {
  const n = segs.length;
  const sims = new Array<number>(n).fill(1);
  for (let i = 1; i < n; i++) {
    const before: string[] = [];
    for (let k = i - 1; k >= 0 && before.length < block; k--) before.push(...bags[k]);
    const after: string[] = [];
    for (let k = i; k < n && after.length < block; k++) after.push(...bags[k]);
    sims[i] = before.length > 0 && after.length > 0 ? cosine(before, after) : 1;
  }
  // Smooth the similarity curve over ±8 s so that short, word-poor cues do not create false dips
  // (sentence-long segments are barely smoothed).
  const smooth = sims.map((_, i) => {
    if (i === 0) return 1;
    let sum = sims[i];
    let count = 1;
    for (let k = i - 1; k >= 1 && segs[i].start - segs[k].start <= SMOOTHING_SECONDS; k--, count++) sum += sims[k];
    for (let k = i + 1; k < n && segs[k].start - segs[i].start <= SMOOTHING_SECONDS; k++, count++) sum += sims[k];
    return sum / count;
  });
  const scores = new Array<number>(n).fill(0);
  for (let i = 1; i < n; i++) {
    let left = smooth[i];
    for (let k = i - 1; k >= 1 && smooth[k] >= left; k--) left = smooth[k];
    let right = smooth[i];
    for (let k = i + 1; k < n && smooth[k] >= right; k++) right = smooth[k];
    let score = 2 * (left - smooth[i] + (right - smooth[i])) + 0.25 * (1 - smooth[i]) + 0.5 * (1 - sims[i]);
    if (segs[i].start - segs[i - 1].end > 2) score += 0.25;
    if (/[.!?…]["'”’)]?$/.test(segs[i - 1].text.trim())) score += 0.1;
    if (DISCOURSE_MARKER.test(segs[i].text.trim())) score += 0.3;
    scores[i] = score;
  }
  return scores;
}

/** Greedy fallback: each boundary moves from its equal-duration point to the best nearby segment. */
function placeBoundariesGreedy(segs: TranscriptSegment[], bags: string[][], count: number, start: number, end: number): number[] {
  const starts = [0];
  if (count <= 1) return starts;
  const n = segs.length;
  const span = end - start;
  const chapterLength = span / count;
  const window = 0.5 * chapterLength;
  const minLength = Math.min(MIN_CHAPTER_SECONDS, chapterLength * 0.5);
  const totalContent = bags.reduce((acc, b) => acc + b.length, 0);
  const block = Math.min(40, Math.max(8, Math.round(totalContent / count / 4)));

  for (let j = 1; j < count; j++) {
    const previous = starts[starts.length - 1];
    const target = start + j * chapterLength;
    const remaining = count - j;
    const feasible: number[] = [];
    for (let i = previous + 1; i <= n - remaining; i++) {
      if (segs[i].start - segs[previous].start < minLength) continue;
      if (end - segs[i].start < remaining * minLength) continue;
      feasible.push(i);
    }
    if (feasible.length === 0) continue;
    const near = feasible.filter((i) => Math.abs(segs[i].start - target) <= window);
    const candidates = near.length > 0 ? near : [feasible.reduce((best, i) => (Math.abs(segs[i].start - target) < Math.abs(segs[best].start - target) ? i : best))];
    let best = candidates[0];
    let bestScore = -Infinity;
    for (const i of candidates) {
      const before: string[] = [];
      for (let k = i - 1; k >= previous && before.length < block; k--) before.push(...bags[k]);
      const after: string[] = [];
      for (let k = i; k < n && after.length < block; k++) after.push(...bags[k]);
      let score = before.length > 0 && after.length > 0 ? 1 - cosine(before, after) : 0.5;
      if (segs[i].start - segs[i - 1].end > 2) score += 0.25;
      if (/[.!?…]["'”’)]?$/.test(segs[i - 1].text.trim())) score += 0.1;
      if (DISCOURSE_MARKER.test(segs[i].text.trim())) score += 0.3;
      const drift = window > 0 ? (segs[i].start - target) / window : 0;
      score -= 0.3 * drift * drift;
      if (score > bestScore) {
        bestScore = score;
        best = i;
      }
    }
    starts.push(best);
  }
  return starts;
}

interface Candidate {
  key: string;
  display: string;
  score: number;
}

interface TermStats {
  unigrams: Map<string, { count: number; forms: Map<string, number> }>;
  phrases: Map<string, { count: number; forms: Map<string, number>; words: string[] }>;
}

function termStats(text: string): TermStats {
  const unigrams: TermStats['unigrams'] = new Map();
  const phrases: TermStats['phrases'] = new Map();
  const bump = (forms: Map<string, number>, form: string) => forms.set(form, (forms.get(form) ?? 0) + 1);
  for (const clause of text.split(/[.,;:!?()[\]{}"“”…—–]|\s-\s/)) {
    const tokens = tokenize(clause);
    tokens.forEach((t, i) => {
      if (!isContent(t)) return;
      const u = unigrams.get(t.key) ?? { count: 0, forms: new Map<string, number>() };
      u.count++;
      bump(u.forms, displayForm(t.raw));
      unigrams.set(t.key, u);
      for (let len = 2; len <= 4 && i + len <= tokens.length; len++) {
        const gram = tokens.slice(i, i + len);
        const last = gram[len - 1];
        const inner = gram.slice(1, -1);
        if (!inner.every((x) => isContent(x) || PHRASE_CONNECTORS.has(x.key))) break;
        if (!isContent(last)) continue;
        const keys = gram.map((x) => x.key);
        const contentWords = gram.filter(isContent).map((x) => x.key);
        if (new Set(contentWords).size !== contentWords.length) continue;
        const key = keys.join(' ');
        const p = phrases.get(key) ?? { count: 0, forms: new Map<string, number>(), words: contentWords };
        p.count++;
        bump(p.forms, gram.map((x) => displayForm(x.raw)).join(' '));
        phrases.set(key, p);
      }
    });
  }
  return { unigrams, phrases };
}

function displayForm(raw: string): string {
  return raw.replace(/['’]s$/u, '');
}

function mostFrequent(forms: Map<string, number>): string {
  let best = '';
  let bestCount = -1;
  for (const [form, c] of forms) if (c > bestCount) [best, bestCount] = [form, c];
  return best;
}

/** Title Case keeping acronyms and mixed-case names (ATP, iPhone, McCulloch) as written. */
export function titleCase(text: string): string {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((word, i) => {
      const lower = word.toLowerCase();
      if (i > 0 && TITLE_SMALL_WORDS.has(lower)) return lower;
      if (word !== lower && word !== word[0] + word.slice(1).toLowerCase()) return word;
      return word[0].toUpperCase() + word.slice(1).toLowerCase();
    })
    .join(' ');
}

function truncateTitle(title: string): string {
  if (title.length <= CHAPTER_TITLE_MAX_LENGTH) return title;
  const cut = title.slice(0, CHAPTER_TITLE_MAX_LENGTH + 1);
  const space = cut.lastIndexOf(' ');
  return (space > 10 ? cut.slice(0, space) : title.slice(0, CHAPTER_TITLE_MAX_LENGTH)).replace(/\s+(?:and|of|the|,)$/i, '').replace(/,$/, '');
}

function joinTerms(terms: string[]): string {
  if (terms.length <= 1) return terms.join('');
  return `${terms.slice(0, -1).join(', ')} and ${terms[terms.length - 1]}`;
}

/** One title per chapter text, distinctive against the other chapters, unique where possible. */
export function chapterTitles(texts: string[]): string[] {
  const stats = texts.map(termStats);
  const total = texts.length;
  const unigramDf = new Map<string, number>();
  const phraseDf = new Map<string, number>();
  for (const s of stats) {
    for (const k of s.unigrams.keys()) unigramDf.set(k, (unigramDf.get(k) ?? 0) + 1);
    for (const k of s.phrases.keys()) phraseDf.set(k, (phraseDf.get(k) ?? 0) + 1);
  }
  const idf = (df: number) => 1 + Math.log(total / Math.max(1, df));
  const used = new Set<string>();

  return texts.map((text, c) => {
    const { unigrams, phrases } = stats[c];
    const terms: Candidate[] = [...unigrams]
      .map(([key, u]) => ({ key, display: mostFrequent(u.forms), score: u.count * idf(unigramDf.get(key) ?? 1) }))
      .sort((a, b) => b.score - a.score || a.key.localeCompare(b.key));
    const topTerm = terms[0]?.score ?? 0;
    const phraseCandidates: Candidate[] = [...phrases]
      .filter(([, p]) => p.count >= 2)
      .map(([key, p]) => {
        const termScore = p.words.reduce((acc, w) => acc + (unigrams.get(w) ? (unigrams.get(w)?.count ?? 0) * idf(unigramDf.get(w) ?? 1) : 0), 0) / p.words.length;
        return { key, display: mostFrequent(p.forms), score: p.count * idf(phraseDf.get(key) ?? 1) * (1 + 0.5 * (p.words.length - 1)) + 0.25 * termScore };
      })
      .filter((p) => p.score >= 0.5 * topTerm)
      .sort((a, b) => b.score - a.score || b.key.length - a.key.length);

    const options: string[] = [];
    for (const p of phraseCandidates.slice(0, 5)) options.push(p.display);
    const strong = terms.filter((t) => t.score >= 0.4 * topTerm).slice(0, 3);
    if (strong.length > 0) options.push(joinTerms(strong.slice(0, strong.length >= 2 ? 2 : 1).map((t) => t.display)));
    if (strong.length > 2) options.push(joinTerms(strong.map((t) => t.display)));
    for (const t of terms.slice(0, 5)) options.push(t.display);
    const firstWords = tokenize(text).slice(0, 5).map((t) => t.raw).join(' ');
    if (firstWords) options.push(firstWords);

    const titled = options.map((o) => truncateTitle(titleCase(o))).filter((o) => o !== '');
    const chosen = titled.find((o) => !used.has(o.toLowerCase())) ?? (titled[0] ? `${titled[0].slice(0, CHAPTER_TITLE_MAX_LENGTH - 4)} (${c + 1})` : `Part ${c + 1}`);
    used.add(chosen.toLowerCase());
    return chosen;
  });
}
