import { QUESTION_TYPES, TRUE_FALSE_OPTIONS } from '@veolearn/domain';
import type { Chapter, QuestionSlot, QuestionType, TranscriptSegment } from '@veolearn/domain';
import { clock } from '@veolearn/question-writer';
import type { Audience } from '@veolearn/question-writer';

/**
 * What the OpenAI provider sends and expects back: the JSON schema of the answer, the prompt, and the
 * mapping from an answered item to a domain question candidate (validated afterwards by validateQuestion).
 */

/**
 * Starts the single line of the user message that carries the input as JSON. Models read it like any
 * other text; the test stub (libs/testing openai-stub.ts, which repeats this prefix) parses it to know
 * which questions to answer.
 */
export const INPUT_LINE_PREFIX = 'INPUT_JSON: ';

/** Transcript characters sent for the whole video (about 3,000 tokens), shared out between the chapters. */
export const TRANSCRIPT_CHAR_BUDGET = 12_000;

/** A time marker is written into a chapter's transcript at most this often. */
const MARKER_EVERY_SECONDS = 20;

export const SCHEMA_NAME = 'veolearn_questions';

/** The machine-readable input of the user message. */
export interface PromptInput {
  title: string;
  durationSeconds: number;
  /** Who the lecture speaks to (estimated from its language); scenarios and feedback are written for them. */
  audience: Audience;
  chapters: Array<{ index: number; title: string; start: number; end: number; transcript: string }>;
  questions: Array<{ slot: number; chapterIndex: number; type: QuestionType }>;
}

type JsonSchema = Record<string, unknown>;

const str = (description?: string): JsonSchema => (description ? { type: 'string', description } : { type: 'string' });
const strList = (description: string): JsonSchema => ({ type: 'array', description, items: { type: 'string' } });
const intList = (description: string): JsonSchema => ({ type: 'array', description, items: { type: 'integer' } });

/** An object in strict mode: every property required, nothing else allowed. */
function strictObject(properties: Record<string, JsonSchema>, description?: string): JsonSchema {
  return {
    type: 'object',
    ...(description ? { description } : {}),
    properties,
    required: Object.keys(properties),
    additionalProperties: false,
  };
}

/** The options and correctAnswer (and, for scenario, the situation) of each type. */
const TYPE_FIELDS: Record<QuestionType, Record<string, JsonSchema>> = {
  single_choice: {
    options: strList('2 to 6 distinct answer texts'),
    correctAnswer: { type: 'integer', description: '0-based index of the one right option' },
  },
  multiple_choice: {
    options: strList('2 to 8 distinct answer texts'),
    correctAnswer: intList('0-based indexes of every right option, at least one, each once'),
  },
  true_false: {
    correctAnswer: { type: 'boolean', description: 'true when the statement in question is true' },
  },
  scenario: {
    scenario: str('a short realistic situation, shown above the question'),
    options: strList('2 to 6 possible actions or judgements'),
    correctAnswer: { type: 'integer', description: '0-based index of the best option' },
  },
  matching: {
    options: strictObject({ left: strList('2 to 8 entries'), right: strList('as many entries as left, not in matching order') }),
    correctAnswer: intList('correctAnswer[i] is the index in right that matches left[i]; each right index exactly once'),
  },
  ordering: {
    options: strList('2 to 8 steps or events, listed shuffled (not in the right order)'),
    correctAnswer: intList('the option indexes in the correct order, each exactly once'),
  },
  sorting_groups: {
    options: strictObject({ groups: strList('2 to 4 categories the speaker names'), items: strList('2 to 12 members the speaker puts in them') }),
    correctAnswer: intList('correctAnswer[i] is the group index of items[i]'),
  },
  fill_gaps: {
    options: strictObject({
      text: str('a sentence or short passage with gaps written {{1}}, {{2}}, ... each exactly once (1 to 10 gaps)'),
      wordBank: { type: ['array', 'null'], description: 'words to pick from, or null', items: { type: 'string' } },
    }),
    correctAnswer: {
      type: 'array',
      description: 'correctAnswer[k] lists the accepted answers for gap {{k+1}}',
      items: { type: 'array', items: { type: 'string' } },
    },
  },
  drag_drop: {
    options: strictObject({ items: strList('2 to 12 items to place'), targets: strList('2 to 8 categories or definitions the speaker gives; several items may share one') }),
    correctAnswer: intList('correctAnswer[i] is the target index of items[i]'),
  },
  priority_ranking: {
    options: strList('2 to 8 items, listed shuffled'),
    correctAnswer: intList('item indexes from highest to lowest priority, each exactly once'),
  },
};

