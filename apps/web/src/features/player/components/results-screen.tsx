import { type ReactNode, useEffect, useRef } from 'react';
import { CircleAlert, CircleCheck, CircleX, Loader2, RotateCcw, SkipForward, Trophy } from 'lucide-react';
import { formatClock, QUESTION_TYPE_LABELS } from '@veolearn/domain';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { cn } from '../../../lib/utils';
import type { AttemptResultRow, AttemptResults, PlaybackQuestion } from '../api/player-api';
import { describeAnswer, toLearnerQuestion } from '../model/responses';
import { ResultsProgress } from './results-progress';

type RowStatus = AttemptResultRow['status'] | 'partly' | 'later';

const ROW_STATUS: Record<RowStatus, { label: string; variant: 'success' | 'destructive' | 'secondary' | 'outline' }> = {
  correct: { label: 'Correct', variant: 'success' },
  later: { label: 'Correct on a later try', variant: 'secondary' },
  partly: { label: 'Partly correct', variant: 'secondary' },
  incorrect: { label: 'Incorrect', variant: 'destructive' },
  skipped: { label: 'Skipped', variant: 'secondary' },
  unanswered: { label: 'Not answered', variant: 'outline' },
};

/**
 * How a row reads. The credit is the first try's (what scores): partial credit is "partly correct", never
 * "incorrect", and a question put right on a later try says so rather than plain "Correct".
 */
export function rowStatus(row: Pick<AttemptResultRow, 'status' | 'credit'>): RowStatus {
  if (row.status === 'correct') return row.credit >= 1 ? 'correct' : 'later';
  if (row.status === 'incorrect' && row.credit > 0) return 'partly';
  return row.status;
}

/** Minutes and seconds of watch time ("3 min 05 s", "42 s"). */
export function formatWatchTime(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const minutes = Math.floor(total / 60);
  return minutes > 0 ? `${minutes} min ${String(total % 60).padStart(2, '0')} s` : `${total} s`;
}

function Stat({ label, value, className, boxClassName }: { label: string; value: string; className?: string; boxClassName?: string }) {
  return (
    <div className={cn('rounded-lg border bg-background p-3 text-center', boxClassName)}>
      <p className={cn('text-2xl font-bold tabular-nums', className)}>{value}</p>
      <p className="text-xs text-muted-foreground">{label}</p>
    </div>
  );
}

function ResultRow({ row, question, index }: { row: AttemptResultRow; question: PlaybackQuestion | undefined; index: number }) {
  const kind = rowStatus(row);
  const status = ROW_STATUS[kind];
  const learner = question ? toLearnerQuestion(question) : null;
  const yours = row.status === 'skipped' ? 'Skipped' : learner ? describeAnswer(learner, row.response) : '—';
  const right = learner && row.correctAnswer !== null ? describeAnswer(learner, row.correctAnswer) : null;
  const Icon = kind === 'correct' || kind === 'later' ? CircleCheck : kind === 'partly' ? CircleAlert : kind === 'incorrect' ? CircleX : SkipForward;
  const iconClass = { correct: 'text-success', later: 'text-success', partly: 'text-amber-600', incorrect: 'text-destructive' }[kind as string] ?? 'text-muted-foreground';
  return (
    <li className="grid gap-2 px-4 py-3 sm:px-5" data-testid="result-row">
      <div className="flex items-start gap-3">
        <Icon className={cn('mt-0.5 size-5 shrink-0', iconClass)} aria-hidden="true" />
        <div className="grid min-w-0 flex-1 gap-1">
          <p className="font-medium">
            {index + 1}. {row.question}
          </p>
          <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
            <Badge variant={status.variant}>{status.label}</Badge>
            <span>{QUESTION_TYPE_LABELS[row.type]}</span>
            <span aria-hidden="true">·</span>
            <span className="font-mono">{formatClock(row.timestamp)}</span>
            {row.topicTitle && (
              <>
                <span aria-hidden="true">·</span>
                <span>{row.topicTitle}</span>
              </>
            )}
            {row.credit > 0 && row.credit < 1 && <span>· {Math.round(row.credit * 100)}% credit</span>}
          </div>
        </div>
      </div>
      {row.status !== 'unanswered' && (
        <dl className="ml-8 grid gap-x-3 gap-y-0.5 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-muted-foreground">Your answer</dt>
          <dd>{yours}</dd>
          {right !== null && kind !== 'correct' && (
            <>
              <dt className="text-muted-foreground">Correct answer</dt>
              <dd className="text-success">{right}</dd>
            </>
          )}
        </dl>
      )}
    </li>
  );
}

