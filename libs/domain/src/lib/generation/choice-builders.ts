import { normaliseGapAnswer } from '../questions/validate';
import {
  FillGapsQuestion,
  MultipleChoiceQuestion,
  ScenarioQuestion,
  SingleChoiceQuestion,
  TRUE_FALSE_OPTIONS,
  TrueFalseQuestion,
} from '../questions/types';
import { stem } from '../transcripts/tokenizer';
import { isPlural, keysOf, nearlySame, Sentence, Term } from './analysis';
import {
  SlotContext,
  anchorSentences,
  chapterTermsIn,
  evidenceOf,
  firstMentionInChapter,
  formIn,
  joinAnd,
  occurrencesIn,
  overlaps,
  pickDistractors,
  questionBase as questionOf,
  rankIn,
  replaceTerm,
  surfaceAt,
} from './context';
import { randomInt, shuffled } from './random';
import { BLANK, SNIPPET_MAX_LENGTH, articleFor, asStatement, capitalise, cleanSpoken, trimAtWord, windowAround } from './text';

/** How many anchor sentences a builder tries before giving up on its type for this slot. */
const MAX_ATTEMPTS = 12;
const CLOZE_MAX_LENGTH = 240;
const STATEMENT_MAX_LENGTH = 280;

/** A sentence and one of this chapter's terms in it, best pairs first. */
function anchors(ctx: SlotContext): Array<{ sentence: Sentence; term: Term; token: number }> {
  const out: Array<{ sentence: Sentence; term: Term; token: number }> = [];
  for (const { sentence } of anchorSentences(ctx)) {
    for (const { term, token } of chapterTermsIn(ctx, sentence).slice(0, 2)) out.push({ sentence, term, token });
    if (out.length >= MAX_ATTEMPTS) break;
  }
  return out;
}

/** Enough of the sentence is left after removing the term to recognise it. */
function hasContext(sentence: Sentence, term: Term): boolean {
  const termKeys = new Set(term.contentKeys);
  return sentence.tokens.filter((t) => t.content && !termKeys.has(t.key)).length >= 3;
}

/** single_choice: a sentence of the chapter with a key term blanked; distractors are similar key terms. */
export function buildSingleChoice(ctx: SlotContext): SingleChoiceQuestion | null {
  const { analysis, rng } = ctx;
  for (const { sentence, term, token } of anchors(ctx)) {
    if (!hasContext(sentence, term)) continue;
    const written = surfaceAt(sentence, token, term);
    const distractors = pickDistractors(ctx, term, { count: 3, sentence, token, grammatical: true, plural: isPlural(written) });
    if (distractors.length < 2) continue;
    const cloze = cleanSpoken(replaceTerm(analysis, sentence, term, BLANK, 'slash'));
    const at = cloze.indexOf(BLANK);
    if (at < 0) continue;
    const shown = windowAround(cloze, at, at + BLANK.length, CLOZE_MAX_LENGTH);
    const options = shuffled([written, ...distractors.map((t) => t.display)], rng);
    const articles = new Set(options.map(articleFor));
    const statement = articles.size === 1 ? shown.replace(/\b([Aa])\/an(?= )/g, (_, a: string) => (a === 'A' ? capitalise([...articles][0]) : [...articles][0])) : shown;
    ctx.state.usedAnswerTerms.add(term.id);
    return {
      ...questionOf(ctx, 'single_choice', `Which term completes this statement from the video? “${statement}”`, [sentence.index], evidenceOf(sentence)),
      options,
      correctAnswer: options.indexOf(written),
    };
  }
  return null;
}

