import type { InteractionView } from '../api/editor-api';
import { draftFromInteraction, type QuestionDraft } from './question-draft';

/**
 * The question editor's states (spec section 4): nothing selected, or one question selected whose copy
 * is edited. Any edit sets `dirty`; a successful save and Cancel clear it.
 */
export interface EditorState {
  selectedId: number | null;
  draft: QuestionDraft | null;
  dirty: boolean;
  /** Messages of the last refused save (client validation or the server's 400), shown in the form. */
  errors: string[];
  /** Counts edits, so a save that returns after further edits does not overwrite them. */
  revision: number;
}

export type EditorAction =
  | { type: 'select'; question: InteractionView }
  | { type: 'edit'; update: (draft: QuestionDraft) => QuestionDraft }
  | { type: 'invalid'; errors: string[] }
  /** `revision`: the state's revision when the save was sent. */
  | { type: 'saved'; question: InteractionView; revision: number }
  | { type: 'cancel' }
  | { type: 'deleted'; id: number };

export const INITIAL_EDITOR_STATE: EditorState = { selectedId: null, draft: null, dirty: false, errors: [], revision: 0 };

function selected(question: InteractionView, revision: number): EditorState {
  return { selectedId: question.id, draft: draftFromInteraction(question), dirty: false, errors: [], revision };
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'select':
      return selected(action.question, state.revision + 1);
    case 'edit':
      return state.draft ? { ...state, draft: action.update(state.draft), dirty: true, revision: state.revision + 1 } : state;
    case 'invalid':
      return { ...state, errors: action.errors };
    case 'saved':
      // A save that finishes after the creator moved to another question leaves that one alone.
      if (state.selectedId !== action.question.id) return state;
      // Edits made while the save was on its way stay, still unsaved.
      if (state.revision !== action.revision) return { ...state, errors: [] };
      return selected(action.question, state.revision);
    case 'cancel':
      return { ...INITIAL_EDITOR_STATE, revision: state.revision + 1 };
    case 'deleted':
      return state.selectedId === action.id ? { ...INITIAL_EDITOR_STATE, revision: state.revision + 1 } : state;
  }
}

/** What the page asks before it drops unsaved changes (spec section 2). */
export const UNSAVED_CHANGES_MESSAGE = 'You have unsaved changes. Continue without saving?';