interface ResultsScreenProps {
  results: AttemptResults;
  title: string;
  questions: PlaybackQuestion[];
  /** Retry Activity; without it (a SCORM package whose LMS session has ended) there is no retry. */
  onRetry?: () => void;
  retrying: boolean;
  /** Beside Retry Activity: the web app's Back to Dashboard link, or a SCORM package's words. */
  exit?: ReactNode;
}

/** 'Activity Complete!' with the server's figures for this attempt and a row per question. */
export function ResultsScreen({ results, title, questions, onRetry, retrying, exit }: ResultsScreenProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The question the learner answered last is gone: focus lands on the results.
  useEffect(() => heading.current?.focus(), []);
  const byId = new Map(questions.map((q) => [q.id, q]));
  // First tries only (what scores): partial credit is counted apart, never as incorrect.
  const partly = results.rows.filter((r) => r.status !== 'skipped' && r.status !== 'unanswered' && r.credit > 0 && r.credit < 1).length;
  const incorrect = Math.max(0, results.answeredCount - results.correctCount - partly);
  return (
    <Card data-testid="results-screen" className="overflow-hidden">
      <div className="flex flex-col items-center gap-2 border-b bg-gradient-to-b from-accent to-card px-6 py-8 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-primary text-primary-foreground shadow">
          <Trophy className="size-7" aria-hidden="true" />
        </span>
        <h2 ref={heading} className="text-2xl font-bold outline-none" tabIndex={-1}>
          Activity Complete!
        </h2>
        <p className="text-sm text-muted-foreground">{title}</p>
      </div>
      <CardContent className="grid gap-6 p-4 sm:p-6">
        <div className={cn('grid grid-cols-2 gap-3', partly > 0 ? 'sm:grid-cols-5' : 'sm:grid-cols-4')} data-testid="results-figures">
          <Stat label="Correct" value={String(results.correctCount)} className="text-success" />
          {partly > 0 && <Stat label="Partly correct" value={String(partly)} className="text-amber-700" />}
          <Stat label="Incorrect" value={String(incorrect)} className="text-destructive" />
          <Stat label="Skipped" value={String(results.skippedCount)} />
          {/* Five figures on a phone: the score takes the last row whole. */}
          <Stat label="Score" value={`${results.score}%`} className="text-primary" boxClassName={partly > 0 ? 'col-span-2 sm:col-span-1' : undefined} />
        </div>
        <p className="text-center text-sm text-muted-foreground">
          {results.answeredCount} of {results.totalQuestions} questions answered · time spent: {formatWatchTime(results.watchTimeSeconds)}
        </p>
        <ResultsProgress gamification={results.gamification} />
        {results.rows.length > 0 && (
          <section aria-labelledby="results-questions-heading" className="rounded-lg border">
            <h3 id="results-questions-heading" className="border-b px-4 py-2.5 text-sm font-semibold sm:px-5">
              Your answers
            </h3>
            <ol className="divide-y">
              {results.rows.map((row, i) => (
                <ResultRow key={row.interactionId} row={row} question={byId.get(row.interactionId)} index={i} />
              ))}
            </ol>
          </section>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-center">
          {exit}
          {onRetry && (
            <Button onClick={onRetry} disabled={retrying}>
              {retrying ? <Loader2 className="animate-spin" aria-hidden="true" /> : <RotateCcw aria-hidden="true" />}
              Retry Activity
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