/** true_false: a sentence as spoken (true) or with its key term swapped for another one of the video (false). */
export function buildTrueFalse(ctx: SlotContext): TrueFalseQuestion | null {
  const { analysis, state } = ctx;
  const candidates = anchors(ctx).filter(({ sentence, term }) => sentence.text.length <= STATEMENT_MAX_LENGTH && hasContext(sentence, term));
  if (candidates.length === 0) return null;
  const wantFalse = !state.nextTrueFalse;
  if (wantFalse) {
    for (const { sentence, term, token } of candidates) {
      const [swap] = pickDistractors(ctx, term, { count: 1, sentence, token, grammatical: true, plural: isPlural(surfaceAt(sentence, token, term)) });
      if (!swap) continue;
      const statement = asStatement(replaceTerm(analysis, sentence, term, swap.display, 'agree'));
      if (statement.toLowerCase() === asStatement(sentence.text).toLowerCase()) continue;
      state.nextTrueFalse = true;
      state.usedAnswerTerms.add(term.id);
      return trueFalse(ctx, statement, false, sentence, `False: the video says “${surfaceAt(sentence, token, term)}” here, not “${swap.display}”. ${evidenceOf(sentence)}`);
    }
  }
  const { sentence, term } = candidates[0];
  state.nextTrueFalse = false;
  state.usedAnswerTerms.add(term.id);
  return trueFalse(ctx, asStatement(sentence.text), true, sentence, `True. ${evidenceOf(sentence)}`);
}

function trueFalse(ctx: SlotContext, statement: string, answer: boolean, sentence: Sentence, explanation: string): TrueFalseQuestion {
  return {
    ...questionOf(ctx, 'true_false', `True or false? The video states: “${statement}”`, [sentence.index], explanation),
    options: [...TRUE_FALSE_OPTIONS],
    correctAnswer: answer,
  };
}

/**
 * multiple_choice: which key terms came up in this chapter. Correct: 2–3 of its terms (not words of its
 * title, which would give them away); wrong: 2–3 key terms of other chapters never spoken in this one.
 */
export function buildMultipleChoice(ctx: SlotContext): MultipleChoiceQuestion | null {
  const { analysis, chapterIndex, chapter, rng, state } = ctx;
  const titleKeys = keysOf(chapter.title);
  const pool = analysis.chapterTerms[chapterIndex]
    .map((id) => analysis.terms[id])
    .filter((t) => t.nounLike && !t.contentKeys.some((k) => titleKeys.has(k)) && firstMentionInChapter(analysis, chapterIndex, t))
    .slice(0, 8);
  const ordered = [...pool.filter((t) => !state.usedAnswerTerms.has(t.id)), ...pool.filter((t) => state.usedAnswerTerms.has(t.id))];
  const wanted = randomInt(rng, 2, 3);
  const correct: Term[] = [];
  for (const t of shuffled(ordered.slice(0, wanted + 2), rng).concat(ordered.slice(wanted + 2))) {
    if (correct.length < wanted && !correct.some((c) => overlaps(c, t))) correct.push(t);
  }
  if (correct.length < 2) return null;
  const wrongCount = correct.length === 3 ? randomInt(rng, 2, 3) : 3;
  const wrong = pickDistractors(ctx, correct[0], { count: wrongCount, exclude: correct.slice(1), absentFromChapter: true, avoidKeys: titleKeys });
  if (wrong.length < 2) return null;
  const options = shuffled([...correct, ...wrong], rng);
  // Right options as this part says them ("hard hats"), wrong ones as the video usually does.
  const shown = (t: Term) => (correct.includes(t) ? formIn(analysis, chapterIndex, t) : t.display);
  const evidence = correct.map((t) => firstMentionInChapter(analysis, chapterIndex, t)).filter((s): s is Sentence => s !== undefined);
  const explanation = `In this part the video mentions ${joinAnd(correct.map(shown))}, for example: “${trimAtWord(cleanSpoken(evidence[0].text), 200)}” ${joinAnd(wrong.map(shown))} ${wrong.length === 1 ? 'is' : 'are'} not mentioned in this part.`;
  for (const t of correct) state.usedAnswerTerms.add(t.id);
  return {
    ...questionOf(ctx, 'multiple_choice', `Which of these terms came up in the part of the video on “${chapter.title}”? Select all that apply.`, evidence.map((s) => s.index), explanation),
    options: options.map(shown),
    correctAnswer: options.map((t, i) => (correct.includes(t) ? i : -1)).filter((i) => i >= 0),
  };
}

