import { type FormEvent, useEffect, useRef, useState } from 'react';
import { CircleAlert, Loader2, Play, RotateCcw, SkipForward, XCircle } from 'lucide-react';
import { formatClock, QUESTION_TYPE_LABELS } from '@veolearn/domain';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { serverMessage } from '../../../lib/session-client';
import { cn } from '../../../lib/utils';
import { isPartlyCorrect, type OpenQuestion } from '../hooks/use-player-engine';
import { describeAnswer, type Draft, initialDraft, isComplete, storedResponse } from '../model/responses';
import { QuestionInputs } from './question-inputs';

export const WRONG_ANSWER_TITLE = "That's not quite right. What would you like to do?";
export const PARTLY_CORRECT_TITLE = "That's partly correct. What would you like to do?";

interface QuestionCardProps {
  open: OpenQuestion;
  total: number;
  canSkip: boolean;
  requireCorrect: boolean;
  onAnswer(response: unknown): Promise<void>;
  onSkip(): Promise<void>;
  onReviewChapter(): void;
  onContinue(): Promise<void>;
  onTryAgain(): void;
  /** The button that goes on after a wrong answer ('Continue Video'; the reading view says 'Continue Reading'). */
  continueLabel?: string;
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
        {open.secondTry && (
          <Badge variant="outline" data-testid="second-try">
            Second try
          </Badge>
        )}
        {/* On a phone the header stays one line: the time (shown by the controls too) and the topic are for wider screens. */}
        <span className="hidden min-w-0 items-center gap-2 sm:inline-flex">
          <span aria-hidden="true">·</span>
          <span>at {formatClock(question.timestamp)}</span>
          {question.topicTitle && (
            <>
              <span aria-hidden="true">·</span>
              <span className="truncate">{question.topicTitle}</span>
            </>
          )}
        </span>
      </div>
      <div className="overflow-y-auto px-4 py-3 sm:px-5 sm:py-4">
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

function QuestionForm({ open, canSkip: skippable, onAnswer, onSkip, headingId }: QuestionCardProps & { headingId: string }) {
  // A question asked again already has its first answer: it can only be answered.
  const canSkip = skippable && !open.secondTry;
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

/**
 * After a wrong answer. A first try offers Review Chapter (asked again at its time) and Continue Video
 * (or Try Again when a correct answer is required), and keeps the correct answer back; after the last
 * try the correct answer is shown and the learner goes on.
 */
function AnswerReview({ open, requireCorrect, onReviewChapter, onContinue, onTryAgain, continueLabel = 'Continue Video', headingId }: QuestionCardProps & { headingId: string }) {
  const review = open.review;
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!review) return null;
  const { result, response, last } = review;
  const partly = isPartlyCorrect(result);
  const revealed = last && result.correctAnswer !== null && result.correctAnswer !== undefined;
  let title = partly ? PARTLY_CORRECT_TITLE : WRONG_ANSWER_TITLE;
  if (last) title = partly ? "That's partly correct." : "That's still not right.";

  async function goOn() {
    setBusy(true);
    setError(null);
    try {
      await onContinue();
    } catch (e) {
      setError(serverMessage(e) ?? 'The video could not go on. Check your connection and try again.');
      setBusy(false);
    }
  }

  const tone = partly ? 'border-amber-400/60 bg-amber-50' : 'border-destructive/30 bg-destructive/5';
  const Icon = partly ? CircleAlert : XCircle;
  return (
    <div className="grid gap-3 sm:gap-4" data-testid="answer-review">
      <p className="text-sm text-muted-foreground">{open.question.question}</p>
      <h2 id={headingId} ref={heading} tabIndex={-1} className="flex items-start gap-2 text-base font-semibold leading-snug outline-none sm:text-lg">
        <Icon className={cn('mt-0.5 size-5 shrink-0', partly ? 'text-amber-600' : 'text-destructive')} aria-hidden="true" />
        {title}
      </h2>
      {(result.feedback.incorrect || (last && result.feedback.explanation)) && (
        <div className={cn('grid gap-2 rounded-lg border p-3 text-sm', tone)}>
          {result.feedback.incorrect && <p>{result.feedback.incorrect}</p>}
          {last && result.feedback.explanation && <p className="text-muted-foreground">{result.feedback.explanation}</p>}
        </div>
      )}
      {result.final && !result.correct && (
        <p className="text-sm font-medium" data-testid="no-tries-left">
          That was your last try for this question.
        </p>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-medium text-muted-foreground">Your answer</dt>
        <dd>{describeAnswer(open.learner, response)}</dd>
        {revealed && (
          <>
            <dt className="font-medium text-muted-foreground">Correct answer</dt>
            <dd className="font-medium text-success">{describeAnswer(open.learner, result.correctAnswer)}</dd>
          </>
        )}
      </dl>
      {!last && !requireCorrect && (
        <p className="text-sm text-muted-foreground" data-testid="wrong-answer-choice">
          Only your first answer counts towards your score.
        </p>
      )}
      {error && (
        <p role="alert" className="flex items-start gap-2 text-sm text-destructive">
          <XCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {error}
        </p>
      )}
      <div className="grid auto-cols-fr grid-flow-col gap-2 sm:flex sm:justify-end [&>*]:px-2 sm:[&>*]:px-4">
        {!last && (
          <Button variant="outline" onClick={onReviewChapter} disabled={busy}>
            <RotateCcw aria-hidden="true" />
            Review Chapter
          </Button>
        )}
        {requireCorrect && !last ? (
          <Button onClick={onTryAgain}>Try Again</Button>
        ) : (
          <Button onClick={() => void goOn()} disabled={busy}>
            {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Play aria-hidden="true" />}
            {continueLabel}
          </Button>
        )}
      </div>
    </div>
  );
}
