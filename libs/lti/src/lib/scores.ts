/** Assignment and Grade Services 2.0: the score a tool posts to `{lineitem}/scores`. */

export type ActivityProgress = 'Initialized' | 'Started' | 'InProgress' | 'Submitted' | 'Completed';
export type GradingProgress = 'FullyGraded' | 'Pending' | 'PendingManual' | 'Failed' | 'NotReady';

export interface AgsScore {
  userId: string;
  scoreGiven: number;
  scoreMaximum: number;
  activityProgress: ActivityProgress;
  gradingProgress: GradingProgress;
  timestamp: string;
}

/** The grade a player reports (spec: POST /api/lti/submit-grade). `score` is a percentage. */
export interface SubmittedGrade {
  totalInteractions: number;
  completedInteractions: number;
  score: number;
}

/** The score for one learner: a percentage of 100, completed and fully graded once every question is answered. */
export function scoreFor(userId: string, grade: SubmittedGrade, timestamp: Date): AgsScore {
  const complete = grade.totalInteractions > 0 ? grade.completedInteractions >= grade.totalInteractions : true;
  return {
    userId,
    scoreGiven: Math.round(Math.min(100, Math.max(0, grade.score)) * 100) / 100,
    scoreMaximum: 100,
    activityProgress: complete ? 'Completed' : 'InProgress',
    gradingProgress: complete ? 'FullyGraded' : 'Pending',
    timestamp: timestamp.toISOString(),
  };
}

/**
 * `{lineitem}/scores`, keeping the line item URL's query string (some platforms, Moodle among them,
 * put the line item's id there): `https://lms/li/7?type_id=3` → `https://lms/li/7/scores?type_id=3`.
 */
export function scoresUrl(lineitem: string): string {
  const url = new URL(lineitem);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/scores`;
  return url.toString();
}
