import type { Token } from './nlp';
import type { Sentence } from './sentences';
import { baseForm, isKnown, nounClass } from './wordnet';

/** A noun phrase the speaker uses, with what kind of thing it names. */
export interface Term {
  id: number;
  /** Lemmas joined by spaces: "light reaction". */
  key: string;
  /** The commonest spoken form: "light reactions". */
  display: string;
  /** Lemma of the last word. */
  head: string;
  /** Part of speech of the last word (NOUN or PROPN). */
  pos: string;
  plural: boolean;
  /**
   * Kind of thing: a WordNet lexicographer class ("noun.person", "noun.location", "noun.process", ...),
   * "year", "quantity:<unit>", "number" or "proper" for a name WordNet does not know.
   */
  cls: string;
  /** Sentences (index) and token position of each occurrence. */
  occurrences: Array<{ sentence: number; token: number; length: number; surface: string }>;
  /** Occurrences per chapter. */
  counts: number[];
  /** Said in complete factual sentences at least once. */
  inFacts: number;
}

/** Adjectives that describe the speaker's view rather than the thing ("important factors"). */
const SOFT_ADJECTIVES = new Set(['extra', 'additional', 'further', 'busy', 'quick', 'short', 'long', 'high', 'low', 'able', 'sure', 'likely', 'possible', 'important', 'main', 'good', 'bad', 'great', 'big', 'small', 'little', 'other', 'different', 'same', 'many', 'few', 'several', 'various', 'certain', 'whole', 'next', 'last', 'first', 'second', 'third', 'new', 'old', 'real', 'simple', 'basic', 'key', 'huge', 'tiny', 'nice', 'best', 'worst', 'easy', 'hard', 'own', 'such', 'more', 'most', 'less', 'least', 'much', 'only', 'particular', 'specific', 'common', 'typical', 'actual', 'entire', 'special', 'general', 'major', 'minor', 'whole', 'amazing', 'interesting', 'famous', 'classic', 'final', 'previous', 'above', 'following', 'top']);
/** Nouns too vague to ask about on their own. */
export const VAGUE_NOUNS: ReadonlySet<string> = new Set(['story', 'stories', 'nought', 'zero', 'point', 'percent', 'hundred', 'thousand', 'million', 'billion', 'dozen', 'half', 'quarter', 'session', 'sessions', 'module', 'course', 'training', 'basics', 'basic', 'fundamentals', 'essentials', 'overview', 'introduction', 'intro', 'topic', 'topics', 'recap', 'summary', 'morning', 'afternoon', 'evening', 'week', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'thing', 'things', 'way', 'lot', 'kind', 'sort', 'type', 'types', 'bit', 'part', 'example', 'idea', 'stuff', 'people', 'person', 'time', 'times', 'case', 'fact', 'point', 'reason', 'number', 'question', 'answer', 'word', 'term', 'name', 'one', 'ones', 'today', 'video', 'lecture', 'lesson', 'step', 'steps', 'class', 'everyone', 'everybody', 'something', 'anything', 'nothing', 'lots', 'end', 'start', 'beginning', 'rest', 'side', 'kinds', 'sorts', 'form', 'forms', 'group', 'groups', 'category', 'categories', 'item', 'items', 'area', 'level', 'amount', 'process', 'system', 'result', 'results', 'moment', 'second', 'minute', 'minutes', 'year', 'years', 'day', 'days', 'place', 'line', 'problem', 'job', 'work', 'use', 'man', 'woman', 'guy', 'guys', 'kid', 'kids', 'friend', 'friends', 'everything', 'someone', 'mind', 'head', 'hand', 'bunch', 'piece', 'couple', 'middle', 'centre', 'center', 'top', 'bottom', 'edge', 'front', 'inside', 'outside', 'version', 'world', 'everyone', 'anyone']);

const MAX_TERM_WORDS = 4;
const NO_FIXED: ReadonlySet<string> = new Set();

