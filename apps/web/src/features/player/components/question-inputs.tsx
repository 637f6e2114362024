import { useEffect, useId, useRef, useState } from 'react';
import { ArrowDown, ArrowUp } from 'lucide-react';
import type { LearnerQuestion } from '@veolearn/domain';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';
import { type Draft, gapParts, moveItem } from '../model/responses';

const LETTERS = 'ABCDEFGHIJKL';

const optionClass =
  'flex cursor-pointer items-start gap-3 rounded-lg border bg-background p-3 text-sm transition-colors hover:bg-accent has-[:checked]:border-primary has-[:checked]:bg-accent has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring';

const selectClass =
  'h-9 w-full min-w-0 rounded-md border border-input bg-background px-2 text-sm shadow-sm focus-visible:outline-2 focus-visible:outline-ring sm:w-56';

interface InputProps<D extends Draft> {
  view: LearnerQuestion;
  draft: D;
  onChange(draft: D): void;
  disabled: boolean;
}

/** Radios: single choice, scenario and true/false (which answers with a boolean). */
function ChoiceInput({ options, name, selected, onSelect, disabled }: { options: string[]; name: string; selected: number | null; onSelect(index: number): void; disabled: boolean }) {
  return (
    <fieldset className="grid gap-2" disabled={disabled}>
      <legend className="sr-only">Choose one answer</legend>
      {options.map((option, i) => (
        <label key={i} className={optionClass}>
          <input type="radio" name={name} className="mt-0.5 size-4 shrink-0 accent-primary" checked={selected === i} onChange={() => onSelect(i)} />
          <span className="font-semibold text-muted-foreground" aria-hidden="true">
            {LETTERS[i]}
          </span>
          <span>{option}</span>
        </label>
      ))}
    </fieldset>
  );
}

