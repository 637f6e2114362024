/**
 * Points, streaks, achievements and levels for learners (issue 14). Pure rules: the video-service
 * stores what they decide, the player only shows it. Nothing here touches an attempt's score, which
 * is what an LMS receives.
 *
 * Days are UTC calendar days: a lesson completed at 23:30 UTC on 3 March counts for 3 March wherever
 * the learner is. Every rule that depends on the date takes an explicit `now`.
 */

/** A question answered right on the first try. */
export const POINTS_FIRST_TRY = 10;
/** A question answered right on a later try (the second try, or a retry under "require correct"). */
export const POINTS_LATER_TRY = 5;
/** Correct answers in a row inside one lesson for the "On a roll" achievement. */
export const ROLL_LENGTH = 5;
/** Consecutive days with a completed lesson for the "Five-day streak" achievement. */
export const DAY_STREAK_GOAL = 5;
/** Different lessons completed for the "Five lessons" achievement. */
export const LESSONS_GOAL = 5;
/** Total points for the "Century" achievement. */
export const CENTURY_POINTS = 100;

/**
 * Points for one answer: only a correct answer scores, more on its first try. Partial credit (some
 * matches right) scores nothing here; the attempt's score still counts it.
 */
export function pointsForAnswer(answer: { correct: boolean; firstTry: boolean }): number {
  if (!answer.correct) return 0;
  return answer.firstTry ? POINTS_FIRST_TRY : POINTS_LATER_TRY;
}

export interface LevelProgress {
  /** 1 from the start. */
  level: number;
  totalPoints: number;
  /** Points at which this level began. */
  levelStart: number;
  /** Points at which the next level begins. */
  nextLevelAt: number;
}

/** Points at which `level` begins: 0, 100, 300, 600, 1000… (each level asks 100 more than the one before). */
export function levelThreshold(level: number): number {
  const n = Math.max(1, Math.floor(level));
  return 50 * n * (n - 1);
}

/** The level a total of points reaches. */
export function levelForPoints(totalPoints: number): LevelProgress {
  const total = Math.max(0, Math.floor(Number.isFinite(totalPoints) ? totalPoints : 0));
  // Solve 50·n·(n−1) ≤ total for the largest whole n, then correct for rounding.
  let level = Math.max(1, Math.floor((1 + Math.sqrt(1 + total / 12.5)) / 2));
  while (levelThreshold(level + 1) <= total) level += 1;
  while (level > 1 && levelThreshold(level) > total) level -= 1;
  return { level, totalPoints: total, levelStart: levelThreshold(level), nextLevelAt: levelThreshold(level + 1) };
}

export interface LessonStreak {
  /** Correct first tries in a row up to the latest answer. */
  current: number;
  /** The longest such run in the lesson. */
  best: number;
}

/**
 * Consecutive correct answers inside a lesson, in the order the learner answered. Only a right first
 * try keeps the run going: a wrong first try or a skip ends it (a later right try does not mend it).
 */
export function lessonStreak(firstTriesInOrder: readonly boolean[]): LessonStreak {
  let current = 0;
  let best = 0;
  for (const right of firstTriesInOrder) {
    current = right ? current + 1 : 0;
    best = Math.max(best, current);
  }
  return { current, best };
}

const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The UTC calendar day of a moment, as 'YYYY-MM-DD'. */
export function utcDay(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}

function dayNumber(day: string): number | null {
  if (!DAY.test(day)) return null;
  const time = Date.parse(`${day}T00:00:00.000Z`);
  return Number.isNaN(time) ? null : Math.round(time / DAY_MS);
}

/**
 * The learner's current streak of UTC days with a completed lesson, at `now`: the run of consecutive
 * days that ends today, or yesterday while today has no lesson yet (the streak is still alive until a
 * whole day is missed). 0 once a day was missed.
 */
export function dayStreak(daysWithLesson: Iterable<string>, now: Date): number {
  const days = new Set<number>();
  for (const day of daysWithLesson) {
    const n = dayNumber(day);
    if (n !== null) days.add(n);
  }
  const today = dayNumber(utcDay(now)) as number;
  let end = days.has(today) ? today : days.has(today - 1) ? today - 1 : null;
  if (end === null) return 0;
  let streak = 0;
  while (days.has(end)) {
    streak += 1;
    end -= 1;
  }
  return streak;
}

export type AchievementId = 'first_lesson' | 'perfect_score' | 'on_a_roll' | 'five_day_streak' | 'five_lessons' | 'century';

export interface AchievementInfo {
  id: AchievementId;
  name: string;
  /** One line saying what earned it. */
  description: string;
}

/** Every achievement, in the order the results screen lists them. */
export const ACHIEVEMENTS: readonly AchievementInfo[] = [
  { id: 'first_lesson', name: 'First lesson', description: 'Completed your first lesson.' },
  { id: 'perfect_score', name: 'Perfect score', description: 'Answered every question of a lesson right on the first try.' },
  { id: 'on_a_roll', name: 'On a roll', description: `Answered ${ROLL_LENGTH} questions in a row right on the first try.` },
  { id: 'five_day_streak', name: 'Five-day streak', description: `Completed a lesson on ${DAY_STREAK_GOAL} days in a row.` },
  { id: 'five_lessons', name: 'Five lessons', description: `Completed ${LESSONS_GOAL} different lessons.` },
  { id: 'century', name: 'Century', description: `Earned ${CENTURY_POINTS} points.` },
];

export function isAchievementId(value: unknown): value is AchievementId {
  return typeof value === 'string' && ACHIEVEMENTS.some((a) => a.id === value);
}

export function achievementInfo(id: AchievementId): AchievementInfo {
  return ACHIEVEMENTS.find((a) => a.id === id) as AchievementInfo;
}

/** What the achievements are decided on, after the learner's latest answer or completed lesson. */
export interface AchievementFacts {
  /** Different lessons the learner has completed. */
  completedLessons: number;
  /** The lesson just completed had questions and every one was right on the first try. */
  perfectLesson: boolean;
  /** The longest run of right first tries in the current lesson. */
  bestLessonStreak: number;
  /** Days in a row with a completed lesson, at now. */
  dayStreak: number;
  totalPoints: number;
}

/** Every achievement the facts deserve (in ACHIEVEMENTS order). */
export function deservedAchievements(facts: AchievementFacts): AchievementId[] {
  const deserved: Record<AchievementId, boolean> = {
    first_lesson: facts.completedLessons >= 1,
    perfect_score: facts.perfectLesson,
    on_a_roll: facts.bestLessonStreak >= ROLL_LENGTH,
    five_day_streak: facts.dayStreak >= DAY_STREAK_GOAL,
    five_lessons: facts.completedLessons >= LESSONS_GOAL,
    century: facts.totalPoints >= CENTURY_POINTS,
  };
  return ACHIEVEMENTS.map((a) => a.id).filter((id) => deserved[id]);
}

/** The achievements to award now: deserved and not held yet (each is awarded once per learner). */
export function newAchievements(facts: AchievementFacts, held: Iterable<string>): AchievementId[] {
  const have = new Set(held);
  return deservedAchievements(facts).filter((id) => !have.has(id));
}
