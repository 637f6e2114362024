import { parseSentences, type Token } from './nlp';
import { MONTHS } from './facts';
import { NameKinds, namesAlike } from './names';
import { BIG_O, type Sentence } from './sentences';
import { LABEL_WORD, Term, VAGUE_NOUNS, isSalient, opensWithPeopleAdjective } from './terms';
import { adjectiveSenseCount, antonyms, antonymsBySense, baseForm, partOf, directAntonymsOf, isCommonWord, hypernyms, hypernymsUpTo, irregularVerb, isCommonNoun, isKnown, nounClass, nounClasses, siblings } from './wordnet';

/** A deterministic source of numbers in [0, 1). */
export type Rng = () => number;

/** What a false statement changed, so feedback can say what the speaker really said. */
export interface Falsified {
  text: string;
  kind: 'number' | 'antonym' | 'swap' | 'negation';
  original: string;
  replacement: string;
}

/** The grammatical plural of a noun phrase's last word. */
/** Irregular plurals of nouns a lecture may offer as options ("louse" → "lice", never "louses"). */
const IRREGULAR_PLURALS: Record<string, string> = { louse: 'lice', mouse: 'mice', goose: 'geese', tooth: 'teeth', foot: 'feet', man: 'men', woman: 'women', child: 'children', person: 'people', ox: 'oxen', leaf: 'leaves', wolf: 'wolves', knife: 'knives', life: 'lives', half: 'halves', shelf: 'shelves', calf: 'calves', loaf: 'loaves', thief: 'thieves', wife: 'wives', cactus: 'cacti', fungus: 'fungi', nucleus: 'nuclei', bacterium: 'bacteria', criterion: 'criteria', phenomenon: 'phenomena', larva: 'larvae', antenna: 'antennae', alga: 'algae', species: 'species', sheep: 'sheep', deer: 'deer', fish: 'fish', crisis: 'crises', analysis: 'analyses', axis: 'axes', hypothesis: 'hypotheses', thesis: 'theses', index: 'indices', matrix: 'matrices', vertex: 'vertices', datum: 'data', medium: 'media', stimulus: 'stimuli', radius: 'radii' };

export function pluralise(phrase: string): string {
  const last = /(\w+)$/.exec(phrase)?.[1] ?? '';
  const irregular = IRREGULAR_PLURALS[last.toLowerCase()];
  if (irregular) return phrase.slice(0, phrase.length - last.length) + (/^[A-Z]/.test(last) ? irregular[0].toUpperCase() + irregular.slice(1) : irregular);
  return phrase.replace(/(\w+)$/, (w) => (/(?:s|x|z|ch|sh)$/i.test(w) ? `${w}es` : /[^aeiou]y$/i.test(w) ? `${w.slice(0, -1)}ies` : `${w}s`));
}

function inflectVerb(base: string, like: Token): string {
  const w = like.lower;
  if (w === like.lemma) return base;
  // ("stop" → "stopped", "stopping": a one-syllable verb ending consonant, vowel, consonant doubles it.)
  const doubled = /^[^aeiou]*[aeiou][^aeiouwxy]$/.test(base) ? base + base[base.length - 1] : base;
  if (/ing$/.test(w)) return /ie$/.test(base) ? `${base.slice(0, -2)}ying` : /[^e]e$/.test(base) ? `${base.slice(0, -1)}ing` : `${doubled}ing`;
  // An irregular past ("begin": began, begun) is never made by rule ("begined").
  if (/ed$/.test(w)) return irregularVerb(base) ? '' : /e$/.test(base) ? `${base}d` : /[^aeiou]y$/.test(base) ? `${base.slice(0, -1)}ied` : `${doubled}ed`;
  if (/s$/.test(w)) return /(?:s|x|z|ch|sh|o)$/.test(base) ? `${base}es` : /[^aeiou]y$/.test(base) ? `${base.slice(0, -1)}ies` : `${base}s`;
  // An irregular past ("bought"): the antonym's past cannot be made reliably ("sell", never "sold" by rule).
  return '';
}

function replaceSpan(s: Sentence, from: number, to: number, replacement: string): string {
  return s.text.slice(0, from) + replacement + s.text.slice(to);
}

function changedNumber(value: number, rng: Rng, year: boolean): number {
  // A year near the original ("1792" → "1795"): a far one ("1754" in the Revolution) gives itself away.
  if (year) {
    const up = rng() < 0.5 ? -1 : 1;
    const by = 2 + Math.floor(rng() * 6);
    // ("stuck in the Suez Canal in March 2021" → never "2028": a year still to come is no date of what happened.)
    return value + up * by > new Date().getFullYear() ? value - by : value + up * by;
  }
  if (value === 0) return 1;
  const options = [value * 2, value * 3, value % 2 === 0 ? value / 2 : value * 4, Math.round(value * 1.5)].filter((v) => v !== value && Number.isFinite(v) && v > 0);
  return options[Math.floor(rng() * options.length)];
}

function formatLike(value: number, like: string): string {
  const decimals = (/\.(\d+)/.exec(like)?.[1].length ?? 0);
  const fixed = decimals > 0 ? value.toFixed(decimals) : String(Math.round(value));
  return like.includes(',') ? Number(fixed).toLocaleString('en-US', { minimumFractionDigits: decimals }) : fixed;
}

/** A different number in the same place ("36 ATP molecules" → "72 ATP molecules"; 1789 → 1809). */
const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen', 'twenty'];
const TENS: Record<string, number> = { thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };
const NUMBER_PART = /^(?:hundreds?|thousands?|millions?|billions?|point|and|percent|per|cent|%|half|quarter|or|to)$/i;

/** The value of a spoken number of one word ("twelve", "forty"), or null. */
function spokenValue(word: string): number | null {
  const w = word.toLowerCase();
  const small = NUMBER_WORDS.indexOf(w);
  if (small >= 0) return small;
  return TENS[w] ?? null;
}

function spokenWord(n: number): string | null {
  if (n >= 0 && n <= 20) return NUMBER_WORDS[n];
  return Object.entries(TENS).find(([, v]) => v === n)?.[0] ?? null;
}

/**
 * "twelve semitones" → "eleven semitones": a count said as one word before the things counted, changed to a
 * near value (never one, never part of a bigger number, a range or a percentage).
 */
/** "above 40", "more than twenty": the number is a lower bound; "below", "fewer than": an upper one (the two words before it). */
function boundBefore(before: string): 'lower' | 'upper' | null {
  if (/(?:^| )(?:no more than|not more than)$/.test(before)) return 'upper';
  return /(?:^| )(?:above|over|exceeds?|exceeding|more than|greater than|at least)$/.test(before) ? 'lower' : /(?:^| )(?:below|under|less than|fewer than|at most|up to)$/.test(before) ? 'upper' : null;
}

/** Month names: "May 1940" is a date, not a model's name with its number. */
const MONTH = new RegExp(`^(?:${[...MONTHS, 'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec'].map((m) => m[0].toUpperCase() + m.slice(1)).join('|')})$`);

/**
 * "A queue has two pointers, a front pointer and a rear pointer.", "seven colours: red, orange, …, indigo and violet": a
 * count whose things are named right after it; changed, the statement gives itself away by the names it lists.
 */
function enumerated(ts: readonly Token[], k: number, value = spokenValue(ts[k]?.text ?? '') ?? Number(ts[k]?.text.replace(/,/g, ''))): boolean {
  const noun = ts[k + 1];
  if (!noun || !/^[,:]$/.test(ts[k + 2]?.text ?? '')) return false;
  const rest = ts.slice(k + 3);
  if (!rest.some((t) => t.lower === 'and')) return false;
  // ("Newton named seven colours: red, orange, yellow, green, blue, indigo and violet.": as many names as the count.)
  const items = rest.filter((t) => t.text === ',').length + 2;
  return items === value || rest.some((t) => t.lemma === noun.lemma || t.lower === noun.lower);
}

function changeSpokenCount(s: Sentence, rng: Rng): Falsified | null {
  const ts = s.tokens;
  for (let k = 0; k < ts.length; k++) {
    const value = spokenValue(ts[k].text);
    if (value === null || value < 2) continue;
    const before = ts[k - 1];
    const after = ts[k + 1];
    // "ninety percent": a share in tens, changed by twenty or thirty within a hundred.
    if (after && /^(?:percent|per)$/i.test(after.text) && value >= 20 && value % 10 === 0 && !(before && (spokenValue(before.text) !== null || NUMBER_PART.test(before.text)))) {
      const changed = value >= 60 ? value - (2 + Math.floor(rng() * 2)) * 10 : value + (2 + Math.floor(rng() * 2)) * 10;
      const word = spokenWord(changed);
      if (word && changed > 0 && changed < 100 && s.text[ts[k].to] !== '-') return { text: replaceSpan(s, ts[k].from, ts[k].to, /^[A-Z]/.test(ts[k].text) ? word[0].toUpperCase() + word.slice(1) : word), kind: 'number', original: ts[k].text, replacement: word };
      continue;
    }
    if (!after || after.pos !== 'NOUN' || after.lower === after.lemma) continue;
    if ((before && (spokenValue(before.text) !== null || NUMBER_PART.test(before.text) || before.text === '-' || /^(?:between|both|the|other|remaining)$/i.test(before.text))) || NUMBER_PART.test(after.text) || s.text[ts[k].to] === '-' || s.text[ts[k].from - 1] === '-') continue;
    if (enumerated(ts, k)) continue;
    // "The regulations set two levels, both based on …": "both" (or "either", "neither") says there are two.
    if (value === 2 && ts.some((t, j) => j > k && /^(?:both|either|neither)$/i.test(t.text))) continue;
    // Another count of the same things in the sentence ("four semitones ... three semitones"): the change would be caught by the arithmetic, or contradict it.
    if (ts.some((t, j) => j !== k && spokenValue(t.text) !== null && ts[j + 1]?.lemma === after.lemma)) continue;
    const step = value >= 30 ? 10 : 1 + Math.floor(rng() * 2);
    let changed = value + (rng() < 0.5 && value - step >= 2 ? -step : step);
    if (changed === value || changed < 2) changed = value + step;
    // "wrecked more than twenty ships": "more than nineteen" is just as true; a lower bound only goes up, an upper one only down.
    const bound = boundBefore(ts.slice(Math.max(0, k - 2), k).map((x) => x.lower).join(' '));
    if (bound === 'lower') changed = value + step;
    if (bound === 'upper' && value - step < 2) continue;
    if (bound === 'upper') changed = value - step;
    const word = spokenWord(changed);
    if (!word) continue;
    const next = /^[A-Z]/.test(ts[k].text) ? word[0].toUpperCase() + word.slice(1) : word;
    return { text: replaceSpan(s, ts[k].from, ts[k].to, next), kind: 'number', original: ts[k].text, replacement: next };
  }
  return null;
}

/**
 * "looked up by key, not by position" → "by position, not by key": the two sides of the speaker's own
 * "X, not Y" swapped, where both are nouns in the same frame (after the same preposition or article).
 */
export function changeNotSwap(s: Sentence): Falsified | null {
  const m = /\b(?:(by|in|on|at|with|from|to|for|the|a|an)\s+)?([a-z][a-z-]*),?\s+not\s+(?:(by|in|on|at|with|from|to|for|the|a|an)\s+)?([a-z][a-z-]*)\b/i.exec(s.text);
  if (!m || (m[1] ?? '').toLowerCase() !== (m[3] ?? '').toLowerCase() || m[2].toLowerCase() === m[4].toLowerCase()) return null;
  const noun = (word: string) => s.tokens.some((t) => t.text === word && (t.pos === 'NOUN' || t.pos === 'PROPN' || (t.pos === 'ADJ' && isKnown(word.toLowerCase(), 'noun'))));
  if (!noun(m[2]) || !noun(m[4]) || s.tokens.filter((t) => t.lower === 'not' || t.lower === "n't").length !== 1) return null;
  const start = m.index + m[0].indexOf(m[2]);
  const second = m.index + m[0].lastIndexOf(m[4]);
  const text = s.text.slice(0, start) + m[4] + s.text.slice(start + m[2].length, second) + m[2] + s.text.slice(second + m[4].length);
  return { text, kind: 'swap', original: m[2], replacement: m[4] };
}

