import { useEffect, useReducer, useRef, useState, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { PageLoader } from '../components/layout/page-loader';
import { toast } from '../components/ui/use-toast';
import { ApiError, serverMessage } from '../lib/session-client';
import { revealElement } from '../lib/use-revealed-error';
import { useRequiredSession } from '../features/auth/hooks/use-session';
import { ErrorCard } from '../features/library/components/library-states';
import type { EditorVideo, InteractionView } from '../features/editor/api/editor-api';
import { DeleteQuestionDialog } from '../features/editor/components/delete-question-dialog';
import { EditorHeader } from '../features/editor/components/editor-header';
import { NoVideoState, SelectQuestionState } from '../features/editor/components/editor-states';
import { PlayerSettingsCard } from '../features/editor/components/player-settings-card';
import { QuestionForm } from '../features/editor/components/question-form';
import { QuestionList } from '../features/editor/components/question-list';
import {
  useCreateQuestionMutation,
  useDeleteQuestionMutation,
  useEditorVideoQuery,
  useInteractionsQuery,
  useUpdateQuestionMutation,
} from '../features/editor/hooks/use-editor';
import { useUnsavedGuard } from '../features/editor/hooks/use-unsaved-guard';
import { newQuestionPayload, timelineMax } from '../features/editor/model/draft-convert';
import { validateDraft } from '../features/editor/model/draft-validation';
import { INITIAL_EDITOR_STATE, editorReducer } from '../features/editor/model/editor-state';
import { draftToPayload } from '../features/editor/model/question-draft';

const LOADING = 'Loading questions...';
/** The server refuses a 51st question (MAX_QUESTIONS_PER_VIDEO). */
const MAX_QUESTIONS = 50;

function videoIdOf(param: string | undefined): number | null {
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

const isNotFound = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

/** On narrow screens the editor sits below the list: bring it into view when a question opens. */
function revealOnSmallScreens(element: HTMLElement | null) {
  if (!element || !window.matchMedia?.('(max-width: 1023px)').matches) return;
  requestAnimationFrame(() => element.scrollIntoView({ behavior: 'smooth', block: 'start' }));
}

function QuestionEditor({ video, items }: { video: EditorVideo; items: InteractionView[] }) {
  const [state, dispatch] = useReducer(editorReducer, INITIAL_EDITOR_STATE);
  const [toDelete, setToDelete] = useState<InteractionView | null>(null);
  const editorRef = useRef<HTMLDivElement>(null);
  const { confirmLeave, guardLink } = useUnsavedGuard(state.dirty);
  const create = useCreateQuestionMutation(video.id);
  const update = useUpdateQuestionMutation(video.id);
  const remove = useDeleteQuestionMutation(video.id);
  const { draft, dirty } = state;

  // A refused save (the form's checks or the server's 400) is brought into view and focused once it rendered:
  // Save Changes sits in the header, often far above the message.
  useEffect(() => {
    if (state.errors.length === 0) return;
    revealElement(editorRef.current?.querySelector<HTMLElement>('[data-testid="save-errors"]') ?? null);
  }, [state.errors]);

  function select(question: InteractionView) {
    if (question.id === state.selectedId || !confirmLeave()) return;
    dispatch({ type: 'select', question });
    revealOnSmallScreens(editorRef.current);
  }

  function save() {
    if (!draft || update.isPending) return;
    const errors = validateDraft(draft, video.duration);
    if (errors.length > 0) {
      dispatch({ type: 'invalid', errors });
      return;
    }
    const revision = state.revision;
    update.mutate(
      { id: draft.id, question: draftToPayload(draft), revision },
      {
        onSuccess: (saved) => {
          dispatch({ type: 'saved', question: saved, revision });
          toast({ title: 'Question Updated' });
        },
        onError: (error) => {
          const message = serverMessage(error) ?? 'Please try again.';
          dispatch({ type: 'invalid', errors: [message] });
          toast({ variant: 'destructive', title: 'Update Failed', description: message });
        },
      },
    );
  }

  function add() {
    if (!confirmLeave()) return;
    create.mutate(newQuestionPayload(items, video.duration), {
      onSuccess: (created) => {
        dispatch({ type: 'select', question: created });
        toast({ title: 'Question added' });
        revealOnSmallScreens(editorRef.current);
      },
      onError: (error) => toast({ variant: 'destructive', title: 'Could not add a question', description: serverMessage(error) ?? 'Please try again.' }),
    });
  }

  function confirmDelete(question: InteractionView) {
    remove.mutate(question.id, {
      onSuccess: () => {
        dispatch({ type: 'deleted', id: question.id });
        setToDelete(null);
        toast({ title: 'Question deleted' });
      },
      onError: (error) => toast({ variant: 'destructive', title: 'Could not delete the question', description: serverMessage(error) ?? 'Please try again.' }),
    });
  }

  const position = items.findIndex((q) => q.id === state.selectedId) + 1;

  return (
    <div className="min-h-screen bg-muted/30">
      <EditorHeader
        videoId={video.id}
        title={video.title}
        questionCount={items.length}
        dirty={dirty}
        saving={update.isPending}
        onSave={save}
        onLeave={guardLink}
      />
      <main className="mx-auto grid max-w-7xl gap-6 px-4 py-6 sm:px-6 lg:grid-cols-[minmax(300px,380px)_minmax(0,1fr)] lg:items-start">
        <div className="contents lg:sticky lg:top-4 lg:flex lg:max-h-[calc(100vh-2rem)] lg:flex-col lg:gap-4">
          <QuestionList
            className="order-1 lg:order-none lg:shrink"
            items={items}
            selectedId={state.selectedId}
            dirty={dirty}
            adding={create.isPending}
            canAdd={items.length < MAX_QUESTIONS}
            onSelect={select}
            onAdd={add}
            onDelete={setToDelete}
          />
          <PlayerSettingsCard className="order-3 shrink-0 lg:order-none" video={video} />
        </div>
        <div ref={editorRef} className="order-2 min-w-0 scroll-mt-4 lg:order-none">
          {draft ? (
            <QuestionForm
              key={draft.id}
              draft={draft}
              position={position > 0 ? position : items.length + 1}
              dirty={dirty}
              saving={update.isPending}
              errors={state.errors}
              maxSeconds={timelineMax(video.duration)}
              durationKnown={typeof video.duration === 'number' && video.duration > 0}
              onEdit={(change) => dispatch({ type: 'edit', update: change })}
              onSave={save}
              onCancel={() => dispatch({ type: 'cancel' })}
            />
          ) : (
            <SelectQuestionState hasQuestions={items.length > 0} />
          )}
        </div>
      </main>
      <DeleteQuestionDialog question={toDelete} deleting={remove.isPending} onConfirm={confirmDelete} onClose={() => setToDelete(null)} />
    </div>
  );
}

/** Loads the video and its questions (owner view) and shows the editor, or the page's loading and error states. */
function EditorLoader({ videoId }: { videoId: number }) {
  const video = useEditorVideoQuery(videoId, true);
  const list = useInteractionsQuery(videoId, true);

  const frame = (content: ReactNode) => (
    <div className="min-h-screen bg-muted/30">
      <main className="mx-auto max-w-3xl px-4 py-10 sm:px-6">{content}</main>
    </div>
  );

  if (isNotFound(video.error) || (list.data && list.data.view !== 'owner')) return frame(<NoVideoState />);
  const error = video.error ?? list.error;
  if (error) {
    return frame(
      <ErrorCard
        title="The questions could not be loaded"
        error={error}
        onRetry={() => {
          void video.refetch();
          void list.refetch();
        }}
      />,
    );
  }
  if (!video.data || !list.data) return frame(<PageLoader label={LOADING} />);
  return <QuestionEditor video={video.data} items={list.data.items} />;
}

export default function EditQuestionsPage() {
  const { id } = useParams();
  const { user, loading } = useRequiredSession();
  const videoId = videoIdOf(id);
  if (loading || !user) return <PageLoader label={LOADING} />;
  if (videoId === null) {
    return (
      <div className="min-h-screen bg-muted/30 px-4 py-10">
        <NoVideoState />
      </div>
    );
  }
  return <EditorLoader videoId={videoId} />;
}
