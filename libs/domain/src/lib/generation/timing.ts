import type { Question } from '../questions/types';
import { validateQuestion } from '../questions/validate';
import type { Chapter } from '../transcripts';

export interface FinaliseOptions {
  /** Smallest gap between two questions, in seconds, wherever the video is long enough (default 2). */
  minGapSeconds?: number;
}

export const DEFAULT_MIN_QUESTION_GAP_SECONDS = 2;
/** Used as the chapter name when a video has no chapters. */
export const WHOLE_VIDEO_TOPIC = 'Whole video';

/** Timestamps are handled in tenths of a second so that rounding never makes two of them equal. */
const TENTHS = 10;

interface Placed {
  question: Question;
  order: number;
  tenths: number;
  chapter: Chapter | undefined;
}

/**
 * Makes generated questions fit the video, then keeps only valid ones.
 *
 * - Each question's chapter is the one named by its topicTitle (when that chapter starts at or before the
 *   question), otherwise the chapter its timestamp falls in; topicTitle and topicStartTime are set from it.
 * - Timestamps are rounded to 0.1 s and kept inside the video: 0 < t ≤ duration − 1.
 * - Sorted by timestamp; questions are moved later (at the end of the video, earlier) until each is at
 *   least `minGapSeconds` after the previous one; a video too short for that gets the widest even spacing.
 * - Anything `validateQuestion` rejects is dropped; the returned questions are its clean copies.
 */
export function finaliseQuestions(
  questions: readonly Question[],
  chapters: readonly Chapter[],
  durationSeconds: number,
  opts: FinaliseOptions = {},
): Question[] {
  const list = (Array.isArray(questions) ? questions : []).filter((q): q is Question => typeof q === 'object' && q !== null && Number.isFinite(q.timestamp));
  const sortedChapters = [...(Array.isArray(chapters) ? chapters : [])].sort((a, b) => a.start - b.start);
  const duration = effectiveDuration(durationSeconds, sortedChapters, list);
  const lo = 1;
  const hi = Math.max(lo, duration > 1.1 ? Math.floor((duration - 1) * TENTHS) : Math.floor(duration * TENTHS));

  const placed: Placed[] = list
    .map((question, order) => {
      const tenths = Math.min(hi, Math.max(lo, Math.round(question.timestamp * TENTHS)));
      return { question, order, tenths, chapter: homeChapter(question, tenths / TENTHS, sortedChapters) };
    })
    .sort((a, b) => a.tenths - b.tenths || a.order - b.order);

  const gapSeconds = typeof opts?.minGapSeconds === 'number' && Number.isFinite(opts.minGapSeconds) && opts.minGapSeconds >= 0 ? opts.minGapSeconds : DEFAULT_MIN_QUESTION_GAP_SECONDS;
  const kept = spaceOut(placed, lo, hi, Math.round(gapSeconds * TENTHS));

  const out: Question[] = [];
  for (const p of kept) {
    const timestamp = p.tenths / TENTHS;
    const chapter = p.chapter && p.chapter.start <= timestamp ? p.chapter : chapterAt(timestamp, sortedChapters);
    const topicTitle = chapter ? chapter.title : p.question.topicTitle?.trim() || WHOLE_VIDEO_TOPIC;
    const given = Number.isFinite(p.question.topicStartTime) ? p.question.topicStartTime : 0;
    const topicStartTime = Math.max(0, Math.min(chapter ? chapter.start : given, timestamp));
    const result = validateQuestion({ ...p.question, timestamp, topicTitle, topicStartTime }, { durationSeconds: duration });
    if (result.ok) out.push(result.question);
  }
  return out;
}

function effectiveDuration(durationSeconds: number, chapters: readonly Chapter[], questions: readonly Question[]): number {
  if (typeof durationSeconds === 'number' && Number.isFinite(durationSeconds) && durationSeconds > 0) return durationSeconds;
  const chapterEnd = chapters.reduce((acc, c) => Math.max(acc, Number.isFinite(c.end) ? c.end : 0), 0);
  if (chapterEnd > 0) return chapterEnd;
  return Math.max(1, ...questions.map((q) => q.timestamp + 1));
}

/** The chapter a timestamp falls in: the last one starting at or before it (the first when none does). */
function chapterAt(seconds: number, chapters: readonly Chapter[]): Chapter | undefined {
  let found: Chapter | undefined = chapters[0];
  for (const c of chapters) if (c.start <= seconds) found = c;
  return found;
}

function homeChapter(question: Question, seconds: number, chapters: readonly Chapter[]): Chapter | undefined {
  const title = typeof question.topicTitle === 'string' ? question.topicTitle.trim().toLowerCase() : '';
  if (title) {
    const named = chapters.filter((c) => c.title.trim().toLowerCase() === title && c.start <= seconds);
    const exact = named.find((c) => c.start === question.topicStartTime);
    if (exact) return exact;
    if (named.length > 0) return named[named.length - 1];
  }
  return chapterAt(seconds, chapters);
}

/**
 * Moves sorted timestamps apart by at least `gap` tenths within [lo, hi]: forward first (a question
 * must come after what it asks about), then back from the end of the video where needed. When even
 * spacing cannot reach `gap`, the gap shrinks; questions that still do not fit (more than one per
 * tenth of a second) are dropped from the end.
 */
function spaceOut(placed: Placed[], lo: number, hi: number, gap: number): Placed[] {
  const capacity = hi - lo + 1;
  const kept = placed.slice(0, capacity);
  const n = kept.length;
  if (n <= 1) return kept;
  const step = Math.max(1, Math.min(gap, Math.floor((hi - lo) / (n - 1))));
  for (let i = 1; i < n; i++) kept[i].tenths = Math.max(kept[i].tenths, kept[i - 1].tenths + step);
  if (kept[n - 1].tenths > hi) {
    kept[n - 1].tenths = hi;
    for (let i = n - 2; i >= 0; i--) kept[i].tenths = Math.min(kept[i].tenths, kept[i + 1].tenths - step);
  }
  return kept;
}
