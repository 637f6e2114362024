import type { AchievementView, GamificationView } from '@veolearn/contracts/types';

export type { AchievementView, GamificationView };

/** "Level 2 · 140 points" (one point: "1 point"). */
export function levelText(g: Pick<GamificationView, 'level' | 'totalPoints'>): string {
  return `Level ${g.level} · ${pointsText(g.totalPoints)}`;
}

export function pointsText(points: number): string {
  return `${points} ${points === 1 ? 'point' : 'points'}`;
}

/** How far through the current level the learner is, 0..100. */
export function levelPercent(g: Pick<GamificationView, 'totalPoints' | 'levelStart' | 'nextLevelAt'>): number {
  const span = g.nextLevelAt - g.levelStart;
  if (span <= 0) return 100;
  return Math.max(0, Math.min(100, Math.round(((g.totalPoints - g.levelStart) / span) * 100)));
}

/**
 * What changed between two views of the same attempt, for the "+10 points" flash and the screen
 * reader: the points gained and the achievements newly earned. Nothing for a first view or a new attempt.
 */
export interface ProgressChange {
  points: number;
  achievements: AchievementView[];
}

export function progressChange(before: GamificationView | null, after: GamificationView | null): ProgressChange | null {
  if (!before || !after) return null;
  const points = after.attemptPoints - before.attemptPoints;
  const had = new Set(before.newAchievements.map((a) => a.id));
  const achievements = after.newAchievements.filter((a) => !had.has(a.id));
  if (points <= 0 && achievements.length === 0) return null;
  return { points: Math.max(0, points), achievements };
}

/** The sentence a screen reader hears for a change: "+10 points. Streak 3. New achievement: On a roll." */
export function changeAnnouncement(change: ProgressChange, after: GamificationView): string {
  const parts: string[] = [];
  if (change.points > 0) parts.push(`+${pointsText(change.points)}`);
  if (after.lessonStreak >= 2) parts.push(`Streak ${after.lessonStreak}`);
  for (const a of change.achievements) parts.push(`New achievement: ${a.name}`);
  return `${parts.join('. ')}.`;
}
