import type { QuestionType } from '../folders';
import type { Question } from '../questions/types';
import type { Chapter, TranscriptSegment } from '../transcripts';
import { Sentence, analyseTranscript } from './analysis';
import { buildFillGaps, buildMultipleChoice, buildScenario, buildSingleChoice, buildTrueFalse } from './choice-builders';
import { GenerationState, SlotContext } from './context';
import { planQuestionSlots } from './plan';
import { hashText, seededRng } from './random';
import { GenerationSettingsShape, resolveGenerationSettings } from './settings';
import { buildDragDrop, buildMatching, buildOrdering, buildPriorityRanking, buildSortingGroups } from './structure-builders';
import { finaliseQuestions } from './timing';

export interface BuiltinGenerationInput {
  title: string;
  segments: readonly TranscriptSegment[];
  chapters: readonly Chapter[];
  durationSeconds: number;
  settings: Partial<GenerationSettingsShape>;
}

type Builder = (ctx: SlotContext) => Question | null;

/** Tried, allowing a sentence to be quoted again, when nothing else fits a thin chapter. */
const LAST_RESORT: readonly QuestionType[] = ['single_choice', 'true_false'];

const BUILDERS: Record<QuestionType, Builder> = {
  single_choice: buildSingleChoice,
  multiple_choice: buildMultipleChoice,
  true_false: buildTrueFalse,
  scenario: buildScenario,
  matching: buildMatching,
  ordering: buildOrdering,
  sorting_groups: buildSortingGroups,
  fill_gaps: buildFillGaps,
  drag_drop: buildDragDrop,
  priority_ranking: buildPriorityRanking,
};

/** Types tried when a slot's own type cannot be written well: the other selected types (least used first), then the plain ones. */
function fallbackChain(type: QuestionType, selected: readonly QuestionType[], used: ReadonlyMap<QuestionType, number>): QuestionType[] {
  const others = selected.filter((t) => t !== type).sort((a, b) => (used.get(a) ?? 0) - (used.get(b) ?? 0) || selected.indexOf(a) - selected.indexOf(b));
  return [...new Set<QuestionType>([type, ...others, 'single_choice', 'true_false'])];
}

function validChapters(chapters: readonly Chapter[]): Chapter[] {
  return (Array.isArray(chapters) ? chapters : [])
    .filter((c) => c && typeof c.title === 'string' && c.title.trim() !== '' && Number.isFinite(c.start) && Number.isFinite(c.end))
    .sort((a, b) => a.start - b.start)
    .map((c, index) => ({ ...c, index }));
}

/** The texts a learner chooses among or arranges. */
function choiceTexts(q: Question): string[] {
  switch (q.type) {
    case 'matching':
      return q.options.left;
    case 'sorting_groups':
    case 'drag_drop':
      return q.options.items;
    case 'fill_gaps':
      return q.correctAnswer.map((a) => a[0]);
    case 'true_false':
      return [q.question];
    default:
      return q.options;
  }
}

/** Same type and half or more of the same options as an earlier question: a near repeat. */
function repeatsEarlier(question: Question, earlier: readonly Question[]): boolean {
  const mine = new Set(choiceTexts(question).map((t) => t.toLowerCase()));
  return earlier.some((q) => {
    if (q.type !== question.type) return false;
    const theirs = choiceTexts(q).map((t) => t.toLowerCase());
    const shared = theirs.filter((t) => mine.has(t)).length;
    return shared / Math.max(1, Math.min(mine.size, theirs.length)) >= 0.5 && (q.type !== 'single_choice' || q.question === question.question);
  });
}

/** A seed that depends on the title and the transcript (its length and a sample of its text). */
function transcriptSeed(title: string | undefined, sentences: readonly Sentence[]): number {
  const step = Math.max(1, Math.floor(sentences.length / 64));
  let sample = `${title ?? ''}\n${sentences.length}`;
  for (let i = 0; i < sentences.length; i += step) sample += `\n${sentences[i].text}`;
  return hashText(sample);
}

/**
 * The built-in offline question generator: writes the planned questions (see planQuestionSlots) from the
 * transcript's own sentences and key terms, without any AI service.
 *
 * Every correct answer is taken from the transcript text (a key term, a definition or a sentence as
 * spoken); wrong options are other key terms, definitions or altered sentences from elsewhere in the
 * same video. Each question pauses the video after the last sentence it draws on, within its chapter.
 * A slot whose type cannot be written well takes another selected type, then single_choice or
 * true_false; with too little text, fewer questions come back rather than poor ones. Deterministic:
 * the same input always gives the same questions.
 */
export function generateBuiltinQuestions(input: BuiltinGenerationInput): Question[] {
  const settings = resolveGenerationSettings(input?.settings);
  const chapters = validChapters(input?.chapters ?? []);
  if (chapters.length === 0) return [];
  const segments = Array.isArray(input.segments) ? input.segments : [];
  const lastEnd = Math.max(chapters[chapters.length - 1].end, ...segments.map((s) => (Number.isFinite(s?.end) ? s.end : 0)));
  const duration = Number.isFinite(input.durationSeconds) && input.durationSeconds > 0 ? input.durationSeconds : lastEnd;

  const analysis = analyseTranscript(segments, chapters);
  if (analysis.sentences.length === 0) return [];
  const slots = planQuestionSlots(chapters, duration, settings);
  const seed = transcriptSeed(input.title, analysis.sentences);
  const state: GenerationState = { usedSentences: new Set(), usedAnswerTerms: new Set(), nextTrueFalse: (seed & 1) === 1, rankedTerms: new Set(), rankedChapters: false };
  const used = new Map<QuestionType, number>();
  const questions: Question[] = [];

  slots.forEach((slot, i) => {
    const inChapter = slots.filter((s) => s.chapterIndex === slot.chapterIndex);
    const ctx: SlotContext = {
      analysis,
      chapterIndex: slot.chapterIndex,
      chapter: chapters[slot.chapterIndex],
      part: slots.slice(0, i).filter((s) => s.chapterIndex === slot.chapterIndex).length,
      parts: inChapter.length,
      rng: seededRng(hashText(`${i}:${slot.type}`, seed)),
      state,
      feedbackEnabled: settings.feedbackEnabled,
    };
    const attempts: Array<{ type: QuestionType; relaxed: boolean }> = [
      ...fallbackChain(slot.type, settings.questionTypes, used).map((type) => ({ type, relaxed: false })),
      ...LAST_RESORT.map((type) => ({ type, relaxed: true })),
    ];
    for (const { type, relaxed } of attempts) {
      const question = BUILDERS[type]({ ...ctx, relaxed });
      if (question && !repeatsEarlier(question, questions)) {
        questions.push(question);
        used.set(type, (used.get(type) ?? 0) + 1);
        break;
      }
    }
  });
  return finaliseQuestions(questions, chapters, duration);
}
