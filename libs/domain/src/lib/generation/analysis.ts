import type { Chapter, TranscriptSegment } from '../transcripts';
import { STOP_WORDS } from '../transcripts/stop-words';
import { stem } from '../transcripts/tokenizer';

/**
 * What the built-in generator knows about a transcript: timed sentences, the key terms of each chapter
 * and the definitions the speaker gives. Everything is read from the transcript's own words.
 */

/** A word of a sentence with its position (character offsets into the sentence text). */
export interface WordToken {
  raw: string;
  /** raw in lower case, curly apostrophes straightened. */
  lower: string;
  key: string;
  from: number;
  to: number;
  /** Carries meaning (not a stop word, filler or count). */
  content: boolean;
}

export interface Sentence {
  index: number;
  /** As spoken (whitespace collapsed); every option taken from it is an exact substring. */
  text: string;
  /** Start of the segment where the sentence begins. */
  start: number;
  /** End of the segment where the sentence ends: a question about it comes no earlier. */
  end: number;
  chapter: number;
  /** Runs past the end of its chapter, so it cannot anchor a question of that chapter. */
  straddles: boolean;
  tokens: WordToken[];
  /** runBreak[i]: punctuation separates token i − 1 from token i (terms never span it). */
  runBreak: boolean[];
  keys: ReadonlySet<string>;
  /** How well it stands alone as a statement to quote; 0 when it should not be quoted. */
  quality: number;
}

export type TermKind = 'year' | 'acronym' | 'proper' | 'common';

export interface Occurrence {
  sentence: number;
  token: number;
}

/** A key term: a content word or a repeated phrase ("Calvin cycle", "Reign of Terror"). */
export interface Term {
  id: number;
  /** Token keys, connectors included. */
  keys: string[];
  key: string;
  contentKeys: string[];
  /** The most common way the transcript writes it (a real substring of the transcript). */
  display: string;
  kind: TermKind;
  plural: boolean;
  /** Every occurrence of the word sequence, also inside longer terms. */
  occurrences: Occurrence[];
  /** Occurrences per chapter. */
  counts: number[];
  /** Distinctiveness per chapter (TF-IDF with shape and noun-likeness weights); 0 where absent. */
  scores: number[];
  /** Highest chapter score. */
  strength: number;
  /** Reads as a thing (a name, a phrase, or a word mostly used after "the"/"a"), not as a verb or adjective. */
  nounLike: boolean;
}

/** "<term> is/are/means/refers to <text>", "<term>, a/an/the <text>", "<text> is called <term>". */
export interface Definition {
  term: number;
  /** Exact substring of the sentence. */
  text: string;
  sentence: number;
}

export interface Analysis {
  sentences: Sentence[];
  chapters: Chapter[];
  terms: Term[];
  /** Per chapter: ids of the chapter's terms, most distinctive first. */
  chapterTerms: number[][];
  /** Per chapter: term id → its position in chapterTerms. */
  chapterRank: Array<ReadonlyMap<number, number>>;
  /** Term id → its best position in any chapter's list. */
  bestRank: ReadonlyMap<number, number>;
  /** Highest term strength (for normalising). */
  maxStrength: number;
  /** Per chapter: its sentence indexes in time order. */
  chapterSentences: number[][];
  /** Per chapter: every word key spoken in it. */
  chapterKeys: Array<ReadonlySet<string>>;
  definitions: Definition[];
  /** Per sentence: the term occurrences it contains. */
  sentenceTerms: Array<Array<{ term: number; token: number }>>;
  /** In how many sentences each word key appears. */
  keySentenceCount: ReadonlyMap<string, number>;
}

/** Words that are content words for topic detection but never make a useful answer on their own. */
const GENERIC = new Set(
  `actual everyone example far idea important interesting obvious possible reason remember stuff topic usual yesterday tomorrow called
happen happened happening mean look looked talk talked knew thought want wanted need needed said made got gave take took came told tried
went worked couple guy fine okay cool awesome amazing actually literally obviously definitely basically super really kind sort lot
everybody someone anyone somebody means goe doe says saying understand let thing quickly slowly today lesson module course session
quiz video lecture tutorial afternoon evening tonight weekend minute moment beginning rest bunch piece kinds`.split(/\s+/),
);

/**
 * Everyday verbs, adjectives and vague nouns: fine inside a phrase ("safety check", "high visibility vest"),
 * but as a single-word answer they make vague questions.
 */
