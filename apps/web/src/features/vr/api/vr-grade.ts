import type { AttemptBackend } from '../../player/api/attempt-backend';
import { submitLtiGrade } from '../../lti/api/lti-api';
import { gradeOf } from '../../lti/lti-attempt-backend';

/**
 * The VR player's backend for a lesson launched from an LMS: the same attempts API, and the completed
 * attempt's grade goes to POST /api/lti/submit-grade marked isVR. `onSaved` hears whether it was saved.
 */
export function withVrGradePassback(base: AttemptBackend, launchToken: string, onSaved: (saved: boolean) => void): AttemptBackend {
  return {
    ...base,
    async complete(attempt) {
      const done = await base.complete(attempt);
      submitLtiGrade(launchToken, gradeOf(done, true)).then(
        () => onSaved(true),
        () => onSaved(false),
      );
      return done;
    },
  };
}

