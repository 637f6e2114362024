import { gapPlaceholders } from '@veolearn/domain';
import type { PlacedItem } from './question-draft';

/** Pure list edits used by the answer editors; every function returns a new list. */

export function replaceAt<T>(list: readonly T[], index: number, value: T): T[] {
  return list.map((v, i) => (i === index ? value : v));
}

export function removeAt<T>(list: readonly T[], index: number): T[] {
  return list.filter((_, i) => i !== index);
}

/** The entry at `from` moved to `to` (both in range; otherwise the list is returned unchanged). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= list.length || to < 0 || to >= list.length || from === to) return [...list];
  const out = [...list];
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item);
  return out;
}

/** The right option of a single-choice question after option `removed` is gone. */
export function correctAfterRemoval(correct: number, removed: number): number {
  if (removed === correct) return 0;
  return removed < correct ? correct - 1 : correct;
}

/** The right options of a multiple-choice question after option `removed` is gone (at least one stays). */
export function correctSetAfterRemoval(correct: readonly number[], removed: number): number[] {
  const out = correct.filter((i) => i !== removed).map((i) => (i > removed ? i - 1 : i));
  return out.length > 0 ? out : [0];
}

export function toggleIndex(correct: readonly number[], index: number, on: boolean): number[] {
  const set = new Set(correct);
  if (on) set.add(index);
  else set.delete(index);
  return [...set].sort((a, b) => a - b);
}

/** Items after group/target `removed` is gone: its items go to the first remaining one, later indexes shift. */
export function placesAfterRemoval(items: readonly PlacedItem[], removed: number): PlacedItem[] {
  return items.map((item) => {
    if (item.place === removed) return { ...item, place: 0 };
    return item.place > removed ? { ...item, place: item.place - 1 } : item;
  });
}

export interface GapInsertion {
  text: string;
  /** The number of the new gap: one more than the highest in the text. */
  gap: number;
  /** Where the cursor goes: right after the placeholder. */
  cursor: number;
  /** The text the placeholder replaced (a good first accepted answer), trimmed; '' when nothing was selected. */
  replaced: string;
}

/** 'Insert gap': {{n}} at the cursor, or in place of the selected words. */
export function insertGap(text: string, start: number, end: number): GapInsertion {
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  const gap = Math.max(0, ...gapPlaceholders(text)) + 1;
  const placeholder = `{{${gap}}}`;
  const before = text.slice(0, from);
  const after = text.slice(to);
  const padBefore = before !== '' && !/\s$/.test(before) ? ' ' : '';
  const padAfter = after !== '' && !/^[\s.,;:!?)]/.test(after) ? ' ' : '';
  const inserted = `${padBefore}${placeholder}${padAfter}`;
  return {
    text: before + inserted + after,
    gap,
    cursor: before.length + padBefore.length + placeholder.length,
    replaced: text.slice(from, to).trim(),
  };
}

/** The first word bank offered: each gap's first accepted answer, without blanks or repeats. */
export function initialWordBank(gaps: readonly string[][]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const answers of gaps) {
    const word = (answers[0] ?? '').trim();
    if (word && !seen.has(word.toLowerCase())) {
      seen.add(word.toLowerCase());
      out.push(word);
    }
  }
  return out.length > 0 ? out : [''];
}
