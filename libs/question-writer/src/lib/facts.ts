import { parseSentences } from './nlp';
import { afterMarker, PLAN_ANNOUNCED, type Sentence } from './sentences';
import { VAGUE_NOUNS, nounPhraseSpans } from './terms';
import { baseForm, isKnown } from './wordnet';

/** "Photosynthesis is the process by which plants make food": a term and what the speaker says it is. */
export interface Definition {
  term: string;
  /** Whether the gloss is a noun phrase or gerund ("the process by which…", "repeating the problem…") rather than a clause ("the scaffold is safe"). */
  nominal: boolean;
  /** A complete phrase: "the process by which plants make food from light". */
  gloss: string;
  sentence: number;
}

/** Named categories and their members ("Renewable sources include solar, wind and hydro."). */
export interface Category {
  name: string;
  members: string[];
  sentence: number;
}

/** Steps the speaker presents in order (first, then, next, finally; or dated events). */
export interface Sequence {
  kind: 'steps' | 'chronology';
  items: string[];
  sentences: number[];
}

/** Items the speaker ranks or compares by an amount, highest first. */
export interface Ranking {
  /** What they are ranked by: "height", "emissions", "importance". */
  criterion: string;
  items: string[];
  sentences: number[];
}

/** "If someone is bleeding heavily, press firmly on the wound.": a situation and the action for it. */
export interface Rule {
  situation: string;
  action: string;
  sentence: number;
}

const DET = /^(?:the|a|an)\s+/i;
const BAD_GLOSS_START = /^(?:(?:the|a|an)\s+(?:\w+\s+)?(?:example|instance|case|illustration|sign|reason|result|problem)\b|the (?:best|worst|most|least|first|last|main|biggest|key|same|only|one)|a (?:lot|bit|little|big|great|good|huge|really|very)|one of|also|not|just|really|very|so|actually|basically|like|more|less|about|because|why|what|how|where|when|here|there|that|this|it|called)\b/i;
const GLOSS_NOUN = /^(?:the|a|an)\s+(?:[a-z-]+\s+){0,3}?(?:process|way|amount|measure|force|substance|molecule|part|type|kind|form|unit|place|layer|method|set|group|study|practice|rule|law|tool|number|rate|state|ability|energy|movement|change|organ|structure|system|theory|idea|period|event|person|word|name|term|value|list|table|function|block|statement|key|cost|price|money|loan|account|sum|fee|tax|risk|reaction|compound|solution|mixture|chemical|device|component|material|condition|injury|emergency|technique|position|area|region|zone|line|point|feature|property|shape|pattern|sequence|series|collection|combination|relationship|connection|link|agreement|plan|strategy|approach|stage|phase|step|cycle|chain|path|route|source|cause|effect|result|outcome|sign|symptom|signal|variable|parameter|argument|query|clause|command|operation|instruction|program|language|file|record|row|column|field|index|object|container|mountain|opening|crack|vent|mixture|liquid|gas|solid|rock|mineral|particle|wave|current|circuit|resistance|voltage|charge|flow|increase|decrease|rise|fall|loss|gain|share|percentage|fraction|ratio|group|body|gland|cell|tissue|organism|animal|plant|chemical|element|metal|acid|base|ion|protein|enzyme|memory|brain|behaviour|behavior|feeling|skill|habit|strategy|document|contract|government|country|city|empire|republic|army|war|battle|treaty|revolution|movement|invention|machine|engine|factory)\b/i;

function spanText(s: Sentence, a: number, b: number): string {
  return s.text.slice(s.tokens[a].from, s.tokens[b].to);
}

function trimEnd(text: string): string {
  return text.replace(/\s*[.!;:]+$/, '').trim();
}

/** A subject noun phrase that takes the whole start of the sentence (optionally after "the"/"a"). */
function subjectEnding(s: Sentence, verbAt: number): string | null {
  const start = ['the', 'a', 'an'].includes(s.tokens[0].lower) ? 1 : 0;
  const spans = nounPhraseSpans(s.tokens);
  const span = spans.find(([a, b]) => a === start && b === verbAt - 1);
  if (span) return spanText(s, span[0], span[1]);
  // "The rate of reaction is …": a noun phrase "of" a noun phrase.
  const head = spans.find(([a]) => a === start);
  const tail = head && s.tokens[head[1] + 1]?.lower === 'of' ? spans.find(([a, b]) => a === head[1] + 2 && b === verbAt - 1) : undefined;
  // ("The flip side of inflation is …": a side or part of something is no term of its own.)
  const vague = head !== undefined && (VAGUE_NOUNS.has(s.tokens[head[1]].lower) || /^(?:side|sides|half|part|parts|end|rest|start|beginning|middle|type|types|kind|kinds|example|opposite|lot|bit|number|amount)$/i.test(s.tokens[head[1]].lower));
  return head && tail && !vague && tail[1] - start <= 5 ? spanText(s, start, tail[1]) : null;
}

