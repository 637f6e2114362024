import { DragDropQuestion, MatchingQuestion, OrderingQuestion, PriorityRankingQuestion, SortingGroupsQuestion } from '../questions/types';
import type { Chapter } from '../transcripts';
import { Analysis, Sentence, Term, keysOf, verbLikeAt } from './analysis';
import { SlotContext, anchorSentences, firstMentionInChapter, formIn, joinAnd, mentionedIn, overlaps, questionBase as questionOf, replaceTerm, surfaceAt } from './context';
import { nonIdentityPermutation, randomInt, shuffled } from './random';
import { BLANK, SNIPPET_MAX_LENGTH, capitalise, cleanSpoken, trimAtWord, windowAround } from './text';

const MATCH_SNIPPET_MAX_LENGTH = 110;
const ITEM_SNIPPET_MAX_LENGTH = 100;

/** Stored order `perm` of items given in answer order: options[k] = items[perm[k]]; answer lists stored indexes in order. */
function storeShuffled<T>(itemsInOrder: readonly T[], ctx: SlotContext): { stored: T[]; answer: number[] } {
  const perm = nonIdentityPermutation(itemsInOrder.length, ctx.rng);
  const stored = perm.map((i) => itemsInOrder[i]);
  const answer = itemsInOrder.map((_, i) => perm.indexOf(i));
  return { stored, answer };
}

/** Sentences of a chapter that can be quoted, in time order. */
function quotable(analysis: Analysis, chapter: number): Sentence[] {
  return (analysis.chapterSentences[chapter] ?? []).map((i) => analysis.sentences[i]).filter((s) => s.quality > 0 && !s.straddles);
}

/** Key for telling snippets apart regardless of case and punctuation. */
function snippetKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .slice(0, 40);
}

interface Pair {
  term: Term;
  /** The term as written where it is explained. */
  form: string;
  text: string;
  sentence: Sentence;
}

/**
 * matching: 3–4 key terms of this chapter (and, if needed, earlier ones) with what the video says about
 * each: its definition, or the sentence it appears in with the term blanked.
 */
export function buildMatching(ctx: SlotContext): MatchingQuestion | null {
  const { analysis, chapterIndex, rng, state } = ctx;
  const pairs: Pair[] = [];
  const fits = (term: Term, text: string) => {
    if (pairs.some((p) => overlaps(p.term, term) || p.text.toLowerCase() === text.toLowerCase())) return false;
    const keys = keysOf(text);
    if ([term, ...pairs.map((p) => p.term)].some((t) => t.contentKeys.some((k) => keys.has(k)))) return false;
    return !pairs.some((p) => {
      const other = keysOf(p.text);
      return term.contentKeys.some((k) => other.has(k));
    });
  };
  const add = (term: Term, text: string, sentence: Sentence, form = term.display) => {
    if (pairs.length < 4 && fits(term, text)) pairs.push({ term, text, sentence, form });
  };
  const wanted = randomInt(rng, 3, 4);
  const chapters = [chapterIndex, chapterIndex - 1, chapterIndex - 2].filter((c) => c >= 0);
  for (const c of chapters) {
    const defs = analysis.definitions.filter((d) => analysis.sentences[d.sentence].chapter === c && !analysis.sentences[d.sentence].straddles);
    for (const d of defs) if (pairs.length < wanted) add(analysis.terms[d.term], capitalise(trimAtWord(d.text, MATCH_SNIPPET_MAX_LENGTH)), analysis.sentences[d.sentence], formIn(analysis, c, analysis.terms[d.term]));
    for (const id of analysis.chapterTerms[c].slice(0, 10)) {
      if (pairs.length >= wanted) break;
      const term = analysis.terms[id];
      if (!term.nounLike || pairs.some((p) => overlaps(p.term, term))) continue;
      const isHere = (s: Sentence) => analysis.sentenceTerms[s.index].find((o) => o.term === id && !verbLikeAt(s.tokens, o.token, o.token + term.keys.length - 1));
      const sentence = quotable(analysis, c).find((s) => !state.usedSentences.has(s.index) && isHere(s));
      const at = sentence ? isHere(sentence) : undefined;
      if (!sentence || !at) continue;
      const masked = cleanSpoken(replaceTerm(analysis, sentence, term, BLANK, 'slash'));
      const blank = masked.indexOf(BLANK);
      if (blank < 0) continue;
      add(term, windowAround(masked, blank, blank + BLANK.length, MATCH_SNIPPET_MAX_LENGTH), sentence, surfaceAt(sentence, at.token, term));
    }
    if (pairs.filter((p) => p.sentence.chapter === chapterIndex).length === 0) return null;
    if (pairs.length >= wanted) break;
  }
  if (pairs.length < 3) return null;
  const { stored: right, answer } = storeShuffled(
    pairs.map((p) => p.text),
    ctx,
  );
  for (const p of pairs) state.usedAnswerTerms.add(p.term.id);
  const own = pairs.filter((p) => p.sentence.chapter === chapterIndex);
  return {
    ...questionOf(ctx, 'matching', 'Match each term with what the video says about it.', own.map((p) => p.sentence.index), pairs.map((p) => `${p.form}: ${trimAtWord(cleanSpoken(p.sentence.text), 160)}`).join(' ')),
    options: { left: pairs.map((p) => p.form), right },
    correctAnswer: answer,
  };
}

