import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AchievementView, AttemptView, GamificationView } from '@veolearn/contracts';
import {
  ACHIEVEMENTS,
  type AchievementFacts,
  type AchievementId,
  achievementInfo,
  dayStreak,
  isAchievementId,
  lessonStreak,
  levelForPoints,
  newAchievements,
  pointsForAnswer,
  utcDay,
} from '@veolearn/domain';

/** What of an attempt row gamification reads. */
export interface GamifiedAttempt {
  id: string;
  video_id: number;
  learner_id: string;
  user_id: number | null;
}

/** Day streaks look this far back (a longer streak still shows as this many days). */
const STREAK_LOOKBACK_DAYS = 400;
const ORDER = new Map(ACHIEVEMENTS.map((a, i) => [a.id, i]));

/**
 * Whose points these are: the signed-in user of the attempt, else its anonymous learner id. An attempt
 * keeps the user it was started (or resumed) with, so one attempt's points go to one learner.
 */
export function learnerKeyOf(attempt: Pick<GamifiedAttempt, 'learner_id' | 'user_id'>): string {
  return attempt.user_id !== null && attempt.user_id !== undefined ? `user:${attempt.user_id}` : `learner:${attempt.learner_id}`;
}

/**
 * Points, streaks, achievements and levels (issue 14), recorded inside the attempt's own transaction
 * and under its row lock. The rules are the domain's; this stores what they decide, per learner, in
 * tables of its own: nothing here reads or writes an attempt's score. A lesson whose owner turned
 * gamification off records nothing and shows nothing.
 */
@Injectable()
export class GamificationService {
  async enabled(manager: EntityManager, videoId: number): Promise<boolean> {
    const rows: Array<{ gamification: boolean }> = await manager.query('SELECT gamification FROM library.videos WHERE id = $1', [videoId]);
    return rows[0]?.gamification === true;
  }

