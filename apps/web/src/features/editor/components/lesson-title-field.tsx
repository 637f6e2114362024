import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { AlertTriangle, Check, Loader2, Pencil, X } from 'lucide-react';
import { VIDEO_TITLE_MAX_LENGTH } from '@veolearn/domain';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { serverMessage } from '../../../lib/session-client';
import { useRevealedError } from '../../../lib/use-revealed-error';
import { useRenameLessonMutation } from '../hooks/use-editor';

/** The same rule as the server's (PUT /api/videos/{id}), checked before sending. */
export function lessonTitleProblem(title: string): string | null {
  const text = title.trim();
  if (!text) return 'The title cannot be empty';
  if (text.length > VIDEO_TITLE_MAX_LENGTH) return `The title must be at most ${VIDEO_TITLE_MAX_LENGTH} characters`;
  return null;
}

/**
 * The lesson title in the editor's header: shown as the page heading, with "Edit title" to change it in
 * place. Enter or Save saves through PUT /api/videos/{id}; Escape cancels; a refused title says why.
 */
export function LessonTitleField({ videoId, title }: { videoId: number; title: string | null }) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const rename = useRenameLessonMutation(videoId);
  const errorRef = useRevealedError<HTMLParagraphElement>(error);

  function cancel() {
    setDraft(null);
    setError(null);
  }

  function save(event?: FormEvent) {
    event?.preventDefault();
    if (draft === null || rename.isPending) return;
    const problem = lessonTitleProblem(draft);
    if (problem) {
      setError(problem);
      return;
    }
    const next = draft.trim();
    if (next === title) {
      cancel();
      return;
    }
    rename.mutate(next, {
      onSuccess: () => {
        cancel();
        toast({ title: 'Title updated' });
      },
      onError: (failure) => setError(serverMessage(failure) ?? 'The title could not be saved. Please try again.'),
    });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      cancel();
    }
  }

  if (draft === null) {
    return (
      <div className="flex min-w-0 items-center gap-1">
        <h1 className="truncate text-lg font-semibold leading-tight" title={title ?? undefined} data-testid="lesson-title">
          {title ?? 'Edit questions'}
        </h1>
        {title !== null && (
          <Button variant="ghost" size="icon" className="size-7 shrink-0" onClick={() => setDraft(title)} aria-label="Edit title">
            <Pencil className="size-3.5" aria-hidden="true" />
          </Button>
        )}
      </div>
    );
  }

  return (
    <form onSubmit={save} className="grid gap-1.5" aria-label="Lesson title">
      <div className="flex items-center gap-2">
        <label htmlFor="lesson-title-input" className="sr-only">
          Lesson title
        </label>
        <Input
          id="lesson-title-input"
          autoFocus
          value={draft}
          maxLength={VIDEO_TITLE_MAX_LENGTH}
          disabled={rename.isPending}
          aria-invalid={error !== null}
          aria-describedby={error ? 'lesson-title-error' : undefined}
          onChange={(e) => {
            setDraft(e.target.value);
            setError(null);
          }}
          onKeyDown={onKeyDown}
          className="h-9 min-w-0"
        />
        <Button type="submit" size="icon" className="size-9 shrink-0" disabled={rename.isPending} aria-label="Save title">
          {rename.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Check aria-hidden="true" />}
        </Button>
        <Button type="button" variant="outline" size="icon" className="size-9 shrink-0" onClick={cancel} disabled={rename.isPending} aria-label="Cancel">
          <X aria-hidden="true" />
        </Button>
      </div>
      {error && (
        <p
          ref={errorRef}
          id="lesson-title-error"
          role="alert"
          tabIndex={-1}
          className="flex items-center gap-1.5 text-sm text-destructive outline-none"
        >
          <AlertTriangle className="size-4 shrink-0" aria-hidden="true" />
          {error}
        </p>
      )}
    </form>
  );
}
