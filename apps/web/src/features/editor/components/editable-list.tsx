import { useRef, type ReactNode } from 'react';
import { ArrowDown, ArrowUp, Plus, X } from 'lucide-react';
import { OPTION_TEXT_MAX_LENGTH } from '@veolearn/domain';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { cn } from '../../../lib/utils';
import { AnswerGroup } from './field';

export interface EditableListProps {
  legend: ReactNode;
  hint?: ReactNode;
  items: readonly string[];
  /** The accessible name of row i's text field, e.g. 'Option 1'. */
  itemLabel: (index: number) => string;
  placeholder?: (index: number) => string;
  /** Rows may be removed only while there are more than `min`; rows may be added up to `max`. */
  min: number;
  max: number;
  addLabel: string;
  onText: (index: number, text: string) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
  /** Given: rows get up/down buttons (lists whose order is the answer). */
  onMove?: (from: number, to: number) => void;
  /** Before the text field (a radio or checkbox marking the right entry). */
  lead?: (index: number) => ReactNode;
  /** After the text field (a group or target select). */
  trail?: (index: number) => ReactNode;
  /** Show the position number in front of each row. */
  numbered?: boolean;
  maxLength?: number;
}

/** Focus moves with the edited row, so keyboard users keep their place after a move, removal or addition. */
export function focusLater(container: HTMLElement | null, selector: string, fallback?: string) {
  requestAnimationFrame(() => {
    const target = container?.querySelector<HTMLElement>(selector);
    const usable = target && !(target as HTMLButtonElement).disabled ? target : fallback ? container?.querySelector<HTMLElement>(fallback) : null;
    usable?.focus();
  });
}

/** An editable list of short texts: edit in place, add one, remove while above the minimum, reorder. */
export function EditableList(props: EditableListProps) {
  const { legend, hint, items, itemLabel, placeholder, min, max, addLabel, onText, onAdd, onRemove, onMove, lead, trail, numbered } = props;
  const listRef = useRef<HTMLOListElement>(null);
  const canRemove = items.length > min;

  function move(from: number, to: number, direction: 'up' | 'down') {
    onMove?.(from, to);
    const other = direction === 'up' ? 'down' : 'up';
    focusLater(listRef.current, `[data-row="${to}"] [data-move="${direction}"]`, `[data-row="${to}"] [data-move="${other}"]`);
  }

  function remove(index: number) {
    onRemove(index);
    focusLater(listRef.current, `[data-row="${Math.min(index, items.length - 2)}"] input`);
  }

  function add() {
    onAdd();
    focusLater(listRef.current, `[data-row="${items.length}"] input`);
  }

  return (
    <AnswerGroup legend={legend} hint={hint}>
      <ol ref={listRef} className="grid gap-2">
        {items.map((text, i) => (
          <li key={i} data-row={i} className={cn('flex flex-wrap items-center gap-2 sm:flex-nowrap', trail && 'rounded-lg border p-2 sm:border-0 sm:p-0')}>
            {lead?.(i)}
            {numbered && (
              <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-muted text-xs font-semibold text-muted-foreground" aria-hidden="true">
                {i + 1}
              </span>
            )}
            <Input
              aria-label={itemLabel(i)}
              value={text}
              maxLength={props.maxLength ?? OPTION_TEXT_MAX_LENGTH}
              placeholder={placeholder?.(i)}
              onChange={(e) => onText(i, e.target.value)}
              className="min-w-0 flex-1 basis-40"
            />
            {trail?.(i)}
            <div className="ml-auto flex shrink-0 items-center gap-1 sm:ml-0">
              {onMove && (
                <>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-8"
                    data-move="up"
                    aria-label={`Move ${itemLabel(i)} up`}
                    disabled={i === 0}
                    onClick={() => move(i, i - 1, 'up')}
                  >
                    <ArrowUp aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-8"
                    data-move="down"
                    aria-label={`Move ${itemLabel(i)} down`}
                    disabled={i === items.length - 1}
                    onClick={() => move(i, i + 1, 'down')}
                  >
                    <ArrowDown aria-hidden="true" />
                  </Button>
                </>
              )}
              <Button
                variant="ghost"
                size="icon"
                className="size-8 text-muted-foreground hover:text-destructive disabled:opacity-25"
                aria-label={`Remove ${itemLabel(i)}`}
                title={canRemove ? undefined : `At least ${min} are needed`}
                disabled={!canRemove}
                onClick={() => remove(i)}
              >
                <X aria-hidden="true" />
              </Button>
            </div>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" size="sm" onClick={add} disabled={items.length >= max}>
          <Plus aria-hidden="true" />
          {addLabel}
        </Button>
        <span className="text-xs text-muted-foreground">
          {items.length} / {max}
        </span>
      </div>
    </AnswerGroup>
  );
}