const WEAK_UNIGRAMS = new Set(
  [
    // verbs
    `follow check tell telling told feel feels felt keep stay choose chose offer ask asked agree accept avoid deliver leave help finish move
build turn bring run show fix find found set stop continue continues try tries hear heard remove add lead spend miss pass hold allow enter
reach raise drop apply create produce using walk wait waiting expect expected save send return returns read reads write print forget
forgetting forgot care`,
    // adjectives
    `calm happy sure ready true good bad great huge massive tiny hard easy long short early late fast slow full empty safe free open closed
heavy strong weak young old cheap expensive whole half due able unable wrong right sorry basic clear common different entire general high
key large low main major minor normal real simple small specific similar quick modern ancient final initial original average typical
overall total single double multiple various separate special serious famous popular private public local global social political
economic natural legal perfect`,
    // vague nouns
    `mind sense fact instead process system method approach factor aspect concept issue area role form group person place point problem
question answer result step type level hand year day week month hour test exam class people morning night end start row`,
  ]
    .join(' ')
    .split(/\s+/),
);

/** Function words allowed inside a term: "Reign of Terror", "Declaration of the Rights". */
const CONNECTORS = new Set(['of', 'the', 'de', 'la', 'du', 'von', 'van', 'for']);
/** Stop words that still name a thing inside or at the end of a compound: "hot work", "hot work permit". */
const COMPOUND_TAILS = new Set(['work', 'time', 'side', 'end', 'part', 'number']);

/** Words a definition's subject may follow at the start of its clause. */
const LEADING_OK = new Set(['the', 'a', 'an', 'so', 'and', 'now', 'well', 'basically', 'okay', 'ok', 'alright', 'remember', 'um', 'uh', 'then', 'but', 'essentially', 'our', 'your', 'this']);
const ADVERBS = new Set(['basically', 'essentially', 'just', 'really', 'actually', 'simply', 'also', 'usually', 'generally', 'literally', 'therefore', 'then', 'always']);
const COPULAS = new Set(['is', 'are', 'was', 'were']);
/** Predicates starting like this are not definitions ("X is that…", "X is going to…", "X is used…"). */
const BAD_PREDICATE_START = new Set(
  `that not no going gonna to in on at about because why there here it its this these those very so too more less really pretty quite also
probably just kind sort like what called known said done used made one all both each actually still now then always never usually sometimes
often by for from with as if than only even same different important true false your my our their his her we you they he she i
thrown shown seen given taken written built found held kept left lost paid put run sent set sold spent told understood won broken chosen
driven eaten fallen forgotten hidden spoken stolen worn born bought brought caught fought taught thought got gotten become begun`.split(/\s+/),
);
const DETERMINERS = new Set(['the', 'a', 'an', 'this', 'these', 'those', 'its', 'their', 'our', 'your', 'his', 'her', 'each', 'every', 'any', 'some', 'no', 'of', 'called', 'named']);
const NOUN_FOLLOWERS = new Set(['is', 'are', 'was', 'were', 'has', 'have', 'had', 'can', 'will', 'does', 'do']);
/** A word right after these is usually a verb ("everyone signs", "to log", "must check"). */
const VERB_LEADERS = new Set(
  `i you we they he she it who which everyone everybody someone nobody anyone to will would can could should must may might don't doesn't
didn't won't can't cannot also always never just often usually let's please`.split(/\s+/),
);
/** A word right before these is usually a verb ("returns a promise", "log the reason"). */
const VERB_FOLLOWERS = new Set(['a', 'an', 'the', 'this', 'these', 'those', 'your', 'my', 'our', 'their', 'its', 'his', 'her', 'them', 'him', 'me', 'us', 'it', 'you']);
const SENTENCE_MARKERS = new Set(['so', 'and', 'but', 'okay', 'ok', 'now', 'well', 'alright', 'right', 'then', 'basically', 'um', 'uh']);

