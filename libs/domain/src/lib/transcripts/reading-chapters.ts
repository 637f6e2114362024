import type { TranscriptSegment } from './parse-transcript';

/** A question as the reading view places it: its time and the chapter (topic) it belongs to. */
export interface ReadingQuestion {
  id: number;
  timestamp: number;
  topicTitle: string | null;
  topicStartTime: number | null;
}

/** One chapter of a lesson to read: its title, the span of the video it covers, its text, its questions. */
export interface ReadingChapter {
  title: string;
  /** Seconds: where the chapter starts in the video. */
  startTime: number;
  /** Seconds: where the next chapter starts (the end of the lesson for the last one). */
  endTime: number;
  /** The transcript of that span: plain sentences, paragraphs separated by a blank line; '' when there is none. */
  text: string;
  /** The chapter's questions in playing order, asked after its text. */
  questionIds: number[];
}

/** A pause this long between two timed pieces starts a new paragraph. */
const PARAGRAPH_GAP_SECONDS = 2;
/** A paragraph this long ends at the next sentence end. */
const PARAGRAPH_WORDS = 70;

/**
 * Cuts a parsed transcript into the lesson's chapters for reading. Chapters follow the questions'
 * topics in playing order (consecutive questions with the same topic share one); a chapter starts at
 * its topic's start time (never before the previous chapter, never after its first question) and ends
 * where the next one starts. The first starts at 0 and the last runs to the end of the transcript (or
 * the video), so no text is lost: a piece of text belongs to the chapter in which it starts.
 * Questions with no topic are "Part n"; without questions the whole text is one chapter, "Transcript".
 * Questions must come in playing order.
 */
export function readingChapters(
  segments: readonly TranscriptSegment[],
  questions: readonly ReadingQuestion[],
  durationSeconds: number | null = null,
): ReadingChapter[] {
  const groups: Array<{ title: string | null; topicStart: number | null; questions: ReadingQuestion[] }> = [];
  for (const question of questions) {
    const last = groups[groups.length - 1];
    const title = question.topicTitle?.trim() || null;
    if (last && last.title === title && (title !== null || last.questions.length === 0)) last.questions.push(question);
    else groups.push({ title, topicStart: question.topicStartTime, questions: [question] });
  }
  const lessonEnd = Math.max(durationSeconds ?? 0, ...segments.map((s) => s.end), ...questions.map((q) => q.timestamp));
  const starts: number[] = [];
  groups.forEach((group, index) => {
    if (index === 0) {
      starts.push(0);
      return;
    }
    const previousStart = starts[index - 1];
    const firstQuestion = group.questions[0].timestamp;
    const previousLastQuestion = groups[index - 1].questions[groups[index - 1].questions.length - 1].timestamp;
    const wanted = group.topicStart ?? previousLastQuestion;
    starts.push(Math.max(previousStart, Math.min(wanted, firstQuestion)));
  });
  if (groups.length === 0) {
    // A lesson without questions still reads: its whole transcript as one chapter.
    const text = paragraphs(segments);
    return text ? [{ title: 'Transcript', startTime: 0, endTime: lessonEnd, text, questionIds: [] }] : [];
  }
  let part = 0;
  return groups.map((group, index) => {
    const startTime = starts[index];
    const endTime = index + 1 < starts.length ? starts[index + 1] : lessonEnd;
    const isLast = index === groups.length - 1;
    const pieces = segments.filter((s) => s.start >= startTime && (isLast || s.start < endTime));
    if (group.title === null) part += 1;
    return {
      title: group.title ?? `Part ${part}`,
      startTime,
      endTime,
      text: paragraphs(pieces),
      questionIds: group.questions.map((q) => q.id),
    };
  });
}

/** Timed pieces as readable paragraphs: joined into sentences, split at long pauses and after long runs. */
export function paragraphs(pieces: readonly TranscriptSegment[]): string {
  const result: string[] = [];
  let current: string[] = [];
  let words = 0;
  let previousEnd: number | null = null;
  for (const piece of pieces) {
    const text = piece.text.replace(/\s+/g, ' ').trim();
    if (!text) continue;
    const paused = previousEnd !== null && piece.start - previousEnd >= PARAGRAPH_GAP_SECONDS;
    const endsSentence = current.length > 0 && /[.!?]["')\]]?$/.test(current[current.length - 1]);
    if (current.length > 0 && endsSentence && (paused || words >= PARAGRAPH_WORDS)) {
      result.push(current.join(' '));
      current = [];
      words = 0;
    }
    current.push(text);
    words += text.split(' ').length;
    previousEnd = piece.end;
  }
  if (current.length > 0) result.push(current.join(' '));
  return result.join('\n\n');
}
