import type { QuestionType } from '../folders';
import type { Chapter } from '../transcripts';
import { GenerationSettingsShape, MAX_INTERACTIONS, resolveGenerationSettings } from './settings';

/** One question to write: its chapter (index into the chapter list) and its type. */
export interface QuestionSlot {
  chapterIndex: number;
  type: QuestionType;
}

/** Types that compare parts of the video, so they need at least one earlier chapter already watched. */
export const CROSS_CHAPTER_TYPES: ReadonlySet<QuestionType> = new Set<QuestionType>(['sorting_groups', 'drag_drop']);

/** How many questions each chapter gets: `total` spread as evenly as possible, extra ones spaced out. */
function perChapterCounts(chapterCount: number, total: number): number[] {
  return Array.from({ length: chapterCount }, (_, i) => Math.floor(((i + 1) * total) / chapterCount) - Math.floor((i * total) / chapterCount));
}

/**
 * The questions to write for a video, in chapter order.
 *
 * Total: min(interactionCount, 8, chapters × questionsPerChapter). The total is spread over the chapters
 * as evenly as possible (counts differ by at most one, none above questionsPerChapter; with fewer
 * questions than chapters they are spaced across the video). Types rotate through the selected types in
 * the order given, so every selected type is used when there are at least as many slots as types.
 * A type that compares chapters is moved off the first chapter (swapped with the nearest later slot)
 * because nothing earlier has been watched to compare with. Deterministic. `durationSeconds` is accepted
 * for callers that know it; the spread depends on chapters only.
 */
export function planQuestionSlots(chapters: readonly Chapter[], _durationSeconds: number, settings: Partial<GenerationSettingsShape>): QuestionSlot[] {
  const resolved = resolveGenerationSettings(settings);
  const chapterCount = Array.isArray(chapters) ? chapters.length : 0;
  if (chapterCount === 0) return [];
  const total = Math.min(resolved.interactionCount, MAX_INTERACTIONS, chapterCount * resolved.questionsPerChapter);
  const counts = perChapterCounts(chapterCount, total);
  const types = resolved.questionTypes;
  const slots: QuestionSlot[] = [];
  counts.forEach((count, chapterIndex) => {
    for (let k = 0; k < count; k++) slots.push({ chapterIndex, type: types[slots.length % types.length] });
  });
  moveCrossChapterTypesLater(slots);
  return slots;
}

function moveCrossChapterTypesLater(slots: QuestionSlot[]): void {
  slots.forEach((slot, i) => {
    if (slot.chapterIndex > 0 || !CROSS_CHAPTER_TYPES.has(slot.type)) return;
    const swap = slots.findIndex((other, j) => j > i && other.chapterIndex > 0 && !CROSS_CHAPTER_TYPES.has(other.type));
    if (swap < 0) return;
    const type = slot.type;
    slot.type = slots[swap].type;
    slots[swap].type = type;
  });
}