/** One anyOf branch: the common fields plus the type's own, with `type` fixed to that type. */
function questionSchema(type: QuestionType): JsonSchema {
  return strictObject({
    type: { type: 'string', enum: [type] },
    chapterIndex: { type: 'integer', description: 'index of the chapter the question is about' },
    question: str('the question (for true_false: the statement to judge)'),
    timestamp: { type: 'number', description: 'seconds into the video, inside the chapter, after the content asked about is spoken' },
    ...TYPE_FIELDS[type],
    feedback: strictObject({
      correct: str('shown after a right answer; specific to this question'),
      incorrect: str('shown after a wrong answer: what to review (chapter title and m:ss)'),
      explanation: str('why the answer is right and where it is said (chapter title and m:ss)'),
    }),
  });
}

/**
 * The answer's JSON schema for `response_format` in strict mode.
 *
 * The ten types differ in the shape of `options` and `correctAnswer` (a list, an object of lists, an
 * index, a list of indexes, a boolean, a list of lists of texts). Strict mode needs every object closed
 * (`additionalProperties: false`) with all its properties required, and accepts `anyOf` anywhere but at
 * the root, so each item of `questions` is an anyOf of one closed object per type, told apart by a
 * one-value `type` enum. The model therefore emits real JSON values in each type's own shape, rather than
 * JSON encoded inside strings (which models escape badly and which would hide the shape from the
 * constrained decoder). Optional data is nullable instead of absent (fill_gaps `wordBank`). Counts and
 * lengths are left to the prompt and validateQuestion: minItems/maxLength are not accepted everywhere.
 */
export function buildResponseSchema(types: readonly QuestionType[] = QUESTION_TYPES): JsonSchema {
  const unique = [...new Set(types)];
  const item = unique.length === 1 ? questionSchema(unique[0]) : { anyOf: unique.map(questionSchema) };
  return strictObject({ questions: { type: 'array', items: item } });
}

/** The answer shape of each type, as written in the prompt (mirrors libs/domain questions/types.ts). */
export const TYPE_RULES: Record<QuestionType, string> = {
  single_choice: 'options: 2-6 distinct answer texts; correctAnswer: the 0-based index of the one right option.',
  multiple_choice:
    'question: "Which statements about <topic> are true?"; options: 2-8 distinct statements, the true ones restating the speech and the false ones made by a meaningful change; correctAnswer: the 0-based indexes of the true statements (at least one, each once).',
  true_false: 'question: a plain statement of fact to judge (true, or false by a meaningful change); correctAnswer: true when the statement is true, false when it is false. No options field.',
  scenario: 'scenario: a short realistic situation; question: what to do or conclude; options: 2-6 possible actions or judgements; correctAnswer: index of the best one.',
  matching:
    'options: {"left": [...], "right": [...]}, 2-8 entries each, the same count, pairs taken from definitions or statements the speaker makes, every entry a complete phrase without blanks; correctAnswer[i]: the index in right matching left[i] (each right index exactly once). Do not list right in matching order.',
  ordering: 'options: 2-8 steps or events of a sequence the speaker describes, listed shuffled, not in the right order; correctAnswer: the option indexes in the correct order (each index exactly once).',
  sorting_groups: 'options: {"groups": 2-4 categories the speaker names, "items": 2-12 members the speaker puts in them}; correctAnswer[i]: the group index of items[i].',
  fill_gaps: 'options: {"text": a passage with gaps written {{1}}, {{2}}, ... each exactly once (1-10 gaps), "wordBank": a list of words to choose from or null}; correctAnswer[k]: a list of accepted answers for gap {{k+1}}; with a wordBank every gap needs an answer from it.',
  drag_drop: 'options: {"items": 2-12 items, "targets": 2-8 categories or definitions the speaker gives}; correctAnswer[i]: the target index of items[i] (items may share a target).',
  priority_ranking: 'options: 2-8 items the speaker ranks or compares, listed shuffled; correctAnswer: item indexes from highest to lowest as the speaker ranks them (each index exactly once).',
};

