import { FEEDBACK_TEXT_MAX_LENGTH, QuestionFeedback, formatClock } from '@veolearn/domain';
import type { Audience } from './audience';

/** m:ss (or h:mm:ss) for a time in seconds: the domain's clock format. */
export const clock = formatClock;

/** How learning works, said without invented figures: retrieval practice, prediction error, spacing, consolidation. */
const BRAIN_CORRECT: Record<Audience, string[]> = {
  children: [
    'Remembering it yourself makes the path to that memory stronger, like a trail that gets clearer each time you walk it.',
    'Your brain just practised finding this fact, and practice is what makes memories last.',
    'Each time you pull a fact out of your memory, your brain keeps it a little more safely.',
    'You remembered it after a little while, and that gap helps your brain hold on to it.',
    'Sleep tonight will help your brain store what you just got right.',
  ],
  general: [
    'Recalling it without looking is retrieval practice: it strengthens the pathway your hippocampus uses to bring the memory back.',
    'Getting it right after a gap is spaced practice, and spacing gives the brain time to consolidate what it learned.',
    'A correct answer you had to work for releases a little dopamine in the reward system, which tags the memory as worth keeping.',
    'Using a fact soon after hearing it helps move it from short-term memory towards long-term storage.',
    'Answering from memory rather than rereading is one of the most reliable ways to make learning stick.',
    'Linking the answer to what you already know builds connections in the cortex that make it easier to find later.',
  ],
  advanced: [
    'Retrieval practice like this strengthens the hippocampal–cortical pathway that reconstructs the memory.',
    'Successful recall after a delay is spaced retrieval, which supports consolidation into long-term memory.',
    'Effortful, correct recall engages dopaminergic reward signalling, which helps prioritise the trace for consolidation.',
    'Generating the answer yourself (the generation effect) encodes it more deeply than recognising it would.',
    'Connecting this to prior knowledge builds a richer schema in the prefrontal cortex, which speeds later retrieval.',
    'Recall under mild effort is a desirable difficulty: it slows learning now and improves retention later.',
  ],
};
const BRAIN_INCORRECT: Record<Audience, string[]> = {
  children: [
    'Getting something wrong and then seeing the answer is one of the best ways your brain learns.',
    'A surprise like this makes your brain pay extra attention, so the right answer sticks better.',
    'Mistakes are how brains learn: try it again after you watch that part.',
    'Your brain is updating what it knows right now, and that is learning.',
  ],
  general: [
    'The surprise of a wrong guess is a prediction error, and the brain learns fastest right after one.',
    'Trying to recall and then being corrected still strengthens memory more than rereading would.',
    'A miss followed by the right answer tells your brain exactly what to update.',
    'Revisiting the part you missed, after a short gap, is spaced practice: it helps the correct version consolidate.',
    'Errors you correct right away are remembered better than answers you never had to think about.',
  ],
  advanced: [
    'The mismatch between your answer and the key is a prediction error, which drives dopaminergic learning signals.',
    'Error-then-correction (errorful generation) tends to improve later retention more than passive review.',
    'Correcting this now lets the revised memory be reconsolidated in its accurate form.',
    'Re-watching the passage after this attempt spaces your exposure, which aids consolidation.',
  ],
};
const PRAISE: Record<Audience, string[]> = {
  children: ['Great job!', 'Yes, well done!', 'You got it!', 'Brilliant!'],
  general: ['Correct.', 'Right.', 'Yes, that is right.', 'Well done.'],
  advanced: ['Correct.', 'Right.', 'Exactly.', 'That is correct.'],
};

export interface FeedbackInput {
  audience: Audience;
  /** A different number for each question of a set, to vary the wording. */
  variant: number;
  /** The correct answer in words: "photosynthesis", "True", "steps in this order: …". */
  answer: string;
  /** Why it is right, from the lecture (one or two sentences). */
  reason: string;
  chapterTitle: string;
  /** Where the answer is said. */
  at: number;
  /** The sentence the answer comes from, as spoken. */
  quote: string;
}

function cap(text: string): string {
  return text.length <= FEEDBACK_TEXT_MAX_LENGTH ? text : `${text.slice(0, FEEDBACK_TEXT_MAX_LENGTH - 1).replace(/\s+\S*$/, '')}…`;
}

function sentence(text: string): string {
  const t = text.trim();
  if (!t) return '';
  return /[.!?…”"]$/.test(t) ? t : `${t}.`;
}

/**
 * Feedback for one question: why the answer is right (from the lecture), where it is said (chapter and
 * m:ss), what to review after a wrong answer, and a varied line on how learning works.
 */
export function writeFeedback(input: FeedbackInput): QuestionFeedback {
  const { audience, variant } = input;
  const pick = (list: readonly string[]) => list[Math.abs(variant) % list.length];
  const where = `“${input.chapterTitle}” at ${clock(input.at)}`;
  const review = audience === 'children' ? `Watch the part called “${input.chapterTitle}” again from ${clock(input.at)}.` : `Review ${where} to hear it again.`;
  return {
    correct: cap(`${pick(PRAISE[audience])} ${sentence(input.reason)} ${pick(BRAIN_CORRECT[audience])}`),
    incorrect: cap(`${audience === 'children' ? 'Not this time.' : 'Not quite.'} The answer is ${input.answer}. ${sentence(input.reason)} ${review} ${pick(BRAIN_INCORRECT[audience])}`),
    explanation: cap(`Said in ${where}: “${input.quote.trim()}”`),
  };
}