/** ordering: 3–5 points of this chapter (earlier ones if it is short) to put back in the order spoken. */
export function buildOrdering(ctx: SlotContext): OrderingQuestion | null {
  const { analysis, chapterIndex, rng } = ctx;
  const ranked = anchorSentences(ctx).map((a) => a.sentence);
  const wanted = Math.min(randomInt(rng, 3, 5), ranked.length);
  let picked = spread(
    ranked.slice(0, Math.max(wanted * 2, 6)).sort((a, b) => a.index - b.index),
    wanted,
  );
  if (picked.length < 3 && chapterIndex > 0) {
    const earlier = quotable(analysis, chapterIndex - 1).slice(-(3 - picked.length));
    picked = [...earlier, ...picked];
  }
  const seen = new Set<string>();
  const points = picked
    .sort((a, b) => a.index - b.index)
    .map((s) => ({ sentence: s, text: trimAtWord(cleanSpoken(s.text), SNIPPET_MAX_LENGTH) }))
    .filter((p) => {
      const key = snippetKey(p.text);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  if (points.length < 3 || !points.some((p) => p.sentence.chapter === chapterIndex)) return null;
  const { stored, answer } = storeShuffled(
    points.map((p) => p.text),
    ctx,
  );
  return {
    ...questionOf(ctx, 'ordering', 'Put these points in the order the video presents them.', points.map((p) => p.sentence.index), `The video makes these points in this order: ${points.map((p, i) => `${i + 1}. ${trimAtWord(p.text, 90)}`).join(' ')}`),
    options: stored,
    correctAnswer: answer,
  };
}

/** `count` items spread evenly through a list. */
function spread<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  return Array.from({ length: count }, (_, i) => items[Math.round((i * (items.length - 1)) / Math.max(1, count - 1))]);
}

/** The chapters to compare: this one and up to two before it (oldest first). */
function comparedChapters(ctx: SlotContext, groups: number): number[] {
  const out: number[] = [];
  for (let c = ctx.chapterIndex - groups + 1; c <= ctx.chapterIndex; c++) if (c >= 0) out.push(c);
  return out.length === groups ? out : [];
}

/** Terms spoken in chapter `c` and in no other chapter watched so far (up to the last compared one), best first. */
function exclusiveTerms(analysis: Analysis, c: number, compared: readonly number[], avoid: ReadonlySet<string>): Term[] {
  const upTo = Math.max(...compared);
  return analysis.chapterTerms[c]
    .map((id) => analysis.terms[id])
    .filter((t) => t.nounLike && analysis.chapterKeys.every((_, o) => o === c || o > upTo || !mentionedIn(analysis, o, t)))
    .filter((t) => !t.contentKeys.some((k) => avoid.has(k)) && firstMentionInChapter(analysis, c, t) !== undefined);
}

function titleKeys(chapters: readonly Chapter[]): Set<string> {
  const keys = new Set<string>();
  for (const c of chapters) for (const k of keysOf(c.title)) keys.add(k);
  return keys;
}

/** sorting_groups: key terms of this and the previous chapter(s) to sort under the chapter titles. */
export function buildSortingGroups(ctx: SlotContext): SortingGroupsQuestion | null {
  const { analysis, chapterIndex, rng } = ctx;
  for (const groupCount of rng() < 0.5 ? [3, 2] : [2, 3]) {
    const compared = comparedChapters(ctx, groupCount);
    if (compared.length < 2) continue;
    const avoid = titleKeys(compared.map((c) => analysis.chapters[c]));
    const perGroup = groupCount === 3 ? 2 : randomInt(rng, 2, 3);
    const items: Array<{ term: Term; group: number }> = [];
    for (const [g, c] of compared.entries()) {
      let taken = 0;
      for (const t of exclusiveTerms(analysis, c, compared, avoid)) {
        if (taken >= perGroup) break;
        if (items.some((i) => overlaps(i.term, t))) continue;
        items.push({ term: t, group: g });
        taken++;
      }
      if (taken < 2) break;
    }
    if (!compared.every((_, g) => items.filter((i) => i.group === g).length >= 2)) continue;
    const order = shuffled(items, rng);
    const own = items.filter((i) => compared[i.group] === chapterIndex).map((i) => firstMentionInChapter(analysis, chapterIndex, i.term)).filter((s): s is Sentence => s !== undefined);
    const shown = (i: { term: Term; group: number }) => formIn(analysis, compared[i.group], i.term);
    const explanation = compared.map((c, g) => `“${analysis.chapters[c].title}”: ${joinAnd(items.filter((i) => i.group === g).map(shown))}.`).join(' ');
    return {
      ...questionOf(ctx, 'sorting_groups', 'Sort each term into the part of the video where it is discussed.', own.map((s) => s.index), explanation),
      options: { groups: compared.map((c) => analysis.chapters[c].title), items: order.map(shown) },
      correctAnswer: order.map((i) => i.group),
    };
  }
  return null;
}

/** drag_drop: statements from this and the previous chapter(s), dropped onto the chapter they come from. */
export function buildDragDrop(ctx: SlotContext): DragDropQuestion | null {
  const { analysis, chapterIndex, rng, state } = ctx;
  for (const targetCount of rng() < 0.5 ? [2, 3] : [3, 2]) {
    const compared = comparedChapters(ctx, targetCount);
    if (compared.length < 2) continue;
    const avoid = titleKeys(compared.map((c) => analysis.chapters[c]));
    const perTarget = targetCount === 3 ? 2 : randomInt(rng, 2, 3);
    const items: Array<{ text: string; target: number; sentence: Sentence }> = [];
    const seen = new Set<string>();
    for (const [g, c] of compared.entries()) {
      const exclusive = new Set(exclusiveTerms(analysis, c, compared, new Set()).map((t) => t.id));
      const candidates = quotable(analysis, c)
        .filter((s) => !state.usedSentences.has(s.index) && analysis.sentenceTerms[s.index].some((o) => exclusive.has(o.term)))
        .map((s) => ({ s, score: s.quality * ([...s.keys].some((k) => avoid.has(k)) ? 0.5 : 1) }))
        .sort((a, b) => b.score - a.score || a.s.index - b.s.index);
      let taken = 0;
      for (const { s } of candidates) {
        if (taken >= perTarget) break;
        const text = trimAtWord(cleanSpoken(s.text), ITEM_SNIPPET_MAX_LENGTH);
        if (seen.has(snippetKey(text))) continue;
        seen.add(snippetKey(text));
        items.push({ text, target: g, sentence: s });
        taken++;
      }
      if (taken < 2) break;
    }
    if (!compared.every((_, g) => items.filter((i) => i.target === g).length >= 2)) continue;
    const order = shuffled(items, rng);
    for (const i of items) state.usedSentences.add(i.sentence.index);
    const own = items.filter((i) => i.sentence.chapter === chapterIndex).map((i) => i.sentence.index);
    const explanation = compared.map((c, g) => `“${analysis.chapters[c].title}”: ${items.filter((i) => i.target === g).map((i) => `“${trimAtWord(i.text, 80)}”`).join(', ')}.`).join(' ');
    return {
      ...questionOf(ctx, 'drag_drop', 'Drag each statement onto the part of the video where it is made.', own, explanation),
      options: { items: order.map((i) => i.text), targets: compared.map((c) => analysis.chapters[c].title) },
      correctAnswer: order.map((i) => i.target),
    };
  }
  return null;
}

/** Ranks where each count is clearly above the next (at least 2 and 25 % more), longest chain first. */
function clearChain<T>(items: ReadonlyArray<{ item: T; value: number }>, minGap: (a: number) => number, max: number): Array<{ item: T; value: number }> {
  const sorted = [...items].sort((a, b) => b.value - a.value);
  let best: Array<{ item: T; value: number }> = [];
  for (let startAt = 0; startAt < Math.min(3, sorted.length); startAt++) {
    const chain = [sorted[startAt]];
    for (const next of sorted.slice(startAt + 1)) {
      if (chain.length >= max) break;
      const prev = chain[chain.length - 1].value;
      if (prev - next.value >= minGap(prev)) chain.push(next);
    }
    if (chain.length > best.length) best = chain;
  }
  return best;
}

/**
 * priority_ranking: terms ranked by how often the video has mentioned them so far (counts that clearly
 * differ), or else the parts watched so far ranked by how long the video spends on them.
 */
export function buildPriorityRanking(ctx: SlotContext): PriorityRankingQuestion | null {
  return rankTermsByMentions(ctx) ?? rankChaptersByTime(ctx);
}

function rankTermsByMentions(ctx: SlotContext): PriorityRankingQuestion | null {
  const { analysis, chapterIndex, chapter, state } = ctx;
  const own = quotable(analysis, chapterIndex);
  if (own.length === 0) return null;
  const until = Math.min(chapter.end, own[own.length - 1].end);
  const pool: Array<{ item: Term; value: number }> = [];
  for (let c = 0; c <= chapterIndex; c++) {
    for (const id of analysis.chapterTerms[c].slice(0, 8)) {
      const term = analysis.terms[id];
      if (!term.nounLike || state.rankedTerms.has(id) || pool.some((p) => overlaps(p.item, term))) continue;
      const value = term.occurrences.filter((o) => analysis.sentences[o.sentence].end <= until).length;
      if (value > 0) pool.push({ item: term, value });
    }
  }
  const chain = clearChain(pool, (prev) => Math.max(2, Math.ceil(prev * 0.25)), 4);
  if (chain.length < 3 || !chain.some((c) => c.item.counts[chapterIndex] > 0)) return null;
  for (const c of chain) state.rankedTerms.add(c.item.id);
  const { stored, answer } = storeShuffled(
    chain.map((c) => c.item.display),
    ctx,
  );
  const last = own[own.length - 1];
  return {
    ...questionOf(ctx, 'priority_ranking', 'Rank these terms by how often the video has mentioned them so far, most often first.', [last.index], `Mentions in the video up to this point: ${chain.map((c) => `${c.item.display} ${c.value} times`).join(', ')}.`),
    options: stored,
    correctAnswer: answer,
  };
}

function minutesAndSeconds(seconds: number): string {
  const total = Math.round(seconds);
  const m = Math.floor(total / 60);
  const s = total % 60;
  return m > 0 ? `${m} min ${s} s` : `${s} s`;
}

function rankChaptersByTime(ctx: SlotContext): PriorityRankingQuestion | null {
  const { analysis, chapterIndex, state } = ctx;
  if (chapterIndex < 2 || state.rankedChapters) return null;
  const pool = analysis.chapters.slice(0, chapterIndex + 1).map((c) => ({ item: c, value: c.end - c.start }));
  const chain = clearChain(pool, (prev) => Math.max(10, prev * 0.2), 4);
  if (chain.length < 3 || !chain.some((c) => c.item.index === chapterIndex)) return null;
  state.rankedChapters = true;
  const { stored, answer } = storeShuffled(
    chain.map((c) => c.item.title),
    ctx,
  );
  return {
    ...questionOf(ctx, 'priority_ranking', 'Rank these parts of the video by how much time it spends on them, longest first.', [], `Time spent: ${chain.map((c) => `“${c.item.title}” about ${minutesAndSeconds(c.value)}`).join(', ')}.`),
    options: stored,
    correctAnswer: answer,
  };
}