/** The -ing form of a verb's base ("sit" → "sitting", "use" → "using", "lie" → "lying", "perch" → "perching"). */
export function ingForm(base: string): string {
  const b = base.toLowerCase();
  if (/ie$/.test(b)) return `${b.slice(0, -2)}ying`;
  if (/[^aeiou]e$/.test(b) && b !== 'be') return `${b.slice(0, -1)}ing`;
  // One syllable ending consonant-vowel-consonant doubles its last letter ("sit", "put", "stop"; not "fix", "row").
  if (/^[^aeiou]*[aeiou][^aeiouwxy]$/.test(b)) return `${b}${b[b.length - 1]}ing`;
  return `${b}ing`;
}

/**
 * "Sit right back in the chair rather than perching on the front edge." → "Perch on the front edge rather
 * than sitting right back in the chair.": the two courses of action the speaker sets against each other with
 * "rather than" or "instead of", swapped. Only an instruction that opens with its verb (perhaps after "First,"
 * or "you should"), with a verb of its own on each side, each side short and without commas.
 */
export function changeRatherSwap(s: Sentence): Falsified | null {
  const m = /^((?:(?:first|then|next|also|and|so|finally|always|now)\s*,?\s+)?(?:you (?:should|must|need to)\s+)?(?:always\s+)?)([A-Za-z]+)\b([^,;:.!?]{0,60}?)\s+(rather than|instead of)\s+([a-z]+)\b([^,;:.!?]{0,60}?)\s*([.!]?)$/i.exec(s.text.trim());
  if (!m) return null;
  const [, lead, verbText, firstRest, conj, otherText, secondRest, stop] = m;
  const at = s.text.indexOf(s.text.trim());
  const verb = s.tokens.find((t) => t.from === at + lead.length);
  const other = s.tokens.find((t) => t.text === otherText && t.from > (verb?.from ?? 0));
  if (!verb || !other || verb.text !== verbText || verb.pos !== 'VERB' || verb.lower !== verb.lemma || other.pos !== 'VERB') return null;
  // The second course as the speaker says it: an -ing form after "instead of", an -ing or bare verb after "rather than".
  const otherBase = other.lemma;
  if (!/ing$/.test(other.lower) && (conj.toLowerCase() === 'instead of' || other.lower !== otherBase)) return null;
  if (!isKnown(otherBase, 'verb') || !isKnown(verb.lemma, 'verb') || otherBase === verb.lemma) return null;
  // Nothing that points back ("it", "them") across the swap.
  if (/\b(?:it|them|this|that|these|those|one)\b/i.test(`${firstRest} ${secondRest}`)) return null;
  const first = lead.length === 0 ? otherBase[0].toUpperCase() + otherBase.slice(1) : otherBase;
  // "rather than sit" keeps the bare verb; "rather than perching", "instead of perching" the -ing form.
  const second = /ing$/.test(other.lower) ? ingForm(verb.lemma) : verb.lemma;
  const text = `${s.text.slice(0, at)}${lead}${first}${secondRest} ${conj} ${second}${firstRest}${stop || '.'}`;
  return { text, kind: 'swap', original: `${verbText}${firstRest}`, replacement: `${otherBase}${secondRest}` };
}

/** "… than the other", "… than another": a comparison of two of a kind, which says the same turned round. */
export const SYMMETRIC = /\bthan (?:the other|another|each other|one another)\b/i;

/** Degrees with a plain opposite: "the largest" → "the smallest", "faster" → "slower". */
const DEGREE_OPPOSITES: Record<string, string> = {
  largest: 'smallest', biggest: 'smallest', smallest: 'largest', highest: 'lowest', lowest: 'highest', longest: 'shortest', shortest: 'longest',
  fastest: 'slowest', slowest: 'fastest', hottest: 'coldest', coldest: 'hottest', warmest: 'coolest', deepest: 'shallowest', heaviest: 'lightest',
  lightest: 'heaviest', strongest: 'weakest', weakest: 'strongest', oldest: 'youngest', youngest: 'oldest',
  richest: 'poorest', poorest: 'richest', thickest: 'thinnest', thinnest: 'thickest', cheapest: 'most expensive',
  larger: 'smaller', bigger: 'smaller', smaller: 'larger', higher: 'lower', lower: 'higher', longer: 'shorter', shorter: 'longer', faster: 'slower',
  slower: 'faster', hotter: 'colder', colder: 'hotter', warmer: 'cooler', cooler: 'warmer', heavier: 'lighter', lighter: 'heavier', stronger: 'weaker',
  weaker: 'stronger', older: 'younger', younger: 'older', thicker: 'thinner', thinner: 'thicker', wider: 'narrower',
  narrower: 'wider', deeper: 'shallower', cheaper: 'more expensive', easier: 'harder', harder: 'easier', softer: 'harder',
};

/**
 * "Asbestos cement is lower risk, but it's still asbestos.", "… good hearing, but their eyesight is not very good.":
 * the two clauses are set against each other; turning one round (higher risk, good eyesight) leaves a "but" that
 * no longer fits, and the wrong statement gives itself away.
 */
function contrasted(s: Sentence, negationAt?: number): boolean {
  if (/[,;]\s*but\b[^.]*\bstill\b/i.test(s.text)) return true;
  if (negationAt === undefined) return false;
  const but = s.tokens.findIndex((t, i) => t.lower === 'but' && /^[,;]$/.test(s.tokens[i - 1]?.text ?? ''));
  return but > 0 && but < negationAt;
}

/**
 * "The Great Barrier Reef is the largest." → "… the smallest.", "produced much faster" → "much slower": a degree
 * word the speaker uses, turned to its plain opposite (not "earlier"/"later", "nearest"/"furthest": time words
 * and ones that change their preposition). Not beside a number ("larger than 5"), and not where the sentence
 * compares two ways already.
 */
export function changeDegree(s: Sentence): Falsified | null {
  const ts = s.tokens;
  if (contrasted(s)) return null;
  // "one ear a little higher than the other": the same as "lower than the other"; turned round it is still true.
  if (SYMMETRIC.test(s.text)) return null;
  if (ts.some((t) => t.negated)) return null;
  const degrees = ts.filter((t) => DEGREE_OPPOSITES[t.lower] !== undefined);
  // "the bigger the star, the shorter its life": a correlative pair; one change keeps it sensible only by luck.
  if (degrees.length !== 1) return null;
  const t = degrees[0];
  const k = ts.indexOf(t);
  const next = ts[k + 1];
  if (!['ADJ', 'ADV'].includes(t.pos) || (next && (next.pos === 'NUM' || /^(?:on|than)$/i.test(next.text) && ts[k + 2]?.pos === 'NUM'))) return null;
  // "The second rainbow is higher up": "higher up" and "lower down" say where, and "lower up" is no English.
  if (/^(?:up|down)$/i.test(next?.text ?? '')) return null;
  if (s.text[t.from - 1] === '-' || s.text[t.to] === '-') return null;
  // "…, lower them, tilt …", "lower the forks": a verb (to lower) the tagger read as an adjective; "higher them" is no English.
  if (/^(?:lower|slower|better|faster|warmer|cooler|wider|narrower|clearer|cleaner|drier|quieter)$/.test(t.lower) && (/^(?:them|it|him|her|us|me|yourself|the|your|a|an|their|its|this|that|these|those)$/i.test(next?.text ?? '') || /^(?:to|and|you|we|they|should|must|can|will)$/i.test(ts[k - 1]?.text ?? '') || ts[k - 1]?.text === ',')) return null;
  // "the hardest material …, even harder than your bones": another form of the same word keeps the first
  // claim, and the changed one contradicts it inside the statement ("hardest …, even softer").
  const stem = t.lower.replace(/(?:er|est)$/, '').replace(/(.)\1$/, '$1').replace(/i$/, 'y');
  if (stem.length >= 3 && ts.some((x) => x !== t && x.lower !== t.lower && x.lower.startsWith(stem) && /(?:er|est)$/.test(x.lower))) return null;
  // "suffered for longer": an adverb of time after "for" has no opposite that reads ("for shorter").
  if (/^(?:for|no)$/i.test(ts[k - 1]?.text ?? '')) return null;
  // "You have to push way harder …": hard as with more force, after its verb, is neither "easier" nor "softer".
  if (/^hard(?:er|est)?$/.test(t.lower) && (ts[k - 1]?.pos === 'VERB' || (ts[k - 1]?.pos === 'ADV' && ts[k - 2]?.pos === 'VERB'))) return null;
  // "harder to learn" → "easier", but "harder than your bones" → "softer": hard as difficult or as firm.
  const difficulty = /^to$/i.test(next?.text ?? '') || /\b(?:to (?:learn|do|make|find|get|see|read|understand|use|remember|treat|spot|fix))\b/i.test(s.text);
  const opposite = /^hard(?:er|est)$/.test(t.lower) && !difficulty ? t.lower.replace('hard', 'soft') : DEGREE_OPPOSITES[t.lower];
  const cased = /^[A-Z]/.test(t.text) ? opposite[0].toUpperCase() + opposite.slice(1) : opposite;
  return { text: replaceSpan(s, t.from, t.to, cased), kind: 'antonym', original: t.text, replacement: cased };
}

/** "Type 1", "stage four", "Key Stage 3": a label word and the number that names one of its set. */
const LABELLED = /\b((?:key\s+)?(?:type|stage|level|phase|tier|class|category|grade))\s+(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)\b/gi;

/**
 * "A Type 1 hypervisor … runs directly on the hardware." → "A Type 2 hypervisor …": a numbered label swapped for
 * another of its set that the lecture names (never "Type 4" when there are two types), and not one the sentence
 * names already ("The UK is in stage four and Japan in stage five" → "stage three", never "stage five … stage five").
 */
export function changeLabel(s: Sentence, sentences: readonly Sentence[], rng: Rng): Falsified | null {
  const valuesOf = new Map<string, Set<string>>();
  for (const x of sentences) for (const m of x.text.matchAll(LABELLED)) {
    const word = m[1].toLowerCase().replace(/\s+/g, ' ');
    const set = valuesOf.get(word) ?? new Set<string>();
    set.add(m[2].toLowerCase());
    valuesOf.set(word, set);
  }
  for (const m of s.text.matchAll(LABELLED)) {
    const word = m[1].toLowerCase().replace(/\s+/g, ' ');
    const here = new Set([...s.text.matchAll(LABELLED)].filter((x) => x[1].toLowerCase().replace(/\s+/g, ' ') === word).map((x) => x[2].toLowerCase()));
    const others = [...(valuesOf.get(word) ?? [])].filter((v) => !here.has(v) && /^\d/.test(v) === /^\d/.test(m[2]));
    if (others.length === 0) continue;
    const value = others[Math.floor(rng() * others.length) % others.length];
    const at = (m.index ?? 0) + m[0].length - m[2].length;
    return { text: `${s.text.slice(0, at)}${value}${s.text.slice(at + m[2].length)}`, kind: 'swap', original: `${m[1]} ${m[2]}`, replacement: `${m[1]} ${value}` };
  }
  return null;
}

