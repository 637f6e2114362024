import type { Question, QuestionBase, QuestionType } from '@veolearn/domain';
import { Falsified, Rng, SYMMETRIC, shapedLike, mightAlsoBeTrue, changeByNegation, changeLabel, changeRatherSwap, changeDegree, changeNotSwap, changeSibling, contrastedWith, pluralise, changeNumber, changeToAntonym, misreadVerbPhrase, numberDistractors, possessiveAfter, pickDistractors, repeatsInCoordination, sameKind, sameLexKind, siblingCompounds, swapFits, termsKindAndSubtype } from './changes';
import { posInGap } from './checks';
import { parseSentences } from './nlp';
import type { Definition } from './facts';
import { writeFeedback } from './feedback';
import type { Lecture } from './lecture';
import { LIST_MARKER, STEP_PREFIX, type Sentence, hasInterjection, isGivenName, withoutMarker } from './sentences';
import { Term, VAGUE_NOUNS, isSalient } from './terms';
import { baseForm, hypernymsUpTo, isKnown, nounClass, nounSenseCount } from './wordnet';

/** What stays shared between the questions of one set. */
export interface WriterState {
  usedSentences: Set<number>;
  usedDefinitions: Set<string>;
  usedCategories: Set<number>;
  usedSequences: Set<number>;
  usedRankings: Set<number>;
  usedRules: Set<number>;
  usedKeys: Set<number>;
  /** Times already taken by questions (seconds). */
  times: number[];
  /** The evidence of the question written last (set by every builder through base()). */
  lastEvidence?: readonly Sentence[];
  /** The answer the next true/false question should have; alternates over the set. */
  nextTruth: boolean;
  variant: number;
}

/** One slot being written: the lecture, the chapter and the shared state. */
export interface Slot {
  lecture: Lecture;
  chapter: number;
  rng: Rng;
  state: WriterState;
  feedbackEnabled: boolean;
  /** Seconds after its evidence that a question pauses (more when times were estimated). */
  margin: number;
}

/** Questions at least this far apart. */
export const MIN_GAP_SECONDS = 20;

function shuffle<T>(items: readonly T[], rng: Rng): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** A shuffled order that is never the identity (stored order must not give the answer away). */
function mixedOrder(n: number, rng: Rng): number[] {
  const perm = shuffle(
    Array.from({ length: n }, (_, i) => i),
    rng,
  );
  return perm.every((v, i) => v === i) ? perm.map((_, i) => (i + 1) % n) : perm;
}

function cap(text: string): string {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

function clean(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/\s+([,.!?;:])/g, '$1').trim();
}

function quoteOf(s: Sentence): string {
  return clean(s.text);
}

/** The chapter's sentences, as a range. */
function chapterSentences(slot: Slot): Sentence[] {
  return slot.lecture.sentences.filter((s) => s.chapter === slot.chapter);
}

function chapterOf(slot: Slot) {
  return slot.lecture.chapters[slot.chapter];
}

/** Whether a time keeps MIN_GAP_SECONDS from every question already placed. */
function spaced(slot: Slot, t: number): boolean {
  return slot.state.times.every((x) => Math.abs(x - t) >= MIN_GAP_SECONDS);
}

/** When a question drawing on these sentences pauses: after the last of them, inside the chapter. */
function timeAfter(slot: Slot, sentences: readonly Sentence[]): number {
  const c = chapterOf(slot);
  const last = Math.max(...sentences.map((s) => s.end));
  // After the evidence has been said (never before its end), and before the next chapter starts.
  return Math.max(c.start + 1, Math.min(c.end, Math.max(last + 0.2, Math.min(c.end - 0.2, last + slot.margin))));
}

/** Share of a statement's content words at which another statement, or two together, say the same thing again. */
export const RESTATED_SHARE = 0.6;
/** Share of a statement's terms that must be said again for it to be a repeat. */
const RESTATED_TERMS = 0.75;

const PAIRS = new WeakMap<Sentence, Set<string>>();

/** Pairs of neighbouring content words of a statement ("eye level", "arm length"): what it says of what. */
function pairsOf(s: Sentence): Set<string> {
  let out = PAIRS.get(s);
  if (!out) {
    const seq = [...s.keys];
    out = new Set(seq.slice(1).map((w, i) => `${seq[i]} ${w}`));
    PAIRS.set(s, out);
  }
  return out;
}

const TERM_KEYS = new WeakMap<Sentence, Set<string>>();

/** The lecture's terms said in a statement. */
function termKeysOf(lecture: Lecture, s: Sentence): Set<string> {
  let out = TERM_KEYS.get(s);
  if (!out) {
    out = new Set(lecture.bySentence[s.index]?.map((o) => o.term.key) ?? []);
    TERM_KEYS.set(s, out);
  }
  return out;
}

function bits(n: number): number {
  let c = 0;
  for (let m = n; m; m &= m - 1) c++;
  return c;
}

/** The share of `keys` that the best one or two of `others` say too. */
export function bestCoverage(keys: ReadonlySet<string>, others: ReadonlyArray<ReadonlySet<string>>): number {
  if (keys.size === 0 || others.length === 0) return 0;
  // Each of the first 30 keys is a bit; what another statement says of them is a mask.
  const index = new Map<string, number>();
  for (const k of keys) if (index.size < 30) index.set(k, index.size);
  const masks = others.map((o) => {
    let m = 0;
    for (const k of o) {
      const b = index.get(k);
      if (b !== undefined) m |= 1 << b;
    }
    return m;
  });
  let best = 0;
  for (let i = 0; i < masks.length; i++) {
    if (!masks[i]) continue;
    for (let j = i; j < masks.length; j++) best = Math.max(best, bits(masks[i] | masks[j]));
  }
  return best / Math.min(keys.size, 30);
}

/**
 * Whether one or two other statements say most of what a statement says: RESTATED_SHARE of its content words
 * and of its pairs of neighbouring content words, and RESTATED_TERMS of the lecture's terms in it ("eye level", "arm's length"),
 * so that statements on one topic that share its words ("join", "rows", "table") but name different things
 * ("left join", "cross join") are not repeats.
 */
export function restatedBy(lecture: Lecture, s: Sentence, others: readonly Sentence[]): boolean {
  // ("Elephants are the biggest land animals." in the recap, after "… the biggest animals that live on land in the
  // whole world": three content words are enough when one earlier statement says every one of them.)
  if (s.keys.size < 3 || others.length === 0) return false;
  // One of them says half of it, about the same subject (its first content word): "Protein also provides about
  // four calories per gram." says of protein what "Carbohydrates provide about four calories per gram." says of
  // carbohydrates, a new fact.
  const subject = s.keys.values().next().value as string;
  const shared = (o: Sentence) => [...s.keys].filter((k) => o.keys.has(k)).length;
  if (!others.some((o) => o.keys.has(subject) && shared(o) * 2 >= s.keys.size)) return false;
  // Every word of it said in one earlier statement about the same subject: a recap in other words ("Almost all
  // penguins live in the southern half of the world." after "… live in the bottom half of the world, which is
  // called the Southern Hemisphere.").
  // (Not a longer statement that says more: "In 2022 inflation was too high and the Bank raised interest rates
  // fourteen times" is an instance of the rule, not the rule again.)
  if (others.some((o) => o.keys.has(subject) && shared(o) === s.keys.size && o.keys.size <= s.keys.size + 3)) return true;
  if (s.keys.size < 4) return false;
  if (bestCoverage(s.keys, others.map((o) => o.keys)) < RESTATED_SHARE || bestCoverage(pairsOf(s), others.map(pairsOf)) < RESTATED_SHARE) return false;
  const terms = termKeysOf(lecture, s);
  // The things it is about must nearly all be said again: "Protein also provides about four calories per gram."
  // is no repeat of "Carbohydrates provide about four calories per gram.".
  return terms.size === 0 || bestCoverage(terms, others.map((o) => termKeysOf(lecture, o))) >= RESTATED_TERMS;
}

/** Whether two statements share a content word. */
function sharesKey(a: Sentence, b: Sentence): boolean {
  for (const k of a.keys) if (b.keys.has(k)) return true;
  return false;
}

/**
 * Whether a statement would test again what the set already tests: one or two statements already asked about
 * say most of it ("Put the top of the screen at eye level, an arm's length away." after "The top of the screen
 * should be at about eye level" and "The screen should be about an arm's length away"), or it would make a
 * statement already asked about such a repeat (the recap line was asked first).
 */
export function restatesTested(lecture: Lecture, used: ReadonlySet<number>, s: Sentence): boolean {
  if (used.size === 0) return false;
  const tested = [...used].filter((i) => i !== s.index && lecture.sentences[i] && sharesKey(s, lecture.sentences[i])).map((i) => lecture.sentences[i]);
  if (tested.length === 0) return false;
  if (restatedBy(lecture, s, tested)) return true;
  return tested.some((u, i) => {
    const rest = [...tested.slice(0, i), ...tested.slice(i + 1)];
    return restatedBy(lecture, u, [...rest, s]) && !restatedBy(lecture, u, rest);
  });
}

const RECAPS = new WeakMap<Lecture, Map<number, boolean>>();
/** How far back a recap line is compared with what was said before it (sentences). */
const RECAP_REACH = 150;

/**
 * Whether a statement says again what one or two earlier statements of the lecture, themselves facts or rules,
 * already said (a recap line: "Put the top of the screen at eye level, an arm's length away."): the earlier
 * statements are the ones to ask about.
 */
export function restatesEarlier(lecture: Lecture, s: Sentence): boolean {
  let cache = RECAPS.get(lecture);
  if (!cache) RECAPS.set(lecture, (cache = new Map()));
  const known = cache.get(s.index);
  if (known !== undefined) return known;
  let found = false;
  if (s.keys.size >= 4) {
    const earlier: Array<{ x: Sentence; n: number }> = [];
    for (const x of lecture.sentences.slice(Math.max(0, s.index - RECAP_REACH), s.index)) {
      if (!(x.fact || x.rule) || x.doubtful) continue;
      let n = 0;
      for (const k of s.keys) if (x.keys.has(k)) n++;
      if (n >= 2) earlier.push({ x, n });
    }
    found = restatedBy(lecture, s, earlier.sort((a, b) => b.n - a.n).slice(0, 6).map((e) => e.x));
  }
  cache.set(s.index, found);
  return found;
}

const KEY_SPREAD = new WeakMap<Lecture, Map<string, number>>();

/**
 * How central a statement is to the lecture: the share of its content words the speaker says in other
 * sentences too. "A firework goes off in less than a second." or "Every cup of coffee needs beans, milk, a
 * paper cup and a lid." (an opening hook, the props of an example) are made of words said once; "A catalyst
 * speeds up a reaction without being used up." is made of the lecture's own words.
 */
export function centrality(lecture: Lecture, s: Sentence): number {
  let spread = KEY_SPREAD.get(lecture);
  if (!spread) {
    spread = new Map();
    for (const x of lecture.sentences) for (const k of x.keys) spread.set(k, (spread.get(k) ?? 0) + 1);
    KEY_SPREAD.set(lecture, spread);
  }
  if (s.keys.size === 0) return 0;
  let sum = 0;
  for (const k of s.keys) sum += Math.min(1, ((spread.get(k) ?? 1) - 1) / 2);
  return sum / s.keys.size;
}

