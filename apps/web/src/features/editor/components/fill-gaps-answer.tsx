import { useId, useRef } from 'react';
import { Plus, TextCursorInput, X } from 'lucide-react';
import { FILL_GAPS_MAX_GAPS, FILL_GAPS_TEXT_MAX_LENGTH, WORD_BANK_MAX_ENTRIES } from '@veolearn/domain';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { initialWordBank, insertGap, removeAt, replaceAt } from '../model/answer-edits';
import { gapNumbers, type AnswerDraftOf } from '../model/question-draft';
import type { AnswerEditorProps } from './answer-editors';
import { EditableList, focusLater } from './editable-list';
import { AnswerGroup } from './field';
import { Textarea } from './textarea';

type FillGaps = AnswerDraftOf<'fill_gaps'>;

/** The text with {{n}} shown as numbered blanks, as a learner will roughly see it. */
function GapPreview({ text }: { text: string }) {
  const parts = text.split(/(\{\{\s*\d+\s*\}\})/g);
  return (
    <p className="rounded-md bg-muted/60 px-3 py-2 text-sm leading-7" aria-label="Preview">
      {parts.map((part, i) => {
        const gap = part.match(/^\{\{\s*(\d+)\s*\}\}$/);
        return gap ? (
          <span key={i} className="mx-0.5 inline-block min-w-12 rounded border-b-2 border-primary bg-background px-2 text-center text-xs font-semibold leading-6 text-primary">
            {gap[1]}
          </span>
        ) : (
          <span key={i}>{part}</span>
        );
      })}
    </p>
  );
}

/** Accepted answers of one gap: the first is the main answer, the others are also accepted. */
function GapAnswers({ gap, answers, onChange }: { gap: number; answers: string[]; onChange: (answers: string[]) => void }) {
  const itemRef = useRef<HTMLLIElement>(null);
  return (
    <li ref={itemRef} className="grid content-start gap-2 rounded-lg border p-3">
      <p className="text-sm font-medium">
        Gap <span className="font-mono text-primary">{`{{${gap}}}`}</span>
      </p>
      {answers.map((answer, k) => (
        <div key={k} className="flex items-center gap-2">
          <Input
            aria-label={k === 0 ? `Gap ${gap} answer` : `Gap ${gap} alternative ${k}`}
            placeholder={k === 0 ? 'Accepted answer' : 'Also accepted'}
            value={answer}
            maxLength={100}
            onChange={(e) => onChange(replaceAt(answers, k, e.target.value))}
          />
          <Button
            variant="ghost"
            size="icon"
            className="size-8 shrink-0 text-muted-foreground hover:text-destructive disabled:opacity-25"
            aria-label={k === 0 ? `Remove gap ${gap} answer` : `Remove gap ${gap} alternative ${k}`}
            disabled={answers.length <= 1}
            onClick={() => onChange(removeAt(answers, k))}
          >
            <X aria-hidden="true" />
          </Button>
        </div>
      ))}
      <Button
        variant="ghost"
        size="sm"
        className="justify-self-start"
        aria-label={`Add another accepted answer for gap ${gap}`}
        onClick={() => {
          onChange([...answers, '']);
          focusLater(itemRef.current, `div:nth-of-type(${answers.length + 1}) input`);
        }}
      >
        <Plus aria-hidden="true" />
        Also accept…
      </Button>
    </li>
  );
}

/** fill_gaps: a text with {{1}}-style gaps, the answers each gap accepts, and an optional word bank. */
export function FillGapsAnswer({ answer, onChange }: AnswerEditorProps<FillGaps>) {
  const textRef = useRef<HTMLTextAreaElement>(null);
  const textId = useId();
  const bankId = useId();
  const gaps = gapNumbers(answer.text);
  const tooMany = gaps.length >= FILL_GAPS_MAX_GAPS;

  function addGap() {
    const area = textRef.current;
    const start = area?.selectionStart ?? answer.text.length;
    const end = area?.selectionEnd ?? start;
    const inserted = insertGap(answer.text, start, end);
    const next = [...answer.gaps];
    while (next.length < inserted.gap) next.push(['']);
    next[inserted.gap - 1] = [inserted.replaced];
    onChange({ ...answer, text: inserted.text, gaps: next });
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(inserted.cursor, inserted.cursor);
    });
  }

  const setGap = (gap: number, answers: string[]) => {
    const next = [...answer.gaps];
    while (next.length < gap) next.push(['']);
    next[gap - 1] = answers;
    onChange({ ...answer, gaps: next });
  };
  const bank = answer.wordBank;

  return (
    <div className="grid gap-5">
      <div className="grid gap-1.5">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <Label htmlFor={textId}>Text with gaps</Label>
          <Button variant="outline" size="sm" onClick={addGap} disabled={tooMany} title="Puts {{n}} at the cursor, or in place of the selected words">
            <TextCursorInput aria-hidden="true" />
            Insert gap
          </Button>
        </div>
        <Textarea
          id={textId}
          ref={textRef}
          rows={3}
          value={answer.text}
          maxLength={FILL_GAPS_TEXT_MAX_LENGTH}
          aria-describedby={`${textId}-hint`}
          onChange={(e) => onChange({ ...answer, text: e.target.value })}
        />
        <p id={`${textId}-hint`} className="text-xs text-muted-foreground">
          Write {'{{1}}'}, {'{{2}}'}… where a word is missing, or select a word and press Insert gap. Up to {FILL_GAPS_MAX_GAPS} gaps.
        </p>
        {gaps.length > 0 && <GapPreview text={answer.text} />}
      </div>

      <AnswerGroup legend="Accepted answers" hint="Compared ignoring capitals, extra spaces and punctuation at either end.">
        {gaps.length === 0 ? (
          <p className="rounded-md border border-dashed px-3 py-4 text-center text-sm text-muted-foreground">Insert a gap to give its answer.</p>
        ) : (
          <ol className="grid gap-2 sm:grid-cols-2">
            {gaps.map((gap) => (
              <GapAnswers key={gap} gap={gap} answers={answer.gaps[gap - 1] ?? ['']} onChange={(answers) => setGap(gap, answers)} />
            ))}
          </ol>
        )}
      </AnswerGroup>

      <div className="grid gap-3">
        <div className="flex items-center gap-2">
          <Checkbox
            id={bankId}
            checked={bank !== null}
            onCheckedChange={(on) => onChange({ ...answer, wordBank: on === true ? initialWordBank(answer.gaps.slice(0, Math.max(...gaps, 0))) : null })}
          />
          <Label htmlFor={bankId}>Offer a word bank</Label>
        </div>
        {bank && (
          <EditableList
            legend="Word bank"
            hint="Learners pick from these words; each gap needs one of its answers here. Add a few wrong words too."
            items={bank}
            itemLabel={(i) => `Word ${i + 1}`}
            placeholder={(i) => `Word ${i + 1}`}
            min={1}
            max={WORD_BANK_MAX_ENTRIES}
            maxLength={100}
            addLabel="Add word"
            onText={(i, text) => onChange({ ...answer, wordBank: replaceAt(bank, i, text) })}
            onAdd={() => onChange({ ...answer, wordBank: [...bank, ''] })}
            onRemove={(i) => onChange({ ...answer, wordBank: removeAt(bank, i) })}
          />
        )}
      </div>
    </div>
  );
}
