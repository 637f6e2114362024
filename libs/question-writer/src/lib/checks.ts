import type { Question } from '@veolearn/domain';
import { parseSentences } from './nlp';

/** Question texts of the retired templates that test which words were said rather than what they mean. */
const WORD_MEMORY = /\b(?:came up in|come up in|mentioned in (?:the|this) (?:part|chapter|section)|(?:was|were) (?:not )?mentioned|in the order the video presents|order (?:in which )?(?:they|these) (?:are|were) (?:mentioned|presented)|how often|most often|most frequently|which chapter|which part of the video|in the part of the video|the video states|according to the video, which word)\b/i;

/** True when a question is one of the retired word-memory templates. */
export function isWordMemoryQuestion(q: Question): boolean {
  return WORD_MEMORY.test(q.question) || (q.type === 'true_false' && /^the video (?:says|states)/i.test(q.question));
}

/** The part of speech of a short option's head word (its last noun, verb, adjective or number). */
export function headPartOfSpeech(text: string): string | null {
  // Tagged as it would stand in a sentence ("the building"), not alone, where "building" reads as a verb.
  const framed = /^(?:the|a|an|\d)/i.test(text.trim()) ? text : `the ${text}`;
  const tokens = parseSentences(framed).flatMap((s) => s.tokens).filter((t) => t.pos !== 'PUNCT' && t.pos !== 'DET');
  if (tokens.length === 0) return null;
  if (tokens[0].pos === 'NUM' || /^\d/.test(tokens[0].text)) return 'NUM';
  for (let i = tokens.length - 1; i >= 0; i--) {
    const pos = tokens[i].pos;
    if (pos === 'NOUN' || pos === 'PROPN') return 'NOUN';
    if (pos === 'ADJ' && i === tokens.length - 1 && tokens.length > 1) continue;
    if (pos === 'VERB' || pos === 'ADJ' || pos === 'NUM') return pos;
  }
  return tokens[tokens.length - 1].pos;
}

/** The part of speech of an option put into the gap of a statement ("Raw meat goes on the ____."), read in that context. */
export function posInGap(statement: string, option: string): string | null {
  const at = statement.indexOf('____');
  const text = statement.slice(0, at) + option + statement.slice(at + 4);
  const tokens = parseSentences(text).flatMap((s) => s.tokens.map((t) => ({ ...t, from: t.from + s.from, to: t.to + s.from })));
  const inside = tokens.filter((t) => t.from >= at && t.to <= at + option.length && t.pos !== 'PUNCT');
  if (inside.length === 0) return null;
  if (inside[0].pos === 'NUM') return 'NUM';
  // Right after an article a phrase is a noun phrase, whatever the tagger makes of its last word ("a self join").
  const article = /(?:^|\s)(?:a|an|the|a\/an)\s+$/i.test(statement.slice(0, at));
  if (article && inside.length > 1 && inside[inside.length - 1].pos === 'VERB' && ['ADJ', 'NOUN', 'PROPN', 'VERB'].includes(inside[0].pos)) return 'NOUN';
  for (let i = inside.length - 1; i >= 0; i--) {
    const pos = inside[i].pos === 'PROPN' ? 'NOUN' : inside[i].pos;
    if (pos === 'NOUN' || pos === 'VERB' || pos === 'ADJ' || pos === 'NUM') return pos;
  }
  return inside[inside.length - 1].pos;
}

/**
 * Options of a single/multiple choice or scenario question whose part of speech differs from the key's
 * (term options only, not statements): read in the question's gap when it has one, else as a noun phrase.
 */
export function distractorPosMismatches(q: Question): string[] {
  if (q.type !== 'single_choice' && q.type !== 'scenario' && q.type !== 'multiple_choice') return [];
  const keys = q.type === 'multiple_choice' ? q.correctAnswer : [q.correctAnswer];
  const short = q.options.every((o) => o.split(/\s+/).length <= 5);
  if (!short) return [];
  let gap = /____/.test(q.question) ? q.question.replace(/^[^“"]*[“"]/, '').replace(/[”"][^”"]*$/, '') : null;
  // Options that carry their own article ("a cross join", "an inner join") are read after "a/an" in the gap.
  const articled = q.options.every((o) => /^an?\s/.test(o));
  if (gap && articled) gap = gap.replace('____', 'a/an ____');
  const bare = (o: string) => (articled ? o.replace(/^an?\s+/, '') : o);
  const pos = (o: string) => (gap && gap.includes('____') ? posInGap(gap, bare(o)) : headPartOfSpeech(bare(o)));
  const keyPos = pos(q.options[keys[0]] ?? '');
  return q.options.filter((o, i) => !keys.includes(i) && pos(o) !== keyPos);
}

/** Sides of matching, sorting or drag-and-drop questions that contain a blank or are not complete phrases. */
export function incompleteSides(q: Question): string[] {
  const texts = q.type === 'matching' ? [...q.options.left, ...q.options.right] : q.type === 'drag_drop' ? [...q.options.items, ...q.options.targets] : q.type === 'sorting_groups' ? [...q.options.groups, ...q.options.items] : [];
  return texts.filter((t) => /_{2,}|\.\.\.|…|\ba\/an\b|^\W*$/.test(t) || t.trim().split(/\s+/).length === 0);
}

/** Feedback texts used by more than one question of a set (correct, incorrect or explanation). */
export function repeatedFeedback(questions: readonly Question[]): string[] {
  const seen = new Map<string, number>();
  for (const q of questions) for (const text of [q.feedback.correct, q.feedback.incorrect, q.feedback.explanation ?? '']) if (text) seen.set(text, (seen.get(text) ?? 0) + 1);
  return [...seen.entries()].filter(([, n]) => n > 1).map(([t]) => t);
}

/** Pairs of consecutive questions closer than `gap` seconds. */
export function crowdedQuestions(questions: readonly Question[], gap = 20): Array<[number, number]> {
  const times = questions.map((q) => q.timestamp).sort((a, b) => a - b);
  const out: Array<[number, number]> = [];
  for (let i = 1; i < times.length; i++) if (times[i] - times[i - 1] < gap - 1e-6) out.push([times[i - 1], times[i]]);
  return out;
}

/** Every rule a generated set must keep, as readable problems (empty when the set is fine). Used for the AI path's post-checks too. */
export function setProblems(questions: readonly Question[]): string[] {
  const problems: string[] = [];
  questions.forEach((q, i) => {
    if (isWordMemoryQuestion(q)) problems.push(`Question ${i + 1} asks which words were said, not what they mean.`);
    const pos = distractorPosMismatches(q);
    if (pos.length > 0) problems.push(`Question ${i + 1}: wrong options of another kind than the answer (${pos.join(', ')}).`);
    const sides = incompleteSides(q);
    if (sides.length > 0) problems.push(`Question ${i + 1}: incomplete items (${sides.join(', ')}).`);
  });
  const repeated = repeatedFeedback(questions);
  if (repeated.length > 0) problems.push(`The same feedback is used on several questions: “${repeated[0].slice(0, 80)}”.`);
  const crowded = crowdedQuestions(questions);
  if (crowded.length > 0) problems.push(`Questions less than 20 s apart (at ${crowded[0][0]} s and ${crowded[0][1]} s).`);
  return problems;
}
