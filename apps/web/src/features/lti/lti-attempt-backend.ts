import type { AttemptBackend } from '../player/api/attempt-backend';
import type { AttemptView } from '../player/api/player-api';
import { type LtiGrade, submitLtiGrade } from './api/lti-api';

/** The grade of a finished attempt in the spec's payload: the server's figures. */
export function gradeOf(attempt: AttemptView, isVR = false): LtiGrade {
  return {
    videoId: attempt.videoId,
    totalInteractions: attempt.totalQuestions,
    completedInteractions: Math.min(attempt.totalQuestions, attempt.answeredCount + attempt.skippedCount),
    score: Math.min(100, Math.max(0, attempt.score)),
    timeSpent: Math.max(0, Math.round(attempt.watchTimeSeconds)),
    isVR,
  };
}

/**
 * A player backend for a lesson launched from an LMS: the same attempts API, and when the attempt
 * completes its grade goes to POST /api/lti/submit-grade (the server stores it, then sends it to the
 * LMS). `onSaved` hears whether the grade was saved, for the 'Progress Saved' / 'Save Warning' toasts.
 */
export function withLtiGradePassback(base: AttemptBackend, launchToken: string, onSaved: (saved: boolean) => void): AttemptBackend {
  return {
    ...base,
    async complete(attempt) {
      const done = await base.complete(attempt);
      submitLtiGrade(launchToken, gradeOf(done)).then(
        () => onSaved(true),
        () => onSaved(false),
      );
      return done;
    },
  };
}