/** The system message: the task, the rules and the answer format (also for servers that ignore response_format). */
export function systemPrompt(types: readonly QuestionType[]): string {
  const unique = [...new Set(types)];
  return [
    'You write interactive questions that pause an educational video to check that learners understood what the speaker teaches.',
    'Rules:',
    '- Write exactly the questions listed in "questions" of the input: one per entry, about that chapter, in that order, of that type; when the chapter gives no material for that type (see below), write one of the other requested types instead.',
    '- Every question and every right answer must come from the chapter\'s transcript. Do not add facts that the transcript does not state.',
    '- Ask about meaning, never about word memory: never ask which terms or words came up, were mentioned or were said in a part of the video, never sort words by the chapter they appear in, never ask for the order in which the video presents or mentions things, never rank words by how often they are said.',
    '- Quote or restate only complete, declarative, factual sentences of the speech; never jokes, asides, code read aloud, first-person anecdotes or caption fragments.',
    '- Wrong options are the same kind of thing as the right one: the same part of speech and class (a person for a person, a place for a place, a number with the same unit, a process for a process), plausible, and not also true according to the transcript. Options within a question must be distinct. Keep each option under 300 characters.',
    '- False statements (multiple_choice, true_false) come from a meaningful change of what the speaker says: an antonym, a changed number, a related term of the same class, or a negation.',
    '- true_false states the fact plainly, never as "The video states: ..." or "The speaker says ..."; keep true and false statements close to half and half.',
    '- matching pairs come only from explicit definitions or statements; both sides are complete phrases, never with blanks.',
    '- sorting_groups only where the speaker names categories and their members; drag_drop puts items onto categories or definitions the speaker gives; ordering only where the speaker describes a sequence (steps, first/then/finally, dates); priority_ranking only where the speaker ranks or compares.',
    '- timestamp: seconds into the video, inside the chapter (start <= timestamp <= end) and after the moment the content asked about is spoken (the transcript carries [123s] time markers). The chapter\'s end is always safe. Keep questions at least 20 s apart.',
    '- feedback is specific to its question, and no two questions share a feedback text. feedback.correct says why the answer is right; feedback.incorrect says what to review; feedback.explanation says where the video says it, with the chapter title and the time as m:ss (e.g. "Light reactions" at 1:05). Frame correct and incorrect in how learning works (retrieval practice, prediction error, spacing, consolidation; the hippocampus, dopamine), with varied wording from question to question.',
    '- Never invent statistics, percentages, studies, researchers or citations.',
    '- Write scenarios and feedback for the audience in the input: "children" (short words, everyday scenes), "general" (plain adult language) or "advanced" (precise technical language).',
    '- Write in the language of the transcript.',
    'Answer shape per type:',
    ...unique.map((type) => `- ${type}: ${TYPE_RULES[type]}`),
    'Every question also has: type, chapterIndex, question, timestamp, feedback {correct, incorrect, explanation}.',
    'Answer with one JSON object only, no prose and no code fences: {"questions": [ ... ]}.',
  ].join('\n');
}

/** The user message: a short instruction and the input on one JSON line. */
export function userPrompt(input: PromptInput): string {
  return [
    `Write ${input.questions.length} questions for the video "${input.title}" (${Math.round(input.durationSeconds)} s long), for a ${input.audience} audience.`,
    'The input below lists the audience, the chapters (index, title, start and end in seconds, transcript) and the questions to write (slot, chapterIndex, type).',
    `${INPUT_LINE_PREFIX}${JSON.stringify(input)}`,
  ].join('\n');
}

/** Builds the prompt input: chapter transcripts with time markers, trimmed to the shared budget. */
export function buildPromptInput(
  title: string,
  chapters: readonly Chapter[],
  segments: readonly TranscriptSegment[],
  durationSeconds: number,
  slots: readonly QuestionSlot[],
  audience: Audience = 'general',
  budget = TRANSCRIPT_CHAR_BUDGET,
): PromptInput {
  const full = chapters.map((chapter, i) => markedTranscript(chapter, segments, i === chapters.length - 1));
  const shares = shareBudget(
    full.map((text) => text.length),
    budget,
  );
  return {
    title,
    durationSeconds: round1(durationSeconds),
    audience,
    chapters: chapters.map((chapter, i) => ({
      index: chapter.index,
      title: chapter.title,
      start: round1(chapter.start),
      end: round1(chapter.end),
      transcript: trimText(full[i], shares[i]),
    })),
    questions: slots.map((slot, i) => ({ slot: i + 1, chapterIndex: slot.chapterIndex, type: slot.type })),
  };
}

/**
 * The chapter's transcript from its segments, with a [123s] marker at most every 20 s so the model can
 * place timestamps after the content; the chapter's own text when no segment falls inside it.
 */
export function markedTranscript(chapter: Chapter, segments: readonly TranscriptSegment[], last: boolean): string {
  const inside = segments.filter((s) => s.start >= chapter.start && (s.start < chapter.end || (last && s.start <= chapter.end)));
  if (inside.length === 0) return chapter.text.trim();
  const parts: string[] = [];
  let lastMarker = -Infinity;
  for (const segment of inside) {
    if (segment.start - lastMarker >= MARKER_EVERY_SECONDS) {
      parts.push(`[${Math.round(segment.start)}s]`);
      lastMarker = segment.start;
    }
    parts.push(segment.text.trim());
  }
  return parts.filter(Boolean).join(' ');
}

