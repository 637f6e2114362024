import type { InteractionView, LearnerQuestionView } from '@veolearn/contracts';
import { defaultFeedback, learnerView, type Question, type QuestionFeedback, type QuestionType } from '@veolearn/domain';

/** A row of library.interactions as pg returns it (jsonb columns already parsed). */
export interface InteractionRow {
  id: number;
  video_id: number;
  type: QuestionType;
  question: string;
  scenario: string | null;
  options: unknown;
  correct_answer: unknown;
  timestamp: number;
  topic_title: string | null;
  topic_start_time: number | null;
  feedback: unknown;
  position: number;
  created_at: Date | string;
  updated_at: Date | string;
}

/** Every column of a question row, for SELECT and RETURNING lists. */
export const INTERACTION_COLUMNS =
  'id, video_id, type, question, scenario, options, correct_answer, "timestamp", topic_title, topic_start_time, feedback, position, created_at, updated_at';

/** The order questions are shown in everywhere: by time, then by their place in the set. */
export const INTERACTION_ORDER = '"timestamp", position, id';

/** The editable columns of a question row, as query parameters (jsonb values serialised). */
export interface InteractionColumns {
  type: QuestionType;
  question: string;
  scenario: string | null;
  options: string;
  correctAnswer: string;
  timestamp: number;
  topicTitle: string;
  topicStartTime: number;
  feedback: string;
}

function iso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The stored feedback; rows written before every question carried feedback get the type's default,
 * so an owner always sees (and can edit) something.
 */
function feedbackOf(row: InteractionRow): QuestionFeedback {
  const stored = row.feedback;
  const fallback = defaultFeedback(row.type);
  if (!isRecord(stored)) return fallback;
  const correct = typeof stored['correct'] === 'string' ? stored['correct'] : fallback.correct;
  const incorrect = typeof stored['incorrect'] === 'string' ? stored['incorrect'] : fallback.incorrect;
  const explanation = stored['explanation'];
  return typeof explanation === 'string' ? { correct, incorrect, explanation } : { correct, incorrect };
}

/** A row as the domain Question (with its id). `scenario` appears on scenario questions only. */
export function toQuestion(row: InteractionRow): Question {
  return {
    id: row.id,
    type: row.type,
    question: row.question,
    ...(row.type === 'scenario' ? { scenario: row.scenario ?? '' } : {}),
    options: row.options,
    correctAnswer: row.correct_answer,
    timestamp: row.timestamp,
    topicTitle: row.topic_title ?? '',
    topicStartTime: row.topic_start_time ?? 0,
    feedback: feedbackOf(row),
  } as Question;
}

/** The owner's view: every field of the question plus its video and dates. */
export function toInteractionView(row: InteractionRow): InteractionView {
  const question = toQuestion(row);
  return {
    id: row.id,
    videoId: row.video_id,
    type: question.type,
    question: question.question,
    ...(question.type === 'scenario' ? { scenario: question.scenario } : {}),
    options: question.options,
    correctAnswer: question.correctAnswer,
    timestamp: question.timestamp,
    topicTitle: question.topicTitle,
    topicStartTime: question.topicStartTime,
    feedback: question.feedback,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** A learner's view: the domain learnerView (no correct answer, no feedback), with the same fields as playback. */
export function toLearnerQuestionView(row: InteractionRow): LearnerQuestionView {
  const seen = learnerView(toQuestion(row));
  return {
    id: row.id,
    type: seen.type,
    question: seen.question,
    ...(seen.type === 'scenario' ? { scenario: seen.scenario } : {}),
    options: seen.options,
    timestamp: seen.timestamp,
    topicTitle: row.topic_title,
    topicStartTime: row.topic_start_time,
  };
}

/** A validated domain Question as the values of a row's editable columns. */
export function toInteractionColumns(question: Question): InteractionColumns {
  return {
    type: question.type,
    question: question.question,
    scenario: question.type === 'scenario' ? question.scenario : null,
    options: JSON.stringify(question.options),
    correctAnswer: JSON.stringify(question.correctAnswer),
    timestamp: question.timestamp,
    topicTitle: question.topicTitle,
    topicStartTime: question.topicStartTime,
    feedback: JSON.stringify(question.feedback),
  };
}

/** The column values in the order of EDITABLE_COLUMNS, for a parameterised INSERT or UPDATE. */
export function interactionParams(columns: InteractionColumns): unknown[] {
  return [
    columns.type,
    columns.question,
    columns.scenario,
    columns.options,
    columns.correctAnswer,
    columns.timestamp,
    columns.topicTitle,
    columns.topicStartTime,
    columns.feedback,
  ];
}

/** The editable columns, in the order interactionParams gives their values. */
export const EDITABLE_COLUMNS = ['type', 'question', 'scenario', 'options', 'correct_answer', 'timestamp', 'topic_title', 'topic_start_time', 'feedback'] as const;
