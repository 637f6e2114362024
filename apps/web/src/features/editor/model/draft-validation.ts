import { validateQuestion, type QuestionType } from '@veolearn/domain';
import { draftToPayload, type QuestionDraft } from './question-draft';

/**
 * A typed number of seconds for the timeline fields (spec section 5): a number from 0 to `max`;
 * anything that is not a number becomes 0, values outside the range are brought inside it.
 */
export function parseSeconds(text: string, max: number): number {
  const value = Number(text.trim().replace(',', '.'));
  if (text.trim() === '' || !Number.isFinite(value)) return 0;
  return Math.min(Math.max(value, 0), max);
}

type Namer = (i: number) => string;
const nth = (word: string): Namer => (i) => `${word} ${i + 1}`;

/** What the editor calls the entries of `options` for each list-shaped type. */
function optionWord(type: QuestionType): string {
  if (type === 'ordering' || type === 'priority_ranking') return 'Item';
  return 'Option';
}

/** Field paths of validateQuestion's messages, longest first, and what the editor shows instead. */
function fieldNames(type: QuestionType): Array<[RegExp, (m: RegExpMatchArray) => string]> {
  const indexed = (path: string, name: Namer): [RegExp, (m: RegExpMatchArray) => string] => [
    new RegExp(`^${path.replace(/\./g, '\\.')}\\[(\\d+)\\]`),
    (m) => name(Number(m[1])),
  ];
  const plain = (path: string, name: string): [RegExp, () => string] => [new RegExp(`^${path.replace(/\./g, '\\.')}(?![\\w.[])`), () => name];
  const answer: Array<[RegExp, (m: RegExpMatchArray) => string]> =
    type === 'fill_gaps'
      ? [
          [/^correctAnswer\[(\d+)\]\[(\d+)\]/, (m) => `Gap ${Number(m[1]) + 1}, accepted answer ${Number(m[2]) + 1}`],
          [/^correctAnswer\[(\d+)\]/, (m) => `Gap ${Number(m[1]) + 1}`],
        ]
      : type === 'sorting_groups' || type === 'drag_drop'
        ? [indexed('correctAnswer', (i) => `The ${type === 'drag_drop' ? 'target' : 'group'} of item ${i + 1}`)]
        : [];
  return [
    ...answer,
    indexed('options.left', nth('Left entry')),
    indexed('options.right', nth('Right entry')),
    indexed('options.groups', nth('Group')),
    indexed('options.targets', nth('Target')),
    indexed('options.items', nth('Item')),
    indexed('options.wordBank', nth('Word bank entry')),
    indexed('options', nth(optionWord(type))),
    plain('options.left', 'The left column'),
    plain('options.right', 'The right column'),
    plain('options.groups', 'Groups'),
    plain('options.targets', 'Targets'),
    plain('options.items', 'Items'),
    plain('options.wordBank', 'The word bank'),
    plain('options.text', 'The text with gaps'),
    plain('options', type === 'ordering' || type === 'priority_ranking' ? 'Items' : 'Options'),
    plain('correctAnswer', 'The correct answer'),
    plain('feedback.correct', 'The correct-answer message'),
    plain('feedback.incorrect', 'The incorrect-answer message'),
    plain('feedback.explanation', 'The explanation'),
    plain('topicStartTime', 'The topic start time'),
    plain('topicTitle', 'The topic title'),
    plain('timestamp', 'The timeline position'),
    plain('scenario', 'The scenario'),
    plain('question', 'The question text'),
  ];
}

/** A validateQuestion message with its field path replaced by the label the editor shows. */
export function friendlyMessage(type: QuestionType, message: string): string {
  for (const [pattern, name] of fieldNames(type)) {
    const match = message.match(pattern);
    if (match) return name(match) + message.slice(match[0].length);
  }
  return message;
}

/**
 * Client-side check before saving, with the same rules the server applies (libs/domain validateQuestion).
 * Validated in the answer order (no scramble), so item numbers match the editor's list.
 */
export function validateDraft(draft: QuestionDraft, durationSeconds: number | null | undefined): string[] {
  const result = validateQuestion(draftToPayload(draft, { scramble: false }), {
    durationSeconds: typeof durationSeconds === 'number' && durationSeconds > 0 ? durationSeconds : undefined,
  });
  return result.ok ? [] : result.errors.map((e) => friendlyMessage(draft.answer.type, e));
}
