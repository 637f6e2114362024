import { CircleCheck, CircleDashed, CircleX, SkipForward } from 'lucide-react';
import { type AnswerStatus, formatClock, QUESTION_TYPE_LABELS } from '@veolearn/domain';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/utils';
import type { AnswerView, PlaybackQuestion } from '../api/player-api';

/** The question text as the manager lists it: at most 40 characters. */
export function shortText(text: string, max = 40): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length > max ? `${clean.slice(0, max).trimEnd()}…` : clean;
}

const STATUS: Record<AnswerStatus | 'open', { label: string; icon: typeof CircleCheck; className: string }> = {
  correct: { label: 'Correct', icon: CircleCheck, className: 'text-success' },
  incorrect: { label: 'Incorrect', icon: CircleX, className: 'text-destructive' },
  skipped: { label: 'Skipped', icon: SkipForward, className: 'text-muted-foreground' },
  open: { label: 'Not answered yet', icon: CircleDashed, className: 'text-muted-foreground' },
};

interface QuestionManagerProps {
  questions: PlaybackQuestion[];
  answers: AnswerView[];
  currentId: number | null;
}

/** /play's side list: number, text cut at 40 characters, time, type and the tries in this attempt. */
export function QuestionManager({ questions, answers, currentId }: QuestionManagerProps) {
  const byId = new Map(answers.map((a) => [a.interactionId, a]));
  return (
    <aside aria-labelledby="question-manager-heading" className="h-fit rounded-xl border bg-card shadow-sm lg:sticky lg:top-4">
      <div className="flex items-center justify-between border-b px-4 py-3">
        <h2 id="question-manager-heading" className="font-semibold">
          Question Manager
        </h2>
        <Badge variant="secondary">{questions.length}</Badge>
      </div>
      {questions.length === 0 ? (
        <p className="px-4 py-6 text-center text-sm text-muted-foreground">This video has no questions yet.</p>
      ) : (
        <ol className="max-h-[28rem] divide-y overflow-y-auto" data-testid="question-manager">
          {questions.map((q, i) => {
            const answer = byId.get(q.id);
            const status = STATUS[answer?.status ?? 'open'];
            const Icon = status.icon;
            const tries = answer?.attempts ?? 0;
            return (
              <li key={q.id} className={cn('flex gap-3 px-4 py-3 text-sm', currentId === q.id && 'bg-accent')} aria-current={currentId === q.id ? 'step' : undefined}>
                <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-muted text-xs font-semibold">{i + 1}</span>
                <div className="grid min-w-0 flex-1 gap-1">
                  <p className="font-medium" title={q.question}>
                    {shortText(q.question)}
                  </p>
                  <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
                    <span className="font-mono tabular-nums">{formatClock(q.timestamp)}</span>
                    <Badge variant="outline" className="px-1.5 py-0 font-normal">
                      {QUESTION_TYPE_LABELS[q.type]}
                    </Badge>
                    <span>
                      {tries} {tries === 1 ? 'attempt' : 'attempts'}
                    </span>
                  </div>
                </div>
                <Icon className={cn('mt-0.5 size-4 shrink-0', status.className)} aria-label={status.label} role="img" />
              </li>
            );
          })}
        </ol>
      )}
    </aside>
  );
}
