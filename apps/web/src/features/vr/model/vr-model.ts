import { isSettled } from '@veolearn/domain';

/** Spec section 9: the VR player's constants. */
export const VR = {
  feedbackDelayMs: 2000,
  triggerBefore: 0.5,
  triggerAfter: 1,
  comfortBreakSeconds: 1200,
  degradedSeconds: 1800,
  textScale: { start: 1.2, step: 0.1, min: 0.5, max: 2 },
  maxOptions: 4,
  maxQuestionChars: 200,
  maxOptionChars: 50,
  maxTopicChars: 50,
  fuseTimeoutMs: 1500,
  fieldOfView: 80,
  radius: { mobile: 3, desktop: 4 },
  maxLayoutIndex: 10,
} as const;

/** Strips what could break out of a scene attribute or markup: angle brackets and quotes. */
export function sanitize(text: unknown): string {
  return String(text ?? '').replace(/[<>"']/g, '');
}

/** Sanitised, then cut to `max` characters (an ellipsis takes the last one). */
export function truncate(text: unknown, max: number): string {
  const clean = sanitize(text).replace(/\s+/g, ' ').trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1).trimEnd()}…`;
}

/** How the VR player answers a question: by choosing one option, several, or not at all (other types). */
export type VrAnswerKind = 'single' | 'boolean' | 'multi' | 'unsupported';

/** A question as the scene and the 2D controls show it: sanitised, truncated, at most four options. */
export interface VrQuestion {
  id: number;
  /** 1-based, in playing order. */
  number: number;
  question: string;
  options: string[];
  kind: VrAnswerKind;
  timestamp: number;
  /** The topic title, or 'Question N'. */
  label: string;
}

/** What the VR player needs of a question from the playback view (no answers in it). */
export interface PlayableQuestion {
  id: number;
  type: string;
  question: string;
  options: unknown;
  timestamp: number;
  topicTitle: string | null;
}

function kindOf(type: string): VrAnswerKind {
  switch (type) {
    case 'single_choice':
    case 'scenario':
      return 'single';
    case 'true_false':
      return 'boolean';
    case 'multiple_choice':
      return 'multi';
    default:
      return 'unsupported';
  }
}

function optionTexts(kind: VrAnswerKind, options: unknown): string[] {
  if (kind === 'boolean') return ['True', 'False'];
  if (kind === 'unsupported' || !Array.isArray(options)) return [];
  return options.slice(0, VR.maxOptions).map((o) => truncate(o, VR.maxOptionChars));
}

/** The lesson's questions for VR: in playing order (time, then id), sanitised and cut to the spec's limits. */
export function toVrQuestions(questions: readonly PlayableQuestion[]): VrQuestion[] {
  return [...questions]
    .sort((a, b) => a.timestamp - b.timestamp || a.id - b.id)
    .map((q, i) => {
      const kind = kindOf(q.type);
      const topic = q.topicTitle ? truncate(q.topicTitle, VR.maxTopicChars) : '';
      return {
        id: q.id,
        number: i + 1,
        question: truncate(q.question, VR.maxQuestionChars),
        options: optionTexts(kind, q.options),
        kind,
        timestamp: Math.max(0, q.timestamp),
        label: topic || `Question ${i + 1}`,
      };
    });
}

/**
 * The response the attempts API grades, from the positions chosen (options keep their stored order,
 * so a position is the stored index): single choice one index, true/false a boolean, multiple choice
 * the sorted indexes. Null when nothing answerable was chosen.
 */
export function responseFor(kind: VrAnswerKind, chosen: readonly number[]): unknown {
  if (chosen.length === 0) return null;
  switch (kind) {
    case 'single':
      return chosen[0];
    case 'boolean':
      return chosen[0] === 0;
    case 'multi':
      return [...new Set(chosen)].sort((a, b) => a - b);
    case 'unsupported':
      return null;
  }
}

/**
 * The question whose trigger window (0.5 s before to 1 s after its time) contains `time`: the
 * earliest one not done and not already asked at this pass. Null when none is due.
 */
export function triggeredQuestion<Q extends { id: number; timestamp: number }>(
  questions: readonly Q[],
  time: number,
  isDone: (id: number) => boolean,
  alreadyAsked: ReadonlySet<number>,
): Q | null {
  let due: Q | null = null;
  for (const q of questions) {
    if (time < q.timestamp - VR.triggerBefore || time > q.timestamp + VR.triggerAfter) continue;
    if (isDone(q.id) || alreadyAsked.has(q.id)) continue;
    if (due === null || q.timestamp < due.timestamp) due = q;
  }
  return due;
}

export type ProgressState = 'done' | 'current' | 'todo';

/**
 * Each question's colour in the progress list and the scene: done (green) when nothing more is
 * expected of it, current (yellow) for the open one (while not done) or else the first not done, todo (grey) otherwise.
 */
export function progressStates(
  questions: readonly { id: number }[],
  isDone: (id: number) => boolean,
  openId: number | null,
): Map<number, ProgressState> {
  const states = new Map<number, ProgressState>();
  const open = openId !== null && !isDone(openId) ? openId : null;
  const current = open ?? questions.find((q) => !isDone(q.id))?.id ?? null;
  for (const q of questions) states.set(q.id, isDone(q.id) ? 'done' : q.id === current ? 'current' : 'todo');
  return states;
}

/**
 * Done under the attempt's rules: answered (or skipped), and right when the lesson requires it; a
 * wrong first try the server holds open for a second try (secondTry) is not done.
 */
export function doneChecker(
  answers: ReadonlyArray<{ interactionId: number; status: NonNullable<Parameters<typeof isSettled>[0]>; secondTry?: boolean }>,
  requireCorrect: boolean,
): (id: number) => boolean {
  const statuses = new Map(answers.map((a) => [a.interactionId, a.secondTry ? null : a.status]));
  return (id) => isSettled(statuses.get(id) ?? null, { requireCorrect });
}

/** 'm:ss' (minutes are not capped at 59: a 70-minute mark reads 70:00). */
export function clock(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

export const DEFAULT_FEEDBACK = {
  correct: 'Well done! You got it right.',
  incorrect: 'Not quite right. Try reviewing the content.',
} as const;

/** The toast after an answer: the question's own message, else the spec's default. */
export function feedbackMessage(correct: boolean, feedback: { correct?: string; incorrect?: string }): { title: string; description: string } {
  return correct
    ? { title: 'Correct Answer!', description: feedback.correct?.trim() || DEFAULT_FEEDBACK.correct }
    : { title: 'Incorrect Answer', description: feedback.incorrect?.trim() || DEFAULT_FEEDBACK.incorrect };
}

/** Where sphere i of n sits: an arc in front of the learner (index capped at 10 for the layout). */
export function spherePosition(index: number, count: number, radius: number): { x: number; y: number; z: number } {
  const slots = Math.min(Math.max(count, 1), VR.maxLayoutIndex + 1);
  const i = Math.min(index, VR.maxLayoutIndex);
  const spread = Math.min(140, 28 * (slots - 1));
  const angle = slots === 1 ? 0 : ((-spread / 2 + (spread * i) / (slots - 1)) * Math.PI) / 180;
  const row = index > VR.maxLayoutIndex ? 0.7 : 0;
  return { x: +(radius * Math.sin(angle)).toFixed(3), y: +(0.9 + row).toFixed(3), z: +(-radius * Math.cos(angle)).toFixed(3) };
}