/**
 * scenario: a colleague asks what a term of this chapter means; the options are what the video says about
 * it and about other terms. Without definitions in the transcript: one accurate statement against the same
 * statement with its key term swapped.
 */
export function buildScenario(ctx: SlotContext): ScenarioQuestion | null {
  return scenarioFromDefinitions(ctx) ?? scenarioFromStatements(ctx);
}

function definitionOption(text: string): string {
  return capitalise(trimAtWord(text, SNIPPET_MAX_LENGTH));
}

function scenarioFromDefinitions(ctx: SlotContext): ScenarioQuestion | null {
  const { analysis, chapterIndex, rng, state } = ctx;
  const own = analysis.definitions
    .filter((d) => {
      const s = analysis.sentences[d.sentence];
      return s.chapter === chapterIndex && !s.straddles && rankIn(analysis, chapterIndex, d.term) < Infinity;
    })
    .sort((a, b) => Number(state.usedSentences.has(a.sentence)) - Number(state.usedSentences.has(b.sentence)) || rankIn(analysis, chapterIndex, a.term) - rankIn(analysis, chapterIndex, b.term));
  for (const def of own.slice(0, MAX_ATTEMPTS)) {
    const term = analysis.terms[def.term];
    const others: Array<{ term: Term; text: string }> = [];
    const candidates = shuffled(
      analysis.definitions.filter((d) => d.term !== def.term),
      rng,
    ).sort((a, b) => Number(analysis.sentences[a.sentence].chapter === chapterIndex) - Number(analysis.sentences[b.sentence].chapter === chapterIndex));
    for (const d of candidates) {
      const other = analysis.terms[d.term];
      if (others.length >= 3 || overlaps(term, other) || others.some((o) => overlaps(o.term, other))) continue;
      const keys = keysOf(d.text);
      if (term.contentKeys.some((k) => keys.has(k))) continue;
      const text = definitionOption(d.text);
      if (nearlySame(text, def.text) || others.some((o) => nearlySame(o.text, text))) continue;
      others.push({ term: other, text });
    }
    if (others.length < 2) continue;
    const correct = definitionOption(def.text);
    const options = shuffled([correct, ...others.map((o) => o.text)], rng);
    const sentence = analysis.sentences[def.sentence];
    state.usedAnswerTerms.add(term.id);
    return {
      ...questionOf(ctx, 'scenario', 'Based on the video, which explanation should you give?', [def.sentence], evidenceOf(sentence)),
      scenario: `A colleague who missed this part of the video asks you what “${term.display}” means.`,
      options,
      correctAnswer: options.indexOf(correct),
    };
  }
  return null;
}

function scenarioFromStatements(ctx: SlotContext): ScenarioQuestion | null {
  const { analysis, chapter, rng, state } = ctx;
  for (const { sentence, term, token } of anchors(ctx)) {
    if (sentence.text.length > 200 || !hasContext(sentence, term)) continue;
    const written = surfaceAt(sentence, token, term);
    const swaps = pickDistractors(ctx, term, { count: 3, sentence, token, grammatical: true, plural: isPlural(written) });
    if (swaps.length < 2) continue;
    // Written exactly like the altered ones, so that no tidying-up tells the right one apart.
    const correct = asStatement(replaceTerm(analysis, sentence, term, written, 'agree'));
    const wrong = swaps.map((t) => asStatement(replaceTerm(analysis, sentence, term, t.display, 'agree')));
    if (new Set([correct, ...wrong].map((s) => s.toLowerCase())).size !== wrong.length + 1) continue;
    const options = shuffled([correct, ...wrong], rng);
    state.usedAnswerTerms.add(term.id);
    return {
      ...questionOf(ctx, 'scenario', 'Which statement should stay in the notes because it matches what the video says?', [sentence.index], evidenceOf(sentence)),
      scenario: `A colleague is writing up notes on the part of the video on “${chapter.title}” and drafted these statements. Only one of them is what the video actually says.`,
      options,
      correctAnswer: options.indexOf(correct),
    };
  }
  return null;
}

