import { QUESTION_TYPE_LABELS } from '@veolearn/domain';
import { Badge } from '../../../components/ui/badge';
import { formatDuration } from '../../library/format';
import type { LessonQuestionResult } from '../api/results-api';
import { sharePercent } from '../results-format';

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium [overflow-wrap:anywhere]" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function QuestionRow({ q }: { q: LessonQuestionResult }) {
  const share = q.firstTryCorrectShare;
  const wrong = q.mostChosenWrongOption;
  return (
    <li className="grid gap-3 py-4 first:pt-0 last:pb-0" data-testid="question-result">
      <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        <span className="font-semibold text-foreground">Q{q.number}</span>
        <span>{formatDuration(q.timestamp)}</span>
        <Badge variant="secondary">{QUESTION_TYPE_LABELS[q.type] ?? q.type}</Badge>
      </div>
      <p className="font-medium [overflow-wrap:anywhere]">{q.question}</p>
      <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
        Correct answer: <span className="text-foreground">{q.correctAnswer || '—'}</span>
      </p>
      <div className="grid gap-1">
        <div className="flex items-baseline justify-between gap-2 text-sm">
          <span>Correct on the first try</span>
          <span className="font-semibold tabular-nums" data-testid="first-try-share">
            {sharePercent(share)}
            <span className="font-normal text-muted-foreground">
              {' '}
              ({q.firstTryCorrect} of {q.answered})
            </span>
          </span>
        </div>
        <div className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden="true">
          <div className="h-full rounded-full bg-success" style={{ width: `${Math.round((share ?? 0) * 100)}%` }} />
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-4">
        <Figure label="Most chosen wrong answer" value={wrong ? `${wrong.text} (${wrong.count})` : '—'} testId="most-chosen-wrong" />
        <Figure label="Average tries" value={q.averageTries === null ? '—' : String(q.averageTries)} testId="average-tries" />
        <Figure label="Average credit" value={sharePercent(q.averageCredit)} />
        <Figure label="Skipped" value={String(q.skipped)} />
      </dl>
    </li>
  );
}

/** Each question of the lesson with how the learners did on it. */
export function QuestionStats({ questions }: { questions: LessonQuestionResult[] }) {
  if (questions.length === 0) return <p className="text-sm text-muted-foreground">This lesson has no questions yet.</p>;
  return (
    <ol className="divide-y" aria-label="Questions">
      {questions.map((q) => (
        <QuestionRow key={q.interactionId} q={q} />
      ))}
    </ol>
  );
}