/** Facts of this chapter not used yet, good ones and well-spaced ones first. */
function freshFacts(slot: Slot, filter: (s: Sentence) => boolean = () => true, withPrevious = false): Sentence[] {
  const own = chapterSentences(slot);
  const pool = withPrevious && slot.chapter > 0 ? [...own, ...slot.lecture.sentences.filter((s) => s.chapter === slot.chapter - 1)] : own;
  return pool
    // "For thirteen days, the world waited.": a statement naming nothing the lecture teaches tests nothing.
    // From restored captions, only statements about something the speaker comes back to ("The boiler packs in in
    // january." is a story's aside).
    .filter((s) => (s.fact || s.rule) && !slot.state.usedSentences.has(s.index) && filter(s) && !restatesTested(slot.lecture, slot.state.usedSentences, s) && !restatesEarlier(slot.lecture, s) && slot.lecture.bySentence[s.index].some((o) => (o.term.cls !== 'unknown' || o.term.key.includes(' ')) && !VAGUE_NOUNS.has(o.term.key) && o.term.cls !== 'year' && !o.term.cls.startsWith('quantity') && (!slot.lecture.restored || o.term.occurrences.length >= 2)))
    .map((s) => {
      const words = s.tokens.length;
      const terms = new Set(slot.lecture.bySentence[s.index].filter((o) => o.term.cls !== 'unknown').map((o) => o.term.id)).size;
      const lengthScore = words >= 8 && words <= 26 ? 1 : 0.6;
      const gap = spaced(slot, timeAfter(slot, [s])) ? 1 : 0.3;
      return { s, score: lengthScore * gap * (1 + 0.3 * Math.min(terms, 3)) * (0.4 + centrality(slot.lecture, s)) };
    })
    .sort((a, b) => b.score - a.score || a.s.index - b.s.index)
    .map((x) => x.s);
}

function base<T extends QuestionType>(slot: Slot, type: T, question: string, evidence: readonly Sentence[], answer: string, reason: string): QuestionBase<T> {
  const c = chapterOf(slot);
  const timestamp = timeAfter(slot, evidence);
  const quote = evidence.map(quoteOf).join(' ');
  for (const s of evidence) slot.state.usedSentences.add(s.index);
  slot.state.lastEvidence = evidence;
  slot.state.times.push(timestamp);
  const variant = slot.state.variant++;
  // Where the learner should look again: the first sentence of the evidence and the chapter it is in (a recap
  // question may draw on statements made chapters earlier).
  const first = evidence.reduce((a, b) => (b.start < a.start ? b : a), evidence[0]);
  const said = first ? slot.lecture.chapters[first.chapter] ?? c : c;
  const feedback = writeFeedback({ audience: slot.lecture.audience, variant, answer, reason, chapterTitle: said.title, at: first ? first.start : c.start, quote });
  return {
    type,
    question,
    timestamp: Math.round(timestamp * 10) / 10,
    topicTitle: c.title,
    topicStartTime: c.start,
    feedback: slot.feedbackEnabled ? feedback : { correct: feedback.correct.split('. ')[0] + '.', incorrect: `The answer is ${answer}.` },
  };
}

/** Terms of a sentence that can be asked about: a known class, not vague, with enough same-class alternatives. */
/** "Mary Queen of Scots", "the Ordinance of Labourers": a capitalised term joined by "of" to another capitalised word. */
function partOfLongerName(s: Sentence, token: number, length: number): boolean {
  const capital = (k: number) => /^[A-Z]/.test(s.tokens[k]?.text ?? '');
  return capital(token) && ((s.tokens[token - 1]?.lower === 'of' && capital(token - 2)) || (s.tokens[token + length]?.lower === 'of' && capital(token + length + 1)));
}

function askableTerms(slot: Slot, s: Sentence): Array<{ term: Term; token: number; length: number; surface: string }> {
  const out: Array<{ term: Term; token: number; length: number; surface: string; score: number }> = [];
  for (const o of slot.lecture.bySentence[s.index]) {
    const term = o.term;
    if (term.cls === 'unknown' || !isSalient(term)) continue;
    // ("The ____ is the elf owl" → "smallest owl": a superlative picks one out; it names no thing to ask about.)
    if (/^(?:\w+est|most|least|best|worst)\s/i.test(term.display) && !/^(?:forest|interest|chest|west|quest|test|nest|rest|crest|guest|protest|harvest|contest)\b/i.test(term.display)) continue;
    // "resistance increases", "magma rises": a verb the tagger read as a noun, no term to ask about.
    if (misreadVerbPhrase(s.tokens, o.token, o.length)) continue;
    // ("Absolute advantage, from Smith, concerns the quantity …": a verb read as a plural noun, after a comma and before its object.)
    const word = s.tokens[o.token];
    if (o.length === 1 && /[^s]s$/.test(word.lower) && isKnown(word.lower.slice(0, -1), 'verb') && s.tokens[o.token - 1]?.text === ',' && s.tokens[o.token + 1]?.pos === 'DET') continue;
    // "Desperate for money, …": a capitalised adjective the tagger took for a name.
    if (o.token === 0 && term.pos === 'PROPN' && misreadTerm(slot, term.display)) continue;
    // Part of a hyphenated word ("four-ohm resistor"): replacing it would break the word.
    const after = s.text[s.tokens[o.token + o.length - 1].to];
    if (s.text[s.tokens[o.token].from - 1] === '-' || after === '-' || after === "'" || after === '’') continue;
    // "… and St Paul's.": the possessive is part of the word; a gap or answer without it names someone else.
    if (possessiveAfter(s, o)) continue;
    // "Mary Queen of Scots", "the Statute of Labourers": part of a longer name is no answer ("____ of Scots").
    if (partOfLongerName(s, o.token, o.length)) continue;
    {
      // A word right after a subject pronoun is a verb the tagger took for a noun ("Everyone signs in").
      const before = s.tokens[o.token - 1];
      if (o.length === 1 && before && /^(?:everyone|everybody|someone|somebody|it|he|she|they|we|you|i|this|that|nobody|one)$/.test(before.lower)) continue;
      const chapterWeight = term.counts[slot.chapter] ?? 0;
      const used = slot.state.usedKeys.has(term.id) ? 0.3 : 1;
      const isNumber = term.cls.startsWith('quantity') || term.cls === 'year';
      // "Water falling from the sky is called precipitation": the name the sentence gives is what it teaches.
      const named = /^(?:called|termed|named)$/.test(before?.lower ?? '') || (before?.lower === 'as' && s.tokens[o.token - 2]?.lower === 'known');
      out.push({ term, token: o.token, length: o.length, surface: o.surface, score: (1 + chapterWeight) * used * (term.key.includes(' ') ? 1.2 : 1) * (isNumber ? 0.8 : 1) * (named ? 4 : 1) });
    }
  }
  return out.sort((a, b) => b.score - a.score || a.token - b.token);
}

/**
 * Whether the word at `next` makes the term before it a modifier of a compound: a noun ("water pump"), or a
 * word the tagger read as an adjective that is a noun too ("gold standard").
 */
function compoundModifier(s: Sentence, next: number): boolean {
  const t = s.tokens[next];
  if (!t || s.text[t.from - 1] !== ' ') return false;
  return t.pos === 'NOUN' || (t.pos === 'ADJ' && isKnown(t.lower, 'noun') && !isKnown(t.lower, 'adv'));
}

/** "a" or "an" for a word, by how it is said ("an hour", "a unit", "an SQL query" is left to the letter). */
export function articleFor(word: string): 'a' | 'an' {
  const w = word.trim().toLowerCase();
  if (/^(?:hour|honest|honou?r|heir)/.test(w)) return 'an';
  if (/^(?:uni|use|usu|uti|eu|one|once|ew)/.test(w)) return 'a';
  return /^[aeiou]/.test(w) ? 'an' : 'a';
}

/** A word usually said without "a": a substance or a food ("water", "hydrochloric acid", "bread"). */
function massNoun(text: string): boolean {
  const head = text.toLowerCase().split(/\s+/).pop() ?? '';
  const cls = nounClass(baseForm(head, 'noun') ?? head);
  return cls === 'noun.substance' || cls === 'noun.food';
}

/** Whether the gap at token follows "a" or "an": its options must then all take the answer's article. */
function articleBefore(s: Sentence, token: number): boolean {
  return /^an?$/i.test(s.tokens[token - 1]?.text ?? '');
}

/**
 * The sentence with a span of tokens replaced. Before a gap, "a"/"an" agrees with the answer (every option
 * of such a gap takes the same article, so it gives nothing away); without the answer it reads "a/an".
 */
function withGap(s: Sentence, token: number, length: number, gap: string, answer?: string): string {
  const from = s.tokens[token].from;
  const to = s.tokens[token + length - 1].to;
  let before = s.text.slice(0, from);
  before = before.replace(/\b([Aa])n?\s+$/, (_m, a: string) => (answer ? `${a === 'A' ? cap(articleFor(answer)) : articleFor(answer)} ` : `${a === 'A' ? 'A' : 'a'}/an `));
  return clean(withoutMarker(before + gap + s.text.slice(to)));
}

/** The unit after a changed number, in its number: "1 month" → "3 months", "3 months" → "1 month". */
function unitAfter(value: string, changed: string, rest: string): string {
  const one = (x: string) => /^(?:1|one)$/i.test(x.trim());
  const m = /^(\s+)([a-z]+)(.*)$/i.exec(rest);
  if (!m || one(value) === one(changed)) return rest;
  if (one(value) && !/s$/i.test(m[2])) return `${m[1]}${pluralise(m[2])}${m[3]}`;
  if (one(changed)) return `${m[1]}${baseForm(m[2].toLowerCase(), 'noun') ?? m[2]}${m[3]}`;
  return rest;
}

/** A number term's value and unit ("36 ATP molecules" → "36"). */
function numberIn(surface: string): string | null {
  return /^(\d[\d,]*(?:\.\d+)?)\b/.exec(surface)?.[1] ?? null;
}

interface Cloze {
  sentence: Sentence;
  key: Term;
  surface: string;
  token: number;
  length: number;
  options: string[];
  answer: string;
  /** The sentence before, quoted first when the gap sentence leans on it ("the three of them", "the most common way"). */
  lead: Sentence | null;
}

/**
 * Whether a sentence with a gap at token..token+length-1 leans on what came before: a demonstrative
 * ("this", "these"), a pronoun with nothing before it in the sentence to stand for ("the three of them",
 * "lost 400 metres of its height" when the only thing it could be is the gap), or a subject as vague as
 * "the most common way".
 */
export function leansOnPrevious(s: Sentence, token: number, length: number): boolean {
  const outside = (k: number) => k < token || k >= token + length;
  // "the three of them", "both of these": a group named earlier, perhaps several sentences back.
  if (/\b(?:two|three|four|five|both|all|each|some|most|many|none|one) of (?:them|these|those)\b/i.test(s.text)) return true;
  const nounBefore = (k: number, plural: boolean | null, proper: boolean) =>
    s.tokens.slice(0, k).some((t, i) => outside(i) && (proper ? t.pos === 'PROPN' : t.pos === 'NOUN' || t.pos === 'PROPN') && (plural === null || (t.pos === 'NOUN' && t.lower !== t.lemma) === plural));
  for (let k = 0; k < s.tokens.length; k++) {
    if (!outside(k)) continue;
    const t = s.tokens[k];
    if (!['PRON', 'DET'].includes(t.pos)) continue;
    if (/^(?:this|these|those)$/.test(t.lower)) return true;
    if (/^(?:it|its)$/.test(t.lower) && !nounBefore(k, false, false)) return true;
    if (/^(?:they|them|their|theirs)$/.test(t.lower) && !nounBefore(k, null, false)) return true;
    if (/^(?:he|him|his|she|her|hers)$/.test(t.lower) && !nounBefore(k, null, true)) return true;
  }
  const verb = s.tokens.findIndex((t) => t.pos === 'VERB' || t.pos === 'AUX');
  const subjectNouns = s.tokens.slice(0, Math.max(0, verb)).filter((t, i) => outside(i) && t.pos === 'NOUN');
  const head = subjectNouns[subjectNouns.length - 1];
  return head !== undefined && (VAGUE_NOUNS.has(head.lower) || VAGUE_NOUNS.has(head.lemma)) && !s.tokens.slice(0, verb).some((t, i) => !outside(i) || t.pos === 'PROPN');
}

