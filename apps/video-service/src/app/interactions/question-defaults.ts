import { defaultFeedback, isQuestionType } from '@veolearn/domain';

/** The question just before a new or edited one on the video's timeline. */
export interface EarlierQuestion {
  topicTitle: string | null;
  topicStartTime: number | null;
  timestamp: number;
}

export interface DefaultsContext {
  /** The latest question at or before the new one's timestamp (never the edited question itself); null when none. */
  previous: EarlierQuestion | null;
  /** How many questions the video holds besides this one; the fallback title is 'Question <that + 1>'. */
  otherQuestions: number;
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The timestamp when it is a usable number of seconds; undefined otherwise (the validator reports it). */
export function timestampOf(input: Record<string, unknown>): number | undefined {
  const value = input['timestamp'];
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

/**
 * Fills what an editor may leave out, before the domain validator sees the question:
 * - no topic (topicTitle and topic blank): the previous question's topic, or 'Question N' when there is none;
 * - no topicStartTime: the previous question's start when the topic is the same as its topic, otherwise the
 *   previous question's timestamp (a new chapter begins after it), or 0 at the start of the video;
 * - no feedback: the type's default; feedback without correct or incorrect text gets the default text for it.
 * Everything the editor did send is passed on unchanged, so the validator still judges it.
 */
export function withQuestionDefaults(input: Record<string, unknown>, context: DefaultsContext): Record<string, unknown> {
  const out: Record<string, unknown> = { ...input };
  const { previous } = context;
  const previousTitle = previous && !isBlank(previous.topicTitle) ? (previous.topicTitle as string) : null;

  if (isBlank(out['topicTitle']) && isBlank(out['topic'])) {
    delete out['topic'];
    out['topicTitle'] = previousTitle ?? `Question ${context.otherQuestions + 1}`;
  }
  if (out['topicStartTime'] === undefined || out['topicStartTime'] === null) {
    out['topicStartTime'] = defaultTopicStart(out, previous, previousTitle);
  }
  if (isQuestionType(out['type'])) {
    const fallback = defaultFeedback(out['type']);
    const feedback = out['feedback'];
    if (feedback === undefined || feedback === null) {
      out['feedback'] = fallback;
    } else if (isRecord(feedback)) {
      out['feedback'] = {
        ...feedback,
        correct: isBlank(feedback['correct']) ? fallback.correct : feedback['correct'],
        incorrect: isBlank(feedback['incorrect']) ? fallback.incorrect : feedback['incorrect'],
      };
    }
  }
  return out;
}

function defaultTopicStart(input: Record<string, unknown>, previous: EarlierQuestion | null, previousTitle: string | null): number {
  if (!previous) return 0;
  const title = input['topicTitle'] ?? input['topic'];
  const sameTopic = typeof title === 'string' && previousTitle !== null && title.trim() === previousTitle.trim();
  const start = sameTopic ? (previous.topicStartTime ?? 0) : previous.timestamp;
  const timestamp = timestampOf(input);
  return timestamp === undefined ? start : Math.min(start, timestamp);
}