/** "Thirty seconds checking ID is absolutely fine.": a judgement of an amount, which another amount would not make false. */
const AMOUNT_JUDGED = /\b(?:is|are|'s|was|were)\s+(?:absolutely |perfectly |totally |completely |quite |really |usually |normally )?(?:fine|okay|ok|enough|plenty|acceptable|normal|reasonable|nothing)\b/i;

/** Ages that laws and policies set as limits ("Fireworks are 18", "aged 16 or over"). */
const AGE_LIMITS = [12, 14, 16, 18, 21, 25];

export function changeNumber(s: Sentence, rng: Rng): Falsified | null {
  if (AMOUNT_JUDGED.test(s.text)) return null;
  // A number in a range ("36 to 38") would make nonsense when changed alone.
  const inRange = (k: number) => /^(?:to|-|–|and|or)$/.test(s.tokens[k + 1]?.lower ?? '') && s.tokens[k + 2]?.pos === 'NUM' || (/^(?:to|-|–|and|or)$/.test(s.tokens[k - 1]?.lower ?? '') && s.tokens[k - 2]?.pos === 'NUM');
  // ("O(1) is constant": a number inside Big O notation is part of the notation's name, never "O(3)".)
  const notation = [...s.text.matchAll(BIG_O)].map((m) => [m.index ?? 0, (m.index ?? 0) + m[0].length]);
  // ("A Type 1 hypervisor": a number naming one of a set is never changed to one the set may not have.)
  // ("A Bf 109 flying from northern France …", "Apollo 11": a number after a name is part of a model's or a mission's
  // name, never an amount; "In 1940" opens the sentence, "May 1940" and "AD 79" are dates, "the Bribery Act 2010" a year.)
  const named = (k: number) => k >= 2 && /^(?:[A-Z][a-z]{0,9}|[A-Z]{1,5})$/.test(s.tokens[k - 1]?.text ?? '') && !MONTH.test(s.tokens[k - 1].text) && !/^(?:AD|BC|BCE|CE)$/.test(s.tokens[k - 1].text) && /^\d{1,4}$/.test(s.tokens[k].text) && !/^(?:1\d{3}|20\d{2})$/.test(s.tokens[k].text);
  const i = s.tokens.findIndex((t, k) => t.pos === 'NUM' && /^\d[\d,]*(?:\.\d+)?$/.test(t.text) && !inRange(k) && !named(k) && !LABEL_WORD.test(s.tokens[k - 1]?.text ?? '') && !notation.some(([a, b]) => t.from >= a && t.to <= b) && !enumerated(s.tokens, k));
  if (i < 0) return changeSpokenCount(s, rng);
  const t = s.tokens[i];
  // "on 25 March 1807", "the 10th of May": a day of a month, which changed says nothing (or no day: "38 March").
  if (MONTH.test(s.tokens[i + 1]?.text ?? '') || (s.tokens[i + 1]?.lower === 'of' && MONTH.test(s.tokens[i + 2]?.text ?? ''))) return null;
  // "The other two sides are called the legs": how many others there are follows from what was said; "four" is nonsense.
  if (/^(?:other|remaining)$/i.test(s.tokens[i - 1]?.text ?? '')) return null;
  // "A cup that makes 2 pounds of contribution doesn't make 2 pounds of profit": the same number said twice; one changed alone makes nonsense.
  if (s.tokens.filter((x) => x.text === t.text).length > 1) return null;
  const value = Number(t.text.replace(/,/g, ''));
  const year = /^\d{4}$/.test(t.text) && value >= 1000 && value <= 2100;
  // Two years in one sentence ("the harvest of 1788 …, in the spring of 1789"): changing one breaks their relation.
  if (year && s.tokens.filter((x) => /^\d{4}$/.test(x.text)).length > 1) return null;
  // "Before 1789, France had three estates": a bound, not a date; "before 1786" is just as true.
  if (year && /^(?:before|after|by|until|till|since|from|pre|post)$/i.test(s.tokens[i - 1]?.text ?? '')) return null;
  const ceiling = quantityCeiling(s.tokens.slice(Math.max(0, i - 3), i + 3).map((x) => x.text).join(' '));
  let changed = changedNumber(value, rng, year);
  // "85 decibels" → "90" or "75": on a logarithmic scale twice the figure ("170 decibels") is absurd.
  if (/^(?:decibels?|db|dba)$/i.test(s.tokens[i + 1]?.text ?? '') && value >= 20) changed = value + (rng() < 0.5 ? -1 : 1) * 5 * (1 + Math.floor(rng() * 2));
  // "Fireworks, and that includes sparklers, are 18." → 16 or 21, never "27": an age limit becomes another one.
  const ageLimit = AGE_LIMITS.includes(value) && /^(?:are|is|be|been|aged|age|over|under|turn|turned|turns)$/i.test(s.tokens[i - 1]?.text ?? '') && (!s.tokens[i + 1] || s.tokens[i + 1].pos === 'PUNCT' || /^(?:or|and|since|to|in|plus|years?)$/i.test(s.tokens[i + 1].text));
  if (ageLimit) {
    const others = AGE_LIMITS.filter((v) => v !== value && Math.abs(v - value) <= 7);
    changed = others[Math.floor(rng() * others.length)];
  }
  if (changed > ceiling || /\.\d/.test(t.text)) {
    const step = /\.\d/.test(t.text) && value < 2 ? 0.5 : 1;
    changed = value + step * (value + step <= ceiling ? 1 : -1) * (1 + Math.floor(rng() * 2));
    if (changed <= 0 || changed > ceiling) return null;
  }
  // "Days often go above 40 degrees": "above 20" is just as true, so a lower bound only goes up, an upper one only down.
  const bound = boundBefore(s.tokens.slice(Math.max(0, i - 2), i).map((x) => x.lower).join(' '));
  if ((bound === 'lower' && changed < value) || (bound === 'upper' && changed > value)) changed = 2 * value - changed;
  // "more than 100 per cent": nothing is more than the whole.
  if (bound === 'lower' && changed >= ceiling) return null;
  // "Around 70,000 of the 80,000 people": the part stays smaller than its whole.
  const wholeAt = s.tokens[i + 1]?.lower === 'of' ? (s.tokens[i + 2]?.lower === 'the' ? i + 3 : i + 2) : -1;
  const whole = wholeAt > 0 && /^\d[\d,]*$/.test(s.tokens[wholeAt]?.text ?? '') ? Number(s.tokens[wholeAt].text.replace(/,/g, '')) : Infinity;
  if (changed >= whole && 2 * value - changed > 0) changed = 2 * value - changed;
  if (changed <= 0 || changed > ceiling || changed >= whole || changed === value) return null;
  const next = formatLike(changed, t.text);
  return { text: replaceSpan(s, t.from, t.to, next), kind: 'number', original: t.text, replacement: next };
}

/** Adjectives of position or identity whose antonyms read wrongly ("next to" → "preceding to"). */
const FIXED_ADJECTIVES = new Set(['next', 'last', 'first', 'same', 'other', 'own', 'able', 'such', 'due', 'close', 'near', 'available', 'sure', 'likely', 'aware', 'responsible', 'used', 'known', 'called', 'based', 'related', 'similar', 'different']);

/** Verbs whose antonyms read wrongly in phrases ("take place" → "give place"). */
const PHRASAL = new Set(['be', 'have', 'do', 'get', 'make', 'say', 'call', 'know', 'take', 'give', 'come', 'go', 'put', 'set', 'keep', 'let', 'run', 'turn', 'bring', 'hold', 'break', 'join', 'need', 'use', 'find', 'see', 'look', 'show', 'work', 'play', 'mean', 'stand', 'carry', 'pass', 'pick', 'cut', 'help', 'happen', 'become', 'seem', 'leave', 'follow', 'include', 'contain', 'remain', 'stay', 'mix', 'lay', 'lie', 'sit', 'rest', 'draw', 'hit', 'catch', 'fit', 'meet', 'lead']);

/** Prepositions a verb governs ("free X from Y", "turn X into Y", "provide X with Y"), and "to" of an infinitive. */
const GOVERNED = /^(?:from|to|into|onto|with|for|as|against|upon|about|towards|toward)$/i;

/**
 * Whether the verb at i takes a governed preposition, a particle or a "to"-infinitive in its own clause
 * (up to a comma, a conjunction or a relative word): an antonym rarely takes the same one.
 */
export function governsComplement(tokens: readonly Token[], i: number): boolean {
  for (let k = i + 1; k < tokens.length; k++) {
    const t = tokens[k];
    if (t.pos === 'PUNCT' || t.pos === 'CCONJ' || t.pos === 'SCONJ' || /^(?:which|who|that|where|when|because|so)$/i.test(t.text)) return false;
    if ((t.pos === 'ADP' || t.pos === 'PART') && GOVERNED.test(t.text)) return true;
    if (k === i + 1 && /^(?:out|up|down|off|away|back|over)$/i.test(t.text)) return true;
  }
  return false;
}

/** Whether, read again, the text from..to is one word of one of these parts of speech. */
export function samePosAfterChange(text: string, from: number, to: number, pos: readonly string[]): boolean {
  const tokens = parseSentences(text).flatMap((p) => p.tokens.map((t) => ({ ...t, from: t.from + p.from, to: t.to + p.from })));
  const inside = tokens.filter((t) => t.from < to && t.to > from);
  const last = inside[inside.length - 1];
  return last !== undefined && pos.includes(last.pos);
}

/** An adjective or verb replaced by its WordNet antonym ("increases" → "decreases", "acidic" → "basic"). */
/** Verbs of amount or direction whose WordNet antonym is a plain opposite in any sentence ("increases" → "decreases"). */
const SCALAR_VERBS = new Set(['increase', 'decrease', 'rise', 'fall', 'raise', 'lower', 'gain', 'lose', 'expand', 'contract', 'grow', 'shrink', 'heat', 'cool', 'warm', 'accelerate', 'decelerate', 'strengthen', 'weaken', 'widen', 'narrow', 'lengthen', 'shorten', 'inflate', 'deflate', 'appreciate', 'depreciate', 'attract', 'repel', 'absorb', 'emit', 'import', 'export', 'lend', 'borrow', 'buy', 'sell', 'win', 'ascend', 'descend', 'freeze', 'melt', 'float', 'sink', 'gain', 'multiply', 'divide', 'speed', 'slow', 'improve', 'worsen', 'dilate', 'constrict', 'relax', 'tense', 'harden', 'soften']);

/**
 * An adjective or verb replaced by its WordNet antonym ("increases" → "decreases", "acidic" → "basic").
 * A verb only when the pair is a plain opposite of amount or direction, or the speaker says the antonym
 * somewhere in the lecture (`spoken`, lemmas): WordNet's other verb pairs read wrongly ("moved the goods" →
 * "stayed the goods", "freed" → "confined").
 */
/** Whether two senses of an adjective have opposites with nothing in common ("present": absent / past, future). */
/** Adjectives of many senses whose everyday opposite is the one WordNet gives first (measures and states). */
const PLAIN_OPPOSITES = new Set(['hot', 'cold', 'high', 'low', 'large', 'small', 'big', 'fast', 'slow', 'warm', 'cool', 'wet', 'dry', 'heavy', 'strong', 'weak', 'full', 'empty', 'thick', 'thin', 'wide', 'narrow', 'deep', 'shallow', 'long', 'short', 'old', 'young', 'open', 'closed', 'safe', 'dangerous', 'positive', 'negative', 'true', 'false', 'visible', 'invisible', 'possible', 'impossible', 'common', 'rare', 'cheap', 'expensive', 'early', 'late', 'active', 'inactive', 'stable', 'unstable', 'liquid', 'solid', 'dead', 'alive', 'living', 'male', 'female', 'internal', 'external', 'inner', 'outer', 'upper', 'lower', 'natural', 'artificial', 'legal', 'illegal', 'correct', 'incorrect', 'right', 'wrong', 'equal', 'unequal', 'same', 'different', 'increase', 'rich', 'poor', 'soft', 'hard', 'dark', 'bright', 'important', 'fair', 'simple', 'clear', 'flexible', 'useful', 'efficient', 'accurate', 'complete', 'necessary', 'healthy', 'normal', 'regular']);

export function ambiguousOpposite(adjective: string): boolean {
  const sets = antonymsBySense(adjective, 'adj').filter((a) => a.length > 0);
  return sets.some((a, i) => sets.slice(i + 1).some((b) => !a.some((x) => b.includes(x))));
}

export function changeToAntonym(s: Sentence, spoken: ReadonlySet<string> = new Set()): Falsified | null {
  if (contrasted(s)) return null;
  for (let i = 1; i < s.tokens.length; i++) {
    const t = s.tokens[i];
    const prev = s.tokens[i - 1];
    // "Check the asbestos register before you start": the verb of a time clause sets when, not what; "before you
    // stop" is nonsense rather than a false statement.
    if (/^(?:before|after|until|till)$/i.test(s.tokens[i - 2]?.text ?? '') && /^(?:you|we|they|i|he|she|it)$/i.test(prev.text)) continue;
    // "They don't go away, even if you stop using the tools": a concession holds either way; "even if you start" is
    // just as true.
    if (s.tokens.slice(Math.max(0, i - 4), i).some((x, k, near) => x.lower === 'even' && /^(?:if|though|when)$/i.test(near[k + 1]?.text ?? ''))) continue;
    const predicative = t.pos === 'ADJ' && !FIXED_ADJECTIVES.has(t.lower) && (prev.pos === 'AUX' || (prev.pos === 'ADV' && s.tokens[i - 2]?.pos === 'AUX')) && !['NOUN', 'ADP', 'PART', 'DET', 'NUM', 'PROPN', 'ADJ'].includes(s.tokens[i + 1]?.pos ?? '');
    // A finite verb only ("increases", "rose"), not a gerund ("changing prices"), and not one with a particle ("lose out").
    const particle = ['ADP', 'PART'].includes(s.tokens[i + 1]?.pos ?? '') || /^(?:out|up|down|off|away|back|over|in|on)$/i.test(s.tokens[i + 1]?.text ?? '') || separatedParticle(s.tokens, i);
    // "pays you interest": after a verb and its object pronoun, the tagger's "verb" is a noun.
    const objectNoun = prev.pos === 'PRON' && ['VERB', 'AUX'].includes(s.tokens[i - 2]?.pos ?? '') && !/^(?:i|we|you|they|he|she|it)$/i.test(s.tokens[i - 2]?.text ?? '') && /^(?:you|me|us|them|him|her)$/i.test(prev.text);
    // "is a free accessibility win": a bare verb after "a/an" and its noun's words is a noun the tagger misread.
    let np = i - 1;
    while (np > 0 && ['NOUN', 'ADJ', 'ADV', 'PROPN'].includes(s.tokens[np].pos)) np--;
    const misreadNoun = t.lower === t.lemma && np < i - 1 && /^(?:a|an)$/i.test(s.tokens[np]?.text ?? '');
    const verb = t.pos === 'VERB' && !objectNoun && !misreadNoun && !PHRASAL.has(t.lemma) && !particle && !/ing$/.test(t.lower) && !['AUX', 'DET', 'ADP', 'PART'].includes(prev.pos);
    if (!predicative && !verb) continue;
    if (t.negated) continue;
    // "Some sharks lose and replace thousands of teeth": to lose is to shed there, not to be beaten; "win" only of a
    // game, a battle, a case or a vote.
    if (verb && t.lemma === 'lose' && !s.tokens.slice(i + 1, i + 5).some((x) => /^(?:games?|matche?s?|battles?|wars?|elections?|votes?|seats?|cases?|appeals?|races?|contests?|fights?|arguments?|majority|title|cup|league)$/i.test(x.text))) continue;
    // "she raised an army", "the tax raises a lot of money": to raise is to gather there; "lowered an army" is no English.
    if (verb && t.lemma === 'raise' && s.tokens.slice(i + 1, i + 5).some((x) => /^(?:army|armies|troops|forces|men|money|funds|cash|revenue|capital|concerns?|questions?|issues?|awareness|children|family|families|cattle|sheep|alarm)$/i.test(x.text))) continue;
    // "pushes your body clock later": a verb that moves something in time or direction; its opposite in the
    // lexicon ("pulls … later") is not the opposite claim ("… earlier" would be).
    if (verb && s.tokens.slice(i + 1, i + 6).some((x) => /^(?:later|earlier|forward|forwards|backward|backwards|ahead|sooner)$/i.test(x.text))) continue;
    // "flex-start", "well-known": part of a hyphenated name or value, which has no opposite ("flex-stop").
    if (s.text[t.from - 1] === '-' || s.text[t.to] === '-') continue;
    const negativePrefix = /^(?:un|in|im|il|ir|non|dis)/;
    // Only plain opposites ("increase" → "decrease", "acidic" → "basic"), not coinages like "unalarming".
    if (predicative && !adjectiveSwappable(s, i)) continue;
    // A comparative or superlative ("lower", "fastest") compares with something: its bare antonym ("high", "slow") breaks the comparison.
    if (predicative && (t.lower !== t.lemma.toLowerCase() || /(?:er|est)$/.test(t.lower) && baseForm(t.lower, 'adj') !== t.lower)) continue;
    // An adjective only for its direct antonym, and a common word ("flat" → "contrasty" is WordNet's, no speaker's).
    // "present" is "absent" in one sense and "past" or "future" in another, "active" is "inactive" or
    // "passive": an adjective whose senses have different opposites gets one only when the speaker says it.
    // "serious" → "frivolous", "light" → "heavy": an adjective of many senses may have its opposite in another
    // sense than the speaker's ("food poisoning can be frivolous"); only plain measures keep theirs unsaid.
    const ambiguous = predicative && (ambiguousOpposite(t.lemma) || (adjectiveSenseCount(t.lemma) >= 4 && !PLAIN_OPPOSITES.has(t.lemma.toLowerCase())));
    if (ambiguous && !directAntonymsOf(t.lemma, 'adj').some((a) => spoken.has(a))) continue;
    const found = (predicative ? directAntonymsOf(t.lemma, 'adj').filter((a) => isCommonWord(a, 'adj') && !s.keys.has(a) && !s.tokens.some((x) => x.lower === a)) : antonyms(t.lemma, 'verb')).filter((a) => !a.includes(' ') && a.length > 2 && (!negativePrefix.test(a) || negativePrefix.test(t.lemma)));
    if ((verb && !SCALAR_VERBS.has(t.lemma)) || ambiguous) found.splice(0, found.length, ...found.filter((a) => spoken.has(a)));
    // "help prevent" → "help let": an opposite of many senses reads as nonsense.
    if (verb) found.splice(0, found.length, ...found.filter((a) => !PHRASAL.has(a) && !/^(?:let|allow|permit)$/.test(a)));
    if (found.length === 0) continue;
    // A verb's antonym must take the same complements: "freed factories from rivers" → "confined factories
    // from rivers" and "allowed people to be evacuated" → "denied people to be evacuated" do not.
    if (verb && governsComplement(s.tokens, i)) continue;
    // ("RSA relies on factoring being hard", "hard to spot": hard as difficult is "easy", never "soft".)
    // "Chlorophyll is very important, because it helps the leaf catch sunlight.": the reason given right after
    // would contradict the opposite inside the statement ("very unimportant, because it helps …").
    if (predicative && s.tokens.slice(i + 1, i + 3).some((x) => /^(?:because|since|as)$/i.test(x.text))) continue;
    // ("it's very hard for leaves to do their job": hard for someone to do.)
    const hardFor = /^for$/i.test(s.tokens[i + 1]?.text ?? '') && s.tokens.slice(i + 2, i + 6).some((x) => x.lower === 'to');
    const difficult = predicative && t.lemma === 'hard' && (hardFor || /^(?:being|be)$/i.test(prev.text) || /^to$/i.test(s.tokens[i + 1]?.text ?? '') || s.tokens.slice(Math.max(0, i - 3), i).some((x) => /ing$/.test(x.lower) && x.pos !== 'ADJ'));
    const base = difficult ? 'easy' : found[0];
    const word = predicative ? base : inflectVerb(base, t);
    if (!word) continue;
    const cased = /^[A-Z]/.test(t.text) ? word[0].toUpperCase() + word.slice(1) : word;
    const text = replaceSpan(s, t.from, t.to, cased);
    // Read again: the new word must be read as the same part of speech in the same place.
    if (!samePosAfterChange(text, t.from, t.from + cased.length, predicative ? ['ADJ'] : ['VERB'])) continue;
    if (repeatsInCoordination(text)) continue;
    return { text, kind: 'antonym', original: t.text, replacement: cased };
  }
  return null;
}

/**
 * Whether the adjective at i may be replaced by its antonym: not one of a coordinated pair ("large or small",
 * "flat and wide", "nice and green"), not inside a comparison ("deeper than Everest is tall", "as hot as"),
 * and not the modifier of a compound term.
 */
export function adjectiveSwappable(s: Sentence, i: number): boolean {
  const tokens = s.tokens;
  const isAdj = (k: number) => tokens[k]?.pos === 'ADJ' || (tokens[k]?.pos === 'ADV' && tokens[k + 1]?.pos === 'ADJ');
  if (tokens[i + 1]?.pos === 'CCONJ' && (isAdj(i + 2) || tokens[i + 2]?.pos === 'ADV')) return false;
  if (tokens[i - 1]?.pos === 'CCONJ' && (tokens[i - 2]?.pos === 'ADJ' || tokens[i - 2]?.pos === 'ADV')) return false;
  if (/^as$/i.test(tokens[i - 1]?.text ?? '') && /^as$/i.test(tokens[i + 1]?.text ?? '')) return false;
  // A comparison in the same clause: "-er than", "more … than", "as … as".
  if (tokens.some((t) => /^than$/i.test(t.text))) return false;
  if (/\bas \w+ as\b/i.test(s.text)) return false;
  // Attributive inside a compound noun ("small intestine", "hot spot"): the adjective names the thing.
  if (tokens[i + 1]?.pos === 'NOUN') return false;
  return true;
}

/** A false statement must not say the same content word twice in one coordination ("large or small" → "small or small"). */
export function repeatsInCoordination(text: string): boolean {
  return /\b(\w{3,})\s*,?\s+(?:or|and)\s+\1\b/i.test(text);
}

/**
 * "heats it up", "cools the water down", "turn the lights off": a particle after the verb's object (up to
 * three words on, before any punctuation or conjunction) makes a phrasal verb, whose antonym never reads
 * right ("heats it up" → "cools it up").
 */
export function separatedParticle(tokens: readonly Token[], i: number): boolean {
  for (let k = i + 1; k < tokens.length && k <= i + 4; k++) {
    const t = tokens[k];
    if (t.pos === 'PUNCT' || t.pos === 'CCONJ' || t.pos === 'SCONJ' || t.pos === 'VERB' || t.pos === 'AUX') return false;
    if (k > i + 1 && /^(?:up|down|out|off|away|back|over|apart|together)$/i.test(t.text)) return true;
  }
  return false;
}

/**
 * Words whose meaning hangs on a negation before them: a comparison ("not as bright", "doesn't warm it as
 * much"), a negative-polarity word ("any calories", "yet", "ever") or an amount ("not much", "not enough",
 * "not many"). Removing the negation leaves a sentence nobody would say.
 */
const NEEDS_NEGATION = /^(?:as|any|anymore|yet|either|ever|anything|anyone|anybody|anywhere|much|many|enough)$/i;

/** The third-person singular of a base verb ("burn" → "burns", "have" → "has"). */
function thirdPerson(base: string): string {
  if (base === 'have') return 'has';
  if (base === 'be') return 'is';
  return /(?:s|x|z|ch|sh|o)$/.test(base) ? `${base}es` : /[^aeiou]y$/.test(base) ? `${base.slice(0, -1)}ies` : `${base}s`;
}

/**
 * Removes a negation the speaker said ("The cell does not burn glucose in one go" → "The cell burns glucose
 * in one go"; "Acids are not bases" → "Acids are bases"). A negation is never added: "A function is not a
 * reusable block of code" reads as a cheap trick, not a false statement worth judging.
 */
export function changeByNegation(s: Sentence): Falsified | null {
  const words = s.tokens;
  const notAt = words.findIndex((t) => t.lower === 'not' || t.lower === "n't");
  if (notAt <= 0 || contrasted(s, notAt)) return null;
  const t = words[notAt];
  const prev = words[notAt - 1];
  // "Sometimes the equation isn't set equal to zero.": what is denied only sometimes is also true sometimes.
  // ("Villeins, sometimes called serfs, were not free.": a quantifier of an aside, not of the denial.)
  if (/^(?:sometimes|occasionally|often|some|many)\b/i.test(s.text) || words.slice(Math.max(0, notAt - 2), notAt).some((w) => /^(?:sometimes|occasionally|often)$/i.test(w.text))) return null;
  // "not only … but also", "not just", "not until": the negation is part of a construction, not a denial.
  if (/^(?:only|just|even|until|least|quite|necessarily)$/i.test(words[notAt + 1]?.text ?? '')) return null;
  // Two negations in one sentence ("not … not", "never"): removing one garbles the rest.
  if (words.filter((w) => /^(?:not|n't|never|no|nor|neither)$/i.test(w.lower)).length > 1) return null;
  // "most people don't use var any more", "it doesn't give you any calories", "it's not as bright", "it doesn't
  // warm the ground as much": a word in the negated clause that needs the negation (up to the clause's end).
  const clauseEnd = words.findIndex((w, k) => k > notAt && (w.text === ',' || w.text === ';' || w.pos === 'CCONJ' || /^(?:because|which|who|but|so|although|while|whereas)$/i.test(w.text)));
  const scope = words.slice(notAt + 1, clauseEnd < 0 ? words.length : clauseEnd);
  if (scope.some((w, k) => NEEDS_NEGATION.test(w.text) || (w.lower === 'at' && scope[k + 1]?.lower === 'all'))) return null;
  // "A break doesn't mean stopping work, it just means changing activity": the next clause corrects the
  // denied one; without the negation the two contradict each other instead of making a false statement.
  if (clauseEnd > 0 && words.slice(clauseEnd).some((w) => /^(?:just|only|simply|merely|rather|instead)$/i.test(w.text))) return null;
  // "20,000 items doesn't take two seconds, it takes about four": the clause after the comma corrects the denied one.
  if (/^[^,;]*,\s*(?:it|they|he|she|that|this)(?:'s|'re|\s+(?:is|are|was|were|takes?|took|does|do|did|means?|has|have|gets?|goes|makes?))\b/i.test(s.text.slice(t.to))) return null;
  // "A computer doesn't store letters, it stores numbers.": any verb of the correcting clause.
  {
    const comma = s.tokens.findIndex((x) => x.from >= t.to && (x.text === ',' || x.text === ';'));
    const [subject, verbAfter] = [s.tokens[comma + 1], s.tokens[comma + 2]];
    if (comma > 0 && /^(?:it|they|he|she|we|you)$/i.test(subject?.text ?? '') && ['VERB', 'AUX'].includes(verbAfter?.pos ?? '')) return null;
  }
  // "The display wasn't an offer, so he was acquitted", "you can't hear the alarm, and that's a hazard": a
  // consequence drawn from the denial; without the negation the sentence argues against itself.
  if (/[,;]\s*(?:and\s+)?(?:so|therefore|hence|thus|that's why|which is why|that's (?:a|an|the)|which (?:is|means))\b/i.test(s.text.slice(t.to))) return null;
  // "Don't worry if …", "so don't panic": an order, not a statement; without the negation it is the opposite of advice.
  let clauseStart = 0;
  for (let k = notAt - 2; k >= 0; k--) {
    if (words[k].text === ',' || words[k].pos === 'CCONJ' || /^(?:so|then|because|if|when|and|but)$/i.test(words[k].text)) {
      clauseStart = k + 1;
      break;
    }
  }
  if (/^(?:do)$/i.test(words[notAt - 1].lower) && clauseStart === notAt - 1) return null;
  // "sunburn if you're not careful", "unless it is not cooked": a condition is no claim; without its negation
  // the sentence turns into nonsense ("sunburn if you're careful"), not into a false statement.
  if (clauseStart > 0 && /^(?:if|unless|when|whenever|once|until)$/i.test(words[clauseStart - 1].text)) return null;
  // "Vaccines also protect people who haven't been vaccinated": a negation inside a relative clause
  // describes who or what is meant; removing it changes the subject of the claim, not its truth.
  if (words.slice(1, notAt).some((w, k) => /^(?:who|which|that|whose|whom|where)$/i.test(w.text) && ['NOUN', 'PROPN', 'PRON'].includes(words[k].pos))) return null;
  const verb = words[notAt + 1];
  // "does not burn" → "burns", "do not need" → "need": the helper goes with the negation.
  if (/^(?:do|does)$/i.test(prev.lower) && verb && (verb.pos === 'VERB' || verb.pos === 'AUX') && verb.lower === verb.lemma) {
    const form = prev.lower === 'does' ? thirdPerson(verb.lemma) : verb.lemma;
    const cased = /^[A-Z]/.test(prev.text) ? form[0].toUpperCase() + form.slice(1) : form;
    const text = s.text.slice(0, prev.from) + cased + s.text.slice(verb.to);
    return { text, kind: 'negation', original: s.text.slice(prev.from, verb.to), replacement: cased };
  }
  // "did not", "didn't": the past form cannot be made reliably; "did burn" reads as emphasis.
  if (prev.lower === 'did') return null;
  if (prev.pos !== 'AUX') return null;
  const full = ({ ca: 'can', wo: 'will', sha: 'shall' } as Record<string, string>)[prev.lower];
  const from = t.lower === "n't" ? t.from : prev.to;
  const text = s.text.slice(0, from) + s.text.slice(t.to);
  const fixed = full ? text.slice(0, prev.from) + full + text.slice(prev.to) : text;
  return { text: fixed, kind: 'negation', original: `${prev.text} not`, replacement: full ?? prev.text };
}

/**
 * Whether the lecture says one phrase is (a kind of) the other: "Sound is a longitudinal wave", so a "sound wave"
 * swapped for a "longitudinal wave" is still true. Phrases with the same head are compared by their modifiers.
 */
export function kindOfEachOther(sentences: readonly Sentence[], a: string, b: string): boolean {
  const esc = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const isA = (x: string, y: string) => {
    if (x.length <= 2 || y.length <= 2) return false;
    const said = new RegExp(`\\b${esc(x)}s? (?:is|are) (?:just |always |also )?(?:a |an |the )?(?:type of |kind of |form of )?${esc(y)}s?\\b`, 'i');
    return sentences.some((s) => said.test(s.text));
  };
  const [ha, hb] = [a.split(' ').pop(), b.split(' ').pop()];
  const modifier = (x: string) => x.split(' ').slice(0, -1).join(' ');
  return isA(a, b) || isA(b, a) || (ha === hb && ((modifier(a) !== '' && isA(modifier(a), b)) || (modifier(b) !== '' && isA(modifier(b), a))));
}

/** Whether a candidate is said next to this sentence's other content words elsewhere: swapping it in might make another true statement. */
/** The words for each key's kind, by term (looked up once per lecture term). */
const KIND_WORDS = new WeakMap<Term, Set<string>>();

const GENERAL_PERSON = /^(?:leader|ruler|person|people|individual|man|men|woman|women|figure|official|authority|authorities|head|chief|governor|boss)s?$/i;

/** Whether a term names a kind of person (WordNet: a person within eight levels up). */
function personKind(key: Term): boolean {
  return hypernymsUpTo(key.head, 8).some((h) => h.toLowerCase() === 'person');
}

export function mightAlsoBeTrue(sentences: readonly Sentence[], s: Sentence, key: Term, candidate: Term): boolean {
  // The word for the key's kind ("an enzyme called amylase" / "an enzyme called pepsin") says they are alike, not that both fit.
  let kindWords = KIND_WORDS.get(key);
  if (!kindWords) {
    kindWords = new Set([...hypernymsUpTo(key.key, 3), ...hypernymsUpTo(key.head, 3)].map((h) => h.toLowerCase()));
    KIND_WORDS.set(key, kindWords);
  }
  if (kindOfEachOther(sentences, key.key, candidate.key)) return true;
  // "The monarch could not suspend laws" → "The leader …": a word for anyone in charge (or anyone at all),
  // put for a particular kind of person, leaves the statement true.
  if (GENERAL_PERSON.test(candidate.head) && personKind(key)) return true;
  const context = [...s.keys].filter((k) => !key.key.split(' ').includes(k) && !kindWords.has(k) && !kindWords.has(k.replace(/s$/, '')));
  // ("lower course" beside "upper course": the shared head is the key's own word, not a sign of the same fact.)
  if (candidate.key.split(' ').some((k) => s.keys.has(k) && !key.key.split(' ').includes(k))) return true;
  const nouns = new Set(s.tokens.filter((t) => t.pos === 'NOUN' || t.pos === 'PROPN').map((t) => t.lemma));
  return candidate.occurrences.some((o) => {
    const other = sentences[o.sentence];
    // (A word the tagger reads otherwise there, "north" in lower-case captions, still counts.)
    const shared = context.filter((k) => other.keys.has(k) || other.tokens.some((t) => t.lower === k));
    // Shared verbs alone ("contains … called", "breaks … down") are a way of speaking, not the same fact:
    // at least one shared thing ("saliva", "starch") must be said with the candidate too.
    return shared.length >= 2 && shared.some((k) => nouns.has(k));
  });
}

/** Like mightAlsoBeTrue for a sibling phrase: said elsewhere with two or more of this sentence's other content words. */
function siblingMightBeTrue(sentences: readonly Sentence[], s: Sentence, key: Term, sibling: string): boolean {
  const context = [...s.keys].filter((k) => !key.key.split(' ').includes(k));
  const phrase = new RegExp(`\\b${sibling.split(' ')[0]}\\s+${key.head}`, 'i');
  return sentences.some((other) => other.index !== s.index && phrase.test(other.text) && context.filter((k) => other.keys.has(k) || other.tokens.some((t) => t.lower === k)).length >= 2);
}

/**
 * "In the secondary response, antibodies are produced much faster" → "In the primary response, …": a kind the
 * speaker names beside another of the same head ("primary response", "secondary response"), each said at
 * least twice, swapped by its modifier, where the sibling is not in the sentence and is never said in its
 * place with the same words.
 */
export function changeSibling(s: Sentence, terms: readonly Term[], sentences: readonly Sentence[]): Falsified | null {
  const index = occurrencesBySentence(terms);
  for (const { term, token, length } of index.get(s.index) ?? []) {
    if (length !== 2 || term.pos !== 'NOUN' || term.occurrences.length < 2) continue;
    const modifier = s.tokens[token];
    if (!/^[a-z]/.test(modifier.text) || s.text[modifier.from - 1] === '-') continue;
    for (const sibling of siblingCompounds(term, sentences)) {
      const word = sibling.split(' ')[0];
      if (s.text.toLowerCase().includes(word) || kindOfEachOther(sentences, term.key, sibling.toLowerCase())) continue;
      // Said of the sibling too ("both the primary and the secondary response make antibodies"): every content
      // word of this sentence recurs in a sentence about the sibling. Parallel sentences that differ
      // ("produced slowly" / "produced much faster") make the swap false, as wanted.
      const context = [...s.keys].filter((k) => !term.key.split(' ').includes(k));
      const phrase = new RegExp(`\\b${word}\\s+${term.head}`, 'i');
      // (A word the tagger reads otherwise there, "north" in lower-case captions, still counts.)
      const says = (other: Sentence, k: string) => other.keys.has(k) || other.tokens.some((t) => t.lower === k || t.lemma === k);
      if (sentences.some((other) => other.index !== s.index && phrase.test(other.text) && context.every((k) => says(other, k)))) continue;
      const siblingTerm = terms.find((t) => t.display.toLowerCase() === sibling.toLowerCase() || t.key === sibling.toLowerCase());
      if (siblingTerm && siblingTerm.occurrences.length < 2) continue;
      // "plate boundaries" → "destructive boundaries": a kind named by a property is a kind of the other, no rival.
      const said = sentences.flatMap((x) => x.tokens.filter((t, k) => t.lower === word && x.tokens[k + 1]?.lemma === term.head));
      if (said.length > 0 && said.every((t) => modifierKind(t) !== modifierKind(modifier))) continue;
      // "a primary" ↔ "an inner": the article before agrees.
      const article = s.tokens[token - 1];
      let from = modifier.from;
      let replacement = word;
      if (article && /^an?$/i.test(article.text)) {
        const agreed = /^[aeiou]/i.test(word) ? 'an' : 'a';
        replacement = `${/^A/.test(article.text) ? agreed[0].toUpperCase() + agreed.slice(1) : agreed} ${word}`;
        from = article.from;
      }
      return { text: replaceSpan(s, from, modifier.to, replacement), kind: 'swap', original: `${modifier.text} ${s.tokens[token + 1].text}`, replacement: `${word} ${s.tokens[token + 1].text}` };
    }
  }
  return null;
}

function overlapping(a: string, b: string): boolean {
  const x = a.toLowerCase().split(/\s+/);
  const y = new Set(b.toLowerCase().split(/\s+/));
  return x.some((w) => w.length > 2 && (y.has(w) || [...y].some((v) => v.length > 3 && (v.startsWith(w) || w.startsWith(v)))));
}

/**
 * A phrase that ends in a verb the tagger read as a plural noun ("magma rises up", "resistance increases as
 * it gets hotter"): a noun, then an -s form WordNet knows as a verb, not followed by a verb of its own.
 */
export function misreadVerbPhrase(tokens: readonly Token[], token: number, length: number): boolean {
  if (length < 2) return false;
  const head = tokens[token + length - 1];
  const before = tokens[token + length - 2];
  const next = tokens[token + length];
  // "evaporation, condensation and collection repeat again": the bare verb of a joined subject, read as a noun.
  if (head.lower === head.lemma && tokens[token - 1]?.lower === 'and' && isKnown(head.lower, 'verb') && ['ADV', 'ADP', 'DET'].includes(next?.pos ?? '') && ['NOUN', 'PROPN'].includes(tokens[token - 2]?.pos ?? '') && tokens[token - 3]?.text === ',') return true;
  // "A sole trader and a general partnership offer simplicity": the verb of a joined subject, inside what the
  // tagger read as one noun phrase ("general partnership offer simplicity").
  const before2 = tokens.slice(0, token);
  if (length >= 3 && before2.some((t) => t.lower === 'and') && !before2.some((t) => t.pos === 'VERB' || t.pos === 'AUX')) {
    for (let k = token + 1; k < token + length - 1; k++) {
      const t = tokens[k];
      if (t.lower === t.lemma && !/s$/.test(t.lower) && isKnown(t.lower, 'verb') && tokens[k - 1].pos === 'NOUN' && tokens[k + 1].pos === 'NOUN') return true;
    }
  }
  if (!pluralToken(head) || !['NOUN', 'PROPN'].includes(before.pos) || pluralToken(before) || !isKnown(head.lemma, 'verb')) return false;
  return !next || !['VERB', 'AUX'].includes(next.pos);
}

/** Whether a token is a plural noun ("declarations", not "glass"). */
function pluralToken(t: Token | undefined): boolean {
  return t !== undefined && t.pos === 'NOUN' && t.lower !== t.lemma && /s$/.test(t.lower) && !/ss$/.test(t.lower);
}

/** The determiner in front of a noun phrase at token: "a"/"an", another ("the", "its", "two"), or none; and whether a describing word comes between ("a big puddle"). */
export function determinerOf(tokens: readonly Token[], token: number): { det: 'a' | 'the' | 'bare'; modified: boolean } {
  let k = token - 1;
  let modified = false;
  while (k >= 0 && (tokens[k].pos === 'ADJ' || (tokens[k].pos === 'ADV' && tokens[k + 1]?.pos === 'ADJ'))) {
    modified = true;
    k--;
  }
  const t = tokens[k];
  if (!t) return { det: 'bare', modified };
  if (/^an?$/i.test(t.text)) return { det: 'a', modified };
  if (['DET', 'NUM', 'PRON', 'PROPN', 'NOUN'].includes(t.pos) || /^['’]s$/.test(t.text)) return { det: 'the', modified };
  return { det: 'bare', modified };
}

/**
 * Whether a lecture term can stand in place of the phrase at token..token+length-1 and keep the sentence
 * grammatical: the same number (never "Code are hoisted" for "Function declarations are hoisted"), a
 * determiner the speaker uses it with (never "a big salty water", never a bare "Multi store model is …"),
 * and not the head of a verb-and-particle the tagger misread ("magma rises up" → "lahars up"). With
 * numberOnly (a gap's options), the determiner is not checked.
 */
export function swapFits(sentences: readonly Sentence[], s: Sentence, token: number, length: number, candidate: string, terms: readonly Term[], numberOnly = false): boolean {
  const head = s.tokens[token + length - 1];
  if (/^(?:up|down|out|off|away|back|over)$/i.test(s.tokens[token + length]?.text ?? '')) return false;
  // A phrase ending in a verb-like plural the tagger took for a noun ("magma rises"): not a noun to replace.
  if (misreadVerbPhrase(s.tokens, token, length)) return false;
  const term = terms.find((t) => t.display.toLowerCase() === candidate.toLowerCase()) ?? terms.find((t) => t.occurrences.some((o) => o.surface.toLowerCase() === candidate.toLowerCase()));
  if (term && subtypeOfOther(s, token, length, term, sentences)) return false;
  const here = determinerOf(s.tokens, token);
  // "Reefs cover …": a capitalised first word the tagger reads as a name is still a plural noun.
  const plural = pluralToken(head) || (head.pos === 'PROPN' && token + length - 1 === 0 && /[^s]s$/.test(head.lower) && isKnown(head.lower, 'noun') && baseForm(head.lower, 'noun') !== head.lower);
  if (here.modified && candidate.trim().split(/\s+/).length > 1) return false;
  // Not a lecture term (a WordNet sibling, a compound of the speaker's): its number by its ending.
  if (!term) return /[^s]s$/i.test(candidate.trim()) === plural;
  const uses = term.occurrences.map((o) => {
    const ts = sentences[o.sentence].tokens;
    return { plural: pluralToken(ts[o.token + o.length - 1]), surface: o.surface.toLowerCase(), ...determinerOf(ts, o.token) };
  });
  const shown = uses.find((u) => u.surface === candidate.toLowerCase()) ?? uses[0];
  if (!shown || shown.plural !== plural) return false;
  // A gap's option: the gap shows its own "a/an", so only number and the describing words must fit.
  if (numberOnly) return true;
  // A name stands bare; a capitalised first word the speaker says in lower case elsewhere ("Memory is …") is no name.
  const name = head.pos === 'PROPN' && !(token === 0 && sentences.some((x) => x.tokens.some((t) => t.text === head.lower)));
  if (plural || name) return true;
  if (here.det === 'a') return uses.some((u) => u.det === 'a' || u.plural);
  if (here.det === 'bare') return term.pos === 'PROPN' || uses.some((u) => u.det === 'bare' && !u.plural);
  return true;
}

/**
 * "plate boundaries" and "destructive boundaries": the same head, one named by what it belongs to (a noun),
 * the other by a property (an adjective). A destructive boundary is a plate boundary, so the swap may leave a
 * "false" statement true; two of one pattern ("destructive"/"constructive", "plate"/"fault") are rivals.
 */
function subtypeOfOther(s: Sentence, token: number, length: number, term: Term, sentences: readonly Sentence[]): boolean {
  const o = term.occurrences[0];
  if (length < 2 || !o || o.length < 2) return false;
  return kindAndSubtype(s.tokens.slice(token + length - 2, token + length), sentences[o.sentence].tokens.slice(o.token + o.length - 2, o.token + o.length));
}

/** Whether two lecture terms are a kind and a kind of it by their last two words ("plate boundaries", "destructive boundaries"). */
export function termsKindAndSubtype(a: Term, b: Term, sentences: readonly Sentence[]): boolean {
  const [x, y] = [a.occurrences[0], b.occurrences[0]];
  if (!x || !y || x.length < 2 || y.length < 2) return false;
  return kindAndSubtype(sentences[x.sentence].tokens.slice(x.token + x.length - 2, x.token + x.length), sentences[y.sentence].tokens.slice(y.token + y.length - 2, y.token + y.length));
}

/** Two [modifier, head] pairs with the same head, one modifier naming what it belongs to and the other a property. */
function kindAndSubtype([myModifier, myHead]: readonly Token[], [theirModifier, theirHead]: readonly Token[]): boolean {
  if (myHead.lemma !== theirHead.lemma) return false;
  const [mine, other] = [modifierKind(myModifier), modifierKind(theirModifier)];
  return mine !== other && mine !== 'other' && other !== 'other';
}

/** What a word before a head noun names: a property ("destructive", "frozen") or what it belongs to ("plate"). */
function modifierKind(t: Token): 'adj' | 'noun' | 'other' {
  if (t.pos === 'ADJ' || (t.pos === 'VERB' && /(?:ed|ing)$/.test(t.lower))) return 'adj';
  return t.pos === 'NOUN' || t.pos === 'PROPN' ? 'noun' : 'other';
}

/** The written shape of a name WordNet does not know: code ("calculateTotal"), a version ("ES6"), an acronym ("SQL") or a name. */
function nameShape(text: string): string {
  if (/\d/.test(text)) return 'version';
  if (/^[a-z]+[A-Z]/.test(text)) return 'code';
  if (/^[A-Z]{2,}s?$/.test(text)) return 'acronym';
  return 'name';
}

/**
 * Whether a wrong option is the same kind of thing as a name WordNet does not know: the same written shape
 * (a version for "ES6", never the identifier "calculateTotal" or the word "camelCase"), unless the speaker
 * lists or compounds it with the key (`kin`). Other classes are matched by pickDistractors.
 */
export function sameKind(key: Term, candidate: string, kin: readonly string[] = [], kinds?: NameKinds): boolean {
  if (kin.some((k) => k.toLowerCase() === candidate.toLowerCase())) return true;
  // A name the speaker describes ("a king called Narmer"): options the speaker describes alike, people for a person.
  if (kinds && key.pos === 'PROPN' && !namesAlike(kinds, key.display, candidate)) return false;
  if (key.cls === 'proper') return nameShape(key.display) === nameShape(candidate);
  return true;
}

const LIVING = new Set(['noun.plant', 'noun.animal', 'noun.person']);

/**
 * Whether a lecture term may stand in for another inside a statement: their WordNet classes (over all
 * senses) overlap, and a living thing is swapped only for a living thing ("the plant makes glucose" never
 * becomes "the candle makes glucose"). Words WordNet does not know are left to the other checks.
 */
export function sameLexKind(key: string, candidate: string): boolean {
  const head = (x: string) => x.toLowerCase().split(/\s+/).pop() ?? x;
  const mine = nounClasses(key).length ? nounClasses(key) : nounClasses(head(key));
  const theirs = nounClasses(candidate).length ? nounClasses(candidate) : nounClasses(head(candidate));
  if (mine.length === 0 || theirs.length === 0) return true;
  if (!mine.some((c) => theirs.includes(c))) return false;
  const living = (cs: string[]) => cs.some((c) => LIVING.has(c));
  return living(mine) === living(theirs);
}

export interface DistractorQuery {
  key: Term;
  count: number;
  terms: readonly Term[];
  sentences: readonly Sentence[];
  /** The sentence the key stands in (statement must not become true). */
  sentence?: Sentence;
  /** Other texts the distractors must not overlap. */
  avoid?: readonly string[];
  /** Chapter of the question: distractors from elsewhere in the lecture are preferred. */
  chapter?: number;
  /** Texts that are right answers too (members of a category the key names): never offered as wrong. */
  alsoRight?: readonly string[];
  /** Only terms of the lecture (no WordNet relatives): for swaps inside statements. */
  lectureOnly?: boolean;
  /** What the speaker says each name is: a name's wrong options are names described alike. */
  kinds?: NameKinds;
  /** Options shown on their own (single choice): never one WordNet puts in another kind than the key. */
  strictKind?: boolean;
}

/** Concrete kinds of things whose WordNet siblings make plausible wrong options (abstract ones do not: "uses", "works"). */
/** Parents too general for their other children to be plausible alternatives ("mineral" → "material" → paper, waste; "DNA" → "polymer" → silicone). */
const GENERIC_PARENTS = new Set(['material', 'stuff', 'substance', 'matter', 'object', 'physical object', 'entity', 'thing', 'artifact', 'whole', 'unit', 'organism', 'being', 'abstraction', 'act', 'activity', 'event', 'state', 'attribute', 'group', 'part', 'relation', 'measure', 'solid', 'liquid', 'fluid', 'chemical', 'food', 'nutrient', 'compound', 'chemical compound', 'mixture', 'animal', 'plant', 'vascular plant', 'polymer', 'macromolecule', 'molecule']);

const CONCRETE = new Set(['noun.animal', 'noun.plant', 'noun.substance']);

/** The first word before a term's occurrence that is not an article ("in" for "in the gatehouse"), or "^" at the start. */
function roleWord(sentence: Sentence, token: number): string {
  for (let i = token - 1; i >= 0; i--) {
    const t = sentence.tokens[i];
    if (t.pos === 'DET' || t.pos === 'ADJ') continue;
    return t.pos === 'PUNCT' ? '^' : t.lemma;
  }
  return '^';
}

/** Whether a candidate is spoken elsewhere in the same role as the key here (after the same preposition or verb, or as a subject). */
function sameRole(sentences: readonly Sentence[], sentence: Sentence | undefined, key: Term, candidate: Term): boolean {
  if (!sentence) return false;
  const here = key.occurrences.find((o) => o.sentence === sentence.index);
  if (!here) return false;
  const role = roleWord(sentence, here.token);
  return candidate.occurrences.some((o) => roleWord(sentences[o.sentence], o.token) === role);
}

/** Kinds of names whose entity type WordNet tells apart: places (a city, not a country). */
const NAMED_KINDS = new Set(['noun.location']);

/**
 * Whether a lecture term is the same type of entity as a named key: for a place or person WordNet knows
 * (Sarajevo, a national capital), the candidate must share a class within two levels (another capital or
 * city, never Russia or France, which are countries). Terms WordNet does not know are left to the other checks.
 */
export function sameEntityType(key: Term, candidate: Term): boolean {
  if (!NAMED_KINDS.has(key.cls) && !(key.pos === 'PROPN' && NAMED_KINDS.has(nounClass(key.display) ?? ''))) return true;
  const mine = hypernymsUpTo(key.display, 2);
  if (mine.length === 0) return true;
  const theirs = hypernymsUpTo(candidate.display, 2);
  if (theirs.length === 0) return key.pos !== 'PROPN' || candidate.pos !== 'PROPN';
  return theirs.some((h) => mine.includes(h));
}

/**
 * How a distractor or a swapped-in term is shown: in the key's case ("weather" beside "climate"), but a name
 * keeps its capitals, and so does a people's or a language's adjective ("English law").
 */
export function shapedLike(text: string, key: Term): string {
  return key.pos !== 'PROPN' && !opensWithPeopleAdjective(text) && !/[A-Z].*[A-Z]/.test(text) ? text[0].toLowerCase() + text.slice(1) : text;
}

/**
 * Wrong options for a key term: the same kind of thing (same WordNet class or same kind of name/number,
 * same part of speech, same number), never overlapping the key or each other, never one that might also be
 * true in the key's sentence. From the same lecture first, then WordNet siblings of the key's head.
 */
/**
 * "evaporation", "condensation", "precipitation": processes the lecture names more than once are the same kind
 * of thing, whatever sense WordNet lists first (condensation as a thought, precipitation as an amount), and a
 * wrong option even when the speaker names it only outside facts ("We call this condensation.").
 */
function bothProcesses(key: Term, t: Term): boolean {
  const process = (x: Term) => x.pos === 'NOUN' && !x.key.includes(' ') && /(?:tion|sion|sis)$/.test(x.key) && nounClasses(x.key).includes('noun.process');
  return process(key) && process(t) && t.occurrences.length >= 2;
}

const COPULA = /^(?:is|are|was|were)$/i;
const CONTRAST = /^(?:versus|vs)$/i;

/**
 * Terms the speaker sets against the key in one sentence, each said more than once: "weather versus climate",
 * or parallel clauses ("Weather is short term, and climate is the long-term average"). Same part of speech
 * and number as the key.
 */
/** The term occurrences of each sentence, indexed once per list of terms. */
const OCCURRENCES = new WeakMap<readonly Term[], Map<number, Array<{ term: Term; token: number; length: number }>>>();
function occurrencesBySentence(terms: readonly Term[]): Map<number, Array<{ term: Term; token: number; length: number }>> {
  let found = OCCURRENCES.get(terms);
  if (!found) {
    found = new Map();
    for (const term of terms) for (const o of term.occurrences) {
      const list = found.get(o.sentence) ?? [];
      list.push({ term, token: o.token, length: o.length });
      found.set(o.sentence, list);
    }
    OCCURRENCES.set(terms, found);
  }
  return found;
}

export function contrastedWith(key: Term, terms: readonly Term[], sentences: readonly Sentence[]): Term[] {
  const out: Term[] = [];
  const index = occurrencesBySentence(terms);
  for (const o of key.occurrences) {
    const s = sentences[o.sentence];
    const keyIsSubject = COPULA.test(s.tokens[o.token + o.length]?.text ?? '');
    for (const { term: t, ...p } of index.get(o.sentence) ?? []) {
      if (t.id === key.id || t.pos !== key.pos || t.plural !== key.plural || out.includes(t) || t.occurrences.length < 2 || key.occurrences.length < 2) continue;
      const [first, second] = p.token < o.token ? [p, o] : [o, p];
      const between = s.tokens.slice(first.token + first.length, second.token).filter((x) => x.pos !== 'DET');
      const paired = between.length === 1 && CONTRAST.test(between[0].text.replace(/\.$/, ''));
      // Each the subject of its own clause: after the start, a comma or a conjunction ("one trip around the Sun is" is no subject).
      const opensClause = (token: number) => {
        let k = token - 1;
        while (k >= 0 && ['DET', 'ADJ', 'NUM'].includes(s.tokens[k].pos)) k--;
        return k < 0 || s.tokens[k].text === ',' || s.tokens[k].text === ';' || /^(?:and|but|while|whereas)$/i.test(s.tokens[k].text);
      };
      // "The important rule is: the start is included": a copula that announces, not a clause of its own.
      const announces = (token: number, length: number) => s.tokens[token + length + 1]?.text === ':';
      const parallel = keyIsSubject && COPULA.test(s.tokens[p.token + p.length]?.text ?? '') && !announces(p.token, p.length) && !announces(o.token, o.length) && opensClause(p.token) && opensClause(o.token) && s.tokens.slice(first.token, second.token).some((x) => x.text === ',' || x.pos === 'CCONJ' || x.text === ';');
      if (paired || parallel) out.push(t);
    }
  }
  return out;
}

/** WordNet parents up to three steps that say something about a word's kind (not "matter", "substance", "entity"). */
function specificParents(word: string): Set<string> {
  return new Set(hypernymsUpTo(word, 3).map((h) => h.toLowerCase()).filter((h) => !GENERIC_PARENTS.has(h) && !/^(?:physical entity|abstract entity|abstraction|fluid|molecule|organic compound|condition|status|information)$/.test(h)));
}

/** How many specific parents a lecture term shares with the key ("methane" and "carbon dioxide": gas). */
function kinship(keyParents: ReadonlySet<string>, t: Term): number {
  if (keyParents.size === 0) return 0;
  const word = t.key.includes(' ') && hypernymsUpTo(t.key, 1).length ? t.key : t.head;
  return [...specificParents(word)].filter((h) => keyParents.has(h)).length;
}

/** Broad kinds of things, the most specific first: two options of different broad kinds are no rivals. */
const BROAD_KINDS = ['person', 'animal', 'plant', 'body part', 'geographic point', 'region', 'land', 'celestial body', 'natural object', 'artifact', 'food', 'substance', 'matter', 'process', 'event', 'act', 'attribute', 'measure', 'symbol', 'written communication', 'evidence', 'message', 'language unit', 'statement', 'speech act', 'communication', 'cognition', 'group', 'possession', 'relation', 'abstraction', 'physical entity'];

const KIND_PARENTS = new Map<string, string[]>();

/** The WordNet classes of a word's first sense up to the top, via its base form or, for an unknown phrase, its last word. */
function kindParents(text: string): string[] {
  const x = text.toLowerCase().replace(/^(?:the|a|an)\s+/, '');
  let out = KIND_PARENTS.get(x);
  if (!out) {
    const tries = [x, baseForm(x, 'noun') ?? x, x.replace(/s$/, '')];
    const last = x.split(/\s+/).pop() ?? x;
    if (last !== x) tries.push(last, baseForm(last, 'noun') ?? last);
    out = [];
    for (const w of tries) {
      out = hypernymsUpTo(w, 14);
      if (out.length) break;
    }
    KIND_PARENTS.set(x, out);
  }
  return out;
}

function broadKind(parents: readonly string[]): string | undefined {
  return BROAD_KINDS.find((k) => parents.includes(k));
}

/**
 * Whether WordNet puts a wrong option in another broad kind of thing than the key ("Central Asia", land,
 * beside "Jupiter", a celestial body; "disinfectant", a substance, beside "knife", an artifact; "workshop",
 * a place, beside "thread"), or the option is a more general word for the key ("electromagnetic waves"
 * beside "radio waves", "disease" beside "plague"). Words WordNet does not know are left to the other checks.
 */
export function kindsApart(key: string, candidate: string): boolean {
  const mine = kindParents(key);
  const theirs = kindParents(candidate);
  if (!mine.length || !theirs.length) return false;
  return moreGeneral(key, candidate) || broadKind(mine) !== broadKind(theirs);
}

/** Whether a wrong option is a more general word for the key: "disease" for "plague", "electromagnetic waves" for "radio waves" (also right). */
export function moreGeneral(key: string, candidate: string): boolean {
  const mine = kindParents(key).slice(0, 6);
  if (!mine.length) return false;
  const c = candidate.toLowerCase().replace(/^(?:the|a|an)\s+/, '');
  return [c, baseForm(c, 'noun') ?? c, c.replace(/s$/, '')].some((w) => mine.includes(w));
}

/**
 * Two names the speaker describes as the same kind of thing ("Bishop Odo" and "Harold", people; "Hastings" and
 * "Pevensey", places), whatever class WordNet gives each name (Hastings a person, Harold none).
 */
function describedAlike(kinds: NameKinds | undefined, key: Term, t: Term): boolean {
  if (!kinds || key.pos !== 'PROPN' || t.pos !== 'PROPN') return false;
  const mine = kinds.get(key.display.toLowerCase());
  const theirs = kinds.get(t.display.toLowerCase());
  if (!mine || !theirs) return false;
  if (mine.has('person') && theirs.has('person')) return true;
  // Places only where WordNet does not know the name as a place: unknown, or a person of the same name (Warren Hastings).
  const misread = (x: Term) => x.cls === 'proper' || x.cls === 'noun.person';
  return mine.has('place') && theirs.has('place') && (misread(key) || misread(t));
}

/** Whether a mention ends in a possessive "'s" that is not part of the term ("St Paul" in "St Paul's": the cathedral, not the saint). */
export function possessiveAfter(s: Sentence | undefined, o: { token: number; length: number; surface: string }): boolean {
  const last = s?.tokens[o.token + o.length - 1];
  if (!s || !last || /['’]s$/i.test(o.surface)) return false;
  return /['’]s$/i.test(last.text) || /^['’]s\b/i.test(s.text.slice(last.to));
}

/** Distractors already picked, per lecture (its term list): the same query is asked again and again while a set is written and re-written. */
const distractorCache = new WeakMap<readonly Term[], Map<string, string[]>>();

export function pickDistractors(q: DistractorQuery): string[] {
  let cache = distractorCache.get(q.terms);
  if (!cache) distractorCache.set(q.terms, (cache = new Map()));
  const id = [q.key.id, q.count, q.sentence?.index ?? '', q.chapter ?? '', q.lectureOnly ? 1 : 0, q.strictKind ? 1 : 0, q.kinds ? 1 : 0, q.sentences.length, (q.avoid ?? []).join('\u0001'), (q.alsoRight ?? []).join('\u0001')].join('\u0002');
  let found = cache.get(id);
  if (!found) cache.set(id, (found = distractorsFor(q)));
  return [...found];
}

/** A month or a day of the week ("September", "Monday"). */
function calendarWord(text: string): boolean {
  return /^(?:january|february|march|april|may|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday)$/i.test(text.trim());
}

function distractorsFor(q: DistractorQuery): string[] {
  const { key } = q;
  if (key.cls === 'unknown') return [];
  const avoid = [key.display, ...(q.avoid ?? [])];
  const right = new Set((q.alsoRight ?? []).map((x) => x.toLowerCase()));
  const kindOfKey = (text: string) => right.has(text.toLowerCase()) || hypernyms(text).some((h) => h.toLowerCase() === key.head || h.toLowerCase() === key.key);
  const keyParents = specificParents(key.key.includes(' ') && hypernymsUpTo(key.key, 1).length ? key.key : key.head);
  const fromLecture = q.terms
    .filter((t) => t.id !== key.id && (t.cls === key.cls || bothProcesses(key, t) || describedAlike(q.kinds, key, t)) && t.pos === key.pos && t.plural === key.plural && (isSalient(t) || bothProcesses(key, t)) && !kindOfKey(t.display))
    .filter((t) => !avoid.some((a) => overlapping(a, t.display)))
    .filter((t) => sameEntityType(key, t))
    // "v London County Council": the second half of a case's name, no rival for anything.
    .filter((t) => !/^(?:v|vs|versus)\.?\s/i.test(t.display))
    // "September", "February" beside "Poor Law Extension" (the Act's name): a month or a day only beside another.
    .filter((t) => calendarWord(t.display) === calendarWord(key.display))
    // "Central Asia" never beside "Jupiter", "disinfectant" never beside "knife"; the speaker's own kin stay ("simple interest", "evaporation").
    .filter((t) => !moreGeneral(key.key.includes(' ') && kindParents(key.key).length ? key.key : key.display, t.display))
    // "England" for "Britain": a part or the whole of the key is often also true.
    .filter((t) => !partOf(key.display.toLowerCase(), t.display.toLowerCase()))
    .filter((t) => !q.strictKind || bothProcesses(key, t) || t.head === key.head || describedAlike(q.kinds, key, t) || !kindsApart(key.key.includes(' ') && kindParents(key.key).length ? key.key : key.display, t.display))
    .filter((t) => !q.kinds || key.pos !== 'PROPN' || namesAlike(q.kinds, key.display, t.display))
    // "raised version", "the main thing": a vague head names no rival for the key.
    .filter((t) => !VAGUE_NOUNS.has(t.head) && !VAGUE_NOUNS.has(t.display.toLowerCase().split(/\s+/).pop() ?? ''))
    // "the biggest volcano", "the most common cause": a description of one thing, not a rival name for the key.
    .filter((t) => !/^(?:\w+est|most|least)\s/i.test(t.display) || /^(?:west|east|forest|interest|chest|test|contest|harvest|crest|nest|quest|rest|protest)\s/i.test(t.display))
    // "call voltage", "known as …": a phrase the term finder took with the verb that names it.
    .filter((t) => !/^(?:call|calls|called|named|known|say|says|said|mean|means)\s/i.test(t.display))
    // "St Paul" of "St Paul's" (the cathedral): a name only ever said with its possessive names something else.
    .filter((t) => !t.occurrences.every((o) => possessiveAfter(q.sentences[o.sentence], o)))
    .filter((t) => !q.sentence || !mightAlsoBeTrue(q.sentences, q.sentence, key, t))
    .map((t) => ({ t, role: sameRole(q.sentences, q.sentence, key, t) }))
    .filter((x) => !q.lectureOnly || !q.sentence || x.role)
    .map((x) => ({ ...x, near: kinship(keyParents, x.t) }))
    .sort((x, y) => Number(y.role) - Number(x.role) || y.near - x.near || byPlace(x.t, y.t))
    // "amylase": when the lecture names two or more of the key's own kind ("pepsin", "lipase", enzymes), a
    // substance of another kind ("water", "acid") is no rival beside them.
    .filter((x, _, all) => !q.strictKind || x.near > 0 || all.filter((y) => y.near > 0).length < 2)
    .map((x) => x.t);
  function byPlace(a: Term, b: Term): number {
    return (q.chapter !== undefined ? Number(a.counts[q.chapter] > 0) - Number(b.counts[q.chapter] > 0) : 0) || b.occurrences.length - a.occurrences.length || a.id - b.id;
  }
  const out: string[] = [];
  // "Weather is short term, and climate is the long-term average.": what the speaker sets against the key is the likeliest mix-up.
  for (const t of contrastedWith(key, q.terms, q.sentences)) {
    if (out.length >= q.count) break;
    if (right.has(t.display.toLowerCase()) || avoid.some((a) => overlapping(a, t.display)) || (q.sentence && (mightAlsoBeTrue(q.sentences, q.sentence, key, t) || q.sentence.text.toLowerCase().includes(t.display.toLowerCase())))) continue;
    if ((q.kinds && key.pos === 'PROPN' && !namesAlike(q.kinds, key.display, t.display)) || calendarWord(t.display) !== calendarWord(key.display)) continue;
    out.push(shapedLike(t.display, key));
  }
  // "inner join" → "left join", "cross join": the same head with another modifier, as the speaker says it.
  for (const sib of siblingCompounds(key, q.sentences)) {
    if (out.length >= q.count) break;
    if (right.has(sib.toLowerCase()) || (q.avoid ?? []).some((a) => overlapping(a, sib.split(' ')[0])) || out.some((o) => o.split(' ')[0] === sib.split(' ')[0])) continue;
    if (q.sentence && (q.sentence.text.toLowerCase().includes(sib.toLowerCase()) || siblingMightBeTrue(q.sentences, q.sentence, key, sib))) continue;
    if (moreGeneral(key.display, sib)) continue;
    out.push(sib);
  }
  for (const t of fromLecture) {
    if (out.length >= q.count) break;
    if (out.some((o) => overlapping(o, t.display))) continue;
    out.push(shapedLike(t.display, key));
  }
  // WordNet relatives only for kinds of things whose siblings are real alternatives (elements, species) and
  // only when the word has one meaning, so the siblings are of the right sense.
  // Two of the key's kind from the lecture beat a third from WordNet ("de-iodinase" beside "pepsin", "lipase").
  const lectureKin = q.strictKind && keyParents.size > 0 && fromLecture.filter((t) => kinship(keyParents, t) > 0).length >= 2;
  if (out.length < q.count && !lectureKin && !q.lectureOnly && key.pos === 'NOUN' && CONCRETE.has(key.cls) && nounClasses(key.key.split(' ').length > 1 ? key.key : key.head).length === 1 && !hypernyms(key.key.split(' ').length > 1 ? key.key : key.head).some((h) => GENERIC_PARENTS.has(h.toLowerCase()))) {
    const words = key.key.split(' ');
    const base = (words.length > 1 ? siblings(key.key) : siblings(key.head)).slice(0, 8).filter((sib) => nounClass(sib) === key.cls);
    for (const sib of base) {
      if (out.length >= q.count) break;
      if (sib.split(' ').length > 3 || /[A-Z]/.test(sib) || !isCommonNoun(sib) || avoid.some((a) => overlapping(a, sib)) || out.some((o) => overlapping(o, sib))) continue;
      const form = key.plural ? pluralise(sib) : sib;
      if (q.sentence && q.sentence.text.toLowerCase().includes(sib.toLowerCase())) continue;
      out.push(form);
    }
  }
  return out;
}

const NOT_MODIFIERS = new Set(['the', 'a', 'an', 'this', 'that', 'these', 'those', 'each', 'every', 'any', 'some', 'no', 'one', 'first', 'second', 'last', 'next', 'other', 'same', 'new', 'whole', 'main', 'big', 'small', 'good', 'bad', 'simple', 'different', 'own', 'more', 'most', 'less', 'such', 'many', 'few', 'your', 'my', 'our', 'their', 'its', 'his', 'her']);

const JUDGEMENTS = /^(?:amazing|brilliant|favourite|favorite|scary|clever|normal|better|worse|much|huge|tiny|smaller|bigger|larger|higher|lower|fewer|greater|lesser|famous|classic|recent|real|true|actual|whole|extra|little|lovely|nice|great|cool|important|useful|interesting|typical|usual|certain|various|several|particular|specific|general|total|final|previous|following|recap|term|times|percent|plus|minus|dot|comma|doing|making|open|close)$/;

/**
 * Two-word phrases of the lecture with the key's head and another modifier ("inner join" → "left join",
 * "cross join"; "oceanic plate" → "continental plate"): the same kind of thing by the speaker's own words,
 * whatever class WordNet gives each. In the key's number.
 */
const SIBLINGS = new WeakMap<readonly Sentence[], Map<string, string[]>>();

export function siblingCompounds(key: Term, sentences: readonly Sentence[]): string[] {
  let cache = SIBLINGS.get(sentences);
  if (!cache) {
    cache = new Map();
    SIBLINGS.set(sentences, cache);
  }
  const id = `${key.display}\u0000${key.head}\u0000${key.pos}\u0000${key.cls}`;
  let out = cache.get(id);
  if (!out) {
    out = findSiblingCompounds(key, sentences);
    cache.set(id, out);
  }
  return [...out];
}

function findSiblingCompounds(key: Term, sentences: readonly Sentence[]): string[] {
  const words = key.display.split(/\s+/);
  if (words.length !== 2 || key.pos !== 'NOUN' || key.cls.startsWith('quantity') || key.cls === 'year') return [];
  const modifier = words[0].toLowerCase();
  const headForm = words[1];
  const found = new Map<string, number>();
  for (const s of sentences) {
    s.tokens.forEach((t, i) => {
      const p = s.tokens[i - 1];
      const next = s.tokens[i + 1];
      // The head of its phrase: "full table scan" is a kind of scan, not of table.
      // After an article the tagger's verbs are modifiers too ("a left join", "a cross join").
      const articled = /^(?:a|an|the)$/i.test(s.tokens[i - 2]?.text ?? '');
      if (!p || (t.lemma !== key.head && t.lower !== key.head) || (!['NOUN', 'PROPN'].includes(t.pos) && !articled) || (next && ['DET', 'PRON', 'NOUN', 'PROPN'].includes(next.pos))) return;
      // A classifying adjective or noun ("oceanic", "cross"), not a verb ("called lava"), a plural ("customers
      // table"), a judgement or degree ("amazing", "largest"), or the end of a hyphenated word ("short-term memory").
      if ((!['ADJ', 'NOUN'].includes(p.pos) && !(articled && p.pos === 'VERB')) || !/^[a-z][a-z]{2,}$/.test(p.text) || p.lower === modifier || p.lemma === key.head || NOT_MODIFIERS.has(p.lower) || JUDGEMENTS.test(p.lower)) return;
      if ((p.pos === 'NOUN' && p.lower !== p.lemma) || (p.pos === 'ADJ' && /(?:est|ier)$/.test(p.lower)) || s.text[p.from - 1] === '-') return;
      const before = s.tokens[i - 2];
      if (before && (before.pos === 'ADJ' || before.pos === 'NOUN') && before.lower !== 'and' && /^[a-z]/.test(before.text)) return;
      found.set(p.lower, (found.get(p.lower) ?? 0) + 1);
    });
  }
  // Said twice or more: a name for a kind of thing, not a passing description ("a full table scan").
  return [...found.entries()].filter(([, n]) => n >= 2).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([m]) => `${m} ${headForm}`);
}

/** The largest plausible value of a quantity named around it (a magnitude up to 10, a percentage up to 100, a pH up to 14). */
export function quantityCeiling(context: string): number {
  if (/\b(?:magnitude|richter)\b/i.test(context)) return 10;
  if (/\bph\b/i.test(context)) return 14;
  if (/%|\bper ?cent\b/i.test(context)) return 100;
  return Infinity;
}

/**
 * Number-valued wrong options for a quantity or year ("36" → "12", "72", "18"), plausible for the quantity:
 * years near the original, a decimal with the same places and close by ("7.0" → "6.0", "8.5"), nothing over
 * the quantity's ceiling (`context`: the words around the number, "magnitude 7.0" never gives "35.0").
 */
export function numberDistractors(value: string, count: number, rng: Rng, context = ''): string[] {
  const n = Number(value.replace(/,/g, ''));
  if (!Number.isFinite(n)) return [];
  const year = /^\d{4}$/.test(value) && n >= 1000 && n <= 2100;
  const decimals = /\.(\d+)/.exec(value)?.[1].length ?? 0;
  const step = decimals > 0 && n < 2 ? 0.5 : 1;
  const ceiling = quantityCeiling(context);
  const near = (k: number) => Math.round((n + k * step) * 10 ** decimals) / 10 ** decimals;
  const pool = year ? [n - 3, n + 2, n - 6, n + 5, n - 10, n + 10] : decimals > 0 || ceiling <= 14 ? [near(1), near(-1), near(2), near(-2), near(3), near(-3)] : n <= 10 ? [n * 2, n * 3, n + 1, n * 5, n / 2] : [n * 2, Math.round(n / 2), Math.round(n * 1.5), n * 3, Math.round(n * 0.75)];
  const out: string[] = [];
  for (const v of pool.filter((v) => v > 0 && v !== n && v <= ceiling && (year || Number.isInteger(v) || !Number.isInteger(n) || v >= 1))) {
    const text = formatLike(v, value);
    if (!out.includes(text) && text !== value) out.push(text);
  }
  const start = Math.floor(rng() * out.length);
  return [...out.slice(start), ...out.slice(0, start)].slice(0, count);
}