/** Accepted spellings of a gap answer: as written plus the simple singular/plural variant of a plain word. */
export function gapVariants(term: Term, written = term.display): string[] {
  const out = [written];
  if (term.kind === 'common' && term.keys.length === 1) {
    const words = written.split(' ');
    const last = words[words.length - 1];
    let other: string | undefined;
    if (isPlural(written)) other = stem(last);
    else if (/[^aeiou]y$/i.test(last)) other = `${last.slice(0, -1)}ies`;
    else if (/(?:x|z|ch|sh)$/i.test(last)) other = `${last}es`;
    else if (/\p{L}$/u.test(last) && !/s$/i.test(last)) other = `${last}s`;
    if (other && other !== last) out.push([...words.slice(0, -1), other].join(' '));
  }
  const seen = new Set<string>();
  return out.filter((v) => v.length <= 100 && !seen.has(normaliseGapAnswer(v)) && seen.add(normaliseGapAnswer(v)) !== undefined);
}

/** fill_gaps: a sentence of the chapter with one or two key terms as gaps and a word bank with two extra terms. */
export function buildFillGaps(ctx: SlotContext): FillGapsQuestion | null {
  const { analysis, rng, state } = ctx;
  for (const { sentence } of anchorSentences(ctx).slice(0, MAX_ATTEMPTS)) {
    const found = chapterTermsIn(ctx, sentence).filter(({ term }) => occurrencesIn(analysis, sentence, term).length === 1 && term.display.length <= 60);
    const gaps: Array<{ term: Term; token: number }> = [];
    const wanted = rng() < 0.5 ? 2 : 1;
    for (const f of found) {
      if (gaps.length >= wanted) break;
      const clash = gaps.some((g) => overlaps(g.term, f.term) || !(f.token + f.term.keys.length <= g.token || g.token + g.term.keys.length <= f.token));
      if (!clash) gaps.push(f);
    }
    if (gaps.length === 0) continue;
    const keep = gaps.filter((g) => hasContext(sentence, g.term));
    if (keep.length !== gaps.length) continue;
    gaps.sort((a, b) => a.token - b.token);
    const written = gaps.map((g) => surfaceAt(sentence, g.token, g.term));
    const extra = pickDistractors(ctx, gaps[0].term, { count: 2, exclude: gaps.slice(1).map((g) => g.term), sentence, token: gaps[0].token, plural: isPlural(written[0]) });
    if (extra.length === 0) continue;
    let text = sentence.text;
    // Replace from the last gap backwards so earlier offsets stay valid.
    [...gaps].reverse().forEach((g, k) => {
      const number = gaps.length - k;
      const first = sentence.tokens[g.token];
      const last = sentence.tokens[g.token + g.term.keys.length - 1];
      const end = last.to - (/['’]s$/u.test(last.raw) ? 2 : 0);
      text = `${text.slice(0, first.from)}{{${number}}}${text.slice(end)}`;
    });
    const shown = asStatement(text);
    if (!gaps.every((_, k) => shown.includes(`{{${k + 1}}}`))) continue;
    for (const g of gaps) state.usedAnswerTerms.add(g.term.id);
    return {
      ...questionOf(ctx, 'fill_gaps', 'Fill in the gaps to complete what the video says.', [sentence.index], evidenceOf(sentence)),
      options: { text: shown, wordBank: shuffled([...written, ...extra.map((t) => t.display)], rng) },
      correctAnswer: gaps.map((g, k) => gapVariants(g.term, written[k])),
    };
  }
  return null;
}
