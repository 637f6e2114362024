import { MAX_INTERACTIONS, MAX_QUESTIONS_PER_CHAPTER, Question, QuestionType, finaliseQuestions, hashText, resolveGenerationSettings, seededRng } from '@veolearn/domain';
import type { GenerationSettingsShape, TranscriptSegment } from '@veolearn/domain';
import { BUILDERS, MIN_GAP_SECONDS, Slot, WriterState, articleFor, falseVersion } from './builders';
import { Lecture, analyseLecture } from './lecture';
import type { Sentence } from './sentences';

/** A note on the set for the creator: a type that had no material, fewer questions than asked. */
export interface GenerationNote {
  code: 'type_substituted' | 'type_added' | 'fewer_questions' | 'extra_per_chapter';
  message: string;
  type?: QuestionType;
}

export interface WrittenSet {
  questions: Question[];
  notes: GenerationNote[];
}

/** With three or more true/false questions in a set, at least this share of them (rounded down, at least one) is false. */
export const MIN_FALSE_SHARE = 0.4;

/** How many of n true/false questions must be keyed False. */
export function falsesNeeded(n: number): number {
  return n >= 3 ? Math.max(1, Math.floor(n * MIN_FALSE_SHARE)) : 0;
}

/** Types whose material is scarce and tied to particular places in a lecture: placed first, where it is. */
const PLACED_TYPES: readonly QuestionType[] = ['ordering', 'priority_ranking', 'sorting_groups', 'drag_drop', 'matching', 'scenario'];
/** Placed types whose material is rarest: a sequence, a ranking, categories with their members. */
const SCARCE_TYPES: readonly QuestionType[] = ['ordering', 'priority_ranking', 'sorting_groups'];
/** Types any chapter with a few facts can carry, used to replace a type that has no material. */
const STAPLES: readonly QuestionType[] = ['single_choice', 'true_false', 'fill_gaps', 'multiple_choice'];

const NO_MATERIAL: Record<QuestionType, string> = {
  ordering: 'the transcript describes no sequence of steps or dated events',
  priority_ranking: 'the speaker never ranks or compares three or more things',
  sorting_groups: 'the speaker never names two categories with their members',
  drag_drop: 'the speaker names no categories with members and too few definitions',
  matching: 'the transcript gives fewer than three definitions close together',
  scenario: 'the transcript has no if-then instructions or definitions to turn into a situation',
  single_choice: 'no statement had a key term with three answers of the same kind',
  multiple_choice: 'no chapter had enough factual statements',
  true_false: 'no chapter had a factual statement to judge',
  fill_gaps: 'no statement had key terms to leave out',
};

const LABEL: Record<QuestionType, string> = {
  single_choice: 'single choice',
  multiple_choice: 'multiple choice',
  true_false: 'true/false',
  scenario: 'scenario',
  matching: 'matching',
  ordering: 'ordering',
  sorting_groups: 'sorting',
  fill_gaps: 'fill the gaps',
  drag_drop: 'drag and drop',
  priority_ranking: 'priority ranking',
};

/** The types to write, in order: every selected type once (when the count allows), then round again. */
function typeList(selected: readonly QuestionType[], total: number): QuestionType[] {
  const out: QuestionType[] = [];
  for (let i = 0; out.length < total; i++) out.push(selected[i % selected.length]);
  return out;
}

/** Chapters in the order to try for a question: the least-used (relative to its share) first, spread over the video. */
function chapterOrder(counts: readonly number[], caps: readonly number[]): number[] {
  // Among chapters as loaded as each other, the one farthest from any chapter with a question first: with more
  // chapters than questions they spread over the whole video instead of filling its first chapters.
  const used = counts.map((n, i) => (n > 0 ? i : -1)).filter((i) => i >= 0);
  const distance = (i: number) => (used.length === 0 ? 0 : Math.min(...used.map((u) => Math.abs(u - i))));
  return counts
    .map((n, i) => ({ i, load: n / Math.max(1, caps[i]), far: distance(i) }))
    .filter(({ i }) => counts[i] < caps[i])
    .sort((a, b) => a.load - b.load || b.far - a.far || a.i - b.i)
    .map(({ i }) => i);
}

/**
 * Writes a question set from an analysed lecture: the number asked (at most 8) when the material allows,
 * every selected type at least once when there are as many questions as types, spread over the chapters
 * (questionsPerChapter each, more only to reach the count), at least 20 s apart. A type with no material
 * in the transcript is replaced by another and named in the notes; nothing is filled with a question about
 * which words were said. Deterministic.
 */
