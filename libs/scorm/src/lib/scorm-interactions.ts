import { type GradeResult, type Question, type QuestionType, normaliseGapAnswer } from '@veolearn/domain';
import type { ScormVersion } from './scorm-constants';

/** SCORM interaction types our questions are reported as. */
export type ScormInteractionType = 'choice' | 'true-false' | 'matching' | 'sequencing' | 'fill-in';

const INTERACTION_TYPES: Readonly<Record<QuestionType, ScormInteractionType>> = {
  single_choice: 'choice',
  multiple_choice: 'choice',
  scenario: 'choice',
  true_false: 'true-false',
  matching: 'matching',
  drag_drop: 'matching',
  sorting_groups: 'matching',
  ordering: 'sequencing',
  priority_ranking: 'sequencing',
  fill_gaps: 'fill-in',
};

/** The SCORM interaction type of a question type (the same in 1.2 and 2004). */
export function scormInteractionType(type: QuestionType): ScormInteractionType {
  return INTERACTION_TYPES[type];
}

/**
 * `cmi.interactions.n.id` of a question: `q{id}` for a saved question, else `n{position}` (1-based).
 * Letters and digits only, valid as a 1.2 CMIIdentifier and a 2004 long_identifier_type.
 */
export function scormInteractionId(question: Pick<Question, 'id'>, index: number): string {
  return question.id != null && Number.isFinite(question.id) ? `q${question.id}` : `n${index + 1}`;
}

/** SCORM 1.2 response characters: one of 0-9a-z per option, item or target, by its 0-based index. */
const SCORM12_CHARS = '0123456789abcdefghijklmnopqrstuvwxyz';

/** The single 1.2 response character for a 0-based index (0 → `0`, 10 → `a`); throws beyond 35. */
export function scorm12Char(index: number): string {
  const c = SCORM12_CHARS[index];
  if (!Number.isInteger(index) || c === undefined) throw new Error(`SCORM 1.2 responses have no character for index ${index}`);
  return c;
}

/** SCORM 1.2 fill-in is one CMIString255 without a separator syntax: gaps are joined by commas, commas inside a gap become spaces. */
export const SCORM12_FILL_IN_MAX_LENGTH = 255;
/** SCORM 2004 fill-in: each localized string has an SPM of 250 characters. */
export const SCORM2004_FILL_IN_MAX_LENGTH = 250;

interface Delimiters {
  list: string;
  pair: string;
  id: (index: number) => string;
}

const DELIMITERS: Readonly<Record<ScormVersion, Delimiters>> = {
  '1.2': { list: ',', pair: '.', id: scorm12Char },
  '2004': { list: '[,]', pair: '[.]', id: (index) => String(index) },
};

function truncate(value: string, max: number): string {
  return Array.from(value).slice(0, max).join('');
}

function fillIn(gaps: readonly string[], version: ScormVersion): string {
  if (version === '1.2') return truncate(gaps.map((g) => g.replace(/,/g, ' ')).join(','), SCORM12_FILL_IN_MAX_LENGTH);
  // A literal "[,]" would split the gap; text that looks like a {lang=…} delimiter cannot occur: normalised gaps start with a letter or digit.
  return gaps.map((g) => truncate(g.replace(/\[,\]/g, ', '), SCORM2004_FILL_IN_MAX_LENGTH)).join('[,]');
}

/**
 * A response (or a correct answer) of a question in the version's format. `value` has the shape of
 * the question's normalised response (GradeResult.normalizedResponse). 1.2: choices and sequences are
 * single characters 0-9a-z joined by `,`, matching pairs `source.target`, true-false `t`/`f`.
 * 2004: index identifiers joined by `[,]`, pairs `source[.]target`, true-false `true`/`false`, fill-in
 * strings joined by `[,]` (no `{case_matters}` / `{order_matters}` delimiters: their defaults,
 * case-insensitive and in order, are how our gaps are graded). Matching, drag & drop and sorting pair
 * each left item / item (source) with the right item / target / group (target) by index.
 * null when the value does not fit the question.
 */
export function formatScormResponse(question: Question, value: unknown, version: ScormVersion): string | null {
  const d = DELIMITERS[version];
  const isIndexList = (v: unknown): v is number[] => Array.isArray(v) && v.every((x) => Number.isInteger(x) && x >= 0);
  try {
    switch (question.type) {
      case 'single_choice':
      case 'scenario':
        return Number.isInteger(value) && (value as number) >= 0 ? d.id(value as number) : null;
      case 'multiple_choice':
        return isIndexList(value) ? [...new Set(value)].sort((a, b) => a - b).map(d.id).join(d.list) : null;
      case 'true_false':
        if (typeof value !== 'boolean') return null;
        return version === '1.2' ? (value ? 't' : 'f') : String(value);
      case 'matching':
      case 'drag_drop':
      case 'sorting_groups':
        return isIndexList(value) ? value.map((target, source) => `${d.id(source)}${d.pair}${d.id(target)}`).join(d.list) : null;
      case 'ordering':
      case 'priority_ranking':
        return isIndexList(value) ? value.map(d.id).join(d.list) : null;
      case 'fill_gaps':
        return Array.isArray(value) && value.every((v) => typeof v === 'string') ? fillIn(value as string[], version) : null;
    }
  } catch {
    return null;
  }
  return null;
}

/** The correct-response pattern of a question (fill-in: the first accepted answer of each gap, normalised). */
export function formatScormCorrectPattern(question: Question, version: ScormVersion): string | null {
  if (question.type === 'fill_gaps') return fillIn(question.correctAnswer.map((accepted) => normaliseGapAnswer(accepted[0] ?? '')), version);
  return formatScormResponse(question, question.correctAnswer, version);
}

/** `cmi.interactions.n.result`: 1.2 says `wrong`, 2004 `incorrect`. */
export function scormResult(grade: Pick<GradeResult, 'correct'>, version: ScormVersion): 'correct' | 'wrong' | 'incorrect' {
  if (grade.correct) return 'correct';
  return version === '1.2' ? 'wrong' : 'incorrect';
}
