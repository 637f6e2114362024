import { useId, useRef } from 'react';
import { ArrowLeftRight, Plus, X } from 'lucide-react';
import { OPTION_TEXT_MAX_LENGTH } from '@veolearn/domain';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { LIST_LIMITS } from '../model/draft-convert';
import {
  correctAfterRemoval,
  correctSetAfterRemoval,
  moveItem,
  placesAfterRemoval,
  removeAt,
  replaceAt,
  toggleIndex,
} from '../model/answer-edits';
import type { AnswerDraft, AnswerDraftOf, PlacedItem } from '../model/question-draft';
import { EditableList, focusLater } from './editable-list';
import { AnswerGroup } from './field';
import { FillGapsAnswer } from './fill-gaps-answer';

export interface AnswerEditorProps<A extends AnswerDraft = AnswerDraft> {
  answer: A;
  onChange: (answer: A) => void;
}

/** The answer inputs of the question's type (libs/domain questions/types.ts describes each shape). */
export function AnswerEditor({ answer, onChange }: AnswerEditorProps) {
  // Each branch hands the editor the narrowed answer; its changes keep the same type.
  const change = onChange as (a: AnswerDraft) => void;
  switch (answer.type) {
    case 'single_choice':
    case 'scenario':
      return <SingleChoiceAnswer answer={answer} onChange={change} />;
    case 'multiple_choice':
      return <MultipleChoiceAnswer answer={answer} onChange={change} />;
    case 'true_false':
      return <TrueFalseAnswer answer={answer} onChange={change} />;
    case 'matching':
      return <MatchingAnswer answer={answer} onChange={change} />;
    case 'ordering':
    case 'priority_ranking':
      return <SequenceAnswer answer={answer} onChange={change} />;
    case 'sorting_groups':
      return <PlacementAnswer answer={answer} onChange={change} />;
    case 'drag_drop':
      return <PlacementAnswer answer={answer} onChange={change} />;
    case 'fill_gaps':
      return <FillGapsAnswer answer={answer} onChange={change} />;
  }
}

const RADIO = 'size-4 shrink-0 cursor-pointer accent-[var(--primary)] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/** What the choice editors' option lists share: numbered options, their text, adding one, the type's limits. */
function optionListProps<A extends { options: string[] }>(answer: A, onChange: (next: A) => void, [min, max]: readonly [number, number]) {
  const label = (i: number) => `Option ${i + 1}`;
  return {
    legend: 'Answer options',
    items: answer.options,
    itemLabel: label,
    placeholder: label,
    min,
    max,
    addLabel: 'Add option',
    onText: (i: number, text: string) => onChange({ ...answer, options: replaceAt(answer.options, i, text) }),
    onAdd: () => onChange({ ...answer, options: [...answer.options, ''] }),
  };
}

function SingleChoiceAnswer({ answer, onChange }: AnswerEditorProps<AnswerDraftOf<'single_choice' | 'scenario'>>) {
  const name = useId();
  return (
    <EditableList
      {...optionListProps(answer, onChange, LIST_LIMITS[answer.type])}
      hint="Pick the right option with its radio button."
      onRemove={(i) => onChange({ ...answer, options: removeAt(answer.options, i), correct: correctAfterRemoval(answer.correct, i) })}
      lead={(i) => (
        <input
          type="radio"
          name={name}
          className={RADIO}
          checked={answer.correct === i}
          onChange={() => onChange({ ...answer, correct: i })}
          aria-label={`Option ${i + 1} is correct`}
        />
      )}
    />
  );
}

function MultipleChoiceAnswer({ answer, onChange }: AnswerEditorProps<AnswerDraftOf<'multiple_choice'>>) {
  return (
    <EditableList
      {...optionListProps(answer, onChange, LIST_LIMITS.multiple_choice)}
      hint="Tick every right option; learners must pick exactly these."
      onRemove={(i) => onChange({ ...answer, options: removeAt(answer.options, i), correct: correctSetAfterRemoval(answer.correct, i) })}
      lead={(i) => (
        <Checkbox
          checked={answer.correct.includes(i)}
          onCheckedChange={(on) => onChange({ ...answer, correct: toggleIndex(answer.correct, i, on === true) })}
          aria-label={`Option ${i + 1} is correct`}
        />
      )}
    />
  );
}