export function writeQuestionSet(lecture: Lecture, partial: Partial<GenerationSettingsShape>, title = ''): WrittenSet {
  const first = writeOnce(lecture, partial, title, 0, false);
  const truth = (set: WrittenSet) => {
    const tf = set.questions.filter((q) => q.type === 'true_false');
    const falses = tf.filter((q) => q.correctAnswer === false).length;
    return { n: tf.length, falses, short: Math.max(0, falsesNeeded(tf.length) - falses) };
  };
  const before = truth(first);
  if (before.short === 0) return first;
  const settings = resolveGenerationSettings(partial);
  const everyType = settings.questionTypes.length <= Math.min(settings.interactionCount, MAX_INTERACTIONS);
  const types = (set: WrittenSet) => new Set(set.questions.map((q) => q.type));
  const share = (x: { n: number; falses: number }) => (x.n > 0 ? x.falses / x.n : 0);
  // No shorter, every type the first had when each selected type is due, and closer to half and half (fewer
  // falses missing, or a larger share of them). A question from scarce material (the steps of a process, a
  // ranking, categories, definitions) is traded for a false statement only when the set gets longer.
  const better = (set: WrittenSet) => {
    const after = truth(set);
    const keepsTypes = [...types(first)].every((type) => types(set).has(type) || (!everyType && (!PLACED_TYPES.includes(type) || set.questions.length > first.questions.length)));
    return set.questions.length >= first.questions.length && keepsTypes && (after.short < before.short || share(after) > share(before));
  };
  // The statements that could be made false went into other questions (wrong options of a statement choice):
  // write the set again with false true/false questions before anything else, or, when that costs a type,
  // right after one question of each type. (One more than the first set needed: they take slots the other
  // types had, so a set of n true/false questions tends to become one of n + 1.)
  const reserve = falsesNeeded(before.n + 1);
  const second = writeOnce(lecture, partial, title, reserve, false);
  if (better(second)) return second;
  const third = writeOnce(lecture, partial, title, reserve, true);
  return better(third) ? third : first;
}

/**
 * One try at a set; `reserveFalse` false true/false questions are written before anything else, or, with
 * `typesFirst`, right after one question of each selected type.
 */