/** "first aid", "high blood pressure": a soft adjective and a noun said together three times or more form a fixed term. */
export function fixedPhrases(sentences: readonly Sentence[]): Set<string> {
  const counts = new Map<string, number>();
  for (const s of sentences) {
    s.tokens.forEach((t, i) => {
      const next = s.tokens[i + 1];
      if (t.pos === 'ADJ' && SOFT_ADJECTIVES.has(t.lower) && next && next.pos === 'NOUN') {
        const key = `${t.lower} ${next.lemma}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
    });
  }
  return new Set([...counts.entries()].filter(([, n]) => n >= 3).map(([k]) => k));
}
/** Interjections the tagger may read as names. */
const NOT_TERMS = new Set(['alright', 'okay', 'ok', 'hey', 'hi', 'hello', 'yes', 'yeah', 'no', 'um', 'uh', 'so', 'well', 'now', 'right', 'thanks', 'thank', 'wow', 'oh', 'guys', 'folks', 'everyone', 'bye']);

/** Token spans of noun phrases in a sentence: adjectives and nouns ending in a noun, with a leading number when it counts the noun. */
export function nounPhraseSpans(tokens: readonly Token[], fixed: ReadonlySet<string> = NO_FIXED): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  const isNoun = (t: Token | undefined) => t !== undefined && (t.pos === 'NOUN' || t.pos === 'PROPN');
  // ("first aid", "high tide", "big bang": a soft adjective that WordNet knows as part of the name stays in it.)
  const isAdj = (t: Token | undefined, k = -1) => t !== undefined && t.pos === 'ADJ' && (!SOFT_ADJECTIVES.has(t.lower) || (k >= 0 && (fixed.has(`${t.lower} ${tokens[k + 1]?.lemma ?? ''}`) || (tokens[k + 1]?.pos === 'NOUN' && isKnown(`${t.lower} ${tokens[k + 1].lemma}`, 'noun')))));
  let i = 0;
  while (i < tokens.length) {
    let j = i;
    // A number counting the noun ("36 ATP molecules"), then adjectives, then nouns: ADJ* (NOUN|PROPN)+.
    if (tokens[j].pos === 'NUM' && !/^\d{4}$/.test(tokens[j].text) && (isNoun(tokens[j + 1]) || isAdj(tokens[j + 1]))) j++;
    while (isAdj(tokens[j], j)) j++;
    if (!isNoun(tokens[j])) {
      i = Math.max(i + 1, j);
      continue;
    }
    let end = j;
    while (isNoun(tokens[end + 1])) {
      const cur = tokens[end];
      const next = tokens[end + 1];
      // "son Robert", "hands slow work": a common noun before a name, or a plural noun inside a phrase, ends it.
      // ("Hyde v Wrench": a case name is one name, "v" and all.)
      if (cur.pos === 'NOUN' && next.pos === 'PROPN' && !(/^vs?\.?$/.test(cur.text) && tokens[end - 1]?.pos === 'PROPN')) break;
      if (cur.pos === 'NOUN' && cur.lower !== cur.lemma && /s$/.test(cur.lower)) break;
      end++;
    }
    let from = Math.max(i, end - MAX_TERM_WORDS + 1);
    // "example hydrochloric acid": a vague noun leading a longer phrase is not part of the term.
    while (from < end && VAGUE_NOUNS.has(tokens[from].lower)) from++;
    spans.push([from, end]);
    i = end + 1;
  }
  return spans;
}

function isPlural(token: Token): boolean {
  return token.pos === 'NOUN' && token.lower !== token.lemma && /s$/.test(token.lower) && !/ss$/.test(token.lower);
}

function classOf(tokens: readonly Token[], surface: string, head: Token, sentence: Sentence, from: number, to: number): string {
  const date = sentence.entities.find((e) => e.first <= from && e.last >= to && e.type === 'DATE');
  if (date && /^\d{3,4}s?$/.test(surface)) return 'year';
  if (tokens[0].pos === 'NUM') return `quantity:${head.lemma}`;
  if (head.pos === 'PROPN') return nounClass(surface) ?? (tokens.length > 1 ? nounClass(head.lemma) : null) ?? 'proper';
  return nounClass(tokens.map((t) => t.lemma).join(' ')) ?? nounClass(head.lemma) ?? 'unknown';
}

/**
 * "Type 2", "Stage 4", "Clause 39", "Key Stage 3": a word before a number that makes the number a name for one of a
 * set, not an amount ("a Type 2 hypervisor" is no quantity of hypervisors, and "Type 4" gives itself away).
 */
export const LABEL_WORD = /^(?:type|stage|level|phase|class|category|grade|step|clause|article|section|chapter|part|room|page|lesson|unit|tier|band|division|platform|gate|route|version|generation|series|model|option|figure|table|exhibit|schedule|book|volume|track|channel|layer|zone|floor|area|block|pillar|principle)$/i;

/** "English law", "Spanish galleons": a phrase opened by a people's or a language's adjective, which keeps its capital. */
export function opensWithPeopleAdjective(text: string): boolean {
  return /^[A-Z][a-z]+(?:ish|ese|ian|an|ch|ic|i)\b/.test(text) && isKnown(text.split(/\s+/)[0].toLowerCase(), 'adj');
}

/** Every noun phrase of the lecture, merged by lemma, with its class and where it is spoken. */
export function findTerms(sentences: readonly Sentence[], chapterCount: number): Term[] {
  const byKey = new Map<string, Term>();
  const forms = new Map<string, Map<string, number>>();
  const fixed = fixedPhrases(sentences);
  for (const s of sentences) {
    for (const [from, to] of nounPhraseSpans(s.tokens, fixed)) {
      const tokens = s.tokens.slice(from, to + 1);
      const head = tokens[tokens.length - 1];
      if (tokens.length === 1 && (VAGUE_NOUNS.has(head.lower) || VAGUE_NOUNS.has(head.lemma) || head.lower.length < 3)) continue;
      if (tokens.every((t) => VAGUE_NOUNS.has(t.lower) || SOFT_ADJECTIVES.has(t.lower) || NOT_TERMS.has(t.lower))) continue;
      // ("a Type 2 hypervisor": "2 hypervisor" is no amount of anything.)
      if (tokens[0].pos === 'NUM' && LABEL_WORD.test(s.tokens[from - 1]?.text ?? '')) continue;
      const surface = s.text.slice(tokens[0].from, head.to).replace(/['’]s$/u, '').replace(/\s+/g, ' ');
      if (!/\p{L}{2}/u.test(surface)) continue;
      // "gentle slip" of "a gentle slip-off slope": a phrase cut at a hyphen is no term.
      if (s.text[head.to] === '-' && /\w/.test(s.text[head.to + 1] ?? '')) continue;
      const key = tokens.map((t) => t.lemma).join(' ');
      let term = byKey.get(key);
      if (!term) {
        term = { id: byKey.size, key, display: surface, head: head.lemma, pos: head.pos, plural: isPlural(head), cls: classOf(tokens, surface, head, s, from, to), occurrences: [], counts: new Array(chapterCount).fill(0), inFacts: 0 };
        byKey.set(key, term);
        forms.set(key, new Map());
      }
      term.occurrences.push({ sentence: s.index, token: from, length: tokens.length, surface });
      if (s.fact) term.inFacts++;
      const seen = forms.get(key) as Map<string, number>;
      // ("English law opens a sentence": a people's or a language's adjective keeps its capital.)
      const lowered = from === 0 && head.pos !== 'PROPN' && tokens[0].pos !== 'PROPN' && !opensWithPeopleAdjective(surface) ? surface[0].toLowerCase() + surface.slice(1) : surface;
      seen.set(lowered, (seen.get(lowered) ?? 0) + 1);
    }
  }
  // "Incisors are flat …" / "At the front you have incisors": a plural the tagger left unlemmatised is the
  // same term as its singular, not a second word said once.
  for (const [key, term] of byKey) {
    if (key.includes(' ') || !/[^s]s$/.test(key)) continue;
    const base = baseForm(key, 'noun');
    const into = base && base !== key ? byKey.get(base) : undefined;
    if (!into || into.pos !== 'NOUN' || !(term.pos === 'NOUN' || term.occurrences.every((o) => o.token === 0))) continue;
    into.occurrences.push(...term.occurrences);
    into.occurrences.sort((a, b) => a.sentence - b.sentence || a.token - b.token);
    into.inFacts += term.inFacts;
    const seen = forms.get(into.key) as Map<string, number>;
    for (const [form, n] of forms.get(key) as Map<string, number>) {
      const lowered = form[0].toLowerCase() + form.slice(1);
      seen.set(lowered, (seen.get(lowered) ?? 0) + n);
    }
    byKey.delete(key);
  }
  for (const term of byKey.values()) {
    // A capitalised word seen only at the start of sentences is not a name ("Roads at the time were terrible.").
    if (term.pos === 'PROPN' && term.occurrences.every((o) => o.token === 0) && !/[A-Z].*[A-Z]/.test(term.display) && !['noun.person', 'noun.location'].includes(term.cls) && nounClass(term.display.toLowerCase()) !== null) {
      term.pos = 'NOUN';
      term.display = term.display[0].toLowerCase() + term.display.slice(1);
    }
    const seen = forms.get(term.key) as Map<string, number>;
    term.display = [...seen.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0][0];
    term.plural = /s$/i.test(term.display) && term.pos === 'NOUN' && !/ss$/i.test(term.display) && term.display.toLowerCase() !== term.key.split(' ').slice(-1)[0];
  }
  return [...byKey.values()];
}

/**
 * A term worth asking about or offering as an option: said more than once, or a multi-word name or
 * phrase said in a factual sentence (not a passing word of an aside).
 */
export function isSalient(term: Term): boolean {
  if (term.inFacts === 0) return false;
  return term.occurrences.length >= 2 || term.key.includes(' ') || term.pos === 'PROPN' || term.cls === 'year' || term.cls.startsWith('quantity');
}

/** Counts each term's occurrences per chapter (after chapters are known). */
export function countByChapter(terms: Term[], sentences: readonly Sentence[], chapterCount: number): void {
  for (const term of terms) {
    term.counts = new Array(chapterCount).fill(0);
    for (const o of term.occurrences) term.counts[sentences[o.sentence].chapter]++;
  }
}

/** Title Case for a noun phrase ("the light reactions" → "Light Reactions"), keeping acronyms and names as spoken. */
export function titleCase(text: string): string {
  const small = new Set(['a', 'an', 'and', 'as', 'at', 'but', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'vs', 'via']);
  return text
    .replace(/^(?:the|a|an)\s+/i, '')
    .split(/\s+/)
    .map((w, i) => (i > 0 && small.has(w.toLowerCase()) ? w.toLowerCase() : /[A-Z]/.test(w.slice(1)) ? w : w[0].toUpperCase() + w.slice(1)))
    .join(' ');
}
