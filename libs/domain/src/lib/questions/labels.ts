import { QUESTION_TYPES, QuestionType } from '../folders';

/** Human names of the question types. */
export const QUESTION_TYPE_LABELS: Readonly<Record<QuestionType, string>> = {
  single_choice: 'Single choice',
  multiple_choice: 'Multiple choice',
  true_false: 'True or false',
  scenario: 'Scenario',
  matching: 'Matching',
  ordering: 'Ordering',
  sorting_groups: 'Sorting into groups',
  fill_gaps: 'Fill in the gaps',
  drag_drop: 'Drag and drop',
  priority_ranking: 'Priority ranking',
};

/** Question type ids used by the create wizard's generation settings. */
export const WIZARD_QUESTION_TYPE_IDS = [
  'single',
  'multiple',
  'trueFalse',
  'scenario',
  'matching',
  'ordering',
  'sortingGroups',
  'fillGap',
  'dragDrop',
  'priorityRanking',
] as const;
export type WizardQuestionTypeId = (typeof WIZARD_QUESTION_TYPE_IDS)[number];

export const QUESTION_TYPE_TO_WIZARD_ID: Readonly<Record<QuestionType, WizardQuestionTypeId>> = {
  single_choice: 'single',
  multiple_choice: 'multiple',
  true_false: 'trueFalse',
  scenario: 'scenario',
  matching: 'matching',
  ordering: 'ordering',
  sorting_groups: 'sortingGroups',
  fill_gaps: 'fillGap',
  drag_drop: 'dragDrop',
  priority_ranking: 'priorityRanking',
};

export const WIZARD_ID_TO_QUESTION_TYPE: Readonly<Record<WizardQuestionTypeId, QuestionType>> = Object.fromEntries(
  QUESTION_TYPES.map((t) => [QUESTION_TYPE_TO_WIZARD_ID[t], t]),
) as Record<WizardQuestionTypeId, QuestionType>;

/** The wizard's default selection. */
export const DEFAULT_WIZARD_QUESTION_TYPE_IDS: readonly WizardQuestionTypeId[] = ['single', 'multiple', 'trueFalse'];

/**
 * The question type for a wizard id, or null for anything else — including 'typeAnswer', which the spec lists
 * among the wizard defaults but which has no question shape (free-text answers are not graded here).
 */
export function questionTypeFromWizardId(id: string): QuestionType | null {
  return (WIZARD_QUESTION_TYPE_IDS as readonly string[]).includes(id) ? WIZARD_ID_TO_QUESTION_TYPE[id as WizardQuestionTypeId] : null;
}

export function isQuestionType(value: unknown): value is QuestionType {
  return typeof value === 'string' && (QUESTION_TYPES as readonly string[]).includes(value);
}
