import { ListChecks, Loader2, Plus, Trash2 } from 'lucide-react';
import { QUESTION_TYPE_LABELS } from '@veolearn/domain';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../lib/utils';
import { formatDuration } from '../../library/format';
import type { InteractionView } from '../api/editor-api';

export interface QuestionListProps {
  items: InteractionView[];
  selectedId: number | null;
  /** The selected question has unsaved changes (a dot marks it in the list). */
  dirty: boolean;
  adding: boolean;
  canAdd: boolean;
  onSelect: (question: InteractionView) => void;
  onAdd: () => void;
  onDelete: (question: InteractionView) => void;
  className?: string;
}

/** The left list 'Questions (count)' (spec section 2): type, time, text and topic of each question. */
export function QuestionList({ items, selectedId, dirty, adding, canAdd, onSelect, onAdd, onDelete, className }: QuestionListProps) {
  return (
    <Card className={cn('flex min-h-0 flex-col', className)} aria-labelledby="question-list-title">
      <CardHeader className="flex-row items-center justify-between gap-2 space-y-0 border-b px-4 py-3">
        <CardTitle as="h2" id="question-list-title" className="text-base">
          Questions ({items.length})
        </CardTitle>
        <Button size="sm" onClick={onAdd} disabled={adding || !canAdd} title={canAdd ? undefined : 'A video holds at most 50 questions'}>
          {adding ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Plus aria-hidden="true" />}
          Add Question
        </Button>
      </CardHeader>
      <CardContent className="min-h-0 flex-1 p-2 lg:overflow-y-auto">
        {items.length === 0 ? (
          <div className="flex flex-col items-center px-4 py-10 text-center">
            <ListChecks className="mb-3 size-9 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium">No questions found for this video.</p>
            <p className="mt-1 max-w-xs text-sm text-muted-foreground">Add one yourself, or generate questions from the transcript in the create wizard.</p>
          </div>
        ) : (
          <ol className="grid gap-1" aria-label="Questions">
            {items.map((q, i) => {
              const selected = q.id === selectedId;
              return (
                <li key={q.id} data-testid="question-item" className={cn('group flex items-start gap-1 rounded-lg border border-transparent', selected ? 'border-primary/40 bg-primary/5' : 'hover:bg-muted/60')}>
                  <button
                    type="button"
                    onClick={() => onSelect(q)}
                    aria-current={selected ? 'true' : undefined}
                    className="min-w-0 flex-1 rounded-lg p-3 text-left focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring"
                  >
                    <span className="flex flex-wrap items-center gap-2">
                      <span className="text-xs font-semibold text-muted-foreground">{i + 1}.</span>
                      <Badge variant={selected ? 'default' : 'secondary'}>{QUESTION_TYPE_LABELS[q.type]}</Badge>
                      <span className="font-mono text-xs text-muted-foreground" title="Time in the video">
                        {formatDuration(q.timestamp)}
                      </span>
                      {selected && dirty && <span className="size-2 rounded-full bg-amber-500" title="Unsaved changes" aria-label="Unsaved changes" role="img" />}
                    </span>
                    <span className="mt-1.5 line-clamp-2 block text-sm font-medium">{q.question}</span>
                    <span className="mt-0.5 block truncate text-xs text-muted-foreground">{q.topicTitle}</span>
                  </button>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="mt-2 mr-1 size-8 shrink-0 text-muted-foreground hover:text-destructive"
                    aria-label={`Delete question ${i + 1}`}
                    onClick={() => onDelete(q)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </li>
              );
            })}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