function MultiInput({ view, draft, onChange, disabled }: InputProps<Extract<Draft, { kind: 'multi' }>>) {
  const options = view.options as string[];
  const toggle = (i: number) => onChange({ kind: 'multi', value: draft.value.includes(i) ? draft.value.filter((v) => v !== i) : [...draft.value, i] });
  return (
    <fieldset className="grid gap-2" disabled={disabled}>
      <legend className="mb-1 text-xs text-muted-foreground">Choose every correct answer.</legend>
      {options.map((option, i) => (
        <label key={i} className={optionClass}>
          <input type="checkbox" className="mt-0.5 size-4 shrink-0 accent-primary" checked={draft.value.includes(i)} onChange={() => toggle(i)} />
          <span className="font-semibold text-muted-foreground" aria-hidden="true">
            {LETTERS[i]}
          </span>
          <span>{option}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** Ordering and priority ranking: a numbered list with move up/down buttons; focus follows the moved item. */
function OrderInput({ view, draft, onChange, disabled }: InputProps<Extract<Draft, { kind: 'order' }>>) {
  const items = view.options as string[];
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const [focusNext, setFocusNext] = useState<string | null>(null);
  const hint = view.type === 'priority_ranking' ? 'Highest priority first.' : 'First step at the top.';

  useEffect(() => {
    if (focusNext) buttons.current.get(focusNext)?.focus();
  }, [focusNext, draft.value]);

  function move(position: number, step: -1 | 1) {
    const next = moveItem(draft.value, position, step);
    onChange({ kind: 'order', value: next });
    const item = draft.value[position];
    const canMoveAgain = step === -1 ? position + step > 0 : position + step < draft.value.length - 1;
    setFocusNext(`${item}:${canMoveAgain ? step : -step}`);
  }

  return (
    <div className="grid gap-2">
      <p className="text-xs text-muted-foreground">{hint} Use the arrows to move an item.</p>
      <ol className="grid gap-2" aria-label={view.type === 'priority_ranking' ? 'Ranking' : 'Order'}>
        {draft.value.map((item, position) => (
          <li key={item} className="flex items-center gap-2 rounded-lg border bg-background p-2 pl-3 text-sm">
            <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-muted text-xs font-semibold">{position + 1}</span>
            <span className="min-w-0 flex-1">{items[item]}</span>
            <Button
              ref={(el) => {
                if (el) buttons.current.set(`${item}:-1`, el);
              }}
              variant="ghost"
              size="icon"
              className="size-8"
              aria-label={`Move "${items[item]}" up`}
              disabled={disabled || position === 0}
              onClick={() => move(position, -1)}
            >
              <ArrowUp aria-hidden="true" />
            </Button>
            <Button
              ref={(el) => {
                if (el) buttons.current.set(`${item}:1`, el);
              }}
              variant="ghost"
              size="icon"
              className="size-8"
              aria-label={`Move "${items[item]}" down`}
              disabled={disabled || position === draft.value.length - 1}
              onClick={() => move(position, 1)}
            >
              <ArrowDown aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ol>
    </div>
  );
}

/**
 * One choice per row: matching (right item per left item), sorting into groups, drag and drop (target
 * per item). Up to four choices show as buttons, more as a select.
 */
function AssignInput({
  rows,
  choices,
  placeholder,
  draft,
  onChange,
  disabled,
}: {
  rows: string[];
  choices: string[];
  placeholder: string;
  draft: Extract<Draft, { kind: 'assign' }>;
  onChange(draft: Draft): void;
  disabled: boolean;
}) {
  const id = useId();
  const set = (row: number, choice: number | null) => onChange({ kind: 'assign', value: draft.value.map((v, i) => (i === row ? choice : v)) });
  const asButtons = choices.length <= 4;
  return (
    <div className="grid gap-2">
      {rows.map((row, r) =>
        asButtons ? (
          <fieldset key={r} className="grid gap-2 rounded-lg border bg-background p-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center" disabled={disabled}>
            <legend className="float-left text-sm font-medium sm:pt-1.5">{row}</legend>
            <div className="flex flex-wrap gap-1.5 sm:justify-end">
              {choices.map((choice, c) => (
                <label
                  key={c}
                  className="cursor-pointer rounded-md border px-2.5 py-1 text-xs font-medium transition-colors hover:bg-accent has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-primary-foreground has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
                >
                  <input type="radio" className="sr-only" name={`${id}-${r}`} checked={draft.value[r] === c} onChange={() => set(r, c)} />
                  {choice}
                </label>
              ))}
            </div>
          </fieldset>
        ) : (
          <div key={r} className="grid gap-2 rounded-lg border bg-background p-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center">
            <label htmlFor={`${id}-${r}`} className="text-sm font-medium">
              {row}
            </label>
            <select
              id={`${id}-${r}`}
              className={selectClass}
              value={draft.value[r] ?? ''}
              disabled={disabled}
              onChange={(e) => set(r, e.target.value === '' ? null : Number(e.target.value))}
            >
              <option value="">{placeholder}</option>
              {choices.map((choice, c) => (
                <option key={c} value={c}>
                  {choice}
                </option>
              ))}
            </select>
          </div>
        ),
      )}
    </div>
  );
}

/** The text with an input per gap; a word-bank chip fills the gap last focused (else the first empty one). */
function GapsInput({ view, draft, onChange, disabled }: InputProps<Extract<Draft, { kind: 'gaps' }>>) {
  const options = view.options as { text: string; wordBank?: string[] };
  const inputs = useRef<Array<HTMLInputElement | null>>([]);
  const [focused, setFocused] = useState<number | null>(null);
  const set = (gap: number, text: string) => onChange({ kind: 'gaps', value: draft.value.map((v, i) => (i === gap ? text : v)) });

  function pickWord(word: string) {
    const target = focused ?? draft.value.findIndex((v) => v.trim() === '');
    const gap = target < 0 ? 0 : target;
    set(gap, word);
    const nextEmpty = draft.value.findIndex((v, i) => i !== gap && v.trim() === '');
    const next = nextEmpty < 0 ? gap : nextEmpty;
    setFocused(next);
    inputs.current[next]?.focus();
  }

  return (
    <div className="grid gap-3">
      <p className="rounded-lg border bg-background p-3 text-sm leading-9">
        {gapParts(options.text).map((part, i) =>
          part.kind === 'text' ? (
            <span key={i}>{part.text}</span>
          ) : (
            <input
              key={i}
              ref={(el) => {
                inputs.current[part.index] = el;
              }}
              aria-label={`Gap ${part.index + 1}`}
              className={cn(
                'mx-1 h-8 w-32 rounded-md border border-input bg-background px-2 text-sm shadow-sm focus-visible:outline-2 focus-visible:outline-ring',
                focused === part.index && 'border-primary',
              )}
              value={draft.value[part.index] ?? ''}
              disabled={disabled}
              onFocus={() => setFocused(part.index)}
              onChange={(e) => set(part.index, e.target.value)}
            />
          ),
        )}
      </p>
      {options.wordBank && options.wordBank.length > 0 && (
        <div>
          <p className="mb-1.5 text-xs text-muted-foreground">Word bank: choose a word to fill the selected gap.</p>
          <div className="flex flex-wrap gap-1.5">
            {options.wordBank.map((word, i) => (
              <button
                key={i}
                type="button"
                disabled={disabled}
                // Keeps the gap focused, so the word goes where the learner was typing.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pickWord(word)}
                className="rounded-full border bg-secondary px-3 py-1 text-xs font-medium hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50"
              >
                {word}
              </button>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}

/** The answer inputs of any of the ten question types, working in shown (shuffled) positions. */
export function QuestionInputs({ view, draft, onChange, disabled }: InputProps<Draft>) {
  const name = useId();
  switch (view.type) {
    case 'single_choice':
    case 'scenario':
      return draft.kind === 'choice' ? (
        <ChoiceInput options={view.options} name={name} selected={draft.value} disabled={disabled} onSelect={(i) => onChange({ kind: 'choice', value: i })} />
      ) : null;
    case 'true_false':
      return draft.kind === 'boolean' ? (
        <ChoiceInput
          options={view.options}
          name={name}
          selected={draft.value === null ? null : draft.value ? 0 : 1}
          disabled={disabled}
          onSelect={(i) => onChange({ kind: 'boolean', value: i === 0 })}
        />
      ) : null;
    case 'multiple_choice':
      return draft.kind === 'multi' ? <MultiInput view={view} draft={draft} onChange={onChange} disabled={disabled} /> : null;
    case 'ordering':
    case 'priority_ranking':
      return draft.kind === 'order' ? <OrderInput view={view} draft={draft} onChange={onChange} disabled={disabled} /> : null;
    case 'matching':
      return draft.kind === 'assign' ? (
        <AssignInput rows={view.options.left} choices={view.options.right} placeholder="Choose a match…" draft={draft} onChange={onChange} disabled={disabled} />
      ) : null;
    case 'sorting_groups':
      return draft.kind === 'assign' ? (
        <AssignInput rows={view.options.items} choices={view.options.groups} placeholder="Choose a group…" draft={draft} onChange={onChange} disabled={disabled} />
      ) : null;
    case 'drag_drop':
      return draft.kind === 'assign' ? (
        <AssignInput rows={view.options.items} choices={view.options.targets} placeholder="Choose a target…" draft={draft} onChange={onChange} disabled={disabled} />
      ) : null;
    case 'fill_gaps':
      return draft.kind === 'gaps' ? <GapsInput view={view} draft={draft} onChange={onChange} disabled={disabled} /> : null;
  }
}
