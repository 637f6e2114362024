import type { QuestionType } from '../folders';
import { defaultFeedback } from '../questions/feedback';
import { FEEDBACK_TEXT_MAX_LENGTH, QuestionBase, QuestionFeedback } from '../questions/types';
import type { Chapter } from '../transcripts';
import { Analysis, Sentence, Term, verbLikeAt } from './analysis';
import { Rng, shuffled } from './random';
import { articleFor, cleanSpoken, trimAtWord } from './text';

/** What stays shared between the questions of one run. */
export interface GenerationState {
  usedSentences: Set<number>;
  usedAnswerTerms: Set<number>;
  /** The answer the next true_false question should have (alternates). */
  nextTrueFalse: boolean;
  /** Terms already ranked by priority_ranking, and whether chapters were ranked by length. */
  rankedTerms: Set<number>;
  rankedChapters: boolean;
}

/** Everything a question builder needs for one slot. */
export interface SlotContext {
  analysis: Analysis;
  chapterIndex: number;
  chapter: Chapter;
  /** Position of this question among its chapter's questions, and their number. */
  part: number;
  parts: number;
  rng: Rng;
  state: GenerationState;
  feedbackEnabled: boolean;
  /** Last resort for a thin chapter: sentences already quoted may be quoted again (about another term). */
  relaxed?: boolean;
}

/** The common fields of a question of this slot, timed after the last sentence of this chapter it draws on. */
export function questionBase<T extends QuestionType>(ctx: SlotContext, type: T, question: string, evidence: readonly number[], explanation?: string): QuestionBase<T> {
  const { sentences } = ctx.analysis;
  const own = evidence.map((i) => sentences[i]).filter((s) => s && s.chapter === ctx.chapterIndex);
  const last = own.length > 0 ? Math.max(...own.map((s) => s.end)) : ctx.chapter.end;
  for (const i of evidence) ctx.state.usedSentences.add(i);
  return {
    type,
    question,
    timestamp: Math.min(ctx.chapter.end, last),
    topicTitle: ctx.chapter.title,
    topicStartTime: ctx.chapter.start,
    feedback: feedbackFor(type, ctx.feedbackEnabled ? explanation : undefined),
  };
}

function feedbackFor(type: QuestionType, explanation: string | undefined): QuestionFeedback {
  const base = defaultFeedback(type);
  return explanation ? { ...base, explanation: trimAtWord(explanation, FEEDBACK_TEXT_MAX_LENGTH) } : base;
}

/** "The video says: “…”" for a sentence. */
export function evidenceOf(sentence: Sentence, max = 400): string {
  return `The video says: “${trimAtWord(cleanSpoken(sentence.text), max)}”`;
}

