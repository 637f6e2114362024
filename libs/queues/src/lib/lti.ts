/** Queue of LTI grade deliveries (Assignment and Grade Services scores). */
export const LTI_GRADE_QUEUE = 'lti-grades';

/**
 * One job per learner and line item (its id is the channel key): the job delivers that channel's
 * pending grades from the `lti.grades` rows in order, so two grades of one learner never cross.
 */
export interface LtiGradeJobData {
  channel: string;
}