/** The sentence before, when it can introduce a gap sentence: same chapter, a complete sentence, not giving the answers away. */
function leadFor(slot: Slot, s: Sentence, answers: readonly string[]): Sentence | null {
  const prev = slot.lecture.sentences[s.index - 1];
  if (!prev || prev.chapter !== s.chapter || slot.state.usedSentences.has(prev.index) || prev.doubtful) return null;
  // A lead-in is quoted as said: an interjection, a list marker or a sentence about the field reads as noise.
  if (hasInterjection(prev.tokens) || LIST_MARKER.test(prev.text)) return null;
  const words = prev.tokens.filter((t) => t.pos !== 'PUNCT').length;
  if (words < 4 || words > 30 || !/[.!?]$/.test(prev.text.trim())) return null;
  // "Finally, after the incident.": a heading said aloud, no sentence to lead in with.
  if (!prev.tokens.some((t) => t.pos === 'VERB' || t.pos === 'AUX')) return null;
  // A lead that itself continues a story ("And Caesar was …") or leans on the sentence before it explains nothing.
  if (prev.tokens[0]?.pos === 'CCONJ' || /^(?:so|then|but|and|also)$/i.test(prev.tokens[0]?.text ?? '') || leansOnPrevious(prev, -1, 0)) return null;
  const text = prev.text.toLowerCase();
  if (answers.some((a) => a.toLowerCase().split(/\s+/).some((w) => w.length > 2 && new RegExp(`\\b${w.replace(/[^\w]/g, '')}`).test(text)))) return null;
  return prev;
}

/** A lecture term that is a verb the tagger read as a noun wherever it is said ("resistance increases"): no option. */
function misreadTerm(slot: Slot, text: string): boolean {
  const term = slot.lecture.terms.find((t) => t.display.toLowerCase() === text.toLowerCase());
  if (term === undefined) return false;
  // "Desperate for money, Louis …": a capitalised first word read as a name, but a plain adjective or verb.
  const lower = term.display.toLowerCase();
  if (!lower.includes(' ') && (isKnown(lower, 'adj') || isKnown(lower, 'adv')) && term.occurrences.every((o) => o.token === 0)) return true;
  return term.occurrences.every((o) => misreadVerbPhrase(slot.lecture.sentences[o.sentence].tokens, o.token, o.length));
}

/** A phrase the term finder cut out of a longer name wherever it is said ("two-chamber legislature" → "chamber legislature", "Law of Suspects" → "Law"). */
function fragmentTerm(slot: Slot, text: string): boolean {
  const t = termFor(slot, text);
  if (!t) return false;
  return t.occurrences.every((o) => {
    const s = slot.lecture.sentences[o.sentence];
    // "the Law of Suspects", "the Committee of Public Safety": the head of a longer name, not a name itself.
    const ofName = s.tokens[o.token + o.length]?.lower === 'of' && /^[A-Z]/.test(s.tokens[o.token + o.length + 1]?.text ?? '') && /^[A-Z]/.test(o.surface);
    // "gentle slip" of "gentle slip-off slope": a phrase cut at a hyphen, before or after.
    return s.text[s.tokens[o.token].from - 1] === '-' || s.text[s.tokens[o.token + o.length - 1].to] === '-' || ofName;
  });
}

/**
 * Whether a name is said on its own somewhere: not only as the first word of a longer name ("the Old, Middle
 * and New Kingdoms": "Middle" is no name to put in place of "Egypt"), not only as a fragment of one.
 */
function standsAlone(slot: Slot, text: string): boolean {
  const t = termFor(slot, text);
  if (!t) return true;
  return !fragmentTerm(slot, text) && t.occurrences.some((o) => {
    const ts = slot.lecture.sentences[o.sentence].tokens;
    const next = ts[o.token + o.length];
    if (!next) return true;
    if (/^[A-Z]/.test(next.text)) return false;
    if (/^(?:,|and|or)$/i.test(next.text)) {
      // A list of modifiers ends in a capitalised noun: "Old, Middle and New Kingdoms".
      for (let k = o.token + o.length; k < ts.length && k < o.token + o.length + 6; k++) {
        if (/^[A-Z]/.test(ts[k].text) && !/^(?:,|and|or)$/i.test(ts[k + 1]?.text ?? '') && /^[A-Z]/.test(ts[k + 1]?.text ?? '')) return false;
        if (!/^(?:,|and|or)$/i.test(ts[k].text) && !/^[A-Z]/.test(ts[k].text)) break;
      }
    }
    return true;
  });
}

/**
 * A sentence with a key term and `wrong` wrong options of the same kind; failing that, the first with at least
 * `fewest` (one pass over the statements: the search is the costly part of a single choice).
 */
function findCloze(slot: Slot, wrong: number, fewest = wrong): Cloze | null {
  let fallback: Cloze | null = null;
  // Enough wrong options: the question; fewer (but at least `fewest`): kept in case nothing better comes.
  const found = (c: Cloze): Cloze | null => {
    if (c.options.length - 1 >= wrong) return c;
    fallback ??= c;
    return null;
  };
  for (const s of freshFacts(slot)) {
    // "Step two, add … ____": a numbered step is asked about in order, never quoted with its number.
    if (STEP_PREFIX.test(s.text.trim()) || NEGATED.test(s.text)) continue;
    for (const a of askableTerms(slot, s)) {
      // One question per key term: a recap that says it again is not a second question.
      if (slot.state.usedKeys.has(a.term.id)) continue;
      const value = numberIn(a.surface);
      const ranged = /^(?:to|and|or|-|–)$/.test(s.tokens[a.token - 1]?.lower ?? '') && s.tokens[a.token - 2]?.pos === 'NUM';
      if ((a.term.cls === 'year' || a.term.cls.startsWith('quantity')) && ranged) continue;
      if (a.term.cls === 'year' || (a.term.cls.startsWith('quantity') && value)) {
        // ("each square is ____ by 1 kilometre", "rated at ____ in total, not 13 amps per socket": the number said
        // again in the sentence gives the answer away.)
        const said = (value ?? a.surface).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        if ((s.text.match(new RegExp(`(?<![\\d.,])${said}(?![\\d])`, 'g')) ?? []).length > 1) continue;
        const v = a.term.cls === 'year' ? a.surface : (value as string);
        const rest = a.term.cls === 'year' ? '' : a.surface.slice(v.length);
        const around = s.tokens.slice(Math.max(0, a.token - 3), a.token + a.length + 2).map((t) => t.text).join(' ');
        const wrongs = numberDistractors(v, wrong, slot.rng, around).map((x) => x + unitAfter(v, x, rest));
        if (wrongs.length < fewest) continue;
        const lead = leansOnPrevious(s, a.token, a.length) ? leadFor(slot, s, [a.surface]) : null;
        if (leansOnPrevious(s, a.token, a.length) && !lead) continue;
        const c = found({ sentence: s, key: a.term, surface: a.surface, token: a.token, length: a.length, options: [a.surface, ...wrongs], answer: a.surface, lead });
        if (c) return c;
        continue;
      }
      const surface = a.term.pos === 'PROPN' || /[A-Z].*[A-Z]/.test(a.surface) || a.token > 0 ? a.surface : a.surface[0].toLowerCase() + a.surface.slice(1);
      if (!gappable(s, a)) continue;
      // Wrong options read as the same part of speech as the answer in this very gap.
      const gapped = withGap(s, a.token, a.length, '____');
      // The same kind of thing as the answer: a name of the same shape ("ES6" never with "calculateTotal").
      const kin: string[] = [...listedWith(slot, a.term).map((t) => t.display), ...siblingCompounds(a.term, slot.lecture.sentences)];
      // Wrong options in the answer's number ("reefs", never "lagoon", "atoll").
      const pluralKey = pluralPhrase(a.surface);
      const named = a.term.pos === 'PROPN' && a.token > 0;
      const candidates = pickDistractors({ key: a.term, count: wrong + 3, strictKind: true, terms: slot.lecture.terms, kinds: slot.lecture.nameKinds, sentences: slot.lecture.sentences, sentence: s, chapter: slot.chapter })
        .filter((w) => sameKind(a.term, w, kin, slot.lecture.nameKinds) && !misreadTerm(slot, w))
        .filter((w) => named || pluralPhrase(w) === pluralKey)
        // "Kilimanjaro is a/an ____": beside "dormant volcano", only sibling categories ("extinct volcano"), never "opening".
        .filter((w) => siblingCategory(s, a, w))
        // A wrong option the lecture says once is a passing phrase ("chamber legislature"), not a rival answer.
        .filter((w) => !fragmentTerm(slot, w))
        // Children choose among words the lesson used: WordNet's "chloride", "iodide" beside "fluoride" are unknown to them.
        .filter((w) => slot.lecture.audience !== 'children' || termFor(slot, w) !== undefined);
      if (candidates.length < fewest) continue;
      // The costly checks (tagging the sentence again) last, and only until there are enough.
      let keyPos: string | null | undefined;
      const wrongs: string[] = [];
      for (const w of candidates) {
        if (wrongs.length >= wrong) break;
        if (keyPos === undefined) keyPos = posInGap(gapped, surface);
        if (posInGap(gapped, w) === keyPos && swapFits(slot.lecture.sentences, s, a.token, a.length, w, slot.lecture.terms, true)) wrongs.push(w);
      }
      if (wrongs.length < fewest) continue;
      const leans = leansOnPrevious(s, a.token, a.length);
      const lead = leans ? leadFor(slot, s, [surface]) : null;
      if (leans && !lead) continue;
      // "you get a/an ____": when the options take different articles, each option carries its own
      // ("a cross join", "an inner join") and the gap takes the article in.
      // A substance takes no article ("a water", "a hydrochloric acid"): then only options with the answer's article.
      if (articleBefore(s, a.token) && wrongs.some((w) => articleFor(w) !== articleFor(surface))) {
        if (wrongs.some(massNoun)) continue;
        const withArticle = (x: string) => `${articleFor(x)} ${x}`;
        const c = found({ sentence: s, key: a.term, surface, token: a.token - 1, length: a.length + 1, options: [withArticle(surface), ...wrongs.map(withArticle)], answer: withArticle(surface), lead });
        if (c) return c;
        continue;
      }
      const c = found({ sentence: s, key: a.term, surface, token: a.token, length: a.length, options: [surface, ...wrongs], answer: surface, lead });
      if (c) return c;
    }
  }
  return fallback;
}

function unusedDefinitions(slot: Slot, chapterOnly: boolean): Definition[] {
  return slot.lecture.definitions.filter((d) => {
    const s = slot.lecture.sentences[d.sentence];
    if (slot.state.usedSentences.has(s.index)) return false;
    const inReach = chapterOnly ? s.chapter === slot.chapter : s.chapter <= slot.chapter;
    // A definition another question already states in other words ("Inflation is the general rise in prices and …").
    return inReach && !slot.state.usedDefinitions.has(d.term.toLowerCase()) && !restatesTested(slot.lecture, slot.state.usedSentences, s);
  });
}

/** Members the speaker lists for a category whose name matches a term ("fossil fuels include coal, oil…"). */
function membersOf(slot: Slot, term: string): string[] {
  const head = term.toLowerCase().replace(/s$/, '');
  return slot.lecture.categories.filter((c) => c.name.toLowerCase().replace(/s$/, '').endsWith(head) || head.endsWith(c.name.toLowerCase().replace(/s$/, ''))).flatMap((c) => c.members);
}

function termFor(slot: Slot, text: string): Term | undefined {
  const lower = text.toLowerCase().replace(/^(?:the|a|an)\s+/, '');
  return slot.lecture.termByKey.get(lower) ?? slot.lecture.terms.find((t) => t.display.toLowerCase() === lower || t.key === lower);
}

/** Noun phrases said in one list with a term ("evaporation, condensation, precipitation and collection"): the speaker's own kind. */
function listedWith(slot: Slot, key: Term): Term[] {
  const out: Term[] = [];
  for (const o of key.occurrences) {
    const found = slot.lecture.bySentence[o.sentence].filter((x) => x.length <= 3).sort((a, b) => a.token - b.token);
    const tokens = slot.lecture.sentences[o.sentence].tokens;
    // Runs of phrases joined only by commas, "and" or "or".
    const runs: Array<typeof found> = [];
    for (const x of found) {
      const last = runs[runs.length - 1]?.[runs[runs.length - 1].length - 1];
      const between = last ? tokens.slice(last.token + last.length, x.token) : [];
      if (last && between.length >= 1 && between.length <= 2 && between.every((t) => /^(?:,|and|or)$/i.test(t.text))) runs[runs.length - 1].push(x);
      else runs.push([x]);
    }
    const run = runs.find((r) => r.length >= 3 && r.some((x) => x.term.id === key.id));
    if (run) for (const x of run) if (x.term.id !== key.id && !out.includes(x.term)) out.push(x.term);
  }
  return out;
}

