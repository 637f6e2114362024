import type { QuestionType } from '../folders';

/**
 * Interactive questions, one JSON-serialisable shape per type (discriminated on `type`).
 * Indexes are 0-based positions in the question's own arrays.
 */

/** What the learner is told after answering. */
export interface QuestionFeedback {
  correct: string;
  incorrect: string;
  explanation?: string;
}

/** Fields every question has. */
export interface QuestionBase<T extends QuestionType = QuestionType> {
  id?: number;
  type: T;
  question: string;
  /** Seconds into the video at which the video pauses to ask. */
  timestamp: number;
  /** Chapter the question belongs to ("Review Chapter" jumps to topicStartTime). */
  topicTitle: string;
  topicStartTime: number;
  feedback: QuestionFeedback;
}

/** One right option. options: 2–6 texts; correctAnswer: index of the right option. */
export interface SingleChoiceQuestion extends QuestionBase<'single_choice'> {
  options: string[];
  correctAnswer: number;
}

/** Several right options. options: 2–8 texts; correctAnswer: ≥1 unique indexes, ascending. Graded as an exact set. */
export interface MultipleChoiceQuestion extends QuestionBase<'multiple_choice'> {
  options: string[];
  correctAnswer: number[];
}

/** A statement to judge. options are always ['True', 'False']; correctAnswer: true when the statement is true. */
export interface TrueFalseQuestion extends QuestionBase<'true_false'> {
  options: ['True', 'False'];
  correctAnswer: boolean;
}

/**
 * A situation to apply knowledge to. scenario: the situation text (shown above the question);
 * options: 2–6 possible actions or judgements; correctAnswer: index of the best one.
 * Options stay a plain string list so that choice-based editors and players can show it unchanged.
 */
export interface ScenarioQuestion extends QuestionBase<'scenario'> {
  scenario: string;
  options: string[];
  correctAnswer: number;
}

/** Pairs to connect one-to-one. left and right: same length, 2–8 each; correctAnswer[i]: index in right matching left[i] (a permutation). */
export interface MatchingQuestion extends QuestionBase<'matching'> {
  options: { left: string[]; right: string[] };
  correctAnswer: number[];
}

/**
 * Items to put in sequence. options: 2–8 items; correctAnswer: item indexes in the correct order (a permutation).
 * The stored option order should not be the answer order: learnerView keeps it as given, so players must
 * shuffle (shuffleForLearner) and creators should not list items in the right order (see revealsAnswerByOrder).
 */
export interface OrderingQuestion extends QuestionBase<'ordering'> {
  options: string[];
  correctAnswer: number[];
}

/** Items to sort into groups. groups: 2–4 names; items: 2–12; correctAnswer[i]: group index of items[i]. */
export interface SortingGroupsQuestion extends QuestionBase<'sorting_groups'> {
  options: { groups: string[]; items: string[] };
  correctAnswer: number[];
}

/**
 * A text with gaps. text holds placeholders {{1}}, {{2}}, … each exactly once (1–10 gaps);
 * wordBank (optional) lists words to pick from. correctAnswer[k]: accepted answers for gap {{k+1}},
 * compared ignoring case, outer spaces, repeated spaces and punctuation at either end.
 */
export interface FillGapsQuestion extends QuestionBase<'fill_gaps'> {
  options: { text: string; wordBank?: string[] };
  correctAnswer: string[][];
}

/** Items to drop on targets (several items may share a target). items: 2–12; targets: 2–8; correctAnswer[i]: target index of items[i]. */
export interface DragDropQuestion extends QuestionBase<'drag_drop'> {
  options: { items: string[]; targets: string[] };
  correctAnswer: number[];
}

/**
 * Items to rank by priority, highest first. options: 2–8 items; correctAnswer: item indexes from highest to lowest
 * priority (a permutation). Partial credit: share of item pairs put in the right relative order (Kendall tau).
 * Same ordering caveat as OrderingQuestion.
 */
export interface PriorityRankingQuestion extends QuestionBase<'priority_ranking'> {
  options: string[];
  correctAnswer: number[];
}

export type Question =
  | SingleChoiceQuestion
  | MultipleChoiceQuestion
  | TrueFalseQuestion
  | ScenarioQuestion
  | MatchingQuestion
  | OrderingQuestion
  | SortingGroupsQuestion
  | FillGapsQuestion
  | DragDropQuestion
  | PriorityRankingQuestion;

export type QuestionOfType<T extends QuestionType> = Extract<Question, { type: T }>;

/** The shape of a correct answer (and of a learner's response) for a type. */
export type AnswerOf<T extends QuestionType> = QuestionOfType<T>['correctAnswer'];

/** The shape of a learner's response: like correctAnswer, except fill_gaps takes one text per gap. */
export type ResponseOf<T extends QuestionType> = T extends 'fill_gaps' ? string[] : AnswerOf<T>;

type WithoutAnswer<Q> = Q extends Question ? Omit<Q, 'correctAnswer' | 'feedback'> : never;
/** What a learner sees before answering: no correctAnswer, no feedback. */
export type LearnerQuestion = WithoutAnswer<Question>;

export const TRUE_FALSE_OPTIONS: ['True', 'False'] = ['True', 'False'];

export const QUESTION_TEXT_MAX_LENGTH = 1000;
export const OPTION_TEXT_MAX_LENGTH = 300;
export const TOPIC_TITLE_MAX_LENGTH = 200;
export const FEEDBACK_TEXT_MAX_LENGTH = 1000;
export const SCENARIO_TEXT_MAX_LENGTH = 2000;
export const FILL_GAPS_TEXT_MAX_LENGTH = 2000;
export const FILL_GAPS_MAX_GAPS = 10;
export const WORD_BANK_MAX_ENTRIES = 30;

/** Allowed entry counts per type (inclusive). */
export const QUESTION_LIMITS = {
  single_choice: { options: [2, 6] },
  multiple_choice: { options: [2, 8] },
  scenario: { options: [2, 6] },
  matching: { pairs: [2, 8] },
  ordering: { options: [2, 8] },
  priority_ranking: { options: [2, 8] },
  sorting_groups: { groups: [2, 4], items: [2, 12] },
  drag_drop: { items: [2, 12], targets: [2, 8] },
  fill_gaps: { gaps: [1, FILL_GAPS_MAX_GAPS] },
} as const;
