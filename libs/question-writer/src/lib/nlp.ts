import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import { isKnown } from './wordnet';

/** One word or mark of a sentence, as wink-nlp reads it, with its place in the analysed text. */
export interface Token {
  text: string;
  lower: string;
  lemma: string;
  /** Universal part-of-speech tag (NOUN, PROPN, VERB, AUX, ADJ, NUM, DET, ...). */
  pos: string;
  /** wink's token type: word, number, punctuation, ... */
  type: string;
  from: number;
  to: number;
  /** Part of a negated stretch ("is not used"). */
  negated: boolean;
}

/** A named entity wink-nlp recognises (DATE, CARDINAL, ORDINAL, MONEY, PERCENT, TIME, DURATION, ...), by token positions in its sentence. */
export interface Entity {
  type: string;
  value: string;
  first: number;
  last: number;
}

/** A sentence as wink-nlp splits it, with character offsets in the analysed text. */
export interface ParsedSentence {
  text: string;
  from: number;
  to: number;
  tokens: Token[];
  entities: Entity[];
}

type Engine = ReturnType<typeof winkNLP>;

/** The small part of wink-nlp's document API used here, typed loosely (its own typings reject lemma and span). */
interface WinkItem {
  out(f?: unknown): unknown;
}
interface WinkCollection {
  out(f?: unknown): unknown[];
  each(cb: (item: WinkItem) => void): void;
}
interface WinkDoc {
  tokens(): WinkCollection;
  entities(): WinkCollection;
  sentences(): WinkCollection;
}
let engine: Engine | null = null;

/** The shared wink-nlp instance (its English lite model loads once, in about 150 ms). */
function nlp(): Engine {
  engine ??= winkNLP(model, ['sbd', 'pos', 'ner', 'negation']);
  return engine;
}

/** Loads the language model now rather than on the first transcript. */
export function warmUpNlp(): void {
  nlp();
}

/**
 * A sentence the tagger left without a verb ("The demand for electricity rises every winter") has its
 * likeliest verb back: the first inflected noun after a noun that WordNet also knows as a verb.
 */
function retagMissingVerb(tokens: Token[]): void {
  if (tokens.some((t) => t.pos === 'VERB' || t.pos === 'AUX')) return;
  for (let i = 1; i < tokens.length; i++) {
    const t = tokens[i];
    const prev = tokens[i - 1];
    if (t.pos === 'NOUN' && /s$/.test(t.lower) && t.lower !== t.lemma && (prev.pos === 'NOUN' || prev.pos === 'PROPN') && isKnown(t.lemma, 'verb')) {
      t.pos = 'VERB';
      return;
    }
  }
  // "Evaporation and transpiration move a huge amount …": a bare verb after two nouns joined by "and", before a determiner.
  for (let i = 3; i < tokens.length - 1; i++) {
    const t = tokens[i];
    if (t.pos === 'NOUN' && t.lower === t.lemma && ['NOUN', 'PROPN'].includes(tokens[i - 1].pos) && tokens[i - 2].lower === 'and' && ['NOUN', 'PROPN'].includes(tokens[i - 3].pos) && /^(?:a|an|the|some|most|much|many|all|their|its)$/i.test(tokens[i + 1].text) && isKnown(t.lower, 'verb')) {
      t.pos = 'VERB';
      return;
    }
  }
}

/**
 * A subject the tagger read as an order: a gerund before its verb ("Sorting puts data in order.", "Swimming is good
 * exercise.") or a name of two words whose first is also a verb ("Merge sort was invented by …"). The first word
 * becomes a noun; a real order has no verb of its own right after its object ("Check the labels.").
 */
function retagSubjectReadAsOrder(tokens: Token[]): void {
  const [a, b, c] = tokens;
  if (!a || !b || a.pos !== 'VERB' || !/^[A-Z][a-z]+$/.test(a.text)) return;
  const finite = (t: Token | undefined) =>
    t !== undefined && ((t.pos === 'AUX' && /^(?:is|was|has|can|will|does|must|may|might|should|would|could)$/i.test(t.text)) || (t.pos === 'VERB' && /(?:[^s]s|ed)$/.test(t.lower) && t.lower !== t.lemma));
  const gerund = /ing$/.test(a.lower) && a.lower !== a.lemma && finite(b);
  const compound = a.lower === a.lemma && b.pos === 'NOUN' && b.lower === b.lemma && !/s$/.test(b.lower) && finite(c);
  if (gerund || compound) a.pos = 'NOUN';
}

/** Splits a text into sentences of tagged tokens (parts of speech, lemmas, entities, negation). */
export function parseSentences(text: string): ParsedSentence[] {
  const n = nlp();
  const its = n.its as unknown as Record<'value' | 'pos' | 'lemma' | 'type' | 'negationFlag' | 'detail' | 'span', unknown>;
  // ("… check in. Three, on long jobs, …": the tokenizer reads "in." as inches and "no." as number, and so never
  // ends the sentence there; a space before the full stop makes it one. Tokens are mapped back onto the text as said.)
  const doc = n.readDoc(text.replace(/\b(in|no)\.(?=\s+[A-Z])/gi, '$1 .')) as unknown as WinkDoc;
  const values = doc.tokens().out(its.value) as string[];
  const pos = doc.tokens().out(its.pos) as string[];
  const lemma = doc.tokens().out(its.lemma) as string[];
  const type = doc.tokens().out(its.type) as string[];
  const negated = doc.tokens().out(its.negationFlag) as unknown as boolean[];
  const tokens: Token[] = [];
  let cursor = 0;
  values.forEach((value, i) => {
    const found = text.indexOf(value, cursor);
    const from = found >= 0 && found - cursor < 40 ? found : cursor;
    const to = found >= 0 && found - cursor < 40 ? from + value.length : cursor;
    cursor = to;
    tokens.push({ text: value, lower: value.toLowerCase(), lemma: (lemma[i] ?? value).toLowerCase(), pos: pos[i] ?? 'X', type: type[i] ?? 'word', from, to, negated: Boolean(negated[i]) });
  });
  const entities: Array<{ type: string; value: string; span: [number, number] }> = [];
  doc.entities().each((e) => {
    const detail = e.out(its.detail) as unknown as { type: string; value: string };
    const span = e.out(its.span) as unknown as [number, number];
    entities.push({ type: detail.type, value: detail.value, span });
  });
  const spans: Array<[number, number]> = [];
  doc.sentences().each((s) => {
    const [a, b] = s.out(its.span) as unknown as [number, number];
    // ('… and say, "Can you check the red file for me?", whoever answers will know …': a question quoted inside a
    // sentence ends no sentence; what follows its comma belongs to it.)
    const last = spans[spans.length - 1];
    if (last && /^[,;]$/.test(tokens[a]?.text ?? '') || (last && /^["”']$/.test(tokens[a]?.text ?? '') && tokens[a + 1]?.text === ',')) last[1] = b;
    else spans.push([a, b]);
  });
  const out: ParsedSentence[] = [];
  for (const [a, b] of spans) {
    const own = tokens.slice(a, b + 1);
    if (own.length === 0) continue;
    const from = own[0].from;
    const to = own[own.length - 1].to;
    retagSubjectReadAsOrder(own);
    retagMissingVerb(own);
    out.push({
      text: text.slice(from, to),
      from,
      to,
      tokens: own.map((t) => ({ ...t, from: t.from - from, to: t.to - from })),
      entities: entities.filter((e) => e.span[0] >= a && e.span[1] <= b).map((e) => ({ type: e.type, value: e.value, first: e.span[0] - a, last: e.span[1] - a })),
    });
  }
  return out;
}