/** Wrong names for a named description: the other things the speaker names, and what they list alongside. */
function namedAlternatives(slot: Slot, key: Term, description: string): string[] {
  const others = slot.lecture.namings.map((n) => termFor(slot, n.term)).filter((t): t is Term => t !== undefined && t.id !== key.id);
  const defined = slot.lecture.definitions.map((d) => termFor(slot, d.term)).filter((t): t is Term => t !== undefined && t.id !== key.id && t.cls === key.cls);
  const pool = [...listedWith(slot, key), ...others, ...others.flatMap((t) => listedWith(slot, t)), ...defined];
  const out: string[] = [];
  for (const t of pool) {
    const text = t.pos === 'PROPN' || /[A-Z].*[A-Z]/.test(t.display) ? t.display : t.display[0].toLowerCase() + t.display.slice(1);
    if (t.id === key.id || misreadTerm(slot, t.display) || !sameKind(key, t.display, [], slot.lecture.nameKinds) || t.plural !== key.plural || t.pos !== key.pos || out.includes(text) || description.toLowerCase().includes(t.display.toLowerCase())) continue;
    out.push(text);
  }
  return out.slice(0, 3);
}

/** Single choice: "Which term means …?" from a definition, else a statement with a gap. */
/** "… a hundred feet, but no centipede has exactly one hundred legs": a description that says the answer. */
function glossNames(gloss: string, key: Term): boolean {
  return new RegExp(`\\b${key.head.replace(/[^\w]/g, '')}`, 'i').test(gloss);
}

/** "Which term names …?" from a definition of this chapter, with `wrong` wrong options of the same kind. */
function definitionChoice(slot: Slot, wrong: number): Question | null {
  const aud = slot.lecture.audience;
  // ("An owl is a bird of prey." → "Which term names a bird of prey?": a category of two or three words fits others too.)
  for (const d of unusedDefinitions(slot, true).filter((x) => x.nominal && x.gloss.split(/\s+/).length >= 5)) {
    const key = termFor(slot, d.term);
    if (!key || glossNames(d.gloss, key)) continue;
    const s = slot.lecture.sentences[d.sentence];
    const wrongs = pickDistractors({ key, count: 3, strictKind: true, terms: slot.lecture.terms, kinds: slot.lecture.nameKinds, sentences: slot.lecture.sentences, chapter: slot.chapter, avoid: [d.gloss], alsoRight: membersOf(slot, d.term) });
    if (wrongs.length < wrong) continue;
    slot.state.usedDefinitions.add(d.term.toLowerCase());
    slot.state.usedKeys.add(key.id);
    const order = shuffle([d.term, ...wrongs], slot.rng);
    const question = aud === 'children' ? `What do we call ${d.gloss}?` : `Which term names ${d.gloss}?`;
    return { ...base(slot, 'single_choice', question, [s], `“${d.term}”`, `${cap(d.term)} is ${d.gloss}.`), options: order, correctAnswer: order.indexOf(d.term) };
  }
  return null;
}

export function buildSingleChoice(slot: Slot): Question | null {
  const aud = slot.lecture.audience;
  const defined = definitionChoice(slot, 3);
  if (defined) return defined;
  // "“A cross join returns every combination of rows.” What is this called?": a description the speaker names.
  for (const n of slot.lecture.namings) {
    const evidence = n.described.map((i) => slot.lecture.sentences[i]);
    if (evidence[evidence.length - 1].chapter !== slot.chapter || evidence.some((s) => slot.state.usedSentences.has(s.index)) || slot.state.usedDefinitions.has(n.term.toLowerCase())) continue;
    const key = termFor(slot, n.term);
    if (!key) continue;
    const named = namedAlternatives(slot, key, n.description);
    // Other wrong names only from terms the lecture says more than once ("a lovely time" said once is no name).
    const repeated = new Set(slot.lecture.terms.filter((t) => t.occurrences.length >= 2).map((t) => t.display.toLowerCase()));
    const more = pickDistractors({ key, count: 6, strictKind: true, terms: slot.lecture.terms, kinds: slot.lecture.nameKinds, sentences: slot.lecture.sentences, chapter: slot.chapter, avoid: [n.description, ...named], alsoRight: membersOf(slot, n.term) }).filter((w) => repeated.has(w.toLowerCase()));
    const wrongs = [...named, ...more].slice(0, 3);
    if (wrongs.length < 3) continue;
    slot.state.usedDefinitions.add(n.term.toLowerCase());
    slot.state.usedKeys.add(key.id);
    const answer = key.pos === 'PROPN' || /[A-Z].*[A-Z]/.test(n.term) ? n.term : n.term[0].toLowerCase() + n.term.slice(1);
    const order = shuffle([answer, ...wrongs], slot.rng);
    const what = n.kind ? `this ${n.kind}` : 'this';
    const question = aud === 'children' ? `“${clean(n.description)}” What do we call ${what}?` : `“${clean(n.description)}” What is ${what} called?`;
    return { ...base(slot, 'single_choice', question, evidence, `“${answer}”`, evidence.map(quoteOf).join(' ')), options: order, correctAnswer: order.indexOf(answer) };
  }
  // Two good wrong options beat a third of another kind ("large amount" beside "carbon tax").
  const found = findCloze(slot, 3, 2);
  const full = found && found.options.length >= 4 ? found : null;
  if (!full) {
    const defined2 = definitionChoice(slot, 2);
    if (defined2) return defined2;
  }
  const cloze = full ?? found;
  if (!cloze) return statementChoice(slot);
  slot.state.usedKeys.add(cloze.key.id);
  const order = shuffle(cloze.options, slot.rng);
  const statement = withGap(cloze.sentence, cloze.token, cloze.length, '____', cloze.answer);
  const lead = cloze.lead ? quoteOf(cloze.lead) : '';
  const question = cloze.lead
    ? aud === 'children' ? `${lead} Which answer fills the gap in what comes next? ${statement}` : `“${lead}” Which option completes what the speaker says next? “${statement}”`
    : aud === 'children' ? `Which answer fills the gap? ${statement}` : `Which option completes the statement? “${statement}”`;
  const evidence = cloze.lead ? [cloze.lead, cloze.sentence] : [cloze.sentence];
  return { ...base(slot, 'single_choice', question, evidence, `“${cloze.answer}”`, evidence.map(quoteOf).join(' ')), options: order, correctAnswer: order.indexOf(cloze.answer) };
}

/** A false version of a fact: a changed number, an antonym, a same-class term swapped in, or a negation. */
/** Worked arithmetic ("two times two, four volts") is not a statement to alter. */
function alterable(s: Sentence): boolean {
  return !/\b(?:times|divided by|multiplied by|plus|minus|equals|squared)\b/i.test(s.text);
}

/**
 * A negated verb ("A butterfly doesn't start as a butterfly", "A spider is not an insect"): another term in it
 * mostly leaves it true ("doesn't start as an ant"), and a gap in it has more than one right answer ("____ is
 * not an insect": a snail too). (", not three" after a value is no negation.)
 */
