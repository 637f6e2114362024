/** The two SCORM versions a lesson is exported as: SCORM 1.2 and SCORM 2004 4th Edition. */
export type ScormVersion = '1.2' | '2004';

export const SCORM_VERSIONS: readonly ScormVersion[] = ['1.2', '2004'];

/** Points one question is worth (spec, section 9). */
export const SCORM_MAX_SCORE_PER_QUESTION = 10;
/** Share of the maximum score needed to pass, before rounding up (spec, section 9). */
export const SCORM_MASTERY_RATIO = 0.8;
/** SCORM 2004: a learner may answer each question at most this many times (spec, section 9). */
export const SCORM_2004_MAX_ATTEMPTS_PER_INTERACTION = 3;

/** `cmi.suspend_data` size: CMIString4096 in 1.2, characterstring(SPM 64000) in 2004. */
export const SCORM_SUSPEND_DATA_LIMIT: Readonly<Record<ScormVersion, number>> = { '1.2': 4096, '2004': 64000 };
/** `cmi.core.lesson_location` is CMIString255 in 1.2; `cmi.location` has SPM 1000 in 2004. */
export const SCORM_LOCATION_LIMIT: Readonly<Record<ScormVersion, number>> = { '1.2': 255, '2004': 1000 };

/** `schemaversion` each manifest declares (and LMSs check). */
export const SCORM_SCHEMA_VERSION: Readonly<Record<ScormVersion, string>> = { '1.2': '1.2', '2004': '2004 4th Edition' };

/** The highest score of a lesson: 10 points per question. */
export function scormMaxScore(questionCount: number): number {
  return SCORM_MAX_SCORE_PER_QUESTION * Math.max(0, Math.floor(questionCount));
}

/** The points needed to pass: 80 % of the maximum, rounded up to a whole point. 0 for a lesson without questions. */
export function scormMasteryScore(questionCount: number): number {
  // Rounded to 6 decimals first so that a binary artefact (0.8 × 30 = 24.000000000000004) does not add a point.
  return Math.ceil(Math.round(SCORM_MASTERY_RATIO * scormMaxScore(questionCount) * 1e6) / 1e6);
}

/**
 * SCORM 1.2 `adlcp:masteryscore` / `cmi.student_data.mastery_score`: a 0–100 value compared with
 * `cmi.core.score.raw`, which is therefore reported as a percentage in 1.2. The mastery points as a
 * percentage of the maximum, rounded up so that a learner at the percentage also has the points.
 * null without questions (nothing to master: the lesson only completes).
 */
export function scorm12MasteryPercent(questionCount: number): number | null {
  const max = scormMaxScore(questionCount);
  if (max === 0) return null;
  return Math.ceil(Math.round(((100 * scormMasteryScore(questionCount)) / max) * 1e6) / 1e6);
}

/**
 * SCORM 2004 `imsss:minNormalizedMeasure` / `cmi.scaled_passing_score`: the mastery points over the
 * maximum, compared with `cmi.score.scaled`. null without questions.
 */
export function scorm2004ScaledPassingScore(questionCount: number): number | null {
  const max = scormMaxScore(questionCount);
  if (max === 0) return null;
  return Math.round((scormMasteryScore(questionCount) / max) * 1e4) / 1e4;
}

/** Max time from the duration: whole minutes, rounded up (spec, section 9). null when the duration is unknown. */
export function scormMaxTimeMinutes(durationSeconds: number | null | undefined): number | null {
  if (durationSeconds == null || !Number.isFinite(durationSeconds) || durationSeconds <= 0) return null;
  return Math.ceil(durationSeconds / 60);
}
