import type { QuestionType } from '../folders';
import type { QuestionFeedback } from './types';

const CORRECT = 'Correct! Pulling the answer out of memory, rather than rereading it, strengthens the memory trace and makes it easier to recall next time.';
const INCORRECT =
  'Not quite, and that is fine: an attempt to recall followed by the right answer is one of the ways memories are built. Review the chapter while the question is still fresh.';

const EXPLANATIONS: Record<QuestionType, string> = {
  single_choice: 'Choosing between close alternatives makes the brain notice the details that tell ideas apart.',
  multiple_choice: 'Judging each option on its own forces a closer look at every idea, which deepens understanding.',
  true_false: 'Deciding whether a statement holds makes you check it against what you already know, linking new and old knowledge.',
  scenario: 'Applying an idea to a realistic situation builds the connections needed to use it outside the lesson.',
  matching: 'Linking related ideas builds associations, so recalling one helps bring back the other.',
  ordering: 'Putting steps in sequence builds a connected chain in memory, where each step cues the next.',
  sorting_groups: 'Sorting items into categories helps the brain organise knowledge into meaningful groups.',
  fill_gaps: 'Producing a word yourself is harder than recognising it, and that effort makes the memory more durable.',
  drag_drop: 'Placing each item where it belongs makes you reason about how the pieces relate.',
  priority_ranking: 'Weighing items against each other builds judgement, not just recall of facts.',
};

/**
 * Default feedback for a question type, framed in how learning works (retrieval, effort, association)
 * without invented figures or cited studies. Creators and the generator may replace it.
 */
export function defaultFeedback(type: QuestionType): QuestionFeedback {
  return { correct: CORRECT, incorrect: INCORRECT, explanation: EXPLANATIONS[type] ?? EXPLANATIONS.single_choice };
}