/** "a, b and c". */
export function joinAnd(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** Same word, or one is the start of the other ("lift" and "lifting"). */
function related(x: string, y: string): boolean {
  return x === y || (Math.min(x.length, y.length) >= 4 && (x.startsWith(y) || y.startsWith(x)));
}

/** Terms sharing a content word cannot appear side by side as options ("cycle" and "Calvin cycle"). */
export function overlaps(a: Term, b: Term): boolean {
  return a.id === b.id || a.display.toLowerCase() === b.display.toLowerCase() || a.contentKeys.some((k) => b.contentKeys.some((l) => related(k, l)));
}

/** Rank of a term within a chapter's terms (Infinity when not among them). */
export function rankIn(analysis: Analysis, chapter: number, term: number): number {
  return analysis.chapterRank[chapter]?.get(term) ?? Infinity;
}

/** A term is strong when it is among the top terms of the chapter where it matters most. */
export function isStrong(analysis: Analysis, term: Term, top = 12): boolean {
  return (analysis.bestRank.get(term.id) ?? Infinity) < top;
}

/** This chapter's usable sentences not quoted yet, best anchors for this slot first (spread over the chapter). */
export function anchorSentences(ctx: SlotContext): Array<{ sentence: Sentence; score: number }> {
  const { analysis, chapterIndex, part, parts, state } = ctx;
  const ids = analysis.chapterSentences[chapterIndex] ?? [];
  const n = Math.max(1, ids.length);
  const center = (part + 0.5) / parts;
  const out: Array<{ sentence: Sentence; score: number }> = [];
  ids.forEach((id, position) => {
    const s = analysis.sentences[id];
    const used = state.usedSentences.has(id);
    if (s.quality <= 0 || s.straddles || (used && !ctx.relaxed)) return;
    const ranks = analysis.sentenceTerms[id].map((o) => rankIn(analysis, chapterIndex, o.term)).filter((r) => r < Infinity);
    if (ranks.length === 0) return;
    const termWeight = 1 / (1 + 0.1 * Math.min(...ranks));
    const distance = Math.max(0, Math.abs((position + 0.5) / n - center) - 0.5 / parts);
    const region = 1 - Math.min(0.6, distance * 1.5);
    out.push({ sentence: s, score: s.quality * termWeight * region * (used ? 0.3 : 1) });
  });
  return out.sort((a, b) => b.score - a.score || a.sentence.index - b.sentence.index);
}

/** Only a chapter's best terms are asked about. */
export const MAX_ANSWER_RANK = 15;

/** This chapter's nouns and names found in a sentence, best first (each once, with its first token position). */
export function chapterTermsIn(ctx: SlotContext, sentence: Sentence, top = MAX_ANSWER_RANK): Array<{ term: Term; token: number }> {
  const { analysis, chapterIndex, state } = ctx;
  const seen = new Set<number>();
  const out: Array<{ term: Term; token: number; weight: number }> = [];
  for (const o of analysis.sentenceTerms[sentence.index]) {
    if (seen.has(o.term)) continue;
    seen.add(o.term);
    const rank = rankIn(analysis, chapterIndex, o.term);
    if (rank >= top) continue;
    const term = analysis.terms[o.term];
    if (!term.nounLike) continue;
    // A plain word used as a verb here ("everyone signs in") would make an odd gap.
    if (term.kind === 'common' && term.contentKeys.length === 1 && verbLikeAt(sentence.tokens, o.token, o.token + term.keys.length - 1)) continue;
    const weight = (1 / (1 + 0.1 * rank)) * (state.usedAnswerTerms.has(term.id) ? 0.4 : 1);
    out.push({ term, token: o.token, weight });
  }
  return out.sort((a, b) => b.weight - a.weight || a.token - b.token).map(({ term, token }) => ({ term, token }));
}

/**
 * How a term is written at one place in a sentence ("electron" in "final electron acceptor", even when the
 * term is usually shown as "electrons"), with a sentence-start capital removed when the term is lower case.
 */
export function surfaceAt(sentence: Sentence, token: number, term: Term): string {
  const first = sentence.tokens[token];
  const last = sentence.tokens[token + term.keys.length - 1];
  const text = sentence.text.slice(first.from, last.to).replace(/['’]s$/u, '').replace(/\s+/g, ' ');
  if (text.toLowerCase() === term.display.toLowerCase()) return term.display;
  return /^\p{Ll}/u.test(term.display) ? text[0].toLowerCase() + text.slice(1) : text;
}

/** How a chapter usually writes a term ("hard hats" where the video elsewhere says "hard hat"). */
export function formIn(analysis: Analysis, chapter: number, term: Term): string {
  const counts = new Map<string, number>();
  for (const o of term.occurrences) {
    const s = analysis.sentences[o.sentence];
    if (s.chapter !== chapter) continue;
    const form = surfaceAt(s, o.token, term);
    counts.set(form, (counts.get(form) ?? 0) + 1);
  }
  let best = term.display;
  let bestCount = 0;
  for (const [form, count] of counts) if (count > bestCount || (count === bestCount && form === term.display)) [best, bestCount] = [form, count];
  return best;
}

/** Token positions of every occurrence of a term in a sentence. */
export function occurrencesIn(analysis: Analysis, sentence: Sentence, term: Term): number[] {
  return analysis.sentenceTerms[sentence.index].filter((o) => o.term === term.id).map((o) => o.token);
}

/**
 * The sentence with every occurrence of `term` replaced. An "a"/"an" right before it becomes "a/an"
 * (for a blank) or agrees with the replacement word.
 */
export function replaceTerm(analysis: Analysis, sentence: Sentence, term: Term, replacement: string, article: 'slash' | 'agree'): string {
  const { tokens, text } = sentence;
  let out = '';
  let cursor = 0;
  for (const p of occurrencesIn(analysis, sentence, term)) {
    const first = tokens[p];
    const last = tokens[p + term.keys.length - 1];
    const end = last.to - (/['’]s$/u.test(last.raw) ? 2 : 0);
    if (cursor > 0 && /^\s+$/.test(text.slice(cursor, first.from))) {
      cursor = end; // a stuttered repeat ("empathy empathy") becomes one replacement
      continue;
    }
    const prev = tokens[p - 1];
    let from = first.from;
    let lead = '';
    if (prev && /^an?$/i.test(prev.raw) && /^\s+$/.test(text.slice(prev.to, first.from)) && prev.from >= cursor) {
      const word = article === 'slash' ? 'a/an' : articleFor(replacement);
      lead = (/^A/.test(prev.raw) ? word[0].toUpperCase() + word.slice(1) : word) + ' ';
      from = prev.from;
    }
    out += text.slice(cursor, from) + lead + replacement;
    cursor = end;
  }
  return out + text.slice(cursor);
}

/**
 * Whether putting `candidate` where `term` stands (tokens [token, token+len) of the sentence) might make
 * another true statement: the candidate is already in the sentence, or it is spoken elsewhere next to
 * the same distinctive words as the original.
 */
export function mightAlsoBeTrue(analysis: Analysis, sentence: Sentence, token: number, len: number, candidate: Term): boolean {
  if (candidate.contentKeys.some((k) => sentence.keys.has(k))) return true;
  const limit = Math.max(3, analysis.sentences.length * 0.25);
  const context = new Set<string>();
  const take = (from: number, step: number) => {
    let found = 0;
    for (let i = from; i >= 0 && i < sentence.tokens.length && found < 2; i += step) {
      const t = sentence.tokens[i];
      if (!t.content) continue;
      found++;
      if ((analysis.keySentenceCount.get(t.key) ?? 0) <= limit) context.add(t.key);
    }
  };
  take(token - 1, -1);
  take(token + len, 1);
  for (const k of candidate.contentKeys) context.delete(k);
  if (context.size === 0) return false;
  const span = candidate.keys.length;
  for (const o of candidate.occurrences) {
    const tokens = analysis.sentences[o.sentence].tokens;
    for (let i = Math.max(0, o.token - 4); i < Math.min(tokens.length, o.token + span + 4); i++) {
      if (tokens[i].content && context.has(tokens[i].key)) return true;
    }
  }
  return false;
}

const prefixCache = new WeakMap<ReadonlySet<string>, Set<string>>();

/** Every start (3 letters or more) of every word key of a chapter. */
function prefixesOf(keys: ReadonlySet<string>): Set<string> {
  let out = prefixCache.get(keys);
  if (!out) {
    out = new Set<string>();
    for (const k of keys) for (let n = 3; n <= k.length; n++) out.add(k.slice(0, n));
    prefixCache.set(keys, out);
  }
  return out;
}

/** Whether a chapter speaks a term's words, or words that start the same ("NAD" / "NADH", "lift" / "lifting"). */
export function mentionedIn(analysis: Analysis, chapter: number, term: Term): boolean {
  const keys = analysis.chapterKeys[chapter];
  if (!keys) return false;
  const prefixes = prefixesOf(keys);
  return term.contentKeys.some((k) => {
    if (prefixes.has(k)) return true;
    for (let n = 4; n < k.length; n++) if (keys.has(k.slice(0, n))) return true;
    return false;
  });
}

export interface DistractorOptions {
  count: number;
  /** Also avoid overlapping these (the other options). */
  exclude?: readonly Term[];
  /** Where a distractor would stand in for the correct term: checked for grammar and "also true". */
  sentence?: Sentence;
  token?: number;
  /** Same number (singular/plural) for common nouns, so the statement still reads right. */
  grammatical?: boolean;
  /** Whether the correct term is plural where it stands (when it differs from its usual form). */
  plural?: boolean;
  /** Only terms never spoken in this chapter. */
  absentFromChapter?: boolean;
  /** Word keys a distractor must not contain (a chapter title, for instance). */
  avoidKeys?: ReadonlySet<string>;
}

/** Two terms can stand in for each other: years only with years; for grammar, same number for common nouns. */
export function compatible(a: Term, b: Term, grammatical: boolean, plural = a.plural): boolean {
  if ((a.kind === 'year') !== (b.kind === 'year')) return false;
  if (grammatical && a.kind === 'common' && b.kind === 'common' && plural !== b.plural) return false;
  return true;
}

function similarity(a: Term, b: Term): number {
  let score = 0;
  if (a.kind === b.kind) score += 2;
  if (a.contentKeys.length === b.contentKeys.length) score += 1;
  if (Math.abs(a.display.length - b.display.length) <= 6) score += 0.5;
  if (a.plural === b.plural) score += 0.5;
  return score;
}

/**
 * Wrong options for a correct term: other key terms of the video of a similar form, preferably from
 * other chapters, never overlapping the correct term or each other, never one that might also be right.
 */
export function pickDistractors(ctx: SlotContext, correct: Term, opts: DistractorOptions): Term[] {
  const { analysis, chapterIndex, rng } = ctx;
  const exclude = [correct, ...(opts.exclude ?? [])];
  const { maxStrength } = analysis;
  const ranked = analysis.terms
    .filter((t) => {
      if (t.strength <= 0 || !t.nounLike || exclude.some((e) => overlaps(e, t))) return false;
      if (!compatible(correct, t, opts.grammatical ?? false, opts.plural ?? correct.plural)) return false;
      if (!isStrong(analysis, t)) return false;
      if (opts.absentFromChapter && mentionedIn(analysis, chapterIndex, t)) return false;
      if (opts.avoidKeys && t.contentKeys.some((k) => opts.avoidKeys?.has(k))) return false;
      if (opts.sentence && mightAlsoBeTrue(analysis, opts.sentence, opts.token ?? 0, correct.keys.length, t)) return false;
      return true;
    })
    .map((t) => ({ t, score: (t.counts[chapterIndex] === 0 ? 1.5 : 0) + similarity(correct, t) + t.strength / maxStrength }))
    .sort((a, b) => b.score - a.score || a.t.id - b.t.id);
  const pool = shuffled(ranked.slice(0, opts.count + 2), rng).sort((a, b) => Math.round(b.score) - Math.round(a.score));
  const chosen: Term[] = [];
  for (const { t } of [...pool, ...ranked.slice(opts.count + 2)]) {
    if (chosen.length >= opts.count) break;
    if (chosen.some((c) => overlaps(c, t))) continue;
    chosen.push(t);
  }
  return chosen;
}

/** First sentence of this chapter (a usable one) in which a term is spoken. */
export function firstMentionInChapter(analysis: Analysis, chapter: number, term: Term): Sentence | undefined {
  for (const o of term.occurrences) {
    const s = analysis.sentences[o.sentence];
    if (s.chapter === chapter && !s.straddles) return s;
  }
  return undefined;
}
