export const FOLDER_COLORS = {
  Blue: '#3B82F6',
  Green: '#10B981',
  Purple: '#8B5CF6',
  Red: '#EF4444',
  Orange: '#F59E0B',
  Pink: '#EC4899',
  Teal: '#14B8A6',
  Indigo: '#6366F1',
} as const;
export type FolderColor = (typeof FOLDER_COLORS)[keyof typeof FOLDER_COLORS];
export const FOLDER_COLOR_VALUES = Object.values(FOLDER_COLORS) as FolderColor[];
export const DEFAULT_FOLDER_COLOR: FolderColor = FOLDER_COLORS.Blue;
export const DEFAULT_FOLDER_ICON = 'folder';
export const FOLDER_NAME_MAX_LENGTH = 100;
export const VIDEO_TITLE_MAX_LENGTH = 200;

export const QUESTION_TYPES = [
  'single_choice',
  'multiple_choice',
  'true_false',
  'scenario',
  'matching',
  'ordering',
  'sorting_groups',
  'fill_gaps',
  'drag_drop',
  'priority_ranking',
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
