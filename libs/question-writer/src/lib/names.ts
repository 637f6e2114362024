import type { Token } from './nlp';
import type { Sentence } from './sentences';
import { isGivenName } from './sentences';
import { baseForm, isCommonWord, isKnown, nounClass, nounClasses } from './wordnet';

/**
 * What kind of thing each name of the lecture is, in the speaker's own words: "a king called Narmer" (king),
 * "Linus Torvalds, the creator of Linux" (creator), "Peret was the growing season" (season), "the pharaoh
 * Djoser" (pharaoh), and "person" for a first name with a surname ("Eunice Foote"). Keyed by the name in
 * lower case; a name the speaker never describes has no entry.
 */
export type NameKinds = ReadonlyMap<string, ReadonlySet<string>>;

const CAPITAL = /^[A-Z][A-Za-z]*$/;
const COPULA = /^(?:is|was|are|were)$/;
const CALLED = /^(?:called|named)$/;

/** The runs of capitalised name words of a sentence (not its first word alone, which any sentence capitalises). */
function nameRuns(tokens: readonly Token[]): Array<{ from: number; to: number; text: string }> {
  const out: Array<{ from: number; to: number; text: string }> = [];
  for (let i = 0; i < tokens.length; i++) {
    if (!CAPITAL.test(tokens[i].text) || (tokens[i].pos !== 'PROPN' && !(i > 0 && tokens[i].pos === 'NOUN'))) continue;
    if (i === 0 && tokens[i].pos !== 'PROPN') continue;
    let j = i;
    while (j + 1 < tokens.length && CAPITAL.test(tokens[j + 1].text) && tokens[j + 1].pos === 'PROPN') j++;
    out.push({ from: i, to: j, text: tokens.slice(i, j + 1).map((t) => t.text).join(' ') });
    i = j;
  }
  return out;
}

/** The head noun of the noun phrase starting at k ("the growing season" → season), skipping articles and describing words. */
function headNounFrom(tokens: readonly Token[], k: number): string | null {
  while (tokens[k] && tokens[k].pos === 'DET') k++;
  let head: string | null = null;
  for (; tokens[k]; k++) {
    const t = tokens[k];
    if (t.pos === 'NOUN') head = t.lemma;
    else if (t.pos === 'ADJ' || t.pos === 'NUM' || (t.pos === 'VERB' && /ing$/.test(t.lower) && !head)) continue;
    else break;
  }
  return head;
}