const FILLER_START =
  /^(?:(?:ok(?:ay)?|so|alright|all right|right|well|and|um|uh)[,.!]?\s+)*(?:hi\b|hello\b|hey\b|welcome\b|thanks?\b|thank you|good (?:morning|afternoon|evening)|today\b|(?:in )?(?:this|today'?s) (?:video|lecture|lesson|session|course|module|part|section|tutorial|episode|talk|presentation|training|briefing|class|webinar|chapter)|in today'?s|in the (?:next|last|previous) (?:video|lecture|lesson|session|module|episode|part)|next (?:week|time|lesson|session)|last (?:week|time|lesson|session)|(?:i'?m|we'?re) (?:going|gonna) to (?:talk|look|cover|go|start|be|do|walk|show)|let'?s (?:get started|begin|start|dive|jump|go|get into|take a look|talk|look)|(?:don'?t forget|make sure) to (?:like|subscribe)|see you|any questions|that'?s (?:it|all)|so yeah|all right,? so)/i;
const HEDGES = /\b(?:i think|i guess|you know|kind of|sort of|maybe|probably|i mean|i believe|i'm not sure|or something)\b/i;
const DEFINITION_CUE = /\b(?:is|are|was|were)\s+(?:(?:basically|essentially|simply|just|really)\s+)?(?:a|an|the|called|known as|defined as)\b|\b(?:means|refers to|stands for|is called|are called|known as)\b/i;
const PRONOUN_START = /^(?:(?:so|and|but|now|well|okay)[,]?\s+)*(?:it|this|that|they|these|those|he|she|we|you|i|there|here)\b/i;

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;
const ABBREVIATION = /(?:\b(?:mr|mrs|ms|dr|prof|sr|jr|st|vs|etc|fig|no|approx|e\.g|i\.e|cf|al)|\b\p{Lu})\.$/iu;
const MAX_SENTENCE_WORDS = 40;
const MAX_TERMS_PER_CHAPTER = 24;

/** Function words and hesitations the shared stop-word list leaves out. */
const MORE_STOP_WORDS = new Set(['per', 'plus', 'minus', 'versus', 'whilst', 'amongst', 'unless', 'although', 'till', 'alright', 'erm', 'mm', 'wow', "ain't", 'dot']);

/** Whether a word carries meaning (same rules as chapter titles, plus a few more function words). */
function isContentWord(raw: string, key: string): boolean {
  if (STOP_WORDS.has(key) || STOP_WORDS.has(raw.toLowerCase()) || MORE_STOP_WORDS.has(raw.toLowerCase())) return false;
  if (/['’](?:ll|re|ve|m|d|t)$/i.test(raw)) return false;
  if (/^\d+$/.test(key)) return key.length === 4;
  if (/\d/.test(key) && !/\p{L}/u.test(key)) return false;
  return key.length >= 3 || (raw.length >= 2 && raw === raw.toUpperCase() && /\p{L}/u.test(raw));
}

function tokenizeWithOffsets(text: string): WordToken[] {
  const out: WordToken[] = [];
  for (const m of text.matchAll(WORD)) {
    const raw = m[0];
    const from = m.index ?? 0;
    const key = stem(raw);
    out.push({ raw, lower: raw.toLowerCase().replace(/’/g, "'"), key, from, to: from + raw.length, content: isContentWord(raw, key) });
  }
  return out;
}

interface Span {
  from: number;
  to: number;
  start: number;
  end: number;
}

/** Segments joined into one text, with the character span of each. */
function joinSegments(segments: readonly TranscriptSegment[]): { text: string; spans: Span[] } {
  const clean = (Array.isArray(segments) ? segments : [])
    .filter((s) => s && typeof s.text === 'string' && s.text.trim() !== '' && Number.isFinite(s.start))
    .map((s, order) => ({ start: Math.max(0, s.start), end: Number.isFinite(s.end) && s.end >= s.start ? s.end : s.start, text: s.text.replace(/\s+/g, ' ').trim(), order }))
    .sort((a, b) => a.start - b.start || a.order - b.order);
  let text = '';
  const spans: Span[] = [];
  for (const s of clean) {
    if (text) text += ' ';
    spans.push({ from: text.length, to: text.length + s.text.length, start: s.start, end: s.end });
    text += s.text;
  }
  return { text, spans };
}

/** Index of the span holding a character offset. */
function spanAt(spans: readonly Span[], offset: number): number {
  let lo = 0;
  let hi = spans.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (spans[mid].from <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Sentence boundaries [from, to) in the joined text; very long runs are cut at clauses or segment ends. */
function sentenceRanges(text: string, spans: readonly Span[]): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  const boundary = /[.!?…]+["'”’)\]]*(?=\s+["'“‘([]?[\p{Lu}\p{N}])/gu;
  let from = 0;
  for (const m of text.matchAll(boundary)) {
    const to = (m.index ?? 0) + m[0].length;
    if (ABBREVIATION.test(text.slice(from, to))) continue;
    ranges.push([from, to]);
    from = to;
    while (from < text.length && /\s/.test(text[from])) from++;
  }
  if (from < text.length) ranges.push([from, text.length]);
  const segmentEnds = new Set(spans.map((s) => s.to));
  return ranges.flatMap(([a, b]) => chunkLong(text, a, b, segmentEnds));
}

/** Words that usually open a new clause in unpunctuated speech ("… so the customer knows …"). */
const CLAUSE_OPENERS = /^(?:so|now|but|then|because|instead|next|finally|first|firstly|secondly|also|remember|if|when|otherwise|however|for)$/i;
const SUBJECTS = /^(?:i|you|we|they|he|she|it's|that's|there's|this|these|everyone|every)$/i;
const ORDINALS = /^(?:first|second|third|fourth|fifth|next|last|final)$/i;
/** A clause should not end on these ("… to check that the"). */
const DANGLING = /^(?:a|an|the|of|to|and|or|but|that|which|with|for|in|on|at|by|from|as|so|is|are|was|were|be|your|our|their|its|my|this|these|even|just|very|if|when|then|than|how|what|i|you|we|they|it)$/i;

/**
 * Cuts a run of more than 40 words (usually captions without punctuation) into clauses: at a comma or
 * semicolon after 10 words, before a clause opener ("so", "because", "the second step") after 6, before a
 * subject ("you", "we", "that's") after 12, and from 28 words on wherever the clause does not end on a
 * function word ("… check that the").
 */
function chunkLong(text: string, from: number, to: number, segmentEnds: ReadonlySet<number>): Array<[number, number]> {
  const words = [...text.slice(from, to).matchAll(/\S+/g)].map((m) => ({ from: from + (m.index ?? 0), to: from + (m.index ?? 0) + m[0].length, text: m[0] }));
  if (words.length <= MAX_SENTENCE_WORDS) return [[from, to]];
  const out: Array<[number, number]> = [];
  let start = 0;
  for (let i = 1; i < words.length; i++) {
    const length = i - start;
    if (words.length - i < 5) break;
    const word = words[i].text.replace(/^["'“‘(]/, '');
    const opener = length >= 6 && (CLAUSE_OPENERS.test(word) || (/^the$/i.test(word) && ORDINALS.test(words[i + 1]?.text ?? '')));
    const clause = length >= 10 && /[,;:]$/.test(words[i - 1].text);
    const subject = length >= 12 && SUBJECTS.test(word);
    const forced = length >= 28 && (!DANGLING.test(words[i - 1].text) || length >= 36);
    const cueEnd = length >= 20 && segmentEnds.has(words[i - 1].to) && !DANGLING.test(words[i - 1].text);
    if (opener || clause || subject || cueEnd || forced) {
      out.push([words[start].from, words[i - 1].to]);
      start = i;
    }
  }
  out.push([words[start].from, words[words.length - 1].to]);
  return out;
}

/** Index of the chapter a time falls in (the last chapter starting at or before it). */
function chapterIndexAt(chapters: readonly Chapter[], seconds: number): number {
  let found = 0;
  chapters.forEach((c, i) => {
    if (c.start <= seconds + 1e-6) found = i;
  });
  return found;
}

function sentenceQuality(text: string, tokens: WordToken[]): number {
  const words = tokens.length;
  if (words < 6 || words > 45) return 0;
  if (/\?["'”’)]?\s*$/.test(text) || FILLER_START.test(text)) return 0;
  const content = tokens.filter((t) => t.content).length;
  if (content < 3) return 0;
  let q = 1;
  if (DEFINITION_CUE.test(text)) q += 0.6;
  if (PRONOUN_START.test(text)) q *= 0.6;
  if (HEDGES.test(text)) q *= 0.6;
  if (words >= 9 && words <= 30) q *= 1.2;
  if (!/[.!?…]["'”’)]?$/.test(text)) q *= 0.8;
  q *= Math.min(1.3, 0.7 + content / words);
  return q;
}

function buildSentences(segments: readonly TranscriptSegment[], chapters: readonly Chapter[]): Sentence[] {
  const { text, spans } = joinSegments(segments);
  if (!text) return [];
  return sentenceRanges(text, spans)
    .map(([from, to]) => {
      const raw = text.slice(from, to);
      const lead = raw.length - raw.trimStart().length;
      const sentenceText = raw.trim();
      const startSpan = spans[spanAt(spans, from + lead)];
      const endSpan = spans[spanAt(spans, Math.max(from, to - 1))];
      return { text: sentenceText, start: startSpan.start, end: Math.max(startSpan.start, endSpan.end) };
    })
    .filter((s) => s.text !== '')
    .map((s, index) => {
      const tokens = tokenizeWithOffsets(s.text);
      const chapter = chapterIndexAt(chapters, s.start);
      const last = chapter === chapters.length - 1;
      const runBreak = tokens.map((t, i) => i === 0 || !/^(?:\s+|-)$/.test(s.text.slice(tokens[i - 1].to, t.from)));
      return {
        index,
        text: s.text,
        start: s.start,
        end: s.end,
        chapter,
        straddles: !last && s.end > chapters[chapter].end + 0.01,
        tokens,
        runBreak,
        keys: new Set(tokens.map((t) => t.key)),
        quality: sentenceQuality(s.text, tokens),
      };
    });
}

interface Gram {
  key: string;
  length: number;
  occurrences: Occurrence[];
  nounish: number;
  /** Occurrences right after a subject or modal ("everyone signs", "to release energy"). */
  verbLead: number;
  /** Occurrences right before an object ("returns a promise"). */
  verbObject: number;
}

const NUMERAL = /^(?:\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand)$/i;

/** The word at tokens [i, j] is used like a verb here ("everyone signs in", "returns a promise"). */
export function verbLikeAt(tokens: readonly WordToken[], i: number, j = i): boolean {
  const before = tokens[i - 1]?.lower;
  const after = tokens[j + 1]?.lower;
  return (before !== undefined && VERB_LEADERS.has(before)) || (after !== undefined && VERB_FOLLOWERS.has(after));
}

/** Number of leading discourse markers ("so", "and", "okay") before a sentence's first real word. */
function leadingMarkers(tokens: readonly WordToken[]): number {
  let n = 0;
  while (n < tokens.length && SENTENCE_MARKERS.has(tokens[n].key)) n++;
  return n;
}

/** Every 1–4-word candidate term: starts and ends with a content word (or a compound tail), inner words content or connectors. */
function collectGrams(sentences: readonly Sentence[]): Map<string, Gram> {
  const grams = new Map<string, Gram>();
  for (const s of sentences) {
    const { tokens, runBreak } = s;
    for (let i = 0; i < tokens.length; i++) {
      const first = tokens[i];
      if (!first.content || GENERIC.has(first.key)) continue;
      const weakAlone = WEAK_UNIGRAMS.has(first.key) || WEAK_UNIGRAMS.has(first.lower);
      const before = tokens[i - 1];
      const leadsVerb = before !== undefined && VERB_LEADERS.has(before.lower);
      const afterDeterminer = before !== undefined && DETERMINERS.has(before.key);
      // "six carbon molecule" is a count of carbons, not a term "carbon molecule".
      const counted = before !== undefined && !runBreak[i] && NUMERAL.test(before.raw);
      const seen: string[] = [];
      let key = '';
      for (let len = 1; len <= 4 && i + len - 1 < tokens.length; len++) {
        const j = i + len - 1;
        const t = tokens[j];
        if (len > 1 && runBreak[j]) break;
        const tail = len > 1 && COMPOUND_TAILS.has(t.key);
        if (len > 1 && !t.content && !tail && !CONNECTORS.has(t.key)) break;
        // "the" only inside "of the" ("Declaration of the Rights"), not "August the National Assembly".
        if (t.key === 'the' && !['of', 'for', 'de'].includes(tokens[j - 1].key)) break;
        if (t.content || tail) {
          if (seen.includes(t.key)) break;
          seen.push(t.key);
        }
        key = len === 1 ? t.key : `${key} ${t.key}`;
        if (!(t.content || tail) || GENERIC.has(t.key) || (len === 1 && weakAlone) || (len > 1 && counted)) continue;
        let gram = grams.get(key);
        if (!gram) {
          gram = { key, length: len, occurrences: [], nounish: 0, verbLead: 0, verbObject: 0 };
          grams.set(key, gram);
        }
        gram.occurrences.push({ sentence: s.index, token: i });
        const after = tokens[j + 1]?.lower;
        if (afterDeterminer || (after !== undefined && NOUN_FOLLOWERS.has(after))) gram.nounish++;
        if (leadsVerb) gram.verbLead++;
        if (after !== undefined && VERB_FOLLOWERS.has(after)) gram.verbObject++;
      }
    }
  }
  return grams;
}

/** How an occurrence is written (a possessive 's dropped), and whether it opens its sentence. */
function writtenForm(sentences: readonly Sentence[], o: Occurrence, length: number): { form: string; initial: boolean } {
  const s = sentences[o.sentence];
  const form = s.text.slice(s.tokens[o.token].from, s.tokens[o.token + length - 1].to).replace(/['’]s$/u, '').replace(/\s+/g, ' ');
  return { form, initial: o.token <= leadingMarkers(s.tokens) };
}

/**
 * The usual written form: lower case when the transcript writes it so mid-sentence ("canal", not the
 * "Canal" of "Bridgewater Canal"); a form only ever seen capitalised at a sentence start is lower-cased.
 */
function displayForm(written: ReadonlyArray<{ form: string; initial: boolean }>): string {
  const forms = new Map<string, { count: number; initial: number }>();
  for (const w of written) {
    const entry = forms.get(w.form) ?? { count: 0, initial: 0 };
    entry.count++;
    if (w.initial) entry.initial++;
    forms.set(w.form, entry);
  }
  let best = '';
  let bestScore = -1;
  const lowerMidSentence = [...forms].some(([form, f]) => f.count > f.initial && form === form.toLowerCase());
  for (const [form, f] of forms) {
    if (lowerMidSentence && form !== form.toLowerCase()) continue;
    const score = (f.count - f.initial) * 10 + f.count;
    if (score > bestScore || (score === bestScore && form < best)) [best, bestScore] = [form, score];
  }
  const entry = forms.get(best);
  if (entry && entry.initial === entry.count && /^\p{Lu}\p{Ll}/u.test(best)) {
    const lowered = best[0].toLowerCase() + best.slice(1);
    const otherCased = [...forms.keys()].some((f) => f !== best && f.toLowerCase() === best.toLowerCase() && f !== lowered);
    if (!otherCased) return lowered;
  }
  return best;
}

function kindOf(display: string, words: number): TermKind {
  if (/^\d{4}$/.test(display)) return 'year';
  if (words === 1 && (display.match(/\p{Lu}/gu) ?? []).length >= 2 && display.length <= 10) return 'acronym';
  if (/^\p{Lu}/u.test(display)) return 'proper';
  return 'common';
}

/** Whether a written form is a plural ("thylakoids"). */
export function isPlural(display: string): boolean {
  const last = display.split(/[\s-]+/).pop() ?? '';
  return /\p{Ll}s$/u.test(last) && stem(last) !== last.toLowerCase();
}

const POSITION = (sentence: number, token: number, len: number) => sentence * 4096 + token * 8 + len;

interface Candidate extends Gram {
  keys: string[];
  display: string;
  kind: TermKind;
  contentKeys: string[];
}

/**
 * Keeps the candidates worth asking about and drops those that are mostly part of a longer kept term
 * ("transport chain" inside "electron transport chain").
 */
function selectTerms(grams: Map<string, Gram>, sentences: readonly Sentence[]): Candidate[] {
  const candidates: Candidate[] = [];
  for (const g of grams.values()) {
    const total = g.occurrences.length;
    if (total === 1) {
      // Said once: only a year, an acronym or a name (every word capitalised, not just at a sentence start).
      const { form, initial } = writtenForm(sentences, g.occurrences[0], g.length);
      const kind = kindOf(form, g.length);
      const named = kind === 'proper' && !initial && form.split(/\s+/).every((w) => CONNECTORS.has(w.toLowerCase()) || /^\p{Lu}/u.test(w));
      if (kind !== 'year' && kind !== 'acronym' && !named) continue;
    }
    const sample = writtenForm(sentences, g.occurrences[0], g.length).form;
    if (sample.length < 2 || sample.length > 60 || !/\p{L}|^\d{4}$/u.test(sample)) continue;
    // "people lived": a phrase ending in a past tense is a clause, not a name for something.
    if (g.length > 1 && /\p{Ll}{3,}ed$/u.test(sample) && !/(?:eed|hundred)$/i.test(sample)) continue;
    const keys = g.key.split(' ');
    candidates.push({ ...g, keys, display: sample, kind: kindOf(sample, g.length), contentKeys: keys.filter((k) => !CONNECTORS.has(k)) });
  }
  candidates.sort((a, b) => b.length - a.length || b.occurrences.length - a.occurrences.length || (a.key < b.key ? -1 : 1));

  const covered = new Set<number>();
  const kept: Candidate[] = [];
  for (const c of candidates) {
    const len = c.length;
    const total = c.occurrences.length;
    const own = c.occurrences.filter((o) => !covered.has(POSITION(o.sentence, o.token, len)));
    const needed = total >= 3 ? Math.ceil(total * 0.35) : 1;
    if (own.length < needed) continue;
    // Shown as written where it stands on its own ("electrons", not the "electron" of "electron transport chain").
    const display = displayForm(own.map((o) => writtenForm(sentences, o, len)));
    c.display = display;
    c.kind = kindOf(display, len);
    kept.push(c);
    if (len === 1) continue;
    for (const o of c.occurrences) {
      for (let a = 0; a < len; a++) for (let b = 1; a + b <= len; b++) if (b < len) covered.add(POSITION(o.sentence, o.token + a, b));
    }
  }
  return kept;
}

/** Single common words that look like adverbs, participles or verbs are weaker answers. */
function shapeWeight(display: string, kind: TermKind, words: number): number {
  if (kind !== 'common' || words > 1) return 1;
  const w = display.toLowerCase();
  if (w.length > 4 && /ly$/.test(w)) return 0.3;
  if (w.length > 4 && /ed$/.test(w)) return 0.5;
  if (w.length > 5 && /ing$/.test(w)) return 0.7;
  return 1;
}

function scoreTerms(selected: readonly Candidate[], sentences: readonly Sentence[], chapterCount: number): Term[] {
  return selected.map((g, id) => {
    const counts = new Array<number>(chapterCount).fill(0);
    for (const o of g.occurrences) counts[sentences[o.sentence].chapter]++;
    const df = counts.filter((c) => c > 0).length;
    const idf = Math.log(1 + chapterCount / Math.max(1, df));
    const words = g.contentKeys.length;
    const kind = g.kind;
    const total = g.occurrences.length;
    const nounRatio = g.nounish / total;
    const single = words === 1 && kind === 'common';
    const noun = single
      ? (0.5 + 0.7 * nounRatio) * (1 - 0.6 * Math.min(1, (g.verbLead + g.verbObject) / total))
      : Math.max(0.9, 0.6 + 0.6 * nounRatio) * (1 - 0.8 * (g.verbLead / total));
    const kindWeight = kind === 'proper' || kind === 'acronym' ? 1.15 : kind === 'year' ? 0.9 : 1;
    const repeated = single ? Math.min(1, 0.55 + 0.15 * total) : 1;
    const weight = (1 + 0.5 * (words - 1)) * noun * kindWeight * repeated * shapeWeight(g.display, kind, words);
    const scores = counts.map((c) => (c > 0 ? c * idf * weight : 0));
    const nounLike = !single || (g.nounish > 0 && (g.verbLead + g.verbObject) / total < 0.5 && shapeWeight(g.display, kind, words) === 1);
    return {
      id,
      keys: g.keys,
      key: g.keys.join(' '),
      contentKeys: g.contentKeys,
      display: g.display,
      kind,
      plural: isPlural(g.display),
      occurrences: g.occurrences,
      counts,
      scores,
      strength: Math.max(0, ...scores),
      nounLike,
    };
  });
}

/** Token index after `from` skipping adverbs such as "basically". */
function skipAdverbs(tokens: readonly WordToken[], from: number): number {
  let i = from;
  while (i < tokens.length && ADVERBS.has(tokens[i].key)) i++;
  return i;
}

/** Text of tokens [from, to] cut at the clause end, without a dangling connector; undefined when unusable. */
function predicateText(s: Sentence, from: number, minWords: number, maxWords: number): string | undefined {
  const { tokens } = s;
  if (from >= tokens.length) return undefined;
  let end = from;
  for (let i = from + 1; i < tokens.length; i++) {
    if (s.runBreak[i]) {
      const gap = s.text.slice(tokens[i - 1].to, tokens[i].from);
      const clauseFollows = /^(?:which|who|because|so|but|and|or|while|although|whereas)$/i.test(tokens[i].raw);
      if (/[.;:!?()"“”]|\s[-–—]\s/.test(gap) || (gap.includes(',') && (i - from >= 3 || clauseFollows))) break;
    }
    end = i;
  }
  while (end > from && /^(?:of|the|a|an|and|to|with|or|that|which|in|on|for|by|as|so|but|is|are)$/i.test(tokens[end].raw)) end--;
  const words = end - from + 1;
  if (words < minWords || words > maxWords) return undefined;
  if (!tokens.slice(from, end + 1).some((t) => t.content)) return undefined;
  return s.text.slice(tokens[from].from, tokens[end].to);
}

function definitionsIn(s: Sentence, occurrences: Array<{ term: number; token: number }>, terms: readonly Term[]): Definition[] {
  const out: Definition[] = [];
  const { tokens } = s;
  for (const { term: id, token: p } of occurrences) {
    const term = terms[id];
    const len = term.keys.length;
    const termKeys = new Set(term.contentKeys);
    const mentionsTerm = (text: string) => tokenizeWithOffsets(text).some((t) => termKeys.has(t.key));
    let clauseStart = p;
    while (clauseStart > 0 && !s.runBreak[clauseStart]) clauseStart--;
    const leadOk = tokens.slice(clauseStart, p).every((t) => LEADING_OK.has(t.key));
    let q = skipAdverbs(tokens, p + len);
    const next = tokens[q]?.raw.toLowerCase();
    let definition: string | undefined;

    if (leadOk && next !== undefined && !s.runBreak[q]) {
      let r = -1;
      if (COPULAS.has(next)) {
        r = skipAdverbs(tokens, q + 1);
        if (tokens[r]?.key === 'defined' && tokens[r + 1]?.key === 'as') r += 2;
      } else if (next === 'means' || next === 'describes') r = q + 1;
      else if ((next === 'refers' && tokens[q + 1]?.key === 'to') || (next === 'stands' && tokens[q + 1]?.key === 'for')) r = q + 2;
      const first = tokens[r];
      if (first && !BAD_PREDICATE_START.has(first.raw.toLowerCase()) && !/(?:ed|ing)$/i.test(first.raw) && !/^\d/.test(first.raw)) {
        definition = predicateText(s, r, 3, 22);
      }
    }
    // Appositive: "the chloroplast, a small green organelle found in leaf cells" (a noun phrase, not a clause).
    q = p + len;
    const standsAlone = p === 0 || s.runBreak[p] || !tokens[p - 1].content;
    if (!definition && standsAlone && q < tokens.length && /^,\s+$/.test(s.text.slice(tokens[q - 1].to, tokens[q].from)) && ['a', 'an'].includes(tokens[q].lower)) {
      const text = predicateText(s, q, 3, 18);
      const clause = /\b(?:and|or|like|is|are|was|were|be|been|being|could|can|will|would|should|must|may|might|has|have|had|do|does|did|it|they|you|we)\b/i;
      // "the Krebs cycle happens in the matrix": a verb ending in -s before a preposition makes it a clause.
      const verb = /\b\p{L}+s (?:in|on|at|to|into|from|the|a|an|with|by|for|up|out|down|over)\b/iu;
      const vague = /^(?:a|the) (?:bit|lot|little|few|couple|number|total|same|way|one|other|rest|end|first|last|next)\b/i;
      if (text && !clause.test(text) && !verb.test(text.split(' ').slice(2).join(' ')) && !vague.test(text)) definition = text;
    }
    // "<the/a …> is called <term>" and "<a/an …> called <term>".
    if (!definition && p >= 2) {
      const before = tokens[p - 1]?.key === 'the' ? p - 1 : p;
      const calledAt = tokens[before - 1]?.key === 'called' || tokens[before - 1]?.key === 'named' ? before - 1 : tokens[before - 1]?.key === 'as' && tokens[before - 2]?.key === 'known' ? before - 2 : -1;
      if (calledAt > 0) {
        let end = calledAt - 1;
        const copula = COPULAS.has(tokens[end]?.raw.toLowerCase() ?? '');
        if (copula) end--;
        let start = end;
        while (start > 0 && !s.runBreak[start] && end - start < 12) start--;
        if (copula) {
          while (start <= end && SENTENCE_MARKERS.has(tokens[start].key)) start++;
          if (start <= end && !['the', 'a', 'an', 'this', 'these'].includes(tokens[start].key)) start = -1;
        } else {
          let article = -1;
          for (let k = end; k >= Math.max(start, end - 7) && article < 0; k--) if (['a', 'an'].includes(tokens[k].raw.toLowerCase())) article = k;
          start = article;
        }
        if (start >= 0 && start <= end && end - start + 1 >= 3 && end - start + 1 <= 14) {
          definition = s.text.slice(tokens[start].from, tokens[end].to);
        }
      }
    }
    if (definition && !mentionsTerm(definition)) out.push({ term: id, text: definition.replace(/[\s,;:–—-]+$/, ''), sentence: s.index });
  }
  return out;
}

/** Reads sentences, key terms and definitions from a transcript split into chapters. */
export function analyseTranscript(segments: readonly TranscriptSegment[], chapters: readonly Chapter[]): Analysis {
  const chapterList = [...chapters];
  const sentences = chapterList.length > 0 ? buildSentences(segments, chapterList) : [];
  const terms = scoreTerms(selectTerms(collectGrams(sentences), sentences), sentences, chapterList.length);

  const all = sentences.map(() => [] as Array<{ term: number; token: number }>);
  for (const t of terms) for (const o of t.occurrences) all[o.sentence].push({ term: t.id, token: o.token });
  // Only the longest term at each place: "water" inside "water frame" is not asked about on its own.
  const sentenceTerms = all.map((list) =>
    list
      .filter((o) => {
        const len = terms[o.term].keys.length;
        return !list.some((x) => x !== o && terms[x.term].keys.length > len && x.token <= o.token && o.token + len <= x.token + terms[x.term].keys.length);
      })
      .sort((a, b) => a.token - b.token || a.term - b.term),
  );

  const chapterSentences = chapterList.map(() => [] as number[]);
  const chapterKeys = chapterList.map(() => new Set<string>());
  const keySentenceCount = new Map<string, number>();
  for (const s of sentences) {
    chapterSentences[s.chapter].push(s.index);
    for (const k of s.keys) {
      chapterKeys[s.chapter].add(k);
      keySentenceCount.set(k, (keySentenceCount.get(k) ?? 0) + 1);
    }
  }
  const chapterTerms = chapterList.map((_, c) =>
    terms
      .filter((t) => t.counts[c] > 0)
      .sort((a, b) => b.scores[c] - a.scores[c] || a.id - b.id)
      .slice(0, MAX_TERMS_PER_CHAPTER)
      .map((t) => t.id),
  );
  const chapterRank = chapterTerms.map((ids) => new Map(ids.map((id, r) => [id, r])));
  const bestRank = new Map<number, number>();
  for (const ranks of chapterRank) for (const [id, r] of ranks) bestRank.set(id, Math.min(r, bestRank.get(id) ?? Infinity));
  const maxStrength = Math.max(1e-9, ...terms.map((t) => t.strength));
  const definitions = sentences.flatMap((s) => (s.straddles || s.tokens.length > 45 ? [] : definitionsIn(s, sentenceTerms[s.index], terms)));
  return { sentences, chapters: chapterList, terms, chapterTerms, chapterRank, bestRank, maxStrength, chapterSentences, chapterKeys, definitions, sentenceTerms, keySentenceCount };
}

/** Word keys of a text (for comparing titles and snippets with terms). */
export function keysOf(text: string): Set<string> {
  return new Set(tokenizeWithOffsets(text).map((t) => t.key));
}

/**
 * Whether two option texts say nearly the same thing (half or more of their content words shared),
 * so that both could pass for the right answer ("an electron carrier" / "another electron carrier").
 */
export function nearlySame(a: string, b: string): boolean {
  const ka = new Set(tokenizeWithOffsets(a).filter((t) => t.content).map((t) => t.key));
  const kb = new Set(tokenizeWithOffsets(b).filter((t) => t.content).map((t) => t.key));
  if (ka.size === 0 || kb.size === 0) return a.trim().toLowerCase() === b.trim().toLowerCase();
  let shared = 0;
  for (const k of ka) if (kb.has(k)) shared++;
  return shared / Math.min(ka.size, kb.size) >= 0.5;
}