/**
 * Splits a character budget between texts: each gets an equal share, and what a short text leaves
 * unused goes to the longer ones, so every chapter stays represented.
 */
export function shareBudget(lengths: readonly number[], budget: number): number[] {
  const shares = lengths.map(() => 0);
  let remaining = Math.max(0, Math.floor(budget));
  let open = lengths.map((_, i) => i).filter((i) => lengths[i] > 0);
  while (open.length > 0) {
    const each = Math.floor(remaining / open.length);
    if (each === 0) break;
    for (const i of open) {
      const given = Math.min(each, lengths[i] - shares[i]);
      shares[i] += given;
      remaining -= given;
    }
    open = open.filter((i) => shares[i] < lengths[i]);
  }
  return shares;
}

/** Keeps the start and the end of a text (cut at spaces) within `max` characters, joined by an ellipsis. */
export function trimText(text: string, max: number): string {
  if (text.length <= max) return text;
  const gap = ' … ';
  if (max <= gap.length + 2) return text.slice(0, Math.max(0, max)).trim();
  const room = max - gap.length;
  const headLength = Math.ceil(room * 0.6);
  const head = cutAtSpace(text.slice(0, headLength), 'end');
  const tail = cutAtSpace(text.slice(text.length - (room - headLength)), 'start');
  return `${head}${gap}${tail}`;
}

function cutAtSpace(piece: string, side: 'start' | 'end'): string {
  if (side === 'end') {
    const at = piece.lastIndexOf(' ');
    return (at > piece.length / 2 ? piece.slice(0, at) : piece).trim();
  }
  const at = piece.indexOf(' ');
  return (at >= 0 && at < piece.length / 2 ? piece.slice(at + 1) : piece).trim();
}

const round1 = (value: number): number => Math.round(value * 10) / 10;

type Fields = Record<string, unknown>;

function isRecord(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Turns one answered item into the input of validateQuestion: the topic is the chapter the question is
 * about, or the chapter holding the timestamp when the timestamp comes before it (topicStartTime never
 * follows the timestamp); true_false options are the fixed pair, a null wordBank is left out, and blank
 * feedback texts fall back to texts naming the question and where it is answered (never the same for two questions).
 */
export function toQuestionCandidate(item: unknown, chapters: readonly Chapter[]): unknown {
  if (!isRecord(item)) return item;
  const { chapterIndex: _chapterIndex, ...rest } = item;
  const chapter = chapterFor(item, chapters);
  const candidate: Fields = {
    ...rest,
    topicTitle: chapter?.title,
    topicStartTime: chapter?.start,
    feedback: withFallbackFeedback(item['feedback'], item['question'], chapter, item['timestamp']),
  };
  if (item['type'] === 'true_false') candidate['options'] = [...TRUE_FALSE_OPTIONS];
  const options = item['options'];
  if (item['type'] === 'fill_gaps' && isRecord(options) && options['wordBank'] === null) {
    const { wordBank: _wordBank, ...withoutBank } = options;
    candidate['options'] = withoutBank;
  }
  return candidate;
}

/** The chapter the item names, unless it starts after the timestamp; then the chapter holding the timestamp. */
function chapterFor(item: Fields, chapters: readonly Chapter[]): Chapter | undefined {
  const named = chapters.find((c) => c.index === item['chapterIndex']);
  const timestamp = item['timestamp'];
  if (typeof timestamp !== 'number' || !Number.isFinite(timestamp)) return named ?? chapters[0];
  if (named && named.start <= timestamp) return named;
  return [...chapters].reverse().find((c) => c.start <= timestamp) ?? named ?? chapters[0];
}

/** Fills blank feedback texts with ones built from the question itself, so they differ between questions. */
function withFallbackFeedback(value: unknown, question: unknown, chapter: Chapter | undefined, timestamp: unknown): unknown {
  if (!isRecord(value)) return value;
  const answer = typeof question === 'string' && question.trim() !== '' ? `the answer to “${trimText(question.trim(), 160)}”` : 'the answer';
  const where = chapter ? `“${chapter.title}”${typeof timestamp === 'number' && Number.isFinite(timestamp) ? ` before ${clock(timestamp)}` : ''}` : 'the video';
  const blank = (v: unknown): boolean => typeof v !== 'string' || v.trim() === '';
  return {
    correct: blank(value['correct']) ? `Right. Recalling ${answer} from memory makes it easier to retrieve next time.` : value['correct'],
    incorrect: blank(value['incorrect']) ? `Not quite. Review ${where}, then try to recall ${answer} again.` : value['incorrect'],
    explanation: blank(value['explanation']) ? `${answer.charAt(0).toUpperCase()}${answer.slice(1)} is given in ${where}.` : value['explanation'],
  };
}