export function findNameKinds(sentences: readonly Sentence[]): NameKinds {
  const kinds = new Map<string, Set<string>>();
  const add = (name: string, kind: string | null) => {
    if (!kind) return;
    const key = name.toLowerCase();
    if (!kinds.has(key)) kinds.set(key, new Set());
    kinds.get(key)?.add(kind);
  };
  // Names said as places ("near Hastings", "landed at Pevensey") and given names said alone ("Harold").
  const places = new Set<string>();
  const given = new Set<string>();
  for (const s of sentences) {
    const ts = s.tokens;
    for (const run of nameRuns(ts)) {
      const words = run.text.split(' ');
      // "Linus Torvalds … Torvalds wrote his own": the surname alone is the same person, and so is the first name.
      if (personName(run.text)) {
        add(run.text, 'person');
        add(words[words.length - 1], 'person');
        if (isGivenName(words[0])) given.add(words[0].toLowerCase());
      } else if (words.length === 1 && isGivenName(words[0]) && !isCommonWord(words[0].toLowerCase(), 'noun') && !isKnown(words[0].toLowerCase(), 'adj')) given.add(words[0].toLowerCase());
      if (PLACE_BEFORE.test(ts[run.from - 1]?.lower ?? '') && !/^['’]s$/.test(ts[run.to + 1]?.text ?? '') && !CALENDAR.test(run.text)) places.add(run.text.toLowerCase());
      // "Ito Hirobumi travelled to Europe …, spending most of his time in Prussia": a name the sentence goes on
      // to call "he" or "she", with no other name between, is a person's; so are the names after "men like".
      const pronoun = ts.findIndex((t, k) => k > run.to && k <= run.to + 14 && /^(?:he|his|him|she|her|himself|herself)$/i.test(t.text));
      // (A name after a preposition between, "to Europe", is a place or a thing, not another "he".)
      const offset = run.to + 1;
      const between = pronoun > 0 && nameRuns(ts.slice(offset, pronoun)).some((r) => ts[offset + r.from - 1]?.pos !== 'ADP');
      const subject = ['VERB', 'AUX'].includes(ts[run.to + 1]?.pos ?? '');
      const listed = /^(?:men|women|people|leaders|figures|thinkers|scientists|writers|artists|generals|rulers|kings|queens|emperors|reformers|statesmen|politicians)$/i.test(ts[Math.max(0, run.from - 2)]?.text ?? '') && /^(?:like|including)$/i.test(ts[run.from - 1]?.text ?? '') || (/^(?:,|and|later|also|then)$/.test(ts[run.from - 1]?.text ?? '') && personList(ts, run.from));
      if ((pronoun > 0 && !between && subject && run.to - run.from >= 1) || listed) {
        add(run.text, 'person');
        for (const w of run.text.split(' ')) if (w.length >= 4 && !isKnown(w.toLowerCase(), 'noun')) add(w, 'person');
      }
      // "a king called Narmer", "the pharaoh Djoser", "an American scientist called Eunice Foote".
      let k = run.from - 1;
      if (k >= 0 && CALLED.test(ts[k].lower)) k--;
      if (k >= 0 && ts[k].pos === 'NOUN' && /^[a-z]/.test(ts[k].text)) add(run.text, ts[k].lemma);
      // "Linus Torvalds, the creator of Linux": an appositive with an article.
      if (ts[run.to + 1]?.text === ',' && /^(?:the|a|an)$/i.test(ts[run.to + 2]?.text ?? '')) add(run.text, headNounFrom(ts, run.to + 2));
      // "Peret was the growing season", "GitHub and GitLab are websites".
      let c = run.to + 1;
      if (ts[c]?.text === ',') c++;
      if (ts[c] && COPULA.test(ts[c].lower) && !ts[c].negated) add(run.text, headNounFrom(ts, c + 1));
    }
  }
  // "the two armies met near Hastings": a name the speaker uses as a place is a place, whatever person WordNet
  // knows by it (Warren Hastings); a given name said alone and never as a place is a person ("Harold", "Tostig"'s brother).
  for (const p of places) if (!kinds.get(p)?.has('person')) add(p, 'place');
  for (const g of given) if (!places.has(g)) add(g, 'person');
  return kinds;
}

/** Whether the names run at `from` continues a list opened by "men like …" earlier in the sentence. */
function personList(tokens: readonly Token[], from: number): boolean {
  for (let k = from - 1; k > 1; k--) {
    const t = tokens[k];
    if (/^(?:like|including)$/i.test(t.text)) return /^(?:men|women|people|leaders|figures|thinkers|scientists|writers|artists|generals|rulers|kings|queens|emperors|reformers|statesmen|politicians)$/i.test(tokens[k - 1].text);
    if (!(CAPITAL.test(t.text) || t.text === ',' || /^(?:and|later|also|then)$/.test(t.lower))) return false;
  }
  return false;
}

/** Prepositions that make the name after them a place: "at Hastings", "near Pevensey", "in Florence". */
const PLACE_BEFORE = /^(?:at|near|in|around|outside|towards)$/;
const CALENDAR = /^(?:January|February|March|April|May|June|July|August|September|October|November|December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Christmas|Easter|Spring|Summer|Autumn|Winter)\b/;

const PERSON = 'noun.person';

/** A first name and a surname ("Eunice Foote", "Linus Torvalds"); not "Red Pyramid" nor "Roman Empire", whose last word is a thing. */
/** Titles that make the name after them a person's ("Viscount Townshend", "King Harold", "Sir Isaac Newton"). */
const TITLES = /^(?:king|queen|prince|princess|lord|lady|sir|dame|duke|duchess|earl|count|countess|viscount|baron|baroness|emperor|empress|tsar|czar|pope|saint|st|president|general|admiral|captain|colonel|dr|doctor|professor|mr|mrs|ms|miss|reverend|bishop|archbishop|pharaoh|sultan|caliph|chancellor|senator|governor)$/i;

function personName(text: string): boolean {
  const words = text.split(' ');
  if (words.length >= 2 && TITLES.test(words[0].replace(/\.$/, '')) && /^[A-Z]/.test(words[1])) return true;
  if (words.length < 2 || !isGivenName(words[0])) return false;
  const last = words[words.length - 1].toLowerCase();
  // "Christian Democrats", "Free Democrats": a plural last word names a group, whatever the first word.
  const single = baseForm(last, 'noun');
  if (single !== null && single !== last) return false;
  return !isKnown(last, 'noun') || nounClasses(last).includes(PERSON);
}

/** The plural of a word for a people ("Normans", "Saxons"): a group, not one person. */
function peopleName(text: string): boolean {
  // "Christian Democrats": a name ending in a plural of people is a group too.
  const lower = text.toLowerCase().split(/\s+/).pop() ?? '';
  if (!/[^s]s$/.test(lower)) return false;
  const base = baseForm(lower, 'noun');
  return base !== null && base !== lower && nounClass(base) === PERSON;
}

/** The class of a describing noun by its commonest sense ("tool" an artifact, though WordNet also lists a person used by others). */
function classesOf(kind: string): string[] {
  if (kind === 'person') return [PERSON];
  const cls = nounClass(baseForm(kind, 'noun') ?? kind);
  return cls ? [cls] : [];
}

/**
 * Whether a wrong option may stand beside a name as the same kind of thing: when the speaker describes
 * both, their descriptions share a WordNet class (a king and a pharaoh; never a king and a season, nor a
 * person and a website); a person is offered only people.
 */
export function namesAlike(kinds: NameKinds, key: string, candidate: string): boolean {
  const mine = kinds.get(key.toLowerCase());
  const theirs = kinds.get(candidate.toLowerCase());
  const person = (set: ReadonlySet<string> | undefined, text: string) =>
    (set !== undefined && [...set].some((k) => classesOf(k).includes(PERSON))) || personName(text) || (!set?.has('place') && nounClass(text.toLowerCase()) === PERSON);
  if (person(mine, key) !== person(theirs, candidate)) return false;
  // "Normans", "Vikings": a people is no rival for one person ("Bishop Odo").
  if (person(mine, key) && peopleName(key) !== peopleName(candidate)) return false;
  if (!mine || !theirs) return true;
  const a = new Set([...mine].flatMap(classesOf));
  return [...theirs].flatMap(classesOf).some((c) => a.has(c)) || [...mine].some((k) => theirs.has(k));
}
