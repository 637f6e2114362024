import type { Chapter } from '@veolearn/domain';
import type { Sentence } from './sentences';
import type { Token } from './nlp';
import { Term, VAGUE_NOUNS, nounPhraseSpans, titleCase } from './terms';
import { isKnown } from './wordnet';
import { pluralise } from './changes';

/** Up to 10 chapters (spec section 9). */
export const MAX_CHAPTERS = 10;
/** About one chapter per this many seconds of speech. */
const SECONDS_PER_CHAPTER = 72;
const MIN_CHAPTER_SECONDS = 30;
const MIN_CHAPTER_SENTENCES = 3;

/** The speaker's own signposts of a new topic. */
const SIGNPOST = [
  /^(?:so,?\s+|ok(?:ay)?,?\s+|alright,?\s+|right,?\s+|and\s+)?(?:(?:now|next|finally|lastly),?\s+(?:let's|let us|we(?:'ll| will| need to| turn| move| come)|i(?:'ll| want)|it's time|on to|up)|next up|moving on|let's move on|let us move on|let's turn|let's talk|let's look|let's now|let's get|let's start|let's begin|let's finish|to (?:recap|sum up|summari[sz]e|wrap up|finish|conclude)|in summary|in conclusion|so to recap|the (?:first|second|third|fourth|fifth|next|last|final) (?:thing|step|topic|part|idea|type|kind|key|question|area|point|section|principle|rule|law|stage)|(?:another|one more) (?:thing|topic|important|key|type|kind|area|way|idea)|part (?:one|two|three|four|five)|step (?:one|two|three|four|five)|the other (?:thing|type|kind|side)|what about|how about|turning to|on to|onto)\b/i,
  /\b(?:let's|let us|we'll|we will|i'll|i want to|we're going to|i'm going to)\s+(?:now\s+)?(?:talk about|look at|move on to|turn to|discuss|cover|get into|dive into|focus on|switch to|go over)\b/i,
];
/** "Let's look at the Calvin cycle" → the noun phrase after the signpost verb names the new topic. */
const TOPIC_AFTER = /\b(?:(?:let's|let us|we'll|we will|i'll) (?:start|begin) with|talk about|look at|move on to|turn to|discuss|cover|get into|dive into|focus on|switch to|go over|learn about|next is|next up is|topic is|called|be honest about|think about)\s+/i;

/** How strongly a sentence opens a topic with the speaker's own words (0 none, 1 strong). */
/** "First, handwashing." "And fourth, allergens.": a short heading-like sentence naming the next section. */
const HEADING = /^(?:and\s+|so\s+|ok(?:ay)?,?\s+)?(?:first(?:ly)?|second(?:ly)?|third(?:ly)?|fourth(?:ly)?|fifth(?:ly)?|sixth|next|finally|lastly|number (?:one|two|three|four|five|\d))\s*[,:]\s*((?:[\w'-]+\s*){1,5})[.!]?$/i;

/** The heading's words when the sentence is a heading of nouns and adjectives only ("Second, temperatures."). */
function headingOf(sentence: Sentence): string | null {
  const m = HEADING.exec(sentence.text.trim());
  if (!m) return null;
  const at = sentence.text.indexOf(m[1]);
  const words = sentence.tokens.filter((t) => t.from >= at && t.pos !== 'PUNCT');
  return words.length > 0 && words.every((t) => ['NOUN', 'PROPN', 'ADJ', 'CCONJ', 'ADP', 'DET'].includes(t.pos)) && (words[words.length - 1].pos === 'NOUN' || words[words.length - 1].pos === 'PROPN') ? m[1].trim() : null;
}

export function signpostStrength(sentence: Sentence): number {
  const text = sentence.text.trim();
  if (headingOf(sentence) || turnHeadingOf(sentence)) return 1;
  // "Next, a really important idea called contribution.", "Next, and this is where it gets interesting, what
  // happens when things change?": a short sentence opened by "next" or "finally" turns to the next topic.
  if (/^(?:and\s+)?(?:next|finally|lastly)\s*,\s+/i.test(text) && sentence.tokens.filter((t) => t.pos !== 'PUNCT').length <= 14) return 0.9;
  if (SIGNPOST[1].test(text)) return 1;
  if (SIGNPOST[0].test(text)) return 0.8;
  return 0;
}

function cosine(a: Map<string, number>, b: Map<string, number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (const [k, v] of a) {
    na += v * v;
    const w = b.get(k);
    if (w) dot += v * w;
  }
  for (const v of b.values()) nb += v * v;
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

function bagOf(sentences: readonly Sentence[], from: number, to: number): Map<string, number> {
  const bag = new Map<string, number>();
  for (let i = Math.max(0, from); i < Math.min(sentences.length, to); i++) for (const k of sentences[i].keys) bag.set(k, (bag.get(k) ?? 0) + 1);
  return bag;
}

/** How much a boundary before sentence i separates topics: lexical dissimilarity of the windows either side, plus the speaker's signposts. */
function boundaryScores(sentences: readonly Sentence[]): number[] {
  const w = 5;
  return sentences.map((s, i) => {
    if (i === 0) return 0;
    const shift = 1 - cosine(bagOf(sentences, i - w, i), bagOf(sentences, i, i + w));
    const pause = s.start - sentences[i - 1].end >= 1.5 ? 0.1 : 0;
    return shift + 0.9 * signpostStrength(s) + pause;
  });
}

/** How many chapters a lecture of this length and these signposts should have. */
function chapterCount(sentences: readonly Sentence[], span: number, scores: readonly number[]): number {
  const byLength = Math.round(span / SECONDS_PER_CHAPTER);
  const signposts = scores.filter((s, i) => i > 0 && signpostStrength(sentences[i]) > 0 && s > 1.2).length;
  // The speaker's own sections win when they signpost more of them, up to one per 45 s.
  const target = Math.min(Math.max(byLength, signposts + 1), Math.ceil(span / 45));
  const room = Math.floor(span / MIN_CHAPTER_SECONDS);
  return Math.max(1, Math.min(MAX_CHAPTERS, target, room, Math.floor(sentences.length / MIN_CHAPTER_SENTENCES)));
}

/**
 * Chooses k chapter starts (sentence indexes, the first 0) maximising the summed boundary score, with
 * every chapter at least MIN_CHAPTER_SECONDS and MIN_CHAPTER_SENTENCES long and a penalty for chapters
 * far from the average length (dynamic programming, O(k·n²) on sentences).
 */
function bestStarts(sentences: readonly Sentence[], scores: readonly number[], k: number, end: number): number[] {
  const n = sentences.length;
  const span = end - sentences[0].start;
  const ideal = span / k;
  const longest = Math.max(3 * ideal, 2 * MIN_CHAPTER_SECONDS);
  // Boundaries are chosen among local peaks of the boundary score (the strongest 8 per chapter), not every sentence.
  const peaks = scores
    .map((score, i) => ({ i, score }))
    .filter(({ i, score }) => i > 0 && score >= (scores[i - 1] ?? 0) && score >= (scores[i + 1] ?? 0))
    .sort((a, b) => b.score - a.score)
    .slice(0, 8 * k)
    .map((x) => x.i)
    .sort((a, b) => a - b);
  const cand = [0, ...peaks, n];
  const m = cand.length;
  const at = (c: number) => (cand[c] === n ? end : sentences[cand[c]].start);
  const width = m;
  const best = new Float64Array((k + 1) * width).fill(-Infinity);
  const from = new Int32Array((k + 1) * width).fill(-1);
  best[0] = 0;
  for (let j = 1; j <= k; j++) {
    for (let c = 1; c < m; c++) {
      if (j === k && c !== m - 1) continue;
      if (j < k && c === m - 1) continue;
      for (let p = j - 1; p < c; p++) {
        const prev = best[(j - 1) * width + p];
        if (prev === -Infinity || (p === 0) !== (j === 1)) continue;
        const len = at(c) - at(p);
        if (len < MIN_CHAPTER_SECONDS || len > longest || cand[c] - cand[p] < MIN_CHAPTER_SENTENCES) continue;
        const value = prev - 0.6 * Math.abs(Math.log(len / ideal)) + (p > 0 ? scores[cand[p]] : 0);
        if (value > best[j * width + c]) {
          best[j * width + c] = value;
          from[j * width + c] = p;
        }
      }
    }
  }
  if (best[k * width + m - 1] === -Infinity) return k > 1 ? bestStarts(sentences, scores, k - 1, end) : [0];
  const starts: number[] = [];
  let c = m - 1;
  for (let j = k; j >= 1; j--) {
    const p = from[j * width + c];
    starts.unshift(cand[p]);
    c = p;
  }
  return starts;
}

/** The noun phrase right after a signpost verb ("let's look at the Calvin cycle"), when the sentence has one. */
function signpostTopic(sentence: Sentence): string | null {
  const heading = headingOf(sentence);
  if (heading) return heading;
  const m = TOPIC_AFTER.exec(sentence.text);
  if (!m) return null;
  const offset = m.index + m[0].length;
  const gerund = sentence.tokens.find((t) => t.from === offset);
  if (gerund && gerund.pos === 'VERB' && /ing$/.test(gerund.lower)) {
    const object = nounPhraseSpans(sentence.tokens).find(([a]) => sentence.tokens[a].from > gerund.from && sentence.tokens[a].from - gerund.to <= 6);
    if (object) return sentence.text.slice(gerund.from, sentence.tokens[object[1]].to);
  }
  for (const [a, b] of nounPhraseSpans(sentence.tokens)) {
    if (sentence.tokens[a].from < offset) continue;
    if (sentence.tokens[a].from - offset > 12) return null;
    let last = b;
    if (sentence.tokens[b + 1]?.lower === 'of') {
      const next = nounPhraseSpans(sentence.tokens).find(([x]) => x === b + 2 || x === b + 3);
      if (next && next[1] - a < 6) last = next[1];
    }
    let first = a;
    // ("this first aid refresher": an ordinal that is part of a name stays.)
    while (first < last && (sentence.tokens[first].pos === 'NUM' || sentence.tokens[first].pos === 'DET') && !isKnown(`${sentence.tokens[first].lower} ${sentence.tokens[first + 1].lower}`, 'noun')) first++;
    const text = sentence.text.slice(sentence.tokens[first].from, sentence.tokens[last].to);
    if (last === b && /^(?:thing|things|bit|way|lot|stuff|example|one|kinds?|types?|sorts?|ways?)$/i.test(text)) return null;
    return /^(?:thing|things|bit|lot|stuff|one)\b/i.test(text) ? null : text;
  }
  return null;
}

/** Words that make a phrase about the people in the room, not the topic: personal pronouns. */
const PRONOUN = /\b(?:i|me|my|mine|myself|we|us|our|ours|ourselves|you|your|yours|yourself|he|him|his|she|her|hers|they|them|their|theirs|it|its|itself|everyone|everybody|someone|somebody|anyone)\b/i;
/** "I'm", "we're", "don't", "it's", "let's": a clause, not a noun phrase. */
const CONTRACTION = /[a-z](?:'|’)(?:m|re|ve|ll|d|t)\b|\b(?:it|that|he|she|there|here|what|who|let|where|this)(?:'|’)s\b/i;
/** A greeting or a thank-you: how a talk opens or closes, never what a chapter is about. */
const GREETING = /\b(?:hi|hello|hey|welcome|thanks|thank you|goodbye|bye|good (?:morning|afternoon|evening))\b/i;
/**
 * "a definition", "the core idea", "exam questions", "an example": words about the talk itself (a heading such as
 * "First, a definition." or "Now, the core idea."), never what a chapter is about.
 */
const ABOUT_THE_TALK = /^(?:(?:a|an|the|one|some|our|this)\s+)?(?:(?:core|main|key|big|basic|central|important|quick|short|first|second|third|final|last|next|other|worked|real|typical)\s+)*(?:definitions?|ideas?|points?|examples?|exams?|exam questions?|questions?|answers?|things?|bits?|parts?|sections?|summary|videos?|lessons?|topics?|words?|terms?|facts?|problems?|tips?|basics|fundamentals|beginning|start|end|rest|bits and pieces)$/i;
/** "I'm Priya", "my name is Dave": the speaker introducing themselves. */
const SELF_INTRODUCTION = /\b(?:I'm|I’m|I am|[Mm]y name is|[Mm]y name's)\s+([A-Z][a-z]+)/g;

/** The names speakers give themselves ("Hi, I'm Priya from the health and safety team" → Priya). */
export function speakerNames(sentences: readonly Sentence[]): Set<string> {
  const out = new Set<string>();
  for (const s of sentences.slice(0, 12)) for (const m of s.text.matchAll(SELF_INTRODUCTION)) out.add(m[1].toLowerCase());
  return out;
}

/**
 * Whether a phrase can title a chapter: a noun phrase naming a topic, never a self-introduction or greeting
 * ("I'm Priya", "Welcome"), a phrase with a personal pronoun or a contraction, or the speaker's name.
 */
export function titleWorthy(title: string, speakers: ReadonlySet<string> = new Set()): boolean {
  if (PRONOUN.test(title) || CONTRACTION.test(title) || GREETING.test(title) || ABOUT_THE_TALK.test(title.trim()) || title.trim().length < 2 || /^[\w-]+['’]s$/.test(title.trim())) return false;
  return !title.toLowerCase().split(/[^a-z]+/).some((w) => speakers.has(w));
}

/** Sentences of an example or an aside ("Imagine you eat a cheese sandwich", "As an aside, …"), not the topic. */
const EXAMPLE_OR_ASIDE = /\b(?:imagine|for example|for instance|let's say|say you|suppose|picture this|as an aside|by the way|here's (?:a|an) (?:example|story|question)|fun fact|in the exam|essay)\b/i;
/** "every single day", "the whole point", "my favourite topic": a word of emphasis, not part of a name for a topic. */
const EMPHASIS_FIRST = /^(?:single|whole|entire|very|same|real|favourite|favorite|absolute|big|past|certain|little)\b/i;

/** Whether a term is said only in examples and asides, or is a one-off phrase led by a word of emphasis. */
function onlyInAsides(term: Term, sentences: readonly Sentence[]): boolean {
  if (term.occurrences.length < 2 && EMPHASIS_FIRST.test(term.display)) return true;
  return term.occurrences.every((o) => EXAMPLE_OR_ASIDE.test(sentences[o.sentence]?.text ?? ''));
}

/** "your screen" → "screen", "the keyboard" → "keyboard": a topic without the article or the listener's possessive. */
function bareTopic(text: string): string {
  return text.replace(/^(?:(?:your|our|my|their|his|her|its|the|a|an|this|that|these|those)\s+)+/i, '');
}

/** "Now, breaks.", "So, the keyboard.": a short sentence naming the next topic after a turn word. */
const TURN_HEADING = /^(?:and\s+)?(?:now|so|right|okay|ok|then|also)\s*,\s*((?:[\w'-]+\s*){1,4})[.!]?$/i;

/** "Then there are designs.", "Finally, there's confidentiality.": the next item of a list of kinds, named on its own. */
const THERE_HEADING = /^(?:and\s+)?(?:then|next|finally|lastly|also|now)\s*,?\s+there(?:'s|’s| is| are)\s+((?:[\w'-]+\s*){1,4})[.!]?$/i;

/** The topic a turn-word heading names, when all its words are nouns, adjectives or determiners and it ends in a noun. */
function turnHeadingOf(sentence: Sentence): string | null {
  const turn = TURN_HEADING.exec(sentence.text.trim());
  const m = turn ?? THERE_HEADING.exec(sentence.text.trim());
  if (!m) return null;
  const at = sentence.text.indexOf(m[1]);
  const words = sentence.tokens.filter((t) => t.from >= at && t.pos !== 'PUNCT');
  const last = words[words.length - 1];
  // ("the break-even point": a word joined by a hyphen describes the noun, whatever the tagger says; "the margin of safety".)
  const hyphened = (t: Token) => sentence.text[t.to] === '-' || sentence.text[t.from - 1] === '-';
  // ("the break-even point": "point" read as a verb after a describing word is the noun.)
  const nounAfter = (t: Token, i: number) => i > 0 && !/^(?:one|ones|thing|things|bit|lot)$/.test(t.lower) && isKnown(t.lower, 'noun') && (['DET', 'ADJ', 'ADV'].includes(words[i - 1].pos) || hyphened(words[i - 1])) && words[0].pos === 'DET';
  // ("Now, trade marks.": a plural read as a verb after a noun it makes a compound with.)
  // ("Then there are designs.": what "there are" names is a noun, whatever the tagger says.)
  const compound = (t: Token, i: number) => (!turn && i === words.length - 1 && isKnown(t.lower, 'noun')) || (i > 0 && words[i - 1].pos === 'NOUN' && /[^s]s$/.test(t.lower) && isKnown(t.lower.slice(0, -1), 'noun'));
  const nominal = (t: Token, i: number) => compound(t, i) || ['NOUN', 'PROPN', 'ADJ', 'DET', 'PRON'].includes(t.pos) || hyphened(t) || (t.lower === 'of' && i > 0 && i < words.length - 1) || nounAfter(t, i);
  return words.length > 0 && words.every(nominal) && last && (last.pos === 'NOUN' || last.pos === 'PROPN' || nounAfter(last, words.length - 1) || compound(last, words.length - 1)) ? m[1].trim() : null;
}

/** "Insect" and "Insects": one title, whatever the number. */
export function sameTitle(title: string): string {
  return title.toLowerCase().replace(/(?<=[^s])s$/, '');
}

/** "Spanish", "Dutch": a people's adjective said as a noun ("the Spanish") is who, never what a chapter is about. */
function nationality(display: string): boolean {
  return /^[A-Z][a-z]+$/.test(display) && isKnown(display.toLowerCase(), 'adj') && !isKnown(display.toLowerCase(), 'verb') && /(?:ish|ese|ch|an|i)$/.test(display);
}

/** "First, a definition.", "So, a quick definition:": the speaker announces that the next sentence defines something. */
const DEFINITION_HEADING = /^(?:(?:so|now|okay|ok|right|and|first(?:ly)?|then)\s*,?\s+)*(?:a |some )?(?:quick |short |proper |formal )?definitions?(?: first)?\s*[.:!]?$/i;
/** "The word "armada" simply means …", "Intellectual property, or IP, means …", "The Cold War was a long rivalry …". */
const DEFINED_OPENING = /^((?:the\s+)?(?:word|term)\s+)?["“']?([A-Za-z][\w'-]*(?:\s+[A-Za-z][\w'-]*){0,4}?)["”']?(?:,\s*or\s+[\w'-]+(?:\s+[\w'-]+)?,)?\s+(?:simply\s+|just\s+|basically\s+)?(?:means|meant|is|was|are|were|refers to)\b/i;

/**
 * A chapter opened by "First, a definition." and then the definition ("The word "armada" simply means an armed
 * fleet"): titled with what it defines ("Definition of Armada"), never with the announcement ("Definition").
 */
function definitionHeading(own: readonly Sentence[]): string | null {
  const at = own.slice(0, 2).findIndex((s) => DEFINITION_HEADING.test(s.text.trim()));
  const next = at >= 0 ? own[at + 1] : undefined;
  const m = next ? DEFINED_OPENING.exec(next.text.trim()) : null;
  if (!m || PRONOUN.test(m[2]) || /^(?:this|that|it|there|here|what|which)\b/i.test(m[2])) return null;
  return `Definition of ${m[1] ? m[2].toLowerCase() : m[2]}`;
}

/** Scores terms for one span of sentences: frequent there, rare elsewhere, multi-word phrases preferred. */
function salientTerms(terms: readonly Term[], chapter: number | null, chapterTotal: number, opening?: ReadonlySet<number>): Array<{ term: Term; score: number }> {
  return terms
    .map((term) => {
      const here = chapter === null ? term.occurrences.length : term.counts[chapter] ?? 0;
      if (here < (chapter === null ? 2 : 1)) return { term, score: 0 };
      // "my victim today": a phrase of the moment, never a topic.
      if (/\b(?:today|tomorrow|yesterday|tonight)\b/i.test(term.key)) return { term, score: 0 };
      const spread = term.counts.filter((c) => c > 0).length;
      const idf = chapter === null ? 1 : Math.log(1 + chapterTotal / Math.max(1, spread));
      const words = term.key.split(' ').length;
      const kind = term.cls === 'year' || term.cls.startsWith('quantity') || term.cls === 'unknown' ? 0.4 : 1;
      if (chapter !== null && words === 1 && here < 2) return { term, score: 0 };
      const early = chapter !== null && opening?.has(term.id) ? 2.5 : 1;
      return { term, score: here * idf * (words >= 2 ? 1.3 : 1) * kind * early };
    })
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || a.term.id - b.term.id);
}

/**
 * Chapters by topic shifts: lexical cohesion between neighbouring windows of sentences and the speaker's
 * signposts ("next", "now let's look at", "to recap"), about one chapter per 1.5 minutes, at most 10.
 * Each is titled with a noun phrase the speaker uses: the one named by its opening signpost, else its
 * most distinctive phrase.
 */
export function buildOutline(sentences: Sentence[], terms: readonly Term[], durationSeconds: number, recount: (chapters: number) => void): Chapter[] {
  if (sentences.length === 0) return [];
  const lastEnd = sentences[sentences.length - 1].end;
  const end = durationSeconds > lastEnd ? durationSeconds : lastEnd;
  const span = Math.max(1, lastEnd - sentences[0].start);
  const scores = boundaryScores(sentences);
  const k = chapterCount(sentences, span, scores);
  const starts = bestStarts(sentences, scores, k, lastEnd);
  starts.forEach((from, c) => {
    const to = starts[c + 1] ?? sentences.length;
    for (let i = from; i < to; i++) sentences[i].chapter = c;
  });
  recount(starts.length);
  const used = new Set<string>();
  let introduction = false;
  const speakers = speakerNames(sentences);
  const signposted = (s: Sentence | undefined): string | null => {
    if (!s) return null;
    const topic = signpostTopic(s) ?? turnHeadingOf(s);
    const bare = topic ? bareTopic(topic) : null;
    return bare && titleWorthy(bare, speakers) ? bare : null;
  };
  const chapters = starts.map((from, c) => {
    const to = starts[c + 1] ?? sentences.length;
    const own = sentences.slice(from, to);
    // "To recap, then.": the speaker's summary is the recap, as a teacher would title it.
    const recap = own.slice(0, 2).some((x) => /^(?:(?:so|okay|ok|right|alright|and)\s*,?\s+)?(?:to (?:recap|sum up|summari[sz]e|wrap up)|in (?:summary|conclusion)|let's recap|so to recap)\b/i.test(x.text.trim()));
    const chapterEnd = c + 1 < starts.length ? sentences[starts[c + 1]].start : end;
    let title = c > 0 && recap && !used.has(sameTitle('recap')) ? 'Recap' : signposted(own[0]) ?? signposted(own[1]) ?? definitionHeading(own);
    // A short opening chapter that greets and frames the lesson: titled with the lesson's subject (lecture.ts).
    if (!title && c === 0 && starts.length >= 4 && chapterEnd - Math.min(sentences[0].start, 0) <= 80) introduction = true;
    if (!title || used.has(sameTitle(title))) {
      const firstThree = new Set(own.slice(0, 2).map((s) => s.index));
      const opening = new Set(terms.filter((t) => t.occurrences.some((o) => firstThree.has(o.sentence))).map((t) => t.id));
      const fits = (x: { term: Term }) => !used.has(sameTitle(x.term.display)) && !nationality(x.term.display) && x.term.cls !== 'year' && !x.term.cls.startsWith('quantity') && titleWorthy(x.term.display, speakers) && !onlyInAsides(x.term, sentences);
      const best = salientTerms(terms, c, starts.length, opening).find(fits);
      title = best ? best.term.display : `Part ${c + 1}`;
    }
    used.add(sameTitle(title));
    return {
      index: c,
      title: titleCase(title).slice(0, 60),
      start: Math.round((c === 0 ? Math.min(sentences[0].start, 0) : own[0].start) * 1000) / 1000,
      end: Math.round((c + 1 < starts.length ? sentences[starts[c + 1]].start : end) * 1000) / 1000,
      text: own.map((s) => s.text).join(' '),
    };
  });
  if (introduction && chapters[0]) INTRODUCTIONS.add(chapters[0]);
  return chapters;
}

/** Opening chapters that only greet and frame the lesson, to be titled with its subject once it is known. */
export const INTRODUCTIONS = new WeakSet<Chapter>();

const INTRO_TOPIC = /\b(?:welcome to(?: the| this| our| today's)?|this is (?:the|a|an|our)|(?:coming|come) to (?:this|the|today's)|today's (?:lesson|session|topic|video|class|lecture) (?:is(?: about)?|covers)|talk(?:ing)? about|learn(?:ing)? about|look(?:ing)? at|introduction to|intro to|topic is|all about|is about|explore|exploring|cover(?:ing)?|discuss(?:ing)?|explain(?:ing)?)\s+/i;

/** "today we are going on a trip all the way around our solar system", "a journey through the human body". */
const TRIP = /\b(?:today|this (?:lesson|video|session))\b[^.?!]{0,40}?\b(?:(?:trip|journey|tour|voyage|adventure),?\s+(?:all the way\s+)?(?:around|round|through|into|across)|(?:travelling|traveling|going) back\b[^.?!]{0,40}?\bto)\s+(?:our |the |your )?([a-z][a-z -]{2,40}?)[.!,]/i;

/** "a journey we call", "a process scientists call", "what we call": the speaker naming the thing the opening describes. */
const NAMED_SUBJECT = /\b(?:a|an|the|this|which|what)\s+(?:[a-z-]+\s+){0,2}(?:we|scientists|people|experts) (?:call|refer to as|name)\s+/i;

/** "why do we have seasons?", "why did the First World War break out?": the question a lesson sets out to answer. */
const WHY_QUESTION = /\bwhy (?:do|does|did) /i;
/** "today we're diving into, and yes, that pun was intended, coral reefs.": a framing verb, perhaps with an aside after it. */
const FRAMING = /\b(?:today|this (?:lesson|session|lecture|video|class))\b[^.?!]{0,30}?\b(?:diving into|dive into|looking at|look at|learning about|learn about|talking about|exploring|studying|covering)\b\s*,([^.?!]+)/i;

/**
 * The subject as the speaker frames it in the first minute: the question the lesson answers ("why do we have
 * seasons?" → seasons; "why did the First World War break out?" → the causes of the First World War, when
 * the speaker goes on about causes) or the phrase after a framing verb and an aside ("today we're diving
 * into, and yes, that pun was intended, coral reefs"). Preferred over the most frequent noun.
 */
function framedSubject(sentences: readonly Sentence[], terms: readonly Term[]): string | null {
  const first = sentences[0]?.start ?? 0;
  const opening = sentences.filter((s) => s.start <= first + 60).slice(0, 12);
  const said = (lemma: string) => sentences.filter((s) => s.tokens.some((t) => t.lemma === lemma)).length;
  for (const s of opening) {
    const why = WHY_QUESTION.exec(s.text);
    if (why) {
      const offset = why.index + why[0].length;
      const k = s.tokens.findIndex((t) => t.from >= offset);
      if (k < 0) continue;
      const spans = nounPhraseSpans(s.tokens);
      // "why do we have seasons": the object of "have" after a pronoun subject.
      if (s.tokens[k].pos === 'PRON' && /^(?:have|get|need|see)$/i.test(s.tokens[k + 1]?.text ?? '')) {
        const span = spans.find(([a]) => a === k + 2 || a === k + 3);
        if (span) return s.text.slice(s.tokens[span[0]].from, s.tokens[span[1]].to);
        continue;
      }
      // "why did the First World War break out": the subject's words up to the verb (the tagger may split a name).
      let end = k;
      while (end < s.tokens.length && ['DET', 'ADJ', 'NOUN', 'PROPN', 'NUM'].includes(s.tokens[end].pos) && end - k < 6) end++;
      if (end === k || s.tokens[end]?.pos !== 'VERB' || !['NOUN', 'PROPN'].includes(s.tokens[end - 1].pos)) continue;
      let a = k;
      while (a < end - 1 && s.tokens[a].pos === 'DET') a++;
      const phrase = s.text.slice(s.tokens[a].from, s.tokens[end - 1].to);
      if (VAGUE_NOUNS.has(s.tokens[end - 1].lower)) continue;
      const full = s.text.slice(s.tokens[k].from, s.tokens[end - 1].to);
      return said('cause') >= 2 ? `causes of ${full[0].toLowerCase()}${full.slice(1)}` : phrase;
    }
    const framing = FRAMING.exec(s.text);
    if (framing) {
      const tail = framing[1].split(',').map((x) => x.trim()).filter(Boolean).pop() ?? '';
      const words = tail.split(/\s+/);
      if (words.length >= 1 && words.length <= 4 && terms.some((t) => tail.toLowerCase().includes(t.display.toLowerCase()) && t.occurrences.length >= 2)) return tail;
    }
  }
  return null;
}

/** "today we're starting a new topic, plate tectonics and earthquakes", "today we're tackling …, and that's JavaScript promises", "this video is about X and Y". */
const OPENING_FRAME = /\b(?:today|tonight|this (?:video|lesson|session|lecture|class|episode)|in (?:this|today's|tonight's) (?:video|lesson|session|lecture))\b[^.?!]{0,120}?(?:\b(?:new |our |the )?topic(?:[,:]| is)(?:\s+(?:which|that) is)?|\band (?:that|it)(?:'s| is)|\bis about|\bis all about)\s+(?:the\s+)?([^.?!]{3,80})/i;
/** "… today's session is about something that every business uses, …, and it's the marketing mix.": the framing names it last. */
const OPENING_NAMED_LAST = /\b(?:today|tonight|this (?:video|lesson|session|lecture|class|episode))\b[^.?!]{0,200}?,\s+and (?:that|it)(?:'s| is)\s+(?:the\s+)?([^.?!,]{3,60})[.!]?$/i;
/** "Today we're moving to East Asia and to one of the most remarkable transformations …, the Meiji Restoration.": the framing ends on the subject's name. */
/**
 * ("… one of the most famous episodes of the Second World War, the Battle of Britain, fought in the skies …": a name
 * with "of" inside it, and a participle after it saying more of it.)
 */
const OPENING_APPOSITIVE = /\b(?:[Tt]oday|[Tt]onight|[Tt]his (?:video|lesson|session|lecture|class))\b[^.?!]{10,200}?,\s+(?:the\s+)?((?:[A-Z][\w'-]*\s+(?:(?:of|the|and|de|von|van)\s+)?){0,3}[A-Z][\w'-]*)(?:[.!]$|,\s+(?:\d{3,4}|which|from|in|[a-z]+ed|fought|built|held|won|lost|written|made|known|begun|drawn|led|set|found|sent|taken|given|seen)\b)/;
/** "That's HTTP, the Hypertext Transfer Protocol.": the sentence after the framing names what it is. */
const THATS_NAMED = /^(?:[Tt]hat's|[Tt]hat is|[Tt]his is|[Ii]t's|[Ii]t is)\s+((?:[A-Z][\w'-]*\s*){1,4}),\s+(?:the|a|an)\s+[^.?!]{3,60}[.!]$/;
const OPENING_VERB = /\b(?:today|tonight|this (?:video|lesson|session|lecture|class|episode)|in (?:this|today's|tonight's) (?:video|lesson|session|lecture))\b[^.?!]{0,60}?\b(?:we're|we are|we'll|we will|we shall|i'm|i am|i shall)(?: going to)? (?:be )?(?:[a-z]+ly )?(?:tackling|doing|talking about|talk about|looking at|look at|learning about|learn about|covering|cover|exploring|explore|building|build|examining|examine|considering|consider|studying|study|turn to|turning to)\s+(?:the\s+)?([^.?!]{3,80})/i;
/** "In today's lecture we turn to game theory, and in particular …": the lecture turning to its subject. */
const OPENING_TURN = /\b(?:today|today's (?:lecture|lesson|session|class)|this (?:lecture|lesson|session|class|video))\b[^.?!]{0,40}?\bwe (?:now )?(?:turn|move|come) (?:now )?to\s+(?:the\s+)?([^.?!,;:]{3,60})/i;
/** "We're looking at the immune system, which is …": a sentence of the opening that starts by saying what the lesson looks at. */
const OPENING_WE = /^(?:so,?\s+|now,?\s+|and\s+)?(?:we're|we are|we'll be|we will be)(?: going to)?\s+(?:be\s+)?(?:looking at|look at|talking about|talk about|learning about|learn about|exploring|explore|covering|cover)\s+(?:the\s+)?([^.?!]{3,80})/i;
/** "welcome to this short training video on manual handling", "this session is about …": what the talk is on. */
const OPENING_ON = /\b(?:(?:video|lesson|session|lecture|course|talk|training|module|class|episode|tutorial|unit|refresher|briefing|overview|webinar|presentation|workshop)\s+(?:on|about|is about|is all about)|(?:guide|introduction|intro) to)\s+(?:the\s+)?([^.?!]{3,80})/i;
/** "today we're starting a new topic, and it's one of my favourites: plate tectonics and earthquakes": the speaker names it after a colon. */
const COLON_NAMED = /\b(?:today|tonight|this (?:video|lesson|session|lecture|class|unit)|topic|we're looking at|we are looking at|we're doing|we are doing)\b[^.?!:]{0,120}:\s*(?:the\s+)?([^.?!:;]{3,160})[.!]?$/i;
/** "Can you guess what it is? That's right, your teeth!": a children's opening that names the subject as the answer. */
const GUESSED = /^(?:[Tt]hat's right|[Yy]es|[Ee]xactly|[Tt]hat's it|[Ww]ell done|[Cc]orrect)[,!]\s+(?:[A-Z][a-z]+[,!]\s+)?(?:[Ii]t's\s+|[Ii]t is\s+)?(?:[Yy]our |[Oo]ur |[Tt]he |[Aa]n? )?([a-z][a-z -]{2,40}?)[.!]*$/;
/** "I'll give you some clues.", "Can you guess?": the speaker has the class guess the subject. */
const GUESSING = /\b(?:clues?|guess|hands up|who knows|can you tell)\b/i;
/** "It's called the fetch-decode-execute cycle.": right after the framing, the subject named. */
const CALLED_NAMED = /^(?:it's|it is|this is|that's|that is|we call (?:it|this|that))\s+(?:called\s+|known as\s+)?(?:the\s+)?([a-z][\w' -]{2,50}?)[.!]$/i;
/** "GROUP BY", "INNER JOIN": a keyword of two or more capitalised words. */
const CAPS_TERM = /\b[A-Z]{2,}(?:\s+[A-Z]{2,})+\b/g;
/** "the heart and the circulatory system", "supply and demand": two nouns the speaker pairs. */
const PAIR = /\b((?:the\s+)?[a-z]{3,}(?:\s+[a-z]{3,})?\s+and\s+(?:the\s+)?[a-z]{3,}(?:\s+[a-z]{3,})?)\b/gi;

/**
 * A keyword of capitals (GROUP BY) said in the first minute and five times or more, or a pair of nouns said
 * in the opening and three times or more in all ("supply and demand"): the subject when no framing names it.
 */
export function repeatedKeySubject(sentences: readonly Sentence[]): string | null {
  const first = sentences[0]?.start ?? 0;
  const opening = sentences.filter((s) => s.start <= first + 60).map((s) => s.text).join(' ');
  const all = sentences.map((s) => s.text).join(' ');
  const count = (phrase: string) => all.split(new RegExp(`\\b${phrase.replace(/\s+/g, '\\s+')}\\b`, 'i')).length - 1;
  const caps = [...new Set(opening.match(CAPS_TERM) ?? [])].filter((c) => !/^(?:SELECT|FROM|WHERE|AND|OR|NOT)\b/.test(c)).map((c) => ({ c, n: all.split(c).length - 1 })).filter((x) => x.n >= 5).sort((a, b) => b.n - a.n);
  if (caps.length > 0) return caps[0].c;
  for (const m of opening.matchAll(PAIR)) {
    // "economics supply and demand": the longest pair the lecture repeats, one or two words either side of "and".
    const [left, right] = m[1].replace(/^the\s+/i, '').split(/\s+and\s+/i).map((x) => x.split(/\s+/));
    const variants = [left.length > 1 ? left.join(' ') : null, left[left.length - 1]].filter((x): x is string => x !== null).flatMap((l) => [right.join(' '), right[0]].map((r) => `${l} and ${r}`));
    for (const phrase of [...new Set(variants)]) {
      const words = phrase.toLowerCase().split(/\s+/).filter((w) => w !== 'and' && w !== 'the');
      // Two different nouns, each a topic of the lecture on its own (said in four sentences or more): "round and round" is not one.
      if (new Set(words).size < words.length || words.some((w) => !isKnown(w, 'noun') || STOP_PAIR.has(w) || sentences.filter((x) => x.tokens.some((t) => t.lower === w || t.lemma === w)).length < 4)) continue;
      if (count(phrase) >= 3) return phrase;
    }
  }
  return null;
}
const STOP_PAIR = new Set(['today', 'everyone', 'everybody', 'welcome', 'channel', 'video', 'lesson', 'thing', 'things', 'way', 'time', 'lot', 'bit', 'people', 'one', 'two', 'three', 'here', 'there', 'back', 'now', 'then']);

/** "the way they do it is called photosynthesis": the process the opening names. */
const OPENING_CALLED = /\b(?:the way|the process|this process)\s+(?:[a-z']+\s+){0,4}is called\s+(?:the\s+)?([\w -]{3,40}?)[.!,]/i;

/** Whether words of a phrase are ones the lecture says again (a lemma said three times or more). */
function spokenOften(sentences: readonly Sentence[], phrase: string, times = 3): boolean {
  const words = phrase.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 2 && !/^(?:and|the|with|for)$/.test(w));
  if (words.length === 0) return false;
  const count = (w: string) => sentences.filter((s) => s.tokens.some((t) => t.lower === w || t.lemma === w || t.lower === `${w}s` || `${t.lower}s` === w)).length;
  return words.some((w) => count(w) >= times);
}

/**
 * The subject the speaker frames in the opening, kept whole: a compound ("plate tectonics and earthquakes"),
 * a list of terms ("the mean, the median and the mode" → "Mean, Median and Mode"), a term of a language
 * ("lists in Python" → "Python lists").
 */
export function openingSubject(sentences: readonly Sentence[], terms: readonly Term[]): string | null {
  void terms;
  const first = sentences[0]?.start ?? 0;
  const opening = sentences.filter((s) => s.start <= first + 60).slice(0, 10);
  for (const s of opening) {
    const colon = COLON_NAMED.exec(s.text);
    // ("…: Magna Carta, which was agreed in June 1215.": the name, without what the speaker adds about it.)
    // (", between 1519 and 1521": the time or place of it, said after a comma.)
    // (", and the way in which they cause markets to fail": what the lecture says of it, after the name.)
    const named = colon ? colon[1].replace(/,\s+(?:which|who|when|where|that|between|from|in|during|around|circa|and (?:the ways?|how|why|what|its|their))\b.*$/i, '').trim() : '';
    // ("…: how the Romans got here, …", "…: what the different types are": a question the lesson answers, no name.)
    if (named && named.split(/\s+/).length <= 6 && !/^(?:what|how|why|who|where|when|whether|which)\b/i.test(named) && spokenOften(sentences, named, 2)) return named;
  }
  for (let i = 0; i < Math.min(opening.length, 6); i++) {
    // "Today is radioactive decay.": the day's subject said as a heading.
    const today = /^(?:today|tonight|this (?:lesson|lecture|session|video|class)) (?:is|'s) (?:all )?(?:about )?([a-z][\w' -]{2,40})[.!]$/i.exec(opening[i].text.trim());
    if (today && today[1].split(/\s+/).length <= 4 && !PRONOUN.test(today[1]) && !/^(?:a|an|one|the (?:day|first|last|big)|going|all)\b/i.test(today[1]) && spokenOften(sentences, today[1], 2)) return today[1].trim();
  }
  for (let i = 1; i < Math.min(opening.length, 6); i++) {
    // "Tonight is the first session of our course …" / "So: the symphony orchestra.": a heading said on its own.
    const heading = /^(?:so|right|okay|ok|now)\s*[:,]\s*(?:the\s+)?([a-z][\w' -]{2,40}?)[.!]$/i.exec(opening[i].text.trim());
    // ("So, let's begin.", "So, the problem.": a turn in the talk, not its subject.)
    if (heading && heading[1].split(/\s+/).length <= 4 && !PRONOUN.test(heading[1]) && !CONTRACTION.test(heading[1]) && !ABOUT_THE_TALK.test(heading[1]) && !/^(?:most|some|all|many|any|each|every|first|next|last|anyway|well)\b|\b(?:thing|things|stuff|question|idea|point|plan|problem|issue|solution|answer)\b/i.test(heading[1]) && spokenOften(sentences, heading[1], 3)) return heading[1].trim();
  }
  for (let i = 1; i < Math.min(opening.length, 4); i++) {
    // "Welcome to this lesson on how a processor actually runs a program. … It's called the fetch-decode-execute
    // cycle.": a framing in the sentences just before, then the name.
    const called = /\bcalled|known as|we call\b/i.test(opening[i].text) ? CALLED_NAMED.exec(opening[i].text.trim()) : null;
    const framed = opening.slice(Math.max(0, i - 3), i).some((o) => /\b(?:today|tonight|this (?:video|lesson|session|lecture|class))\b/i.test(o.text));
    if (called && framed && called[1].split(/\s+/).length <= 5 && !PRONOUN.test(called[1]) && spokenOften(sentences, called[1], 2)) return called[1].trim();
  }
  for (let i = 0; i < opening.length; i++) {
    const named = OPENING_APPOSITIVE.exec(opening[i].text);
    if (named && spokenOften(sentences, named[1], 2)) return named[1].trim();
    const framing = i > 0 && /\b(?:today|tonight|this (?:video|lesson|session|lecture|class))\b/i.test(opening[i - 1].text);
    const thats = framing ? THATS_NAMED.exec(opening[i].text) : null;
    if (thats && spokenOften(sentences, thats[1], 3)) return thats[1].trim();
  }
  // (A guessing game takes more sentences than a framing: the first 90 s.)
  const game = sentences.filter((s) => s.start <= first + 90).slice(0, 16);
  for (let i = 1; i < game.length; i++) {
    // "Can you guess what it is?" / "That's right, your teeth!"
    // ("I'll give you some clues. … Yes, Amara, it's a hedgehog!": a guess the speaker set up a few sentences before.)
    const guessing = /\?$/.test(game[i - 1].text) || game.slice(Math.max(0, i - 6), i).some((o) => GUESSING.test(o.text));
    const guessed = guessing ? GUESSED.exec(game[i].text) : null;
    if (guessed && !/^(?:thank|thanks|well|good|great|brilliant|lovely|right)\b/i.test(guessed[1]) && spokenOften(sentences, guessed[1], 3)) {
      // "it's a hedgehog" names one of a kind: the lesson is about hedgehogs when the lecture says the plural more.
      const one = guessed[1].trim();
      const plural = pluralise(one);
      const count = (w: string) => sentences.filter((x) => x.tokens.some((t) => t.lower === w.toLowerCase())).length;
      return new RegExp(`\\b(?:a|an|the)\\s+${one}\\b`, 'i').test(guessed[0]) && count(plural) > count(one) ? plural : one;
    }
  }
  for (let i = 0; i < opening.length; i++) {
    // A framing cut across two sentences ("In today's video we're going to talk about" / "lists in Python.").
    // A framing cut across two sentences ("so in this video." / "We're looking at …").
    const text = /\b(?:about|at|on|into|video|lesson|today)\s*[.]?$/i.test(opening[i].text) && opening[i + 1] ? `${opening[i].text.replace(/[.]$/, '')} ${opening[i + 1].text}` : opening[i].text;
    // Each framing the sentence matches, in order of trust ("today we are looking at food chains and food webs which
    // is all about who eats who": "who eats who" is no subject, "food chains and food webs" is).
    const framings = [OPENING_NAMED_LAST, OPENING_FRAME, OPENING_VERB, OPENING_WE, OPENING_TURN].map((re) => re.exec(text)).filter((x): x is RegExpExecArray => x !== null);
    // ("… welcome back to our unit on medieval Britain. In this video we're looking at the Vikings in England": the
    // unit is wider than the video that frames its own subject next.)
    const wider = (m: RegExpExecArray | null) => m !== null && /\b(?:unit|course|module|series)\s+on\b/i.test(m[0]) && opening.slice(i + 1, i + 3).some((o) => [OPENING_NAMED_LAST, OPENING_FRAME, OPENING_VERB, OPENING_WE, OPENING_TURN].some((re) => re.test(o.text)));
    const onMatch = framings.length === 0 ? OPENING_ON.exec(text) : null;
    const on = wider(onMatch) ? null : onMatch;
    if (onMatch && !on) continue;
    for (const m of on ? [on] : framings) {
      const framed = !on;
      // ("electric circuits and specifically series and parallel circuits": the narrower subject the speaker settles on.)
      let phrase = m[1].trim().replace(/^[^,]*?(?:\band|,)\s+(?:more )?specifically\s+(?!about|at|on|in|with|how|what|why|when|where|the way)/i, '').replace(/[,;:]\s.*$/, '').replace(/\s+(?:which|that|who|because|so|but|if|when|where|and (?:how|why|what|we|i|you|in particular|especially)\b).*$/i, '');
      // "the three most common averages in statistics the mean the median and the mode": the terms listed.
      const listed = /\bthe (\w+),? the (\w+),? and the (\w+)\b/i.exec(text);
      if (listed && /\b(?:three|four|several|main|most common|types?|kinds?)\b/i.test(phrase)) phrase = `${listed[1]}, ${listed[2]} and ${listed[3]}`;
      // "lists in Python" → "Python lists".
      const inLanguage = /^([\w ]{2,30}?) in (Python|JavaScript|Java|SQL|Excel|C\+\+|Rust|Go|TypeScript|R)$/i.exec(phrase);
      if (inLanguage) phrase = `${inLanguage[2]} ${inLanguage[1]}`;
      // ("the principal legal structures available to a person starting a business in England and Wales": the
      // noun phrase it opens with, without the speaker's "principal".)
      if (phrase.split(/\s+/).length > 6) phrase = phrase.replace(/\s+(?:available|used|needed|starting|that|which|in|on|at|to|for|from|with|by)\b.*$/i, '').replace(/^(?:(?:principal|main|key|basic|most important|major|different|various)\s+)+/i, '');
      const words = phrase.split(/\s+/);
      if (words.length < 1 || words.length > 6) continue;
      if (/^(?:something|a lot|the basics|what|how|why|who|whom|where|when|whether|a new|one of|some|this|that|it)\b/i.test(phrase) || /\b(?:thing|things|stuff|video|lesson|bit)\b/i.test(phrase)) continue;
      // "a training session on working safely at a computer" names its topic by its form, said once or not.
      if (!spokenOften(sentences, phrase, framed ? 3 : 1)) continue;
      return phrase.replace(/[.!]$/, '');
    }
  }
  // Only when the opening frames nothing: "the way … is called X" names the subject. A step named
  // early ("This process is called evaporation.") must not beat "Today we're looking at the water cycle".
  for (const s of sentences.filter((x) => x.start <= first + 90).slice(0, 18)) {
    const called = OPENING_CALLED.exec(s.text);
    if (called && spokenOften(sentences, called[1], 2)) return called[1];
  }
  return null;
}

/** The lesson's main subject: what the introduction says the lecture is about, else the first term it defines, else its most salient phrase. */
export function lessonSubject(sentences: readonly Sentence[], terms: readonly Term[], firstDefined?: { term: string; sentence: number }): string | null {
  const repeated = (text: string) => (terms.find((t) => t.display.toLowerCase() === text.toLowerCase().replace(/^(?:the|a|an)\s+/, ''))?.occurrences.length ?? 0) >= 3;
  for (const s of sentences.slice(0, 3)) {
    // "… on its journey around the planet, a journey we call the water cycle.": the opening names the subject.
    const named = NAMED_SUBJECT.exec(s.text);
    if (!named) continue;
    const offset = named.index + named[0].length;
    const span = nounPhraseSpans(s.tokens).find(([a]) => s.tokens[a].from >= offset && s.tokens[a].from - offset <= 4);
    if (span && !VAGUE_NOUNS.has(s.tokens[span[1]].lower)) return s.text.slice(s.tokens[span[0]].from, s.tokens[span[1]].to);
  }
  const opened = openingSubject(sentences, terms);
  if (opened) return opened;
  const keyed = repeatedKeySubject(sentences);
  if (keyed) return keyed;
  const framed = framedSubject(sentences, terms);
  if (framed) return framed;
  for (const s of sentences.slice(0, 8)) {
    // "today we're doing, in a way, the reverse of it: cellular respiration."
    const colon = /\b(?:today|this (?:lesson|session|lecture|video))\b[^:]*:\s*([^.:;!?]{3,60})[.!]?$/i.exec(s.text);
    if (colon) {
      const span = nounPhraseSpans(s.tokens).find(([a]) => s.tokens[a].from >= s.text.indexOf(colon[1]));
      if (span) return s.text.slice(s.tokens[span[0]].from, s.tokens[span[1]].to);
    }
    const m = INTRO_TOPIC.exec(s.text);
    if (!m) continue;
    const offset = m.index + m[0].length;
    const span = nounPhraseSpans(s.tokens).find(([a]) => s.tokens[a].from >= offset && s.tokens[a].from - offset <= 12);
    if (!span) continue;
    const [a, b] = span;
    let last = b;
    // "the causes of the French Revolution": keep an "of" phrase.
    if (s.tokens[b + 1]?.lower === 'of') {
      const next = nounPhraseSpans(s.tokens).find(([x]) => x === b + 2 || x === b + 3);
      if (next) last = next[1];
    }
    const text = s.text.slice(s.tokens[a].from, s.tokens[last].to);
    // "system" alone says nothing; "the digestive system" names the subject.
    const modified = s.tokens.slice(a, b).some((t) => t.pos === 'ADJ' || t.pos === 'NOUN' || t.pos === 'PROPN');
    if (VAGUE_NOUNS.has(s.tokens[b].lower) && !modified) continue;
    if (!/\b(?:thing|things|stuff|bit|video|lesson|lecture|basics|fundamentals|essentials|overview|introduction|session|ideas|stuff|refresher|briefing|webinar|presentation|workshop|course|training|module|tutorial)\b/i.test(text)) return text;
    // ("this short manual handling refresher for warehouse staff": the subject before the kind of talk.)
    const before = /^(?:(?:short|quick|brief|annual|little|new)\s+)*((?:[a-z]+\s+){0,3}[a-z]+)\s+(?:refresher|briefing|webinar|presentation|workshop|course|training|module|tutorial|session)\b/i.exec(text);
    if (before && !/^(?:video|lesson|short|quick|this|the|a|an|our|my)\b/i.test(before[1]) && spokenOften(sentences, before[1], 2)) return before[1];
  }
  for (const s of sentences.slice(0, 4)) {
    // "Food safety." said on its own near the start: the heading of the talk.
    const words = s.tokens.filter((t) => t.pos !== 'PUNCT');
    if (words.length >= 1 && words.length <= 4 && !GREETING.test(s.text) && words.every((t) => ['NOUN', 'PROPN', 'ADJ'].includes(t.pos)) && words.some((t) => t.pos === 'NOUN')) return words.map((t) => t.text).join(' ');
  }
  for (const s of sentences.slice(0, 14)) {
    // "This never-ending journey is called the water cycle."
    const called = /\b(?:is|are) called (?:the )?([\w -]{3,40}?)[.!,]/i.exec(s.text);
    if (called && repeated(called[1])) return called[1];
  }
  for (const s of sentences.slice(0, 8)) {
    // "Today we are going on a trip all the way around our solar system.": where the journey goes, when the lecture keeps saying it.
    const trip = TRIP.exec(s.text);
    if (trip && (repeated(trip[1]) || spokenOften(sentences, trip[1], 4))) return trip[1].trim();
  }
  const early = sentences.length > 0 ? sentences[0].start + 150 : 0;
  if (firstDefined && sentences[firstDefined.sentence]?.start <= early) {
    // Said again later, alone or inside longer terms ("first aid kit").
    const key = firstDefined.term.toLowerCase();
    const mentions = terms.filter((t) => t.display.toLowerCase().includes(key)).reduce((n, t) => n + t.occurrences.length, 0);
    if (mentions >= 3) return firstDefined.term;
  }
  const best = salientTerms(terms, null, 1).find((x) => x.term.cls !== 'year' && !x.term.cls.startsWith('quantity') && !nationality(x.term.display));
  return best ? best.term.display : null;
}