  /** After an answer was graded: a right answer earns its points once per question and attempt. */
  async recordAnswer(manager: EntityManager, attempt: GamifiedAttempt, interactionId: number, answer: { correct: boolean; firstTry: boolean }, now: Date): Promise<void> {
    const points = pointsForAnswer(answer);
    if (points === 0 || !(await this.enabled(manager, attempt.video_id))) return;
    const key = learnerKeyOf(attempt);
    await manager.query(
      `INSERT INTO library.learner_points (attempt_id, interaction_id, learner_key, video_id, points, first_try, awarded_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
      [attempt.id, interactionId, key, attempt.video_id, points, answer.firstTry, now],
    );
    await this.award(manager, attempt, key, now);
  }

  /** After the attempt was completed: its UTC day counts for the day streak, then achievements. */
  async recordCompletion(manager: EntityManager, attempt: GamifiedAttempt, view: Pick<AttemptView, 'totalQuestions' | 'correctCount'>, now: Date): Promise<void> {
    if (!(await this.enabled(manager, attempt.video_id))) return;
    const key = learnerKeyOf(attempt);
    const perfect = view.totalQuestions > 0 && view.correctCount === view.totalQuestions;
    await manager.query(
      `INSERT INTO library.learner_completions (attempt_id, learner_key, video_id, day, perfect, completed_at)
       VALUES ($1, $2, $3, $4::date, $5, $6) ON CONFLICT DO NOTHING`,
      [attempt.id, key, attempt.video_id, utcDay(now), perfect, now],
    );
    await this.award(manager, attempt, key, now);
  }

  /** The learner's gamification as seen from this attempt, or null when its lesson has it turned off. */
  async view(manager: EntityManager, attempt: GamifiedAttempt, now: Date): Promise<GamificationView | null> {
    if (!(await this.enabled(manager, attempt.video_id))) return null;
    const key = learnerKeyOf(attempt);
    const streak = await this.lessonStreakOf(manager, attempt.id);
    const totals: Array<{ attempt_points: number; total_points: number }> = await manager.query(
      `SELECT COALESCE(sum(points) FILTER (WHERE attempt_id = $2), 0)::int AS attempt_points, COALESCE(sum(points), 0)::int AS total_points
       FROM library.learner_points WHERE learner_key = $1`,
      [key, attempt.id],
    );
    const held: Array<{ achievement: string; attempt_id: string; earned_at: Date | string }> = await manager.query(
      'SELECT achievement, attempt_id, earned_at FROM library.learner_achievements WHERE learner_key = $1',
      [key],
    );
    const achievements = held
      .flatMap((row) => (isAchievementId(row.achievement) ? [{ id: row.achievement, attemptId: row.attempt_id, earnedAt: new Date(row.earned_at) }] : []))
      .sort((a, b) => a.earnedAt.getTime() - b.earnedAt.getTime() || (ORDER.get(a.id) ?? 0) - (ORDER.get(b.id) ?? 0));
    const level = levelForPoints(totals[0]?.total_points ?? 0);
    return {
      attemptPoints: totals[0]?.attempt_points ?? 0,
      lessonStreak: streak.current,
      bestLessonStreak: streak.best,
      dayStreak: dayStreak(await this.daysOf(manager, key, now), now),
      totalPoints: level.totalPoints,
      level: level.level,
      levelStart: level.levelStart,
      nextLevelAt: level.nextLevelAt,
      newAchievements: achievements.filter((a) => a.attemptId === attempt.id).map(toAchievementView),
      achievements: achievements.map(toAchievementView),
    };
  }

  /** Awards what the learner now deserves and does not hold yet (the primary key makes it once). */
  private async award(manager: EntityManager, attempt: GamifiedAttempt, key: string, now: Date): Promise<void> {
    const facts = await this.facts(manager, attempt, key, now);
    const held: Array<{ achievement: string }> = await manager.query('SELECT achievement FROM library.learner_achievements WHERE learner_key = $1', [key]);
    const earned = newAchievements(
      facts,
      held.map((h) => h.achievement),
    );
    if (earned.length === 0) return;
    await manager.query(
      `INSERT INTO library.learner_achievements (learner_key, achievement, attempt_id, video_id, earned_at)
       SELECT $1, unnest($2::varchar[]), $3, $4, $5 ON CONFLICT DO NOTHING`,
      [key, earned, attempt.id, attempt.video_id, now],
    );
  }

  private async facts(manager: EntityManager, attempt: GamifiedAttempt, key: string, now: Date): Promise<AchievementFacts> {
    const rows: Array<{ lessons: number; perfect: boolean; points: number }> = await manager.query(
      `SELECT (SELECT count(DISTINCT video_id)::int FROM library.learner_completions WHERE learner_key = $1) AS lessons,
              COALESCE((SELECT perfect FROM library.learner_completions WHERE attempt_id = $2), false) AS perfect,
              (SELECT COALESCE(sum(points), 0)::int FROM library.learner_points WHERE learner_key = $1) AS points`,
      [key, attempt.id],
    );
    return {
      completedLessons: rows[0]?.lessons ?? 0,
      perfectLesson: rows[0]?.perfect === true,
      bestLessonStreak: (await this.lessonStreakOf(manager, attempt.id)).best,
      dayStreak: dayStreak(await this.daysOf(manager, key, now), now),
      totalPoints: rows[0]?.points ?? 0,
    };
  }

  /** Right first tries in the order the learner answered (a skip or a wrong first try breaks the run). */
  private async lessonStreakOf(manager: EntityManager, attemptId: string) {
    const rows: Array<{ correct: boolean }> = await manager.query(
      'SELECT correct FROM library.answers WHERE attempt_id = $1 ORDER BY answered_at, id',
      [attemptId],
    );
    return lessonStreak(rows.map((r) => r.correct === true));
  }

  private async daysOf(manager: EntityManager, key: string, now: Date): Promise<string[]> {
    const rows: Array<{ day: string }> = await manager.query(
      `SELECT DISTINCT to_char(day, 'YYYY-MM-DD') AS day FROM library.learner_completions
       WHERE learner_key = $1 AND day > $2::date - $3::int AND day <= $2::date`,
      [key, utcDay(now), STREAK_LOOKBACK_DAYS],
    );
    return rows.map((r) => r.day);
  }
}

function toAchievementView(held: { id: AchievementId; earnedAt: Date }): AchievementView {
  const info = achievementInfo(held.id);
  return { id: info.id, name: info.name, description: info.description, earnedAt: held.earnedAt.toISOString() };
}
