import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { formatDate } from '../../library/format';
import type { LessonAttemptAnswer, LessonAttemptView } from '../api/results-api';
import { pageRange, scoreText, timeSpent } from '../results-format';

const RESULT: Record<LessonAttemptAnswer['result'], { label: string; className: string }> = {
  correct: { label: 'Correct', className: 'text-success' },
  partly_correct: { label: 'Partly correct', className: 'text-amber-700' },
  incorrect: { label: 'Incorrect', className: 'text-destructive' },
  skipped: { label: 'Skipped', className: 'text-muted-foreground' },
};

/** What the learner answered, question by question (first tries: what the score counts). */
function Answers({ a, numbers }: { a: LessonAttemptView; numbers: ReadonlyMap<number, number> }) {
  if (a.answers.length === 0) return <p className="text-xs text-muted-foreground">No answer yet.</p>;
  return (
    <details className="group text-xs">
      <summary className="w-fit cursor-pointer rounded text-primary hover:underline focus-visible:outline-2 focus-visible:outline-ring">
        Answers <span className="sr-only">of {a.learner}</span>
      </summary>
      <ol className="mt-1.5 grid gap-1" data-testid="attempt-answers">
        {a.answers.map((answer) => {
          const result = RESULT[answer.result];
          const extra = answer.result === 'partly_correct' ? ` ${Math.round(answer.credit * 100)}%` : '';
          return (
            <li key={answer.interactionId} className="grid grid-cols-[2rem_minmax(0,1fr)] gap-x-1">
              <span className="font-semibold text-foreground">Q{numbers.get(answer.interactionId) ?? '?'}</span>
              <span className="min-w-0 break-words">
                <span className={`font-medium ${result.className}`}>
                  {result.label}
                  {extra}
                </span>
                {answer.tries > 1 ? <span className="text-muted-foreground"> ({answer.tries} tries)</span> : null}
                {answer.answer ? <span className="text-foreground">: {answer.answer}</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
    </details>
  );
}

function Learner({ a, numbers }: { a: LessonAttemptView; numbers: ReadonlyMap<number, number> }) {
  const lms = a.lmsUser && a.lmsUser !== a.learner ? a.lmsUser : null;
  return (
    <div className="grid min-w-0 gap-0.5">
      <span className="font-medium break-words">{a.learner}</span>
      {lms || a.lmsCourse ? (
        <span className="text-xs text-muted-foreground break-words">LMS: {[lms, a.lmsCourse].filter(Boolean).join(' · ')}</span>
      ) : a.displayName ? (
        <span className="text-xs text-muted-foreground">#{a.anonymousId}</span>
      ) : null}
      <Answers a={a} numbers={numbers} />
    </div>
  );
}

interface AttemptsTableProps {
  attempts: LessonAttemptView[];
  /** Each question's number (1-based, playing order) by its id. */
  numbers: ReadonlyMap<number, number>;
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  loading: boolean;
}

/** The header cells: spacing, and the columns narrow screens leave out (their cells below hide alike). */
const COLUMNS = [
  { label: 'Learner', className: 'pr-2 sm:min-w-40 sm:pr-3' },
  { label: 'Score', className: 'pr-2 sm:pr-3' },
  { label: 'Correct', className: 'pr-3 max-sm:hidden' },
  { label: 'Time', className: 'pr-2 sm:pr-3' },
  { label: 'Status', className: 'pr-2 sm:pr-3' },
  { label: 'Started', className: 'pr-3 max-md:hidden' },
  { label: 'Finished', className: 'max-md:hidden' },
];

/** Who took the lesson and how they did, newest first; a page at a time. */
export function AttemptsTable({ attempts, numbers, page, pageSize, total, onPage, loading }: AttemptsTableProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="grid gap-3">
      <div className="-mx-6 overflow-x-auto px-6" data-testid="attempts-scroll">
        <table className="w-full text-left text-sm" data-testid="attempts-table">
          <thead className="border-b text-xs text-muted-foreground">
            <tr>
              {COLUMNS.map(({ label, className }) => (
                <th key={label} scope="col" className={`py-2 font-medium ${className}`}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y">
            {attempts.map((a) => (
              <tr key={a.id} data-testid="attempt-row" className="align-top">
                <td className="py-2.5 pr-2 sm:pr-3">
                  <Learner a={a} numbers={numbers} />
                </td>
                <td className="py-2.5 pr-2 font-semibold tabular-nums sm:pr-3">{scoreText(a.score)}</td>
                <td className="py-2.5 pr-3 tabular-nums max-sm:hidden">
                  {a.correctCount} / {a.totalQuestions}
                </td>
                <td className="py-2.5 pr-2 tabular-nums whitespace-nowrap sm:pr-3">{timeSpent(a.timeSpentSeconds)}</td>
                <td className="py-2.5 pr-2 sm:pr-3">
                  {a.status === 'completed' ? (
                    <Badge variant="success" className="whitespace-nowrap">
                      Completed
                    </Badge>
                  ) : (
                    <Badge variant="secondary" className="whitespace-nowrap">
                      In progress
                    </Badge>
                  )}
                </td>
                <td className="py-2.5 pr-3 whitespace-nowrap text-muted-foreground max-md:hidden">{formatDate(a.startedAt, true)}</td>
                <td className="py-2.5 whitespace-nowrap text-muted-foreground max-md:hidden">{formatDate(a.completedAt, true)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {total > pageSize ? (
        <nav className="flex flex-wrap items-center justify-between gap-2 text-sm" aria-label="Attempt pages">
          <span className="text-muted-foreground tabular-nums">{pageRange(page, pageSize, total)}</span>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" disabled={page <= 1 || loading} onClick={() => onPage(page - 1)}>
              Previous
            </Button>
            <Button variant="outline" size="sm" disabled={page >= pages || loading} onClick={() => onPage(page + 1)}>
              Next
            </Button>
          </div>
        </nav>
      ) : null}
    </div>
  );
}