/** Definitions: "X is/are the/a …", "X refers to/means/is defined as …", "… is called X", "… is known as X". */
export function findDefinitions(sentences: readonly Sentence[]): Definition[] {
  const out: Definition[] = [];
  for (const said of sentences) {
    if (!said.fact) continue;
    // "So, a recursive function is a function that calls itself.": the marker is no part of the term.
    const s = afterMarker(said) ?? said;
    const toks = s.tokens;
    const text = trimEnd(s.text);
    // "X is the process by which …"
    const verbAt = toks.findIndex((t) => t.pos === 'AUX' || t.pos === 'VERB');
    if (verbAt > 0) {
      const term = subjectEnding(s, verbAt);
      const verb = toks[verbAt];
      const rest = trimEnd(s.text.slice(verb.to)).trim();
      // "The biggest revolt was the Satsuma Rebellion …", "The first step is …": a superlative or an ordinal picks one of several, it defines nothing.
      const lead = toks[['the', 'a', 'an'].includes(toks[0].lower) ? 1 : 0];
      const leadAt = toks.indexOf(lead);
      // ("First aid is …": a compound WordNet knows is a name.)
      const compound = lead !== undefined && isKnown(`${lead.lower} ${toks[leadAt + 1]?.lower ?? ''}`, 'noun');
      const picksOne = term !== null && !compound && ((lead?.pos === 'ADJ' && /est$/.test(lead.lower)) || /^(?:most|least|first|second|third|last|final|main|only|best|worst|next)$/i.test(lead?.lower ?? ''));
      if (term && !picksOne && !toks[verbAt + 1]?.negated) {
        let gloss: string | null = null;
        if (verb.lemma === 'be' && DET.test(rest) && !/\b(?:called|known as)\b/i.test(rest)) gloss = rest;
        // "Abrasion is when rocks carried by the river scrape against the bed.": a process defined by what happens.
        const when = verb.lemma === 'be' && /^(?:is|are)$/i.test(verb.text) ? /^(?:when|where|how (?:quickly|fast|much|many|often|far|long))\s+(?:the\s+|a\s+|an\s+)?[a-z]+\b/i.exec(rest) : null;
        if (when && !toks.slice(0, verbAt).some((t) => t.pos === 'PRON') && rest.split(/\s+/).length >= 6 && parseSentences(rest.replace(/^(?:when|where|how \w+)\s+/i, ''))[0]?.tokens.some((t) => t.pos === 'VERB' || t.pos === 'AUX')) {
          if (!rest.toLowerCase().includes(term.toLowerCase()) && !BAD_GLOSS_START.test(term) && rest.length <= 200) out.push({ term, gloss: rest, nominal: false, sentence: said.index });
          continue;
        }
        const m = /^(?:refers? to|means|is defined as|are defined as|describes?)\s+(.+)$/i.exec(s.text.slice(verb.from).replace(/[.!]$/, ''));
        if (m) gloss = m[1];
        // "the brain and spinal cord, and the peripheral nervous system is all the other nerves": the gloss ends where a second clause begins.
        if (gloss) {
          const cut = /,\s+(?:and|but|while|whereas)\s+(?:the|a|an|this|these|its|their)?\s*[\w-]+(?:\s+[\w-]+){0,3}\s+(?:is|are|was|were|has|have)\b/i.exec(gloss);
          if (cut) gloss = gloss.slice(0, cut.index);
          // "the back part, and on a worker bee there's a sting at the very end": any clause with a verb of its own after ", and".
          const joined = /,\s+(?:and|but|while|whereas|so)\s+(.+)$/i.exec(gloss);
          if (joined && parseSentences(joined[1])[0]?.tokens.some((t) => t.pos === 'AUX' || (t.pos === 'VERB' && !/ing$/.test(t.lower)))) gloss = gloss.slice(0, joined.index);
        }
        if (gloss && !BAD_GLOSS_START.test(gloss) && gloss.split(/\s+/).length >= 4 && gloss.length <= 200 && (GLOSS_NOUN.test(gloss) || /\b(?:that|which|who|where|when|by which|in which|used to|of)\b/i.test(gloss))) {
          if (!gloss.toLowerCase().includes(term.toLowerCase())) out.push({ term, gloss, nominal: isNominal(gloss), sentence: said.index });
          continue;
        }
      }
    }
    const means = /^([\w' -]{2,40}?)\s+(?:means|refers to|is defined as|stands for)\s+(.{12,200})$/i.exec(text);
    // "Lower demand means firms can't raise prices": a consequence, not a definition.
    const consequence = /\b(?:\w+er|more|less|fewer|higher|lower)\b/i.test(means?.[1] ?? '') || /\b(?:can|can't|cannot|will|won't|would|could|might|should|must)\b/i.test(means?.[2] ?? '');
    if (means && !consequence && means[1].split(/\s+/).length <= 4 && !/^(?:it|this|that|these|those|which|what|he|she|they|there|so|and|but)\b/i.test(means[1]) && !BAD_GLOSS_START.test(means[2])) {
      out.push({ term: means[1].replace(DET, ''), gloss: means[2], nominal: isNominal(means[2]), sentence: said.index });
      continue;
    }
    // "A substance that donates protons is called an acid." / "… is known as X."
    const called = /^(.+?)\s+(?:is|are)\s+(?:called|known as|named)\s+(.+)$/i.exec(text);
    if (called && DET.test(called[1]) && called[1].split(/\s+/).length >= 4 && !BAD_GLOSS_START.test(called[1])) {
      const name = called[2].replace(/,.*$/, '').trim();
      if (name.split(/\s+/).length <= 4) out.push({ term: name.replace(DET, ''), gloss: called[1][0].toLowerCase() + called[1].slice(1), nominal: true, sentence: said.index });
    }
  }
  // "A change in your surroundings, or inside your body,": a gloss cut at a comma is not the whole definition.
  // "The result was the Step Pyramid …", "The reason is …": a vague word stands for what came before; no term defined.
  return dedupeBy(out, (d) => d.term.toLowerCase()).filter((d) => !VAGUE_NOUNS.has(d.term.toLowerCase().replace(/^(?:the|a|an)\s+/, '')) && !/[,;:]\s*$/.test(d.gloss));
}

/**
 * "A cross join returns every combination of rows. This is called the Cartesian product.": the speaker
 * describes something, then names it. The description is quoted as said; the name is the answer.
 */
export interface Naming {
  term: string;
  /** What is named: "step", "process", or "" when the speaker says only "this is called …". */
  kind: string;
  /** The sentences that describe it and name it (index), in order. */
  described: number[];
  /** The description as said, without the name: "A cross join returns every combination of rows from the two tables." */
  description: string;
  /** The sentence that gives the name. */
  sentence: number;
}

const NAME_KINDS = 'step|process|stage|phase|effect|change|reaction|movement|pattern|situation|loop|spiral|cycle|journey|technique|method|relationship';
/** "This is called subduction.", "That's called a wage-price spiral.", "This step is called evaporation." */
const NAMED_AFTER = new RegExp(`^(?:this|that)(?: (?:[a-z-]+ )?(${NAME_KINDS}))?(?: is|'s|’s) (?:called|known as|named) (?:an? |the )?([\\w' -]{3,40})\\.$`, 'i');
/** "… release it through tiny pores in their leaves, a process known as transpiration." */
const NAMED_APPOSITIVE = new RegExp(`^(.{25,}?), (?:a|an) (?:[a-z-]+ )?(${NAME_KINDS}) (?:known as|called|we call|named) (?:an? |the )?([\\w' -]{3,40})\\.$`, 'i');
const PRONOUN_START = /^(?:they|it|this|these|that|those|he|she)\b/i;

/** Descriptions the speaker names right away ("… This is called subduction."). */
export function findNamings(sentences: readonly Sentence[]): Naming[] {
  const out: Naming[] = [];
  const plain = (s: Sentence | undefined) => s !== undefined && !s.text.includes('?') && !/[:;]/.test(s.text) && s.tokens.length <= 40;
  for (const s of sentences) {
    const text = s.text.trim();
    // "We call this the resultant force.": the same naming, said with "we call".
    const weCall = /^(?:so,?\s+|and\s+)?we (?:call|refer to) (?:this|that|it)(?: as)? (?:an? |the )?([\w' -]{3,40})\.$/i.exec(text);
    const after = NAMED_AFTER.exec(text) ?? (weCall ? ([weCall[0], undefined, weCall[1]] as unknown as RegExpExecArray) : null);
    const prev = sentences[s.index - 1];
    if (after && prev?.fact && plain(prev)) {
      // "Plants suck up water. Then the water travels up the stem. The water comes out as vapour. This is called
      // transpiration.": a description that goes on from the sentences before it takes them along (up to three).
      const described = [prev];
      for (let k = prev.index - 1; k >= Math.max(0, prev.index - 2); k--) {
        const before = sentences[k];
        const first = described[0];
        const continues = /^(?:then|and|next|after that|this|that|they|it)\b/i.test(first.text) || (/^the\s/i.test(first.text) && [...first.keys].some((key) => before.keys.has(key) && first.tokens.slice(0, 3).some((t) => t.lemma === key)));
        if (!continues || !plain(before) || before.chapter !== prev.chapter) break;
        described.unshift(before);
      }
      if (/^(?:then|and|next|after that|this|that|they|it)\b/i.test(described[0].text)) continue;
      out.push({ term: after[2].trim(), kind: (after[1] ?? '').toLowerCase(), described: [...described.map((d) => d.index), s.index], description: described.map((d) => d.text.trim()).join(' '), sentence: s.index });
      continue;
    }
    const appositive = NAMED_APPOSITIVE.exec(text);
    if (appositive && plain(s) && s.tokens.some((t) => t.pos === 'VERB') && !/\b(?:today|we|i|you|our|us|video|lesson)\b/i.test(appositive[1])) {
      // "They pull water up …, a process known as transpiration.": the sentence before says who "they" are.
      const needsBefore = PRONOUN_START.test(appositive[1]);
      if (needsBefore && !(plain(prev) && prev.tokens.length >= 3 && !PRONOUN_START.test(prev.text) && !/^(?:and|but|so|or|then|now|okay|ok|right)\b/i.test(prev.text))) continue;
      out.push({ term: appositive[3].trim(), kind: appositive[2].toLowerCase(), described: needsBefore ? [prev.index, s.index] : [s.index], description: `${needsBefore ? `${prev.text.trim()} ` : ''}${appositive[1].trim()}.`, sentence: s.index });
    }
  }
  return dedupeBy(
    out.filter((n) => n.term.split(/\s+/).length <= 4 && !/^(?:it|this|that|so|the same)\b/i.test(n.term) && !n.description.toLowerCase().includes(n.term.toLowerCase())),
    (n) => n.term.toLowerCase(),
  );
}

/** A gloss that names a thing (noun phrase, gerund or "to" phrase) rather than stating a clause. */
function isNominal(gloss: string): boolean {
  return /^(?:the|a|an|any|one|two|three|some|each|every)\b/i.test(gloss) || /^\w+ing\b/i.test(gloss) || /^to\s/i.test(gloss);
}

function dedupeBy<T>(items: T[], key: (x: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((x) => {
    const k = key(x);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** "A, B(,) and C" → [A, B, C] when every part is a short noun phrase. */
function listItems(text: string): string[] | null {
  const clean = text.replace(/^(?:such as|like|including|include|includes|are|is|:)\s+/i, '').replace(/\s*[.!;]$/, '');
  const parts = clean.split(/\s*,\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+/i).map((p) => p.replace(DET, '').trim()).filter(Boolean);
  if (parts.length < 2 || parts.length > 6) return null;
  if (parts.some((p) => p.split(/\s+/).length > 4 || /\b(?:is|are|was|were|has|have|can|will|do|does|that|which|because|so|then|etc|other|more|many|lots)\b/i.test(p) || !/\p{L}/u.test(p))) return null;
  // "the male bees, and they don't collect food or make honey": a clause or a verb phrase is no member.
  if (parts.some((p) => /\b(?:not|never|no|they|we|you|he|she|it|i)\b|n't\b/i.test(p) || parseSentences(p)[0]?.tokens[0]?.pos === 'VERB')) return null;
  return parts;
}

/** A category's name with no place or pointer in it, and members that end in a noun and are not parts of each other. */
function namesThings(name: string, members: readonly string[]): boolean {
  if (/\b(?:under|over|in|on|at|for|with|by|from|into|each|every|there|here)\b/i.test(name)) return false;
  const lower = members.map((m) => m.toLowerCase());
  if (lower.some((m, i) => lower.some((other, j) => i !== j && new RegExp(`\\b${m.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`).test(other)))) return false;
  return members.every((m) => {
    const last = m.split(/\s+/).pop() ?? '';
    if (/^[A-Z0-9]/.test(last)) return true;
    const word = last.toLowerCase();
    return isKnown(word, 'noun') || isKnown(word.replace(/(?:es|s)$/, ''), 'noun');
  });
}

/** Categories: "X include A, B and C", "X such as A, B and C", "examples of X are A and B", "A, B and C are (types|examples|kinds) of X". */
export function findCategories(sentences: readonly Sentence[]): Category[] {
  const out: Category[] = [];
  for (const s of sentences) {
    if (s.text.includes('?')) continue;
    const text = trimEnd(s.text).replace(/^(?:so|now|and|but)\s*,?\s+/i, '');
    let m = /^(?:the\s+)?(?:main\s+|common\s+|typical\s+|some\s+)?(?:examples|types|kinds|forms|sources) of ([\w\s-]{3,40}?) (?:are|include)\s+(.+)$/i.exec(text);
    if (m) {
      const members = listItems(m[2]);
      if (members) out.push({ name: m[1].replace(DET, ''), members, sentence: s.index });
      continue;
    }
    m = /^(.+?)\s+(?:are all|are|is)\s+(?:all\s+)?(?:examples|types|kinds|forms) of\s+([\w\s-]{3,40})$/i.exec(text);
    if (m) {
      const members = listItems(m[1]);
      if (members) out.push({ name: m[2].replace(DET, ''), members, sentence: s.index });
      continue;
    }
    // "Contact forces are the ones where the objects have to touch: friction, air resistance, …", "Then there are
    // non-contact forces, which act at a distance: gravity, magnetic force and electrostatic force.": the members after a colon.
    m = /^(?:then\s+)?(?:there (?:are|is)\s+)?((?:the\s+)?[\w-]+(?:\s+[\w-]+){0,3}?)(?:,\s+which\s+[^:,]{3,60}|\s+(?:are|is)\s+(?:the ones|those|things|ones)\b[^:]{0,80}|\s+(?:are|include))?:\s+(.+)$/i.exec(text);
    // ("Think about your coffee: farmers in Colombia, a roaster, …": an example to picture, no category.)
    if (m && !/^(?:it|this|that|these|those|they|there|we|you|i|he|she|here|so|now|remember|the answer|the rule|the point|the trick|the question|think|look|take|imagine|consider|picture|let's|say)\b/i.test(m[1]) && !/\b(?:your|our|my)\b/i.test(m[1]) && !/^(?:the\s+)?(?:two|three|four|five|six|seven|eight|nine|ten|\d+)\b/i.test(m[1])) {
      const members = listItems(m[2].replace(/,\s+(?:which|who|where|that)\b.*$/i, ''));
      const head = m[1].toLowerCase().split(/\s+/).pop() ?? '';
      if (members && members.length >= 2 && (isKnown(head, 'noun') || isKnown(head.replace(/s$/, ''), 'noun')) && !VAGUE_NOUNS.has(head)) {
        out.push({ name: m[1].replace(DET, ''), members, sentence: s.index });
        continue;
      }
    }
    m = /^((?:the\s+)?[\w-]+(?:\s+[\w-]+){0,3}?)\s+(include|includes|such as|are things like|are)\s+(.+)$/i.exec(text);
    // "The three parts are …": a count of things, not a category to sort into.
    if (m && !/^(?:it|this|that|these|those|they|there|we|you|i|he|she|some|many|most|all|other|which)\b/i.test(m[1]) && !/^(?:the\s+)?(?:two|three|four|five|six|seven|eight|nine|ten|\d+)\b/i.test(m[1])) {
      const members = listItems(m[3]);
      // "Octopuses are also really, really clever.", "Under each arm there are rows and rows of round suckers.": after a
      // bare "are", a category is a noun phrase and its members are things, different from each other.
      const things = m[2].toLowerCase() !== 'are' || (members !== null && namesThings(m[1], members));
      if (members && members.length >= 2 && things) out.push({ name: m[1].replace(DET, ''), members, sentence: s.index });
    }
  }
  return out;
}

const STEP_MARK = /^(?:(?:and\s+)?(?:so\s+)?(?:first(?:ly)?|first of all|to start|to begin(?: with)?|start by|begin by|second(?:ly)?|third(?:ly)?|fourth(?:ly)?|fifth(?:ly)?|sixth|seventh|then|next|after that|afterwards|once that(?:'s| is) done|now|finally|lastly|last of all|at the end)|step (?:one|two|three|four|five|six|\d)|the (?:first|second|third|fourth|fifth|next|last|final) step(?: is)?(?: to)?)\s*[,:]?\s*/i;
const FIRST_MARK = /^(?:(?:and\s+)?(?:so\s+)?(?:first(?:ly)?|first of all|to start|to begin(?: with)?|start by|begin by)|step (?:one|1)|the first step(?: is)?(?: to)?)\b/i;
/** "One, …" and "And five, …": a step counted aloud. */
const SPOKEN_FIRST = /^one\s*,\s+/i;
const SPOKEN_STEP = /^(?:and\s+)?(?:one|two|three|four|five|six|seven|eight)\s*,\s+/i;
const LAST_MARK = /^(?:(?:and\s+)?(?:finally|lastly|last of all)|the (?:last|final) step)\b/i;

/** "you should tilt the head" → "Tilt the head"; "you tilt the head" → "Tilt the head". */
function asStep(text: string, longest = 18): string | null {
  let t = trimEnd(text.replace(STEP_MARK, ''))
    .replace(/^(?:you|we)\s+(?:should|must|need to|have to|want to|will|can|then|just)?\s*/i, '')
    .replace(/^(?:is|was)\s+(?:to\s+)?/i, '')
    .replace(/^to\s+/i, '')
    // "Step two, if not, eliminate the candidate in last place": the step, without the condition on the one before.
    .replace(/^(?:if not|if so|otherwise),?\s+/i, '')
    // "Slide the plug well into the canal, so most of it is inside": the step without its reason.
    .replace(/,\s+so\s+(?!that\b).*$/i, '')
    // "The individuals that are best suited survive this is survival of the fittest …" (run-on captions): the
    // step without the speaker's comment on it.
    .replace(/^(.{12,}?),?\s+(?:this|that) (?:is|means)\b.*$/i, '$1');
  t = t.replace(/\s+/g, ' ').trim();
  // "Tick the two sides you're dealing with: the one you know and the one you want, or, …": a step too long to
  // restate whole is the step without the colon's detail.
  const colon = t.indexOf(': ');
  if (t.split(' ').length > longest && colon >= 0 && t.slice(0, colon).split(' ').length >= 4) t = t.slice(0, colon);
  // "Apple again", "Banana, same thing": a step of a worked example, with no action of its own.
  // ("Roll the plug …": the tagger reads an order's first word as a noun; WordNet knows it as a verb.)
  const tokens = parseSentences(t)[0]?.tokens ?? [];
  // ("On long jobs, check in at least every two hours": the order after a lead phrase, its verb read as a noun.)
  const comma = tokens.findIndex((x) => x.text === ',');
  const order = comma >= 0 && comma < 6 ? comma + 1 : 0;
  const orderVerb = tokens[order] && isKnown(tokens[order].lower, 'verb') && baseForm(tokens[order].lower, 'verb') === tokens[order].lower && ['DET', 'ADP', 'PART', 'ADV'].includes(tokens[order + 1]?.pos ?? '');
  if (!tokens.some((x) => x.pos === 'VERB' || x.pos === 'AUX') && !orderVerb) return null;
  if (t.split(/\s+/).length < 2 || t.split(/\s+/).length > longest || /\b(?:i|me|my|we|our|it|it's)\b/i.test(t) || /^(?:it|this|that|they|and|but|so|came|comes|come|there(?!'s\b| is\b| are\b))\b/i.test(t)) return null;
  return t[0].toUpperCase() + t.slice(1);
}

/** Sequences of steps signalled by first/then/next/finally, and chronologies of dated events, within one chapter. */
/** Talk about the talk: an agenda or outline of the video. */
export const AGENDA = /\b(?:we(?:'ll| will| are going to|'re going to| shall)\s+(?:look at|cover|start with|talk about|go through|discuss|see|explore|learn|finish|end)|what we(?:'ll| will| are going to|'re going to) (?:cover|do|look at)|here's (?:the (?:structure|plan|outline|agenda|roadmap)|what we(?:'ll| will)|how (?:this|the video|the lesson))|in this (?:video|lesson|lecture|session|talk|episode)|today we(?:'re| are) (?:going to|talking|looking|covering)|(?:the|our) (?:plan|agenda|outline|structure) (?:is|for today))/i;

/** Whether the sequence starting at sentence i is the speaker's agenda rather than steps or events. */
function agenda(sentences: readonly Sentence[], i: number, used: readonly number[], counted = false): boolean {
  const around = [sentences[i - 1], sentences[i], sentences[i - 2]].filter((s): s is Sentence => s !== undefined && s.chapter === sentences[i].chapter);
  if (around.some((s) => AGENDA.test(s.text) || PLAN_ANNOUNCED.test(s.text))) return true;
  // (Steps counted aloud after "There are five steps" are orders, each restated with its verb.)
  if (counted) return false;
  // A step has a verb of its own (not only one in a relative clause: "the rise of Napoleon, which takes us to 1799").
  const verbless = used.filter((j) => {
    const tokens = sentences[j].tokens;
    const cut = tokens.findIndex((t, k) => k > 0 && /^(?:which|who|where|when)$/i.test(t.text) && tokens[k - 1].text === ',');
    return !tokens.slice(0, cut < 0 ? tokens.length : cut).some((t) => t.pos === 'VERB' || t.pos === 'AUX');
  });
  const dated = used.every((j) => /\b(?:1\d{3}|20\d{2})\b/.test(sentences[j].text));
  return used.length > 0 && verbless.length * 2 > used.length && !dated;
}

/** Whether every quotation the text opens is closed in it. */
function balancedQuotes(text: string): boolean {
  return (text.match(/"/g)?.length ?? 0) % 2 === 0 && (text.match(/“/g)?.length ?? 0) === (text.match(/”/g)?.length ?? 0);
}

export function findSequences(sentences: readonly Sentence[]): Sequence[] {
  const out: Sequence[] = [];
  for (let i = 0; i < sentences.length; i++) {
    // "There are five steps. One, before you leave, log the visit …. Two, when you arrive, check in.": steps
    // counted aloud, after the speaker says there are steps (counted items without it are a list of reasons).
    const counted = SPOKEN_FIRST.test(sentences[i].text.trim()) && sentences.slice(Math.max(0, i - 2), i).some((x) => /\b(?:steps|stages|phases)\b/i.test(x.text));
    if (!FIRST_MARK.test(sentences[i].text.trim()) && !counted) continue;
    const items: string[] = [];
    const used: number[] = [];
    for (let j = i; j < sentences.length && j < i + 12 && sentences[j].chapter === sentences[i].chapter; j++) {
      const text = sentences[j].text.trim();
      if (j > i && !STEP_MARK.test(text) && !(counted && SPOKEN_STEP.test(text))) continue;
      const step = counted ? asStep(text.replace(SPOKEN_STEP, ''), 22) : asStep(text);
      // A marked step that cannot be restated on its own ("Step two, about thirty per cent is reflected …")
      // ends the sequence there: an order with a step left out is not the speaker's order.
      if (!step) break;
      items.push(step);
      used.push(j);
      if (LAST_MARK.test(text)) break;
    }
    // "First …, second …, third …" alone lists reasons; a sequence has time words (then, next, after that, finally).
    // Numbered steps ("Step one, …", "Step two, …") are a sequence by themselves.
    const numbered = counted || used.filter((j) => /^(?:and\s+)?step\s+\w+\b/i.test(sentences[j].text.trim())).length >= 3;
    const temporal = numbered || used.some((j) => /^(?:(?:and\s+)?(?:so\s+)?(?:then|next|after that|afterwards|once that(?:'s| is) done|finally|at the end)|the (?:next|last|final) step)\b/i.test(sentences[j].text.trim()));
    // The speaker's agenda ("Here's what we'll cover. First, the five types …, then …, and finally …"): the
    // order of the talk, not a process. So are steps that are only noun phrases (a periodisation, "the old
    // regime, the crisis of 1789, the Terror") unless every one carries a date.
    if (agenda(sentences, i, used, counted)) continue;
    // "First, multiply 3 times 10 to the 4 by 4 times 10 to the 5. Then multiply the powers …: 4 plus 5 is 9.": the steps
    // of worked sums, each with its numbers, are no process to put in order.
    const worked = items.filter((x) => (x.replace(/\b(?:1\d{3}|20\d{2})\b/g, '').match(/\d[\d,.]*/g)?.length ?? 0) >= 2).length >= 2;
    if (items.length >= 3 && temporal && !worked && new Set(items.map((x) => x.toLowerCase())).size === items.length) {
      out.push({ kind: 'steps', items: items.slice(0, 6), sentences: used.slice(0, 6) });
      i = used[used.length - 1];
    }
  }
  // Chronology: "In 1769, James Watt patented …".
  const dated = sentences
    .map((s) => {
      const m = /^In (\d{3,4}),?\s+(.+?)[.!]?$/.exec(s.text.trim()) ?? /^(.+?),?\s+in (\d{3,4})[.!]?$/.exec(s.text.trim());
      if (!m || !s.fact) return null;
      // ('Churchill told the House of Commons "The Battle of France is over': a quotation the event cuts in two.)
      if (!balancedQuotes(m[0])) return null;
      const [year, event] = /^In /.test(m[0]) ? [Number(m[1]), m[2]] : [Number(m[2]), m[1]];
      // "Italy didn't actually fight …": what did not happen is no event to put in order.
      if (/\b(?:not|never|didn't|did not|wasn't|weren't|n't)\b/i.test(event)) return null;
      // "… a daughter, Mary, born in 1516.": the year belongs to a participle after a comma; without it the
      // event ends "Mary, born". ("The Wall fell in 1989." keeps its main verb.)
      const words = event.split(/\s+/);
      const last = [...s.tokens].reverse().find((t) => t.text === words[words.length - 1]);
      if (last && last.pos === 'VERB' && /,$/.test(words[words.length - 2] ?? '')) return null;
      if (event.split(/\s+/).length < 3 || event.split(/\s+/).length > 20 || /\b(?:it|this|that|they|them|he|she|him|her|his|their)\b/i.test(event.split(/\s+/).slice(0, 8).join(' '))) return null;
      return { year, event: event[0].toUpperCase() + event.slice(1), sentence: s.index };
    })
    .filter((x): x is { year: number; event: string; sentence: number } => x !== null);
  const years = new Set(dated.map((d) => d.year));
  if (dated.length >= 3 && years.size === dated.length) {
    const sorted = [...dated].sort((a, b) => a.year - b.year).slice(0, 6);
    out.push({ kind: 'chronology', items: sorted.map((d) => d.event), sentences: sorted.map((d) => d.sentence) });
  }
  const days = dayByDay(sentences);
  if (days) out.push(days);
  if (!out.some((x) => x.kind === 'chronology')) {
    const inside = datesInside(sentences);
    if (inside) out.push(inside);
  }
  return out;
}


/**
 * A chronology of facts that each carry one date inside them ("In 1204, John lost Normandy …", "The charter was
 * reissued again in 1225, and …", "… he landed in England in May 1216 and took control of London."): the events
 * without their dates, in the order of the dates. Only when the lecture has no chronology of sentences that open
 * with their dates.
 */
function datesInside(sentences: readonly Sentence[]): Sequence | null {
  const events: Array<{ key: number; event: string; sentence: number }> = [];
  for (const s of sentences) {
    if (!s.fact || s.doubtful || (s.text.match(/\b(?:1\d{3}|20\d{2})\b/g) ?? []).length !== 1) continue;
    const m = DATE_INSIDE.exec(s.text);
    if (!m) continue;
    const [whole, , dayWord, ofMonth, inMonth, yearText, trail] = m;
    const at = m.index;
    const rest = s.text.slice(at + whole.length);
    // ("The final straw came in July 1214, when …": what is left would dangle.)
    if (/^\s*(?:when|which|where|who|whose)\b/i.test(rest) || (trail && /^\s*(?:when|which|where|who)\b/i.test(rest))) continue;
    const joined = `${s.text.slice(0, at)}${at === 0 ? '' : trail ? ', ' : ' '}${rest.replace(/^\s+/, '')}`.replace(/\s+([,.!])/g, '$1').replace(/\s+/g, ' ').trim();
    const event = joined.replace(/^(?:then|and then|so),?\s+/i, '').replace(/^,\s*/, '').replace(/[.!]$/, '');
    const words = event.split(/\s+/);
    if (words.length < 3 || words.length > 24 || /\b(?:not|never|didn't|did not|wasn't|weren't|n't)\b/i.test(event) || /\b(?:it|this|they|them|he|she|him|her|his|their)\b/i.test(words.slice(0, 8).join(' ')) || /^(?:the (?:final|last) straw|the (?:next|following)|later|after)\b/i.test(event)) continue;
    // ("For instant messages, like the telex in Entores v Miles Far East, it's on receipt": a rule from a case, not an event.)
    if (/\b[A-Z][a-z]+ v\.? [A-Z]|\bit(?:'s|’s| is)\b/.test(event)) continue;
    if (HALF_EVENT.test(event)) continue;
    // ("Then, in May 1961, came the Freedom Rides": the verb before its subject reads "Came the Freedom Rides".)
    if (s.tokens.some((t) => t.text === words[0] && (t.pos === 'VERB' || t.pos === 'AUX') && t.from > at)) continue;
    // ("… a daughter, Mary, born in 1516.": a participle after a comma, with nothing left after it.)
    const lastWord = [...s.tokens].reverse().find((t) => t.text === words[words.length - 1]);
    if (lastWord && lastWord.pos === 'VERB' && /,$/.test(words[words.length - 2] ?? '')) continue;
    const month = MONTHS.indexOf((ofMonth ?? inMonth ?? '').toLowerCase()) + 1;
    const day = dayWord ? Math.max(0, dayNumber(dayWord)) : 0;
    if (balancedQuotes(event)) events.push({ key: Number(yearText) * 10000 + month * 100 + day, event: event[0].toUpperCase() + event.slice(1), sentence: s.index });
  }
  const distinct = events.filter((e, i) => events.findIndex((x) => x.key === e.key) === i);
  if (distinct.length < 3 || new Set(distinct.map((e) => Math.floor(e.key / 10000))).size < 2) return null;
  const sorted = [...distinct].sort((a, b) => a.key - b.key).slice(0, 6);
  return { kind: 'chronology', items: sorted.map((d) => d.event), sentences: sorted.map((d) => d.sentence) };
}

export const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const ORDINAL_DAYS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth', 'eleventh', 'twelfth', 'thirteenth', 'fourteenth', 'fifteenth', 'sixteenth', 'seventeenth', 'eighteenth', 'nineteenth', 'twentieth'];
/** "in 1204", "in May 1216", "on the twenty-fourth of August 1215": a date said inside a sentence, with the commas around it. */
const DATE_INSIDE = new RegExp(`(,\\s*)?\\b(?:(?:on\\s+)?the\\s+([a-z]+(?:-[a-z]+)?|\\d{1,2}(?:st|nd|rd|th)?)\\s+of\\s+(${MONTHS.join('|')})\\s+|in\\s+(?:(${MONTHS.join('|')})\\s+)?)(1\\d{3}|20\\d{2})\\b(\\s*,)?`, 'i');
/** "In March 1605 Percy rented …", "Then in March 1603, Elizabeth died …": a month and year leading a sentence. */
const IN_MONTH = new RegExp(`^(?:(?:so|and|then|and then),?\\s+)?in\\s+(${MONTHS.join('|')})\\s+(1\\d{3}|20\\d{2}),?\\s+(.+?)[.!]?$`, 'i');
/** "On the twelfth of June, …", "Then, on the 14th of June 1381 …": the day (and year) leading a sentence. */
const ON_DAY = new RegExp(
  `^(?:(?:so|and|then|and then),?\\s+)?on\\s+(?:the\\s+)?(\\d{1,2}|(?:twenty|thirty)[- ]?(?:${ORDINAL_DAYS.slice(0, 9).join('|')})|twentieth|thirtieth|${ORDINAL_DAYS.join('|')})(?:st|nd|rd|th)?\\s+(?:of\\s+)?(${MONTHS.join('|')})(?:,?\\s+(1\\d{3}|20\\d{2}))?,?\\s+(.+?)[.!]?$`,
  'i',
);

function dayNumber(word: string): number {
  if (/^\d+$/.test(word)) return Number(word);
  const w = word.toLowerCase().replace(/[- ]/g, '');
  if (w === 'twentieth') return 20;
  if (w === 'thirtieth') return 30;
  const tens = w.startsWith('twenty') ? 20 : w.startsWith('thirty') ? 30 : 0;
  return tens + ORDINAL_DAYS.indexOf(tens ? w.slice(6) : w) + 1;
}

/**
 * A chronology told day by day ("On the twelfth of June, the Kent rebels camped at Blackheath … On the
 * thirteenth of June, the rebels crossed into the City …"): three or more dated days, in the year last said
 * when a day has none. The event is the rest of the sentence without a trailing aside (", partly because …").
 */
/** "now known as Bloody Sunday, state troopers …" (of "in what's now known as …"): the rest of a phrase cut by the date. */
const HALF_EVENT = /^(?:now known|known as|called|what's|what is|which|who|in what|whose)\b/i;

function dayByDay(sentences: readonly Sentence[]): Sequence | null {
  let year = 0;
  const days: Array<{ key: number; event: string; sentence: number }> = [];
  for (const s of sentences) {
    const month = IN_MONTH.exec(s.text.trim());
    const m = ON_DAY.exec(s.text.trim()) ?? (month ? [month[0], '0', month[1], month[2], month[3]] : null);
    if (m && !s.doubtful && !s.text.includes('?')) {
      const day = month && m[1] === '0' ? 0 : dayNumber(m[1]);
      const event = m[4].replace(/,\s+(?:partly|mainly|largely|probably|perhaps|including|which|who|because|although|though)\b.*$|:.*$/i, '');
      const words = event.split(/\s+/);
      // ("Then, in May 1961, came the Freedom Rides": the verb before its subject would read "Came the Freedom Rides".)
      const verbFirst = s.tokens.some((t) => t.lower === words[0]?.toLowerCase() && (t.pos === 'VERB' || t.pos === 'AUX') && s.text.indexOf(event) >= 0 && t.from === s.text.indexOf(event));
      const ok = day >= 0 && day <= 31 && words.length >= 3 && words.length <= 20 && !verbFirst && !HALF_EVENT.test(event) && !/\b(?:not|never|didn't|did not|wasn't|weren't|n't)\b/i.test(event) && !/\b(?:it|this|that|they|them|he|she|him|her|his|their)\b/i.test(words.slice(0, 8).join(' '));
      const y = m[3] ? Number(m[3]) : year;
      if (ok && balancedQuotes(event)) days.push({ key: y * 10000 + (MONTHS.indexOf(m[2].toLowerCase()) + 1) * 100 + day, event: event[0].toUpperCase() + event.slice(1), sentence: s.index });
    }
    const said = /\b(1\d{3}|20\d{2})\b/.exec(s.text);
    if (said) year = Number(said[1]);
  }
  if (days.length < 3 || new Set(days.map((d) => d.key)).size !== days.length) return null;
  const sorted = [...days].sort((a, b) => a.key - b.key).slice(0, 6);
  return { kind: 'chronology', items: sorted.map((d) => d.event), sentences: sorted.map((d) => d.sentence) };
}

const NUMBER = /(\d[\d,]*(?:\.\d+)?)/;

/** Numbers in a sentence with the word after them (their unit). */
function measure(s: Sentence): { subject: string; value: number; unit: string } | null {
  const verbAt = s.tokens.findIndex((t) => t.pos === 'AUX' || t.pos === 'VERB');
  if (verbAt <= 0) return null;
  const subject = subjectEnding(s, verbAt);
  if (!subject) return null;
  const numAt = s.tokens.findIndex((t, i) => i > verbAt && t.pos === 'NUM' && NUMBER.test(t.text));
  if (numAt < 0) return null;
  const unit = s.tokens[numAt + 1];
  if (!unit || (unit.pos !== 'NOUN' && unit.text !== '%' && unit.lower !== 'percent')) return null;
  const value = Number(s.tokens[numAt].text.replace(/,/g, ''));
  if (!Number.isFinite(value)) return null;
  return { subject, value, unit: unit.lemma === '%' ? 'percent' : unit.lemma };
}

/** Rankings: three or more subjects the speaker gives an amount in the same unit, or orders with most/second/least. */
export function findRankings(sentences: readonly Sentence[]): Ranking[] {
  const out: Ranking[] = [];
  const byUnit = new Map<string, Array<{ subject: string; value: number; sentence: number }>>();
  for (const s of sentences) {
    if (!s.fact) continue;
    const m = measure(s);
    if (!m) continue;
    const list = byUnit.get(m.unit) ?? [];
    if (!list.some((x) => x.subject.toLowerCase() === m.subject.toLowerCase() || x.value === m.value)) list.push({ subject: m.subject, value: m.value, sentence: s.index });
    byUnit.set(m.unit, list);
  }
  for (const [unit, list] of byUnit) {
    if (list.length < 3) continue;
    const sorted = [...list].sort((a, b) => b.value - a.value).slice(0, 5);
    out.push({ criterion: unit, items: sorted.map((x) => x.subject.replace(DET, '')), sentences: sorted.map((x) => x.sentence) });
  }
  // "The most important … is A. The second … is B. … the least … is C."
  const ordinal = /^(?:the\s+)?(most|second(?: most)?|third(?: most)?|least)\s+([\w-]+)\s+(?:[\w-]+\s+){0,3}?(?:is|are)\s+(.+?)[.!]?$/i;
  const chain: Array<{ rank: number; item: string; criterion: string; sentence: number }> = [];
  for (const s of sentences) {
    const m = ordinal.exec(s.text.trim());
    if (!m) continue;
    const rank = /^most/i.test(m[1]) ? 1 : /^second/i.test(m[1]) ? 2 : /^third/i.test(m[1]) ? 3 : 9;
    const item = m[3].replace(DET, '');
    if (item.split(/\s+/).length <= 6) chain.push({ rank, item, criterion: m[2], sentence: s.index });
  }
  const ranks = new Set(chain.map((c) => c.rank));
  if (chain.length >= 3 && ranks.size === chain.length) {
    const sorted = [...chain].sort((a, b) => a.rank - b.rank);
    out.push({ criterion: sorted[0].criterion, items: sorted.map((c) => c.item), sentences: sorted.map((c) => c.sentence) });
  }
  return out;
}

/** Rules: "If/When <situation>, (you should) <action>." */
export function findRules(sentences: readonly Sentence[]): Rule[] {
  const out: Rule[] = [];
  for (const s of sentences) {
    const m = /^(?:so\s+|and\s+|now\s+)?(?:if|when|whenever|once)\s+([^,]{6,140}),\s*(?:then\s+)?(?:you\s+(?:should|must|need to|have to)\s+|always\s+|immediately\s+)?(.+?)[.!]$/i.exec(s.text.trim());
    if (!m) continue;
    const action = m[2].replace(/^(?:and\s+)?step \w+\s*[:,]\s*/i, '');
    const first = s.tokens.find((t) => t.from >= s.text.indexOf(action));
    if (!first || (first.pos !== 'VERB' && !/^(?:do not|don't|never|always|call|check|keep|stay|get|leave|turn|stop|use|put|move|wash|cool|apply|press|raise|place|tell|ask|report)\b/i.test(action))) continue;
    if (!s.instruction && !s.rule) continue;
    if (m[1].split(/\s+/).length < 3 || /\b(?:i|me|my|we|our|us)\b/i.test(m[1]) || /^you\b/i.test(action) || /^(?:they|it|he|she|this|that|these|those|there)\b/i.test(m[1]) || action.split(/\s+/).length > 16 || action.split(/\s+/).length < 2) continue;
    out.push({ situation: m[1], action: action[0].toUpperCase() + action.slice(1), sentence: s.index });
  }
  return out;
}