function writeOnce(lecture: Lecture, partial: Partial<GenerationSettingsShape>, title: string, reserveFalse: number, typesFirst: boolean): WrittenSet {
  const settings = resolveGenerationSettings(partial);
  const notes: GenerationNote[] = [];
  const chapters = lecture.chapters;
  if (chapters.length === 0 || lecture.sentences.length === 0) return { questions: [], notes };
  const total = Math.min(settings.interactionCount, MAX_INTERACTIONS, chapters.length * MAX_QUESTIONS_PER_CHAPTER);
  const perChapter = Math.max(settings.questionsPerChapter, Math.ceil(total / chapters.length));
  if (perChapter > settings.questionsPerChapter) {
    notes.push({ code: 'extra_per_chapter', message: `The video has ${chapters.length} chapters, so some chapters have up to ${perChapter} questions to reach the ${total} asked for.` });
  }
  const caps = chapters.map(() => perChapter);
  const counts = chapters.map(() => 0);
  const seed = hashText(`${title}\n${lecture.sentences.length}\n${lecture.sentences.slice(0, 5).map((s) => s.text).join(' ')}`);
  const state: WriterState = {
    usedSentences: new Set(),
    usedDefinitions: new Set(),
    usedCategories: new Set(),
    usedSequences: new Set(),
    usedRankings: new Set(),
    usedRules: new Set(),
    usedKeys: new Set(),
    times: [],
    nextTruth: (seed & 1) === 1,
    variant: seed % 7,
  };
  const margin = lecture.sentences.some((s) => s.end > s.start) ? 1 : 3;
  const slotFor = (chapter: number, n: number): Slot => ({ lecture, chapter, rng: seededRng(hashText(`${n}:${chapter}`, seed)), state, feedbackEnabled: settings.feedbackEnabled, margin });
  const written: Array<{ q: Question; chapter: number; evidence?: readonly Sentence[] }> = [];
  const tryType = (type: QuestionType): boolean => {
    // Scarce material tied to one place (the steps of fitting an earplug, in the chapter that also has the
    // lecture's only rule) may take one more question in a chapter already full rather than be lost.
    const placed = SCARCE_TYPES.includes(type);
    const wider = placed ? caps.map((c) => Math.max(c, Math.min(MAX_QUESTIONS_PER_CHAPTER, c + 1))) : caps;
    const open = chapterOrder(counts, caps);
    for (const chapter of [...open, ...chapterOrder(counts, wider).filter((c) => !open.includes(c))]) {
      state.lastEvidence = undefined;
      const q = BUILDERS[type](slotFor(chapter, written.length));
      if (q) {
        written.push({ q, chapter, evidence: state.lastEvidence });
        counts[chapter]++;
        return true;
      }
    }
    // No statement anywhere could be made false (or stated as true): the other truth value, rather than no
    // question; but true and false stay near half and half, so a third "True" more than "False" gives way to
    // another type while other types can still be written.
    const trues = written.filter((w) => w.q.type === 'true_false' && w.q.correctAnswer === true).length;
    const falses = written.filter((w) => w.q.type === 'true_false' && w.q.correctAnswer === false).length;
    const balanced = state.nextTruth || trues - falses < 2 || relaxTruth;
    if (type === 'true_false' && !flipped && balanced) {
      flipped = true;
      state.nextTruth = !state.nextTruth;
      const ok = tryType(type);
      if (!ok) state.nextTruth = !state.nextTruth;
      flipped = false;
      return ok;
    }
    return false;
  };
  let flipped = false;
  let relaxTruth = false;
  const truthCounts = () => {
    const tf = written.filter((w) => w.q.type === 'true_false');
    return { n: tf.length, falses: tf.filter((w) => w.q.correctAnswer === false).length };
  };
  const balanced = () => truthCounts().falses >= falsesNeeded(truthCounts().n);
  // A learner who always answers "True" must not pass: true and false stay near half and half. First the
  // statements asked about are changed where a sound false version exists (the question stays in its place);
  // then a true statement gives way to a false one elsewhere, or to a question of another type.
  const balanceTruth = (fillers: readonly QuestionType[]): void => {
    for (const w of written) {
      if (balanced()) return;
      if (w.q.type !== 'true_false' || w.q.correctAnswer !== true || w.evidence?.length !== 1) continue;
      const changed = falseVersion(slotFor(w.chapter, written.indexOf(w)), w.evidence[0]);
      if (changed) w.q = changed;
    }
    for (const w of [...written].reverse()) {
      if (balanced()) return;
      if (w.q.type !== 'true_false' || w.q.correctAnswer !== true) continue;
      const at = written.indexOf(w);
      written.splice(at, 1);
      counts[w.chapter]--;
      const t = state.times.findIndex((x) => Math.abs(x - w.q.timestamp) <= 0.05);
      const time = t >= 0 ? state.times.splice(t, 1) : [];
      state.nextTruth = false;
      flipped = true;
      // A chapter already full may take one more question for this (never more than the most per chapter).
      const raised = caps.map((c) => Math.min(MAX_QUESTIONS_PER_CHAPTER, c + 1));
      const kept = [...caps];
      caps.splice(0, caps.length, ...raised);
      let ok = tryType('true_false');
      caps.splice(0, caps.length, ...kept);
      flipped = false;
      for (const other of fillers.filter((x) => x !== 'true_false')) if (!ok) ok = tryType(other);
      if (!ok) {
        written.splice(at, 0, w);
        counts[w.chapter]++;
        state.times.push(...time);
      }
    }
  };
  const wanted = typeList(settings.questionTypes, total);
  const ordered = [...wanted.filter((t) => PLACED_TYPES.includes(t)), ...wanted.filter((t) => !PLACED_TYPES.includes(t))];
  const missing: QuestionType[] = [];
  const run = (list: readonly QuestionType[]) => {
    for (const type of list) if (!tryType(type)) missing.push(type);
  };
  if (reserveFalse > 0) {
    // (With typesFirst, one of each selected type first, so that none loses its material.) The false
    // true/false questions each take the place of a later slot: a true/false one when the creator asked for
    // one, else the last plain one.
    const firsts = typesFirst ? ordered.filter((type, i) => ordered.indexOf(type) === i) : [];
    const rest = typesFirst ? ordered.filter((type, i) => ordered.indexOf(type) !== i) : [...ordered];
    run(firsts);
    for (let k = 0; k < reserveFalse && written.length < total && rest.length > 0; k++) {
      state.nextTruth = false;
      flipped = true;
      const ok = tryType('true_false');
      flipped = false;
      if (!ok) break;
      const slot = rest.lastIndexOf('true_false');
      rest.splice(slot >= 0 ? slot : rest.length - 1, 1);
    }
    state.nextTruth = true;
    run(rest);
  } else run(ordered);
  const reported = new Set<QuestionType>();
  // Replacements come from the types the creator selected; only when none of those can carry a plain
  // question (say, priority ranking alone) do the plain types step in.
  const selectedStaples = settings.questionTypes.filter((t) => STAPLES.includes(t));
  const substitutes = selectedStaples.length > 0 ? [...selectedStaples, ...settings.questionTypes.filter((t) => !STAPLES.includes(t))] : [...settings.questionTypes, ...STAPLES];
  for (const type of missing) {
    const used = new Map<QuestionType, number>();
    for (const w of written) used.set(w.q.type, (used.get(w.q.type) ?? 0) + 1);
    const alternatives = substitutes.filter((t) => t !== type).sort((a, b) => (used.get(a) ?? 0) - (used.get(b) ?? 0));
    let replacement: QuestionType | null = null;
    for (const alt of alternatives) {
      if (tryType(alt)) {
        replacement = alt;
        break;
      }
    }
    if (!reported.has(type)) {
      reported.add(type);
      notes.push({ code: 'type_substituted', type, message: `No ${LABEL[type]} question: ${NO_MATERIAL[type]}.${replacement ? ` Wrote ${articleFor(LABEL[replacement])} ${LABEL[replacement]} question instead.` : ''}` });
    }
  }
  // Still short (some chapters had no material): let the chapters that have it carry one more, up to 3.
  const fillers = selectedStaples.length > 0 ? selectedStaples : [...STAPLES];
  // When the selected types cannot reach the number asked, plain types the creator did not select make up
  // the rest, and the notes say so.
  const lastResort = (): void => {
    for (const type of STAPLES.filter((t) => !settings.questionTypes.includes(t))) {
      while (written.length < total && tryType(type)) {
        if (!notes.some((n) => n.code === 'type_added' && n.type === type)) {
          notes.push({ code: 'type_added', type, message: `The selected types had material for only ${written.length - 1} questions, so ${articleFor(LABEL[type])} ${LABEL[type]} question was added to reach the ${total} asked for.` });
        }
      }
    }
  };
  while (written.length < total && Math.max(...caps) < MAX_QUESTIONS_PER_CHAPTER) {
    for (let c = 0; c < caps.length; c++) caps[c]++;
    if (!notes.some((n) => n.code === 'extra_per_chapter')) {
      notes.push({ code: 'extra_per_chapter', message: `Some chapters have no statements to ask about, so others have up to ${caps[0]} questions to reach the ${total} asked for.` });
    }
    let progress = true;
    while (written.length < total && progress) {
      progress = false;
      for (const type of fillers) {
        if (written.length >= total) break;
        if (tryType(type)) progress = true;
      }
    }
  }
  lastResort();
  // Nothing else could be written: a true statement rather than a missing question.
  relaxTruth = true;
  while (written.length < total && fillers.includes('true_false') && tryType('true_false'));
  balanceTruth(fillers);
  const questions = finaliseQuestions(
    written.map((w) => w.q),
    chapters,
    lecture.durationSeconds,
    { minGapSeconds: MIN_GAP_SECONDS },
  );
  if (questions.length < total) {
    const r = lecture.restored;
    const facts = lecture.sentences.filter((s) => s.fact || s.rule).length;
    const why =
      r && r.trusted < r.sentences / 2
        ? `the transcript has no punctuation (automatic captions), and only ${r.trusted} of the ${r.sentences} sentences read back from it form one complete statement; the others are never quoted, so fewer questions were written rather than doubtful ones`
        : facts < total * 2
          ? `only ${facts} statements in the transcript stand on their own as facts or rules (the rest are examples, asides, questions or code read aloud), and each question needs its own`
          : 'the transcript did not give material for more that a teacher would keep';
    notes.push({ code: 'fewer_questions', message: `Wrote ${questions.length} of the ${total} questions asked for: ${why}.` });
  }
  return { questions, notes };
}


export interface QuestionWriterInput {
  title?: string;
  segments: readonly TranscriptSegment[];
  durationSeconds?: number;
  settings: Partial<GenerationSettingsShape>;
}

/** Analyses a transcript and writes its question set (the built-in, offline generator). */
export function writeQuestions(input: QuestionWriterInput): WrittenSet & { lecture: Lecture } {
  const lecture = analyseLecture(input.segments, { durationSeconds: input.durationSeconds });
  return { ...writeQuestionSet(lecture, input.settings, input.title ?? ''), lecture };
}