export const NEGATED = /\b(?:doesn't|don't|didn't|isn't|aren't|wasn't|weren't|won't|can't|cannot|couldn't|shouldn't|hasn't|haven't|never|no longer|(?:does|do|did|is|are|was|were|will|can|has|have|should|could) not)\b/i;

const SPOKEN = new WeakMap<Lecture, Set<string>>();

/** Every lemma the speaker says. */
function spokenLemmas(lecture: Lecture): Set<string> {
  let out = SPOKEN.get(lecture);
  if (!out) {
    out = new Set(lecture.sentences.flatMap((x) => x.tokens.map((t) => t.lemma)));
    SPOKEN.set(lecture, out);
  }
  return out;
}

/**
 * Whether a swap candidate is the same part of speech as the term it replaces, and for a name, a name the
 * speaker capitalises mid-sentence ("Roads", said only at the start of a sentence, is no place like "Britain").
 */
function samePosName(slot: Slot, key: Term, candidate: string): boolean {
  const t = termFor(slot, candidate);
  if (!t) return true;
  if (t.pos !== key.pos) return false;
  return key.pos !== 'PROPN' || t.occurrences.some((o) => o.token > 0 && /^[A-Z]/.test(o.surface));
}

/**
 * Whether a candidate may replace a category in a statement: never a more general word for it ("a dormant
 * volcano" → "an opening", "a valve" → "a structure") or a narrower one; and where the sentence says what
 * something is ("X is a dormant volcano"), a category named like it (its sibling "extinct volcano", with the
 * same head), not another noun.
 */
export function siblingCategory(s: Sentence, a: { term: Term; token: number; length: number }, candidate: string): boolean {
  const key = a.term.key.toLowerCase();
  const head = a.term.head.toLowerCase();
  const cand = candidate.toLowerCase();
  const candHead = cand.split(/\s+/).pop() ?? cand;
  // "the rest of the body" ↔ "the right atrium": an everyday word of many senses is no category to swap, either way.
  const generic = (x: string) => !x.includes(' ') && nounSenseCount(x) >= EVERYDAY_SENSES;
  if (generic(cand) || generic(key)) return false;
  const above = new Set([...hypernymsUpTo(key, 4), ...hypernymsUpTo(head, 4)].map((h) => h.toLowerCase()));
  if (above.has(cand) || above.has(candHead)) return false;
  const below = [...hypernymsUpTo(cand, 4), ...hypernymsUpTo(candHead, 4)].map((h) => h.toLowerCase());
  if (below.includes(key) || below.includes(head)) return false;
  // "… is a dormant volcano": the predicate names a category; only a sibling category keeps the statement a category claim.
  const before = s.tokens.slice(Math.max(0, a.token - 2), a.token).map((t) => t.lower);
  const predicate = before.some((w) => /^(?:is|are|was|were|'s)$/.test(w)) && a.length > 1;
  return !predicate || (candHead === head && cand !== key);
}

/** Whether the token is in the subject of a clause ("A semitone is …", "…, and climate is …", "The greenhouse effect works …"). */
function copularSubject(s: Sentence, token: number): boolean {
  const ts = s.tokens;
  const isVerb = (t: (typeof ts)[number]) => t.pos === 'VERB' || t.pos === 'AUX';
  const verb = ts.findIndex((t, k) => k > token && isVerb(t));
  if (verb < 0 || ts.slice(token + 1, verb).some((t) => t.pos === 'ADP' || t.pos === 'SCONJ' || t.text === ',')) return false;
  // No verb of its own clause before it: "X is Y" has its subject first, "…, and climate is …" after the coordinator.
  for (let k = token - 1; k >= 0; k--) {
    if (ts[k].text === ',' || ts[k].pos === 'CCONJ' || ts[k].pos === 'SCONJ') return true;
    if (isVerb(ts[k]) || ts[k].pos === 'ADP') return false;
  }
  return true;
}

/**
 * Whether a term is a close enough rival to take another's place as the subject of "X is …": the speaker
 * lists them together, they share their head ("major scale", "minor scale"), WordNet gives them one direct
 * parent, or both are people. Otherwise the false statement
 * is nonsense rather than a mistake to spot ("A major scale is the smallest distance between two notes").
 */
function closeKin(slot: Slot, key: Term, candidate: string): boolean {
  const cand = candidate.toLowerCase();
  if (contrastedWith(key, slot.lecture.terms, slot.lecture.sentences).some((t) => t.display.toLowerCase() === cand)) return true;
  if (listedWith(slot, key).some((t) => t.display.toLowerCase() === cand)) return true;
  const candHead = cand.split(/\s+/).pop() ?? cand;
  if (cand.includes(' ') && key.key.includes(' ') && candHead === key.head) return true;
  const up = (x: string) => new Set([...hypernymsUpTo(x, 1), ...(x.includes(' ') ? [] : hypernymsUpTo(baseForm(x, 'noun') ?? x, 1))].map((h) => h.toLowerCase()));
  const mine = up(key.key.includes(' ') ? key.key : key.head);
  if ([...up(cand.includes(' ') ? cand : candHead)].some((h) => mine.has(h))) return true;
  const person = (x: string) => nounClass(baseForm(x, 'noun') ?? x) === 'noun.person';
  return person(key.head) && person(candHead);
}

/** Whether the words at [token, token+length) are one item of a list of three or more ("A, B, C", "A, B and C"). */
export function inEnumeration(s: Sentence, token: number, length: number): boolean {
  const tk = s.tokens;
  let from = token;
  while (from > 0 && ['DET', 'PRON', 'ADJ'].includes(tk[from - 1].pos) && tk[from - 1].text !== ',') from--;
  const before = tk[from - 1]?.text;
  const after = tk[token + length]?.text;
  const commaBefore = before === ',' || (/^(?:and|or)$/i.test(before ?? '') && tk[from - 2]?.text !== ',' && tk.slice(Math.max(0, from - 8), from).some((t) => t.text === ','));
  const commaAfter = after === ',' || /^(?:and|or)$/i.test(after ?? '');
  const commas = tk.filter((t) => t.text === ',').length;
  return commas >= 2 && commaBefore && commaAfter;
}

/** "more reactive than", "less dense than", "bigger than": a comparison of two things. */
const COMPARISON = /\b(?:more|less|fewer|[a-z]+er)\s+(?:[a-z]+\s+)?than\b/i;

export function falsify(slot: Slot, s: Sentence): Falsified | null {
  if (!alterable(s)) return null;
  // The speaker's own alternatives ("sit right back rather than perching on the front edge"), swapped.
  const rather = changeRatherSwap(s);
  if (rather) return rather;
  const number = changeNumber(s, slot.rng);
  // ("A spider's body has two parts, not three." → never "three parts, not three".)
  if (number && !new RegExp(`\\b${number.replacement.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i').test(s.text)) return number;
  const label = changeLabel(s, slot.lecture.sentences, slot.rng);
  if (label) return label;
  // "copper is less reactive than hydrogen" → "more reactive": the comparison turned round. Nothing in it is
  // swapped for another thing, which may well compare the same way (copper is less reactive than carbon too).
  const compared = /\b(more|less)(\s+[a-z]+\s+than\b)/i.exec(s.text);
  if (compared && !SYMMETRIC.test(s.text) && !s.tokens.some((t) => t.negated) && (s.text.match(/\bthan\b/gi) ?? []).length === 1) {
    const flipped = compared[1].toLowerCase() === 'more' ? 'less' : 'more';
    const word = /^[A-Z]/.test(compared[1]) ? flipped[0].toUpperCase() + flipped.slice(1) : flipped;
    return { text: s.text.slice(0, compared.index) + word + compared[2] + s.text.slice(compared.index + compared[0].length), kind: 'antonym', original: compared[1], replacement: word };
  }
  const antonym = changeToAntonym(s, spokenLemmas(slot.lecture));
  if (antonym) return antonym;
  const degree = changeDegree(s);
  if (degree) return degree;
  const reversed = changeNotSwap(s);
  if (reversed) return reversed;
  // (A comparison keeps its things: another one swapped in may well compare the same way.)
  if (COMPARISON.test(s.text)) return changeByNegation(s);
  // After a negated verb another term mostly leaves the statement true ("A butterfly doesn't start as an ant");
  // before it, as its subject, it does not ("Regular functions don't have their own this").
  const negation = NEGATED.exec(s.text);
  const negatedFrom = negation ? negation.index : Infinity;
  const sibling = changeSibling(s, slot.lecture.terms, slot.lecture.sentences);
  if (sibling && s.text.indexOf(sibling.original.split(' ')[0]) < negatedFrom) return sibling;
  for (const a of askableTerms(slot, s)) {
    if (s.tokens[a.token].from > negatedFrom) continue;
    if (a.term.cls.startsWith('quantity') || a.term.cls === 'year') continue;
    // "Every part of your body, your muscles, your brain, your tummy, needs oxygen": one of a list of examples
    // swapped for another thing of the kind is just as true ("your windpipe").
    if (inEnumeration(s, a.token, a.length)) continue;
    // "The public limited company, or plc, is …": a term with its other name beside it; swapped, the two disagree.
    if (s.tokens[a.token + a.length]?.text === ',' && /^or$/i.test(s.tokens[a.token + a.length + 1]?.text ?? '')) continue;
    // "copper is less reactive than hydrogen" → "than carbon": what a thing is compared with, swapped, may well
    // compare the same way (copper is less reactive than carbon too).
    if (/^than$/i.test(s.tokens[a.token - 1]?.text ?? '') || (s.tokens[a.token - 1]?.pos === 'DET' && /^than$/i.test(s.tokens[a.token - 2]?.text ?? ''))) continue;
    // "Fractions like naphtha are used …": the example belongs to the swapped-in kind too ("Chain hydrocarbons like naphtha").
    if (/^(?:like|such|including|e\.g\.)$/i.test(s.tokens[a.token + a.length]?.text ?? '')) continue;
    // Only a topic of the lecture is swapped: a phrase the speaker says more than once, not an everyday word
    // in an idiom ("in the order you put them in" → "in the list you put them in") or a one-off phrase
    // ("the biggest threat" → "the polyp").
    if (!swappable(a.term)) continue;
    // "the gold standard": a word that only describes the noun after it is no thing to swap ("the tariff standard").
    if (compoundModifier(s, a.token + a.length)) continue;
    // The first candidate that keeps the sentence grammatical (number, determiner, no misread verb).
    // What the speaker sets against the term first ("Weather is the condition …" → "Climate is the condition …").
    // (Never one said of the same things elsewhere: "north has an absolute advantage in both wheat and cloth".)
    const partners = contrastedWith(a.term, slot.lecture.terms, slot.lecture.sentences).filter((t) => !mightAlsoBeTrue(slot.lecture.sentences, s, a.term, t)).map((t) => shapedLike(t.display, a.term)).filter((c) => !s.text.toLowerCase().includes(c.toLowerCase()));
    // "the Ordinance of Labourers", "the Statute of Westminster": part of a longer name is no term to swap.
    if (partOfLongerName(s, a.token, a.length)) continue;
    // ("Domestic agreements are presumed not binding" → never "Binding agreements …": a word the sentence
    // already says, swapped in, makes it argue with itself.)
    const saysAlready = (c: string) => c.toLowerCase().split(/\s+/).some((w) => w.length > 3 && !a.term.key.split(' ').includes(w) && s.tokens.some((t) => t.lower === w));
    const swap = [...partners, ...pickDistractors({ key: a.term, count: 4, strictKind: true, terms: slot.lecture.terms, kinds: slot.lecture.nameKinds, sentences: slot.lecture.sentences, sentence: s, chapter: slot.chapter, lectureOnly: true })].find((c) => !saysAlready(c) && swapFits(slot.lecture.sentences, s, a.token, a.length, c, slot.lecture.terms) && pluralPhrase(c) === pluralPhrase(a.surface) && samePosName(slot, a.term, c) && sameKind(a.term, c, [], slot.lecture.nameKinds) && (partners.includes(c) || (sameLexKind(a.term.key, c) && (a.term.pos !== 'PROPN' || standsAlone(slot, c)) && siblingCategory(s, a, c) && (!copularSubject(s, a.token) || closeKin(slot, a.term, c)))));
    if (!swap) continue;
    let from = s.tokens[a.token].from;
    const to = s.tokens[a.token + a.length - 1].to;
    let replacement = a.token === 0 ? cap(swap) : swap;
    // "a function declaration" → "an argument": the article agrees with the new word.
    const article = s.tokens[a.token - 1];
    if (article && article.pos === 'DET' && /^[A-Z]/.test(swap)) continue;
    if (article && /^an?$/i.test(article.text)) {
      const agreed = /^[aeiou]/i.test(swap) ? 'an' : 'a';
      replacement = `${/^A/.test(article.text) ? cap(agreed) : agreed} ${replacement}`;
      from = article.from;
    }
    const swapped = clean(s.text.slice(0, from) + replacement + s.text.slice(to));
    if (repeatsInCoordination(swapped)) continue;
    return { text: swapped, kind: 'swap', original: a.surface, replacement: swap };
  }
  return changeByNegation(s);
}

/**
 * Whether a term can be left out of its sentence: not said again in the same sentence outside the gap
 * ("____ and France …, and by 1914 Germany could …", "The ____ of cash is a debit balance"), and not an
 * everyday word of many senses inside an idiom ("the items stay in the ____ you put them in": order).
 */
function gappable(s: Sentence, a: { term: Term; token: number; length: number }): boolean {
  // "the most important tort in ____": a word of an idiom ("in practice", "in theory") is no term to ask.
  if (/^(?:practice|theory|fact|general|particular|total|short|turn|order|case|time|place|future|past|end|effect)$/.test(a.term.key) && /^(?:in|on|at)$/i.test(s.tokens[a.token - 1]?.text ?? '')) return false;
  // "copper is less reactive than ____": another thing of the kind may well compare the same way (aluminium, carbon).
  if (COMPARISON.test(s.text) && !a.term.cls.startsWith('quantity') && a.term.cls !== 'year') return false;
  // A single word gives itself away when said again; a compound by its distinguishing words ("inner" of "inner join").
  const words = a.term.key.toLowerCase().split(/\s+/);
  const telling = words.length > 1 ? words.slice(0, -1).filter((w) => w.length > 2) : [a.term.head.toLowerCase()];
  // ("Sun." at the end of a sentence can come out of the tagger as one token.)
  const bare = (x: string) => x.toLowerCase().replace(/[.,!?;:]+$/, '');
  if (s.tokens.some((t, i) => (i < a.token || i >= a.token + a.length) && telling.some((w) => bare(t.lemma) === w || bare(t.lower) === w))) return false;
  // "a single water pump", "after body fluid exposure": a term that is only part of a longer compound
  // ("water" before "pump", "fluid exposure risk" after "body") leaves a broken phrase around the gap.
  const before = s.tokens[a.token - 1];
  if (compoundModifier(s, a.token + a.length) || (before && before.pos === 'NOUN' && /^[a-z]/.test(before.text) && !/^(?:a|an|the)$/i.test(before.text))) return false;
  // "Butterflies and ____ have four stages": one of a joined pair, where other things of its kind may be true too.
  if (/^(?:and|or)$/i.test(before?.text ?? '') && ['NOUN', 'PROPN'].includes(s.tokens[a.token - 2]?.pos ?? '') && s.tokens.slice(a.token + a.length).some((t) => t.pos === 'VERB' || t.pos === 'AUX')) {
    const verbBefore = s.tokens.slice(0, a.token).some((t) => t.pos === 'VERB' || t.pos === 'AUX');
    if (!verbBefore) return false;
  }
  // "the most ____": a degree word before the gap belongs to an adjective inside it ("most popular style").
  if (/^(?:most|more|less|least|very|so|too)$/i.test(s.tokens[a.token - 1]?.text ?? '')) return false;
  // "The Second ____ was the nobility": the rest of a longer name ("Second Estate") is no term of its own.
  if (a.token > 1 && before && /^[A-Z][a-z]/.test(before.text) && /^[A-Z]/.test(a.term.display) && before.pos !== 'PUNCT') return false;
  // "The ____ and Darlington Railway", "the ____ and Manchester Railway": one of two names joined inside a longer name.
  {
    const ts = s.tokens;
    const cap = (k: number) => /^[A-Z]/.test(ts[k]?.text ?? '');
    const after = a.token + a.length;
    if (cap(a.token) && /^(?:and|&)$/i.test(ts[after]?.text ?? '') && cap(after + 1) && cap(after + 2)) return false;
    if (cap(a.token) && /^(?:and|&)$/i.test(ts[a.token - 1]?.text ?? '') && cap(a.token - 2) && cap(after)) return false;
  }
  // "For a ____, bread could eat up …": inside the phrase that leads in to the statement, not the statement.
  const lead = s.tokens.findIndex((t) => t.text === ',');
  const isNumber = a.term.cls === 'year' || a.term.cls.startsWith('quantity');
  if (!isNumber && lead > 0 && a.token < lead && s.tokens[0]?.pos === 'ADP' && s.tokens.slice(lead + 1).some((t) => t.pos === 'VERB' || t.pos === 'AUX')) return false;
  return !everyday(a.term);
}

/** An everyday noun of many senses ("order", "line", "place"): WordNet lists this many or more. */
const EVERYDAY_SENSES = 8;

/** Whether a term may be replaced in a statement to make it false: said twice or more, and not an everyday word of many senses. */
export function swappable(term: Term): boolean {
  if (term.occurrences.length < 2) return false;
  return !everyday(term);
}

/** A single everyday word of many senses ("order", "period") that the lecture does not make its topic (said five times or more). */
function everyday(term: Term): boolean {
  if (term.key.includes(' ') || term.pos === 'PROPN' || term.occurrences.length >= 5) return false;
  return nounSenseCount(term.head) >= EVERYDAY_SENSES;
}

/** Whether a phrase reads as plural ("reefs", "Roman children"): its last word is an inflected noun. */
export function pluralPhrase(text: string): boolean {
  const last = (text.trim().split(/\s+/).pop() ?? '').toLowerCase();
  const singular = baseForm(last, 'noun');
  return singular !== null && singular !== last;
}

/** A fact as a plain statement; an instruction as the rule it states ("Wash your hands…" → "You should wash your hands…"). */
function statementOf(s: Sentence, text = s.text): string {
  // "The big fluffy clouds are called... cumulus.": the speaker's pause is no part of the statement.
  text = text.replace(/\.\.\.\s*(?=[a-z])/g, ' ').replace(/…\s*(?=[a-z])/g, ' ');
  if (!s.rule) return statement(text);
  const t = clean(text).replace(/^(?:and\s+)?step\s+(?:one|two|three|four|five|six|seven|eight|nine|ten|\d{1,2})\s*[,:.-]?\s*/i, '').replace(/^(?:first|second|third|then|next|finally|and|so|also|now|remember)\s*,?\s*/i, '');
  // "When you cook, check …" → "When you cook, you should check …".
  const lead = /^((?:when|if|before|after|once|whenever|while|for|with|in|on|during)\b[^,]{2,80},\s*)(.+)$/i.exec(t);
  const head = lead ? lead[1] : '';
  const rest = lead ? lead[2] : t;
  if (/^you\s+(?:should|must|need|have to|always|never)\b/i.test(rest)) return statement(`${head ? cap(head) : ''}${head ? rest : cap(rest)}`);
  // "Keep three points of contact and don't overreach." → "You should keep … and not overreach."
  const body = rest.replace(/^(?:don't|do not)\s+/i, 'not ').replace(/(,?\s+(?:and|or)\s+)(?:don't|do not)\s+/gi, '$1not ');
  return statement(`${head ? cap(head) : ''}${head ? 'you' : 'You'} should ${body[0].toLowerCase()}${body.slice(1)}`);
}

/** Whether a restated rule reads as one ("You should the patricians …" does not). */
function readsAsRule(text: string): boolean {
  const m = /\byou should (?:not |never |always )?(\S+)/i.exec(text);
  if (!m) return true;
  // "You should ooh, the mystery …": the word after "should" must be a verb WordNet knows, and a real action.
  const verb = m[1].replace(/[^\w'-]+$/, '').toLowerCase();
  if (!isKnown(verb, 'verb') || /^(?:try|be|feel|get|go|do)$/.test(verb)) return false;
  return !/^(?:the|a|an|this|that|these|those|some|any|all|every|each|you|we|they|it|he|she|i|\d)\b/i.test(m[1]);
}

/**
 * A parenthesis of the speaker's between commas: "Variable costs, on the other hand, go up …", "a rule of thumb,
 * and it's only rough, is …", "strung together, like, say, purple …": it points at what was said before or is
 * chatter; the statement reads whole without it.
 */
const PARENTHESIS = /,\s+(?:on the other hand|in contrast|by contrast|however|though|of course|in fact|as you'd expect|as you might expect|and (?:it|that)['’]s (?:only|just|not) [\w ]{1,20}?),(?=\s)|(?<=,\s+like),\s+say,(?=\s)/gi;

export function statement(text: string): string {
  let t = withoutMarker(clean(text).replace(PARENTHESIS, '').replace(/[!]$/, '.'));
  t = t.replace(/^(?:and\s+)?step\s+(?:one|two|three|four|five|six|seven|eight|nine|ten|\d{1,2})\s*[,:.-]?\s*/i, '').replace(/^(?:first(?:ly)?|second(?:ly)?|then|next|finally|lastly|also|so|and|now|after that|in fact|of course),\s*/i, '').replace(/^(?:then|next|finally|so)\s+(?=the\b|a\b|an\b)/i, '');
  t = cap(t);
  return /[.]$/.test(t) ? t : `${t}.`;
}

function whyFalse(f: Falsified, s: Sentence): string {
  if (f.kind === 'negation') return `The statement is false: the speaker says “${quoteOf(s)}”`;
  return `The speaker says ${f.original}, not ${f.replacement}: “${quoteOf(s)}”`;
}

/** True/false: a fact stated plainly, or made false by a meaningful change; true and false alternate over the set. */
export function buildTrueFalse(slot: Slot): Question | null {
  const want = slot.state.nextTruth;
  for (const s of freshFacts(slot, (x) => x.tokens.length <= 32)) {
    if (want) {
      if (!readsAsRule(statementOf(s))) continue;
      slot.state.nextTruth = !want;
      return { ...base(slot, 'true_false', statementOf(s), [s], 'True', `The speaker says exactly this: “${quoteOf(s)}”`), options: ['True', 'False'], correctAnswer: true };
    }
    const f = falsify(slot, s);
    if (!f || f.kind === 'negation' || !readsAsRule(statementOf(s, f.text))) continue;
    slot.state.nextTruth = !want;
    return { ...base(slot, 'true_false', statementOf(s, f.text), [s], 'False', whyFalse(f, s)), options: ['True', 'False'], correctAnswer: false };
  }
  // Only negations were possible: still a meaningful change, used when nothing better exists.
  for (const s of freshFacts(slot, (x) => x.tokens.length <= 32)) {
    if (s.rule || !alterable(s)) continue;
    const f = changeByNegation(s);
    if (!f) continue;
    slot.state.nextTruth = !want;
    return { ...base(slot, 'true_false', statement(f.text), [s], 'False', whyFalse(f, s)), options: ['True', 'False'], correctAnswer: false };
  }
  return null;
}

/**
 * The false version of a true/false question already written from this statement, at the same place: a
 * meaningful change (never a negation added; a negation the speaker said is removed only from a fact, not an
 * instruction), or null when no sound one exists.
 */
export function falseVersion(slot: Slot, s: Sentence): Question | null {
  const f = falsify(slot, s);
  if (f && f.kind !== 'negation' && readsAsRule(statementOf(s, f.text))) {
    return { ...base(slot, 'true_false', statementOf(s, f.text), [s], 'False', whyFalse(f, s)), options: ['True', 'False'], correctAnswer: false };
  }
  if (s.rule || !alterable(s)) return null;
  const n = changeByNegation(s);
  return n ? { ...base(slot, 'true_false', statement(n.text), [s], 'False', whyFalse(n, s)), options: ['True', 'False'], correctAnswer: false } : null;
}

/** Whether every sentence mentions a word (or its plural). */
function evidenceMentions(sentences: readonly Sentence[], word: string): boolean {
  return sentences.every((s) => s.tokens.some((t) => t.lower === word || t.lemma === word || t.lower === `${word}s`));
}

/**
 * Single choice when no term has wrong options of its kind: "Which of these statements is true?" with one fact
 * as said and two or three others meaningfully changed (never a negation, never a word of another kind).
 */
function statementChoice(slot: Slot): Question | null {
  const facts = freshFacts(slot, (s) => s.text.length <= 200 && readsAsRule(statementOf(s)), true).sort((a, b) => Number(b.chapter === slot.chapter) - Number(a.chapter === slot.chapter));
  if (facts.length < 1) return null;
  const truth = facts[0];
  if (truth.chapter !== slot.chapter) return null;
  // Wrong statements from anything said so far, the nearest first.
  const earlier = slot.lecture.sentences
    .filter((s) => s.chapter < slot.chapter - 1 && (s.fact || s.rule) && !slot.state.usedSentences.has(s.index) && s.text.length <= 200 && readsAsRule(statementOf(s)) && !restatesTested(slot.lecture, slot.state.usedSentences, s))
    .sort((a, b) => b.index - a.index);
  const falses: Array<{ f: Falsified; s: Sentence }> = [];
  for (const s of [...facts.slice(1), ...earlier]) {
    const f = falsify(slot, s);
    // Two wrong statements that change the same fact ("forty minutes", "twenty minutes" for "thirty") are one.
    if (f && falses.some((x) => x.f.original.toLowerCase() === f.original.toLowerCase())) continue;
    if (f && f.kind !== 'negation' && readsAsRule(statementOf(s, f.text))) falses.push({ f, s });
    if (falses.length >= 3) break;
  }
  // A negation ("… do not need a medium" → "… need a medium") only to make up the second wrong statement.
  for (const s of [...facts.slice(1), ...earlier]) {
    if (falses.length >= 2) break;
    if (s.rule || !alterable(s) || falses.some((x) => x.s === s)) continue;
    const f = changeByNegation(s);
    if (f) falses.push({ f, s });
  }
  if (falses.length < 2) return null;
  const right = statementOf(truth);
  const order = shuffle([right, ...falses.map((x) => statementOf(x.s, x.f.text))], slot.rng);
  const question = slot.lecture.audience === 'children' ? 'Which of these is true?' : 'Which of these statements is true?';
  const reason = `True: “${quoteOf(truth)}” ${falses.map((x) => whyFalse(x.f, x.s)).join(' ')}`;
  return { ...base(slot, 'single_choice', question, [truth, ...falses.map((x) => x.s)], `“${right.replace(/[.!]$/, '')}”`, reason), options: order, correctAnswer: order.indexOf(right) };
}

/** Multiple choice: "Which statements about <chapter topic> are true?" with facts as said and facts meaningfully changed. */
export function buildMultipleChoice(slot: Slot): Question | null {
  // Statements from this chapter first, then from the one before (already watched) when this one is short.
  const own = freshFacts(slot, (s) => s.text.length <= 220 && readsAsRule(statementOf(s)));
  const facts = own.length >= 4 ? own : freshFacts(slot, (s) => s.text.length <= 220 && readsAsRule(statementOf(s)), true).sort((a, b) => Number(b.chapter === slot.chapter) - Number(a.chapter === slot.chapter));
  if (!facts.some((s) => s.chapter === slot.chapter)) return null;
  if (facts.length < 3) return null;
  let trues = facts.slice(0, 2);
  const falses: Array<{ f: Falsified; s: Sentence }> = [];
  for (const s of facts.slice(2)) {
    const f = falsify(slot, s);
    if (f && f.kind !== 'negation' && readsAsRule(statementOf(s, f.text))) falses.push({ f, s });
    if (falses.length >= 2) break;
  }
  if (falses.length === 0) {
    for (const s of facts.slice(2).filter((x) => !x.rule && alterable(x))) {
      const f = changeByNegation(s);
      if (f) {
        falses.push({ f, s });
        break;
      }
    }
  }
  // No later statement can be made false (a negation is never added): one of the first two, if the rest
  // still give two true ones.
  if (falses.length === 0 && facts.length >= 3) {
    for (const s of trues) {
      const f = falsify(slot, s);
      if (f && readsAsRule(statementOf(s, f.text))) {
        falses.push({ f, s });
        trues = facts.filter((x) => x !== s).slice(0, 2);
        break;
      }
    }
  }
  if (falses.length === 0) return null;
  const options = [...trues.map((s) => ({ text: statementOf(s), right: true })), ...falses.map((x) => ({ text: statementOf(x.s, x.f.text), right: false }))];
  const order = shuffle(options, slot.rng);
  const topic = chapterOf(slot).title;
  const head = topic.toLowerCase().split(/\s+/).pop() ?? '';
  const about = head.length > 2 && evidenceMentions([...trues, ...falses.map((x) => x.s)], head);
  const question =
    slot.lecture.audience === 'children'
      ? about ? `Which of these are true about ${topic.toLowerCase()}? Pick all the true ones.` : 'Which of these are true? Pick all the true ones.'
      : about ? `Which statements about ${topic} are true? Select all that apply.` : `Which of these statements are true? Select all that apply.`;
  // (Each quote ends in its own full stop: none after the closing quote mark.)
  const reason = `True: ${trues.map((s) => `“${quoteOf(s)}”`).join(' and ')} ${falses.map((x) => whyFalse(x.f, x.s)).join(' ')}`;
  const evidence = [...trues, ...falses.map((x) => x.s)];
  return {
    ...base(slot, 'multiple_choice', question, evidence, `the ${trues.length} statements the speaker makes`, reason),
    options: order.map((o) => o.text),
    correctAnswer: order.map((o, i) => (o.right ? i : -1)).filter((i) => i >= 0),
  };
}

const FRAMES: Record<string, string[]> = {
  children: ['Your friend tells you about {g}.', 'In class, your teacher shows you {g}.'],
  general: ['A classmate describes {g}.', 'Your study partner explains {g}.'],
  advanced: ['A colleague describes {g}.', 'In a seminar, someone describes {g}.'],
};

/** An order that opens with its verb in the base form ("Move your feet", "Never lift alone"), in one clause. */
export function isAction(text: string): boolean {
  const words = text.trim().replace(/^(?:don't|do not|never|always)\s+/i, '').split(/\s+/);
  const verb = words[0]?.toLowerCase().replace(/[^a-z]/g, '') ?? '';
  if (words.length < 2 || !verb || !isKnown(verb, 'verb') || baseForm(verb, 'verb') !== verb) return false;
  // A second clause joined by a comma ("Miss one, and your data disagrees with itself").
  return !/,\s*(?:and|but|so|or|then)\s+(?:your?|it|they|we|the|this|that)\b/i.test(text);
}

/** Scenario: a situation from an if-then rule and the action for it; else a description to name. */
/**
 * A situation that does not say what it is about: a thing named before ("You can't tie it.") or a verb with
 * nothing after it ("A customer asks."). A learner cannot picture it.
 */
export function vagueSituation(situation: string): boolean {
  const tokens = parseSentences(situation.replace(/[.!]$/, ''))[0]?.tokens.filter((t) => t.pos !== 'PUNCT') ?? [];
  if (tokens.length < 3) return true;
  if (tokens.some((t, i) => i > 0 && /^(?:it|this|that|these|those|them|they|one|there)$/i.test(t.text) && !['NOUN', 'PROPN', 'ADJ'].includes(tokens[i + 1]?.pos ?? ''))) return true;
  const last = tokens[tokens.length - 1];
  return last.pos === 'VERB' && tokens.length <= 4;
}

/** Whether an action says the answer's verb ("Ask your supervisor" in "Check the matrix or ask the chef"). */
export function sharesVerb(answer: string, action: string): boolean {
  const verb = answer.trim().replace(/^(?:don't|do not|never|always)\s+/i, '').split(/\s+/)[0]?.toLowerCase().replace(/[^a-z]/g, '') ?? '';
  return verb.length >= 2 && new RegExp(`\\b${verb}\\b`, 'i').test(action);
}

export function buildScenario(slot: Slot): Question | null {
  const { lecture } = slot;
  const rules = lecture.rules.filter((r, i) => !slot.state.usedRules.has(i) && lecture.sentences[r.sentence].chapter === slot.chapter);
  for (const rule of rules) {
    if (vagueSituation(rule.situation)) continue;
    const others = [
      ...lecture.rules.filter((r) => r !== rule).map((r) => r.action),
      ...lecture.sentences.filter((s) => s.instruction && s.index !== rule.sentence).map((s) => clean(s.text).replace(/[.!]$/, '').replace(/^(?:and\s+)?(?:step \w+|first|second|third|then|next|finally)\s*[:,]\s*/i, '').replace(/^you\s+(?:should|must|need to|have to)\s+/i, '').replace(/^(?:if|when|whenever|once|before|after)\b[^,]{3,80},\s*/i, '')),
    ]
      .map((a) => cap(a))
      .filter((a, i, all) => all.indexOf(a) === i && a.split(/\s+/).length <= 14 && a.toLowerCase() !== rule.action.toLowerCase())
      // An action, like the answer: an order that opens with its verb ("Check the join condition"), one
      // clause; never "Now, hang on" or "Miss one, and your data disagrees".
      .filter((a) => isAction(a))
      .filter((a) => !a.toLowerCase().split(/\s+/).some((w) => w.length > 4 && rule.action.toLowerCase().includes(w)))
      // "Ask your supervisor" beside "Check the allergen matrix or ask the chef": the answer's own verb makes another right answer.
      .filter((a) => !sharesVerb(rule.action, a));
    if (others.length < 2) continue;
    const wrongs = shuffle(others, slot.rng).slice(0, 3);
    slot.state.usedRules.add(lecture.rules.indexOf(rule));
    const s = lecture.sentences[rule.sentence];
    const order = shuffle([rule.action, ...wrongs], slot.rng);
    const scenario = `${cap(rule.situation.replace(/^you\b/i, 'You'))}.`;
    return { ...base(slot, 'scenario', lecture.audience === 'children' ? 'What should you do?' : 'What should you do in this situation?', [s], `“${rule.action}”`, quoteOf(s)), scenario, options: order, correctAnswer: order.indexOf(rule.action) };
  }
  // (A category of two or three words, "a bird of prey", fits other things than the owl: no situation to name.)
  for (const d of unusedDefinitions(slot, true).filter((x) => x.nominal && x.gloss.split(/\s+/).length >= 5)) {
    const key = termFor(slot, d.term);
    if (!key) continue;
    if (glossNames(d.gloss, key)) continue;
    // ("the youngest son of King Henry the Second" → John: a person is a who, not a term, and so are the wrong answers.)
    // ("Civil Rights" is no one, whatever a capital suggests: a given name, a person's class, or a person the speaker names it.)
    // ("Selma" the town is a given name too: a place or a group WordNet knows stays one.)
    const personLike = (name: string, term?: Term) => (term?.cls ?? nounClass(name)) === 'noun.person' || (isGivenName(name.split(/\s+/)[0]) && !/^noun\.(?:location|group|artifact|object|event|act)$/.test(term?.cls ?? nounClass(name) ?? '')) || [...(lecture.nameKinds.get(name.toLowerCase()) ?? [])].some((k) => k !== 'person' && nounClass(k) === 'noun.person');
    // ("the name for direct British rule over India" → the Raj: the gloss says what kind of thing it is, and a name
    // for a rule is no one.)
    const glossHead = d.gloss.replace(/^(?:the|a|an)\s+/i, '').split(/[\s,]+/).slice(0, 3).filter((w) => !isKnown(w.toLowerCase(), 'adj')).map((w) => nounClass(w.toLowerCase())).find((c) => c !== null && c !== undefined);
    const person = (key.cls === 'noun.person' || (key.pos === 'PROPN' && personLike(key.display, key))) && (glossHead === undefined || glossHead === 'noun.person');
    const picked = pickDistractors({ key, count: person ? 6 : 3, terms: lecture.terms, kinds: lecture.nameKinds, sentences: lecture.sentences, chapter: slot.chapter, avoid: [d.gloss], alsoRight: membersOf(slot, d.term) });
    const wrongs = (person ? picked.filter((w) => personLike(w, termFor(slot, w))) : picked).slice(0, 3);
    if (wrongs.length < 3) continue;
    slot.state.usedDefinitions.add(d.term.toLowerCase());
    // The answer is asked once: a recap that says it again ("Enamel is the hardest part of your body") is no second gap.
    slot.state.usedKeys.add(key.id);
    const frames = FRAMES[lecture.audience];
    const scenario = frames[slot.state.variant % frames.length].replace('{g}', d.gloss);
    // "Weather is …" opens its sentence: as an option it reads "weather", like the others.
    const capitalised = key.pos === 'PROPN' || /[A-Z].*[A-Z]/.test(d.term) || key.occurrences.some((o) => o.token > 0 && /^[A-Z]/.test(o.surface));
    const answer = capitalised ? d.term : d.term[0].toLowerCase() + d.term.slice(1);
    // "antibody" beside "enzymes", "antigens": the options in the number of the defined term.
    const singular = !pluralPhrase(answer);
    const matched = wrongs.map((w) => (singular && pluralPhrase(w) ? w.replace(/(\S+)$/, (last) => baseForm(last.toLowerCase(), 'noun') ?? last) : !singular && !pluralPhrase(w) ? pluralise(w) : w));
    const order = shuffle([answer, ...matched], slot.rng);
    const question = person ? (lecture.audience === 'children' ? 'Who is it?' : 'Who are they describing?') : lecture.audience === 'children' ? 'What is the word for it?' : 'Which term are they describing?';
    return { ...base(slot, 'scenario', question, [lecture.sentences[d.sentence]], `“${answer}”`, `${cap(d.term)} is ${d.gloss}.`), scenario, options: order, correctAnswer: order.indexOf(answer) };
  }
  return null;
}

/** Definitions reachable from this chapter (said in it or before), this chapter's first. */
function definitionsNear(slot: Slot, min: number, max: number): Definition[] | null {
  const own = unusedDefinitions(slot, true);
  if (own.length === 0) return null;
  const earlier = unusedDefinitions(slot, false).filter((d) => !own.includes(d)).reverse();
  const chosen: Definition[] = [];
  for (const d of [...own, ...earlier]) {
    if (chosen.length >= max) break;
    if (chosen.some((c) => c.term.toLowerCase() === d.term.toLowerCase() || c.gloss.toLowerCase() === d.gloss.toLowerCase())) continue;
    chosen.push(d);
  }
  if (chosen.length < min) return null;
  return chosen;
}

/** Matching: terms with the definitions the speaker gives them; both sides complete phrases. */
export function buildMatching(slot: Slot): Question | null {
  const defs = definitionsNear(slot, 3, 4);
  if (!defs) return null;
  for (const d of defs) slot.state.usedDefinitions.add(d.term.toLowerCase());
  const right = mixedOrder(defs.length, slot.rng);
  const rightTexts = right.map((i) => cap(defs[i].gloss));
  const evidence = defs.map((d) => slot.lecture.sentences[d.sentence]);
  const reason = defs.map((d) => `${cap(d.term)} is ${d.gloss}.`).join(' ');
  return {
    ...base(slot, 'matching', slot.lecture.audience === 'children' ? 'Match each word to what it means.' : 'Match each term to its definition.', evidence, 'each term with its own definition', reason),
    options: { left: defs.map((d) => cap(d.term)), right: rightTexts },
    correctAnswer: defs.map((_, i) => right.indexOf(i)),
  };
}

/** Ordering: only where the speaker describes a sequence (signalled steps or dated events). */
export function buildOrdering(slot: Slot): Question | null {
  const { lecture } = slot;
  for (const [i, seq] of lecture.sequences.entries()) {
    if (slot.state.usedSequences.has(i)) continue;
    const evidence = seq.sentences.map((n) => lecture.sentences[n]);
    if (evidence[evidence.length - 1].chapter !== slot.chapter || evidence.some((s) => slot.state.usedSentences.has(s.index))) continue;
    slot.state.usedSequences.add(i);
    const order = mixedOrder(seq.items.length, slot.rng);
    const actions = seq.items.every((x) => evidence.some((s) => s.rule || s.instruction) && /^[A-Z][a-z]+\b/.test(x)) && evidence.filter((s) => s.instruction || s.rule).length >= seq.items.length / 2;
    const question =
      seq.kind === 'chronology'
        ? 'Put these events in the order they happened, earliest first.'
        : lecture.audience === 'children'
          ? 'Put these steps in the right order.'
          : actions
            ? 'Put these steps in the order they should be carried out.'
            : 'Put these stages in the order they happen.';
    return {
      ...base(slot, 'ordering', question, evidence, seq.items.map((x, n) => `${n + 1}. ${x}`).join('; '), seq.kind === 'chronology' ? 'The dates the speaker gives put them in this order.' : 'This is the order the speaker gives for the steps.'),
      options: order.map((n) => seq.items[n]),
      correctAnswer: seq.items.map((_, n) => order.indexOf(n)),
    };
  }
  return null;
}

/** Priority ranking: only where the speaker ranks or compares (amounts in one unit, most/second/least). */
export function buildPriorityRanking(slot: Slot): Question | null {
  const { lecture } = slot;
  for (const [i, r] of lecture.rankings.entries()) {
    if (slot.state.usedRankings.has(i)) continue;
    const evidence = r.sentences.map((n) => lecture.sentences[n]);
    if (Math.max(...evidence.map((s) => s.chapter)) !== slot.chapter || evidence.some((s) => slot.state.usedSentences.has(s.index))) continue;
    slot.state.usedRankings.add(i);
    const order = mixedOrder(r.items.length, slot.rng);
    const byAmount = !/^(?:important|dangerous|common|effective|useful|urgent|serious)$/i.test(r.criterion);
    const question = byAmount ? `Rank these from the highest to the lowest figure the speaker gives (in ${r.criterion}s).` : `Rank these from most to least ${r.criterion}, as the speaker ranks them.`;
    return {
      ...base(slot, 'priority_ranking', question, evidence, r.items.map((x, n) => `${n + 1}. ${x}`).join('; '), evidence.map(quoteOf).join(' ')),
      options: order.map((n) => r.items[n]),
      correctAnswer: r.items.map((_, n) => order.indexOf(n)),
    };
  }
  return null;
}

/** Two or more named categories with their members, reachable from this chapter. */
function categoriesNear(slot: Slot): Array<{ index: number; name: string; members: string[]; sentence: Sentence }> | null {
  const { lecture } = slot;
  const list = lecture.categories
    .map((c, index) => ({ index, name: c.name, members: c.members, sentence: lecture.sentences[c.sentence] }))
    .filter((c) => !slot.state.usedCategories.has(c.index) && c.sentence.chapter <= slot.chapter && !slot.state.usedSentences.has(c.sentence.index));
  if (!list.some((c) => c.sentence.chapter === slot.chapter)) return null;
  const chosen: typeof list = [];
  for (const c of list.sort((a, b) => Math.abs(a.sentence.chapter - slot.chapter) - Math.abs(b.sentence.chapter - slot.chapter))) {
    const clash = chosen.some((x) => x.name.toLowerCase() === c.name.toLowerCase() || x.members.some((m) => c.members.map((y) => y.toLowerCase()).includes(m.toLowerCase())));
    if (!clash) chosen.push(c);
    if (chosen.length === 3) break;
  }
  return chosen.length >= 2 ? chosen : null;
}

/** Sorting into groups: only where the speaker names categories and their members. */
export function buildSortingGroups(slot: Slot): Question | null {
  const cats = categoriesNear(slot);
  if (!cats) return null;
  for (const c of cats) slot.state.usedCategories.add(c.index);
  const items = cats.flatMap((c, g) => c.members.slice(0, 4).map((m) => ({ m, g })));
  const order = shuffle(items, slot.rng);
  const reason = cats.map((c) => `${cap(c.name)}: ${c.members.join(', ')}.`).join(' ');
  return {
    ...base(slot, 'sorting_groups', slot.lecture.audience === 'children' ? 'Put each one in the right group.' : 'Sort each item into the group the speaker puts it in.', cats.map((c) => c.sentence), 'the groups the speaker gives', reason),
    options: { groups: cats.map((c) => cap(c.name)), items: order.map((x) => x.m) },
    correctAnswer: order.map((x) => x.g),
  };
}

/** Drag and drop: examples onto the categories the speaker names, or terms onto their definitions. */
export function buildDragDrop(slot: Slot): Question | null {
  const cats = categoriesNear(slot);
  if (cats) {
    for (const c of cats) slot.state.usedCategories.add(c.index);
    const items = cats.flatMap((c, g) => c.members.slice(0, 4).map((m) => ({ m, g })));
    const order = shuffle(items, slot.rng);
    return {
      ...base(slot, 'drag_drop', 'Drag each example onto the category it belongs to.', cats.map((c) => c.sentence), 'each example on its own category', cats.map((c) => `${cap(c.name)}: ${c.members.join(', ')}.`).join(' ')),
      options: { items: order.map((x) => x.m), targets: cats.map((c) => cap(c.name)) },
      correctAnswer: order.map((x) => x.g),
    };
  }
  const defs = definitionsNear(slot, 2, 4);
  if (!defs) return null;
  for (const d of defs) slot.state.usedDefinitions.add(d.term.toLowerCase());
  const order = mixedOrder(defs.length, slot.rng);
  return {
    ...base(slot, 'drag_drop', 'Drag each term onto the description that fits it.', defs.map((d) => slot.lecture.sentences[d.sentence]), 'each term on its own description', defs.map((d) => `${cap(d.term)} is ${d.gloss}.`).join(' ')),
    options: { items: order.map((n) => cap(defs[n].term)), targets: defs.map((d) => cap(d.gloss)) },
    correctAnswer: order.map((n) => n),
  };
}

/** Fill the gaps: one or two key terms of a fact removed, with a word bank of same-class alternatives. */
/**
 * A gap worth leaving: a term the lecture makes its topic (said at least twice, or defined), not a plain
 * word that only starts the sentence ("____ shifted to the radical Jacobins": power).
 */
function gapWorthy(slot: Slot, s: Sentence, a: { term: Term; token: number; length: number }): boolean {
  const defined = slot.lecture.definitions.some((d) => d.term.toLowerCase() === a.term.display.toLowerCase() || d.term.toLowerCase() === a.term.key);
  if (a.term.occurrences.length < 2 && !defined) return false;
  if (a.token === 0 && a.length === 1 && a.term.pos !== 'PROPN' && !defined && a.term.occurrences.length < 4) return false;
  return true;
}

export function buildFillGaps(slot: Slot): Question | null {
  // A step of an experiment ("Next, put the plant somewhere sunny …") is no statement to complete: such
  // steps are neither facts nor rules (markDemonstrations); instructions that are the subject (first aid) are.
  for (const s of freshFacts(slot)) {
    // ("One, measure the mass of the stone …": a numbered step of a worked method, the same.)
    if (STEP_PREFIX.test(s.text.trim()) || /^(?:and\s+)?(?:one|two|three|four|five|six|seven|eight|nine|ten)\s*[,:]\s/i.test(s.text.trim())) continue;
    const picks = askableTerms(slot, s).filter((a, i, all) => all.findIndex((b) => b.term.id === a.term.id) === i && !slot.state.usedKeys.has(a.term.id) && !a.term.cls.startsWith('quantity') && a.term.cls !== 'year' && gappable(s, a) && gapWorthy(slot, s, a));
    const chosen: typeof picks = [];
    // ("A ____ is actually a ____!": two gaps either side of "is" can swap, and "A bird is actually a penguin" reads as well.)
    const swappable = (x: { token: number; length: number }, y: { token: number; length: number }) => {
      const [a, b] = x.token < y.token ? [x, y] : [y, x];
      const between = s.tokens.slice(a.token + a.length, b.token);
      return between.some((t) => t.pos === 'AUX') && between.every((t) => ['AUX', 'ADV', 'DET', 'PART'].includes(t.pos));
    };
    for (const p of picks) {
      if (chosen.some((c) => p.token < c.token + c.length && c.token < p.token + p.length)) continue;
      if (chosen.some((c) => swappable(c, p))) continue;
      chosen.push(p);
      if (chosen.length === 2) break;
    }
    if (chosen.length === 0) continue;
    // Extra words of the bank are the same kind as a gap's answer and could stand in one of the gaps (number too).
    const bankExtra = chosen
      .flatMap((c) => pickDistractors({ key: c.term, count: 4, terms: slot.lecture.terms, kinds: slot.lecture.nameKinds, sentences: slot.lecture.sentences, sentence: s, chapter: slot.chapter, avoid: chosen.map((x) => x.surface) }).filter((w) => sameLexKind(c.term.key, w) && pluralPhrase(w) === pluralPhrase(c.surface) && sameKind(c.term, w, [], slot.lecture.nameKinds) && (termFor(slot, w)?.occurrences.length ?? 2) >= 2))
      .filter((w, i, all) => all.findIndex((x) => x.toLowerCase() === w.toLowerCase()) === i)
      // Children's bank words are words of the lesson ("iodide" beside "fluoride" is WordNet's, not the teacher's).
      .filter((w) => slot.lecture.audience !== 'children' || termFor(slot, w) !== undefined)
      // Never a kind of a gap's answer, which would fill the gap truly ("destructive boundaries" for "plate boundaries"),
      // nor a noun and a verb the tagger took for one term ("magma rises").
      .filter((w) => {
        const term = termFor(slot, w);
        const at = term?.occurrences[0];
        if (!term || !at) return true;
        return !misreadVerbPhrase(slot.lecture.sentences[at.sentence].tokens, at.token, at.length) && chosen.every((c) => !termsKindAndSubtype(c.term, term, slot.lecture.sentences));
      })
      // After "a"/"an" every word of the bank takes the same article as the answers there.
      .filter((w) => chosen.every((c) => !articleBefore(s, c.token) || articleFor(w) === articleFor(c.surface)))
      .slice(0, 2);
    // One gap and one other word is a coin toss, not a bank.
    if (bankExtra.length < (chosen.length === 1 ? 2 : 1)) continue;
    const sorted = [...chosen].sort((a, b) => a.token - b.token);
    // A gap sentence that leans on the one before gets it as its opening, or is not used.
    const leans = sorted.some((c) => leansOnPrevious(s, c.token, c.length));
    const lead = leans ? leadFor(slot, s, sorted.map((c) => c.surface)) : null;
    if (leans && !lead) continue;
    let text = s.text;
    for (let k = sorted.length - 1; k >= 0; k--) {
      const c = sorted[k];
      // "An {{1}} is a soluble base": the article agrees with the answer, and the bank's other words take the same one.
      const before = text.slice(0, s.tokens[c.token].from).replace(/\b([Aa])n?\s+$/, (_m, a: string) => `${a === 'A' ? cap(articleFor(c.surface)) : articleFor(c.surface)} `);
      text = before + `{{${k + 1}}}` + text.slice(s.tokens[c.token + c.length - 1].to);
    }
    const answers = sorted.map((c) => {
      const lower = c.surface.toLowerCase();
      return [...new Set([c.token === 0 && c.term.pos !== 'PROPN' ? lower : c.surface, c.term.display, c.term.key].filter(Boolean))];
    });
    for (const c of sorted) slot.state.usedKeys.add(c.term.id);
    const wordBank = shuffle([...sorted.map((_, k) => answers[k][0]), ...bankExtra], slot.rng);
    return {
      ...base(slot, 'fill_gaps', slot.lecture.audience === 'children' ? 'Fill in the missing words.' : 'Complete the sentence with the missing terms.', lead ? [lead, s] : [s], answers.map((a) => `“${a[0]}”`).join(' and '), lead ? `${quoteOf(lead)} ${quoteOf(s)}` : quoteOf(s)),
      options: { text: clean(lead ? `${quoteOf(lead)} ${withoutMarker(text)}` : withoutMarker(text)), wordBank },
      correctAnswer: answers,
    };
  }
  return null;
}

export const BUILDERS: Record<QuestionType, (slot: Slot) => Question | null> = {
  single_choice: buildSingleChoice,
  multiple_choice: buildMultipleChoice,
  true_false: buildTrueFalse,
  scenario: buildScenario,
  matching: buildMatching,
  ordering: buildOrdering,
  sorting_groups: buildSortingGroups,
  fill_gaps: buildFillGaps,
  drag_drop: buildDragDrop,
  priority_ranking: buildPriorityRanking,
};
