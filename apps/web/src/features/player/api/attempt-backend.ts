import type { AnswerResult, AttemptResults, AttemptView, ProgressOutcome } from './player-api';

/** Where the player is and how long it played since the last report. */
export interface ProgressReport {
  position: number;
  watchedSeconds: number;
}

/**
 * Where the learner's attempt lives: the engine (use-player-engine) drives timing, questions and the
 * wrong-answer flow, and asks its backend to start or resume the attempt, grade answers, record skips and
 * progress, and finish. Two implementations: the attempts API over HTTP (the web app, see
 * createHttpAttemptBackend) and the SCORM package's in-browser one (apps/web/src/scorm), which grades
 * with the domain graders and reports to the LMS.
 *
 * Refusals are errors the engine reads like the server's: an ApiError 409 for an answer to a settled
 * question and for completing while questions are still open.
 */
export interface AttemptBackend {
  /** Identifies the attempt in the query cache (one learner, one lesson, one store). */
  readonly key: readonly unknown[];
  /** Resumes the attempt in progress, or starts one; restart abandons it and starts afresh. */
  start(restart?: boolean): Promise<AttemptView>;
  answer(attempt: AttemptView, interactionId: number, response: unknown, timeTakenMs: number): Promise<AnswerResult>;
  skip(attempt: AttemptView, interactionId: number): Promise<AnswerResult>;
  /**
   * Continue Video after a wrong first try: settles the question and gives its correct answer. Optional:
   * a backend without it (the SCORM package) gives the answer with the wrong try and asks no second try.
   */
  reveal?(attempt: AttemptView, interactionId: number): Promise<AnswerResult>;
  /** A position the rules do not allow is an outcome ({ refused }), not an error. */
  progress(attempt: AttemptView, report: ProgressReport): Promise<ProgressOutcome>;
  /** The last report as the page goes away (pagehide, hidden tab, leaving the player): fire and forget. */
  progressOnLeave(attempt: AttemptView, report: ProgressReport): void;
  /** Finishes the attempt (completing twice answers the same). */
  complete(attempt: AttemptView): Promise<AttemptView>;
  /** The finished attempt with one row per question, for the results screen. */
  results(attempt: AttemptView): Promise<AttemptResults>;
  /** The media's duration once known (the web app lets the owner's player fill in a missing one). */
  reportDuration(seconds: number): void;
  /**
   * Optional: how to read the player's position at any moment (the SCORM package saves it when the LMS
   * session ends on pagehide, whatever order the page's listeners run in). Returns an undo.
   */
  watchPosition?(read: () => number | null): () => void;
}
