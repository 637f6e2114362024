import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Loader2, Play, RotateCcw, SkipForward, XCircle } from 'lucide-react';
import { formatClock, QUESTION_TYPE_LABELS } from '@veolearn/domain';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { serverMessage } from '../../../lib/session-client';
import type { OpenQuestion } from '../hooks/use-player-engine';
import { describeAnswer, type Draft, initialDraft, isComplete, storedResponse } from '../model/responses';
import { QuestionInputs } from './question-inputs';

export const WRONG_ANSWER_TITLE = "That's not quite right. What would you like to do?";

interface QuestionCardProps {
  open: OpenQuestion;
  total: number;
  canSkip: boolean;
  requireCorrect: boolean;
  onAnswer(response: unknown): Promise<void>;
  onSkip(): Promise<void>;
  onReviewChapter(): void;
  onContinue(): void;
  onTryAgain(): void;
}

/**
 * The question over the paused video. It takes focus when it opens (and when the review replaces the
 * form), so keyboard and screen-reader users land on it.
 */
export function QuestionCard(props: QuestionCardProps) {
  const { open, total } = props;
  const { question } = open;
  const headingId = `question-${question.id}-heading`;
  return (
    <section
      role="dialog"
      aria-modal="false"
      aria-labelledby={headingId}
      data-testid="question-card"
      className="flex max-h-full w-full max-w-2xl flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-xl"
    >
      <div className="flex flex-wrap items-center gap-2 border-b bg-muted/40 px-4 py-2.5 text-xs text-muted-foreground sm:px-5">
        <Badge variant="secondary">{QUESTION_TYPE_LABELS[question.type]}</Badge>
        <span className="font-medium text-foreground">
          Question {open.number} of {total}
        </span>
        <span aria-hidden="true">·</span>
        <span>at {formatClock(question.timestamp)}</span>
        {question.topicTitle && (
          <>
            <span aria-hidden="true">·</span>
            <span className="truncate">{question.topicTitle}</span>
          </>
        )}
      </div>
      <div className="overflow-y-auto px-4 py-4 sm:px-5">
        {open.review ? (
          <AnswerReview {...props} headingId={headingId} />
        ) : (
          <QuestionForm key={open.tryNumber} {...props} headingId={headingId} />
        )}
      </div>
    </section>
  );
}

function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus({ preventScroll: false });
  }, []);
  return ref;
}

function QuestionForm({ open, canSkip, onAnswer, onSkip, headingId }: QuestionCardProps & { headingId: string }) {
  const { view, mapping } = open.shown;
  const [draft, setDraft] = useState<Draft>(() => initialDraft(view));
  const [busy, setBusy] = useState<'answer' | 'skip' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const heading = useFocusOnMount<HTMLHeadingElement>();

  async function run(kind: 'answer' | 'skip', action: () => Promise<void>) {
    setBusy(kind);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(serverMessage(e) ?? 'Your answer could not be sent. Check your connection and try again.');
      setBusy(null);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!isComplete(draft) || busy) return;
    void run('answer', () => onAnswer(storedResponse(draft, mapping)));
  }

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      {view.type === 'scenario' && view.scenario && (
        <p className="rounded-lg border-l-4 border-primary bg-accent/60 p-3 text-sm">
          <span className="mb-1 block text-xs font-semibold uppercase tracking-wide text-accent-foreground">Scenario</span>
          {view.scenario}
        </p>
      )}
      <h2 id={headingId} ref={heading} tabIndex={-1} className="text-base font-semibold leading-snug outline-none sm:text-lg">
        {view.question}
      </h2>
      <QuestionInputs view={view} draft={draft} onChange={setDraft} disabled={busy !== null} />
      {error && (
        <p role="alert" className="flex items-start gap-2 text-sm text-destructive">
          <XCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {error}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {canSkip && (
          <Button type="button" variant="outline" disabled={busy !== null} onClick={() => void run('skip', onSkip)}>
            {busy === 'skip' ? <Loader2 className="animate-spin" aria-hidden="true" /> : <SkipForward aria-hidden="true" />}
            Skip Question
          </Button>
        )}
        <Button type="submit" disabled={!isComplete(draft) || busy !== null}>
          {busy === 'answer' && <Loader2 className="animate-spin" aria-hidden="true" />}
          Submit Answer
        </Button>
      </div>
    </form>
  );
}

/** After a wrong answer: the feedback, and Review Chapter with Continue Video (or Try Again when a correct answer is required). */
function AnswerReview({ open, requireCorrect, onReviewChapter, onContinue, onTryAgain, headingId }: QuestionCardProps & { headingId: string }) {
  const review = open.review;
  const heading = useFocusOnMount<HTMLHeadingElement>();
  if (!review) return null;
  const { result, response } = review;
  const revealed = result.correctAnswer !== null && result.correctAnswer !== undefined;
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">{open.question.question}</p>
      <h2 id={headingId} ref={heading} tabIndex={-1} className="flex items-start gap-2 text-base font-semibold leading-snug outline-none sm:text-lg">
        <XCircle className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
        {WRONG_ANSWER_TITLE}
      </h2>
      {(result.feedback.incorrect || result.feedback.explanation) && (
        <div className="grid gap-2 rounded-lg border border-destructive/30 bg-destructive/5 p-3 text-sm">
          {result.feedback.incorrect && <p>{result.feedback.incorrect}</p>}
          {result.feedback.explanation && <p className="text-muted-foreground">{result.feedback.explanation}</p>}
        </div>
      )}
      {result.final && !result.correct && (
        <p className="text-sm font-medium" data-testid="no-tries-left">
          That was your last try for this question.
        </p>
      )}
      <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-3">
        <dt className="font-medium text-muted-foreground">Your answer</dt>
        <dd>{describeAnswer(open.learner, response)}</dd>
        {revealed && (
          <>
            <dt className="font-medium text-muted-foreground">Correct answer</dt>
            <dd className="font-medium text-success">{describeAnswer(open.learner, result.correctAnswer)}</dd>
          </>
        )}
      </dl>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onReviewChapter}>
          <RotateCcw aria-hidden="true" />
          Review Chapter
        </Button>
        {requireCorrect ? (
          <Button onClick={onTryAgain}>Try Again</Button>
        ) : (
          <Button onClick={onContinue}>
            <Play aria-hidden="true" />
            Continue Video
          </Button>
        )}
      </div>
    </div>
  );
}