function TrueFalseAnswer({ answer, onChange }: AnswerEditorProps<AnswerDraftOf<'true_false'>>) {
  const name = useId();
  return (
    <AnswerGroup legend="The statement is" hint="Write the statement as the question text.">
      <div className="flex flex-wrap gap-3">
        {[true, false].map((value) => (
          <label
            key={String(value)}
            className="flex min-w-28 cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5"
          >
            <input type="radio" name={name} className={RADIO} checked={answer.correct === value} onChange={() => onChange({ ...answer, correct: value })} />
            {value ? 'True' : 'False'}
          </label>
        ))}
      </div>
    </AnswerGroup>
  );
}

function MatchingAnswer({ answer, onChange }: AnswerEditorProps<AnswerDraftOf<'matching'>>) {
  const [min, max] = LIST_LIMITS.matching;
  const { pairs } = answer;
  const canRemove = pairs.length > min;
  const listRef = useRef<HTMLOListElement>(null);
  const setPair = (i: number, side: 'left' | 'right', text: string) => onChange({ ...answer, pairs: replaceAt(pairs, i, { ...pairs[i], [side]: text }) });
  return (
    <AnswerGroup legend="Matching pairs" hint="Each left entry with its match. Learners see the right column in a mixed order.">
      <div className="hidden grid-cols-[1fr_auto_1fr_auto] gap-2 text-xs font-medium text-muted-foreground sm:grid" aria-hidden="true">
        <span>Left column</span>
        <span className="w-4" />
        <span>Its match (right column)</span>
        <span className="w-8" />
      </div>
      <ol ref={listRef} className="grid gap-2">
        {pairs.map((pair, i) => (
          <li key={i} className="grid grid-cols-[1fr_auto] items-center gap-2 rounded-lg border p-2 sm:grid-cols-[1fr_auto_1fr_auto] sm:border-0 sm:p-0">
            <Input aria-label={`Left ${i + 1}`} placeholder={`Term ${i + 1}`} value={pair.left} maxLength={OPTION_TEXT_MAX_LENGTH} onChange={(e) => setPair(i, 'left', e.target.value)} />
            <ArrowLeftRight className="hidden size-4 text-muted-foreground sm:block" aria-hidden="true" />
            <Input
              aria-label={`Right ${i + 1}`}
              placeholder={`Match ${i + 1}`}
              value={pair.right}
              maxLength={OPTION_TEXT_MAX_LENGTH}
              onChange={(e) => setPair(i, 'right', e.target.value)}
              className="col-start-1 sm:col-start-auto"
            />
            <Button
              variant="ghost"
              size="icon"
              className="col-start-2 row-span-2 row-start-1 size-8 text-muted-foreground hover:text-destructive disabled:opacity-25 sm:row-span-1 sm:col-start-auto sm:row-start-auto"
              aria-label={`Remove pair ${i + 1}`}
              title={canRemove ? undefined : `At least ${min} are needed`}
              disabled={!canRemove}
              onClick={() => onChange({ ...answer, pairs: removeAt(pairs, i) })}
            >
              <X aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ol>
      <div className="flex items-center gap-3">
        <Button
          variant="outline"
          size="sm"
          disabled={pairs.length >= max}
          onClick={() => {
            onChange({ ...answer, pairs: [...pairs, { left: '', right: '' }] });
            focusLater(listRef.current, `li:nth-child(${pairs.length + 1}) input`);
          }}
        >
          <Plus aria-hidden="true" />
          Add pair
        </Button>
        <span className="text-xs text-muted-foreground">
          {pairs.length} / {max}
        </span>
      </div>
    </AnswerGroup>
  );
}

function SequenceAnswer({ answer, onChange }: AnswerEditorProps<AnswerDraftOf<'ordering' | 'priority_ranking'>>) {
  const [min, max] = LIST_LIMITS[answer.type];
  const ranking = answer.type === 'priority_ranking';
  const word = ranking ? 'Item' : 'Step';
  return (
    <EditableList
      legend={ranking ? 'Items from highest to lowest priority' : 'Steps in the correct order'}
      hint="List them in the right order and use the arrows to reorder. Learners get them mixed up."
      items={answer.items}
      itemLabel={(i) => `${word} ${i + 1}`}
      placeholder={(i) => `${word} ${i + 1}`}
      numbered
      min={min}
      max={max}
      addLabel={ranking ? 'Add item' : 'Add step'}
      onText={(i, text) => onChange({ ...answer, items: replaceAt(answer.items, i, text) })}
      onAdd={() => onChange({ ...answer, items: [...answer.items, ''] })}
      onRemove={(i) => onChange({ ...answer, items: removeAt(answer.items, i) })}
      onMove={(from, to) => onChange({ ...answer, items: moveItem(answer.items, from, to) })}
    />
  );
}

/** sorting_groups (items into groups) and drag_drop (items onto targets) share one editor. */
function PlacementAnswer({ answer, onChange }: AnswerEditorProps<AnswerDraftOf<'sorting_groups' | 'drag_drop'>>) {
  const sorting = answer.type === 'sorting_groups';
  const places = sorting ? answer.groups : answer.targets;
  const placeWord = sorting ? 'Group' : 'Target';
  const [placeMin, placeMax] = sorting ? LIST_LIMITS.groups : LIST_LIMITS.targets;
  const [itemMin, itemMax] = sorting ? LIST_LIMITS.sortingItems : LIST_LIMITS.dragItems;

  function update(next: { places?: string[]; items?: PlacedItem[] }) {
    const items = next.items ?? answer.items;
    const newPlaces = next.places ?? places;
    onChange(sorting ? { type: 'sorting_groups', groups: newPlaces, items } : { type: 'drag_drop', targets: newPlaces, items });
  }

  const placeName = (p: number) => places[p]?.trim() || `${placeWord} ${p + 1}`;

  return (
    <div className="grid gap-5">
      <EditableList
        legend={sorting ? 'Groups' : 'Drop targets'}
        items={places}
        itemLabel={(i) => `${placeWord} ${i + 1}`}
        placeholder={(i) => `${placeWord} ${i + 1}`}
        min={placeMin}
        max={placeMax}
        addLabel={sorting ? 'Add group' : 'Add target'}
        onText={(i, text) => update({ places: replaceAt(places, i, text) })}
        onAdd={() => update({ places: [...places, ''] })}
        onRemove={(i) => update({ places: removeAt(places, i), items: placesAfterRemoval(answer.items, i) })}
      />
      <EditableList
        legend={sorting ? 'Items and their group' : 'Items and their target'}
        hint={sorting ? 'Choose the group each item belongs to.' : 'Choose where each item must be dropped; several items may share a target.'}
        items={answer.items.map((item) => item.text)}
        itemLabel={(i) => `Item ${i + 1}`}
        placeholder={(i) => `Item ${i + 1}`}
        min={itemMin}
        max={itemMax}
        addLabel="Add item"
        onText={(i, text) => update({ items: replaceAt(answer.items, i, { ...answer.items[i], text }) })}
        onAdd={() =>
          update({ items: [...answer.items, { text: '', place: 0 }] })
        }
        onRemove={(i) => update({ items: removeAt(answer.items, i) })}
        trail={(i) => (
          <Select
            value={String(answer.items[i].place)}
            onValueChange={(value) => update({ items: replaceAt(answer.items, i, { ...answer.items[i], place: Number(value) }) })}
          >
            <SelectTrigger className="order-last w-full sm:order-none sm:w-44" aria-label={`${placeWord} of item ${i + 1}`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {places.map((_, p) => (
                <SelectItem key={p} value={String(p)}>
                  {placeName(p)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
    </div>
  );
}
