import { Award, CalendarCheck, Flame, Star } from 'lucide-react';
import type { GamificationView } from '../model/gamification';
import { levelPercent, levelText, pointsText } from '../model/gamification';

/**
 * The results screen's points, level, streaks and achievements (issue 14). Nothing when the lesson has
 * gamification off or the attempt carries none (a SCORM package). Apart from the score: points never change it.
 */
export function ResultsProgress({ gamification: g }: { gamification: GamificationView | null | undefined }) {
  if (!g) return null;
  const percent = levelPercent(g);
  const toNext = Math.max(0, g.nextLevelAt - g.totalPoints);
  const earlier = g.achievements.filter((a) => !g.newAchievements.some((n) => n.id === a.id));
  return (
    <section aria-labelledby="results-progress-heading" className="grid gap-3 rounded-lg border bg-background p-4 sm:px-5" data-testid="results-progress">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <h3 id="results-progress-heading" className="flex items-center gap-2 text-sm font-semibold">
          <Star className="size-4 text-amber-500" aria-hidden="true" />
          <span data-testid="results-level">{levelText(g)}</span>
        </h3>
        <p className="text-sm font-medium text-emerald-700" data-testid="results-points">
          +{pointsText(g.attemptPoints)} in this lesson
        </p>
      </div>
      <div className="grid gap-1">
        <div
          role="progressbar"
          aria-label={`Points towards level ${g.level + 1}`}
          aria-valuemin={g.levelStart}
          aria-valuemax={g.nextLevelAt}
          aria-valuenow={g.totalPoints}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full rounded-full bg-primary" style={{ width: `${percent}%` }} />
        </div>
        <p className="text-xs text-muted-foreground">
          {pointsText(toNext)} to level {g.level + 1}
        </p>
      </div>
      <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted-foreground">
        <li className="flex items-center gap-1.5" data-testid="results-best-streak">
          <Flame className="size-4 text-orange-500" aria-hidden="true" />
          Best streak in this lesson: {g.bestLessonStreak}
        </li>
        <li className="flex items-center gap-1.5" data-testid="results-day-streak">
          <CalendarCheck className="size-4 text-primary" aria-hidden="true" />
          Day streak: {g.dayStreak} {g.dayStreak === 1 ? 'day' : 'days'}
        </li>
      </ul>
      {g.newAchievements.length > 0 && (
        <div className="grid gap-2">
          <h4 className="text-sm font-semibold">New achievements</h4>
          <ul className="grid gap-2 sm:grid-cols-2" data-testid="results-new-achievements">
            {g.newAchievements.map((a) => (
              <li key={a.id} className="flex items-start gap-2.5 rounded-md border border-amber-300 bg-amber-50 px-3 py-2" data-testid="achievement">
                <Award className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden="true" />
                <span className="grid">
                  <span className="text-sm font-semibold text-foreground">{a.name}</span>
                  <span className="text-xs text-muted-foreground">{a.description}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {earlier.length > 0 && (
        <p className="text-xs text-muted-foreground" data-testid="results-earlier-achievements">
          Earlier achievements: {earlier.map((a) => a.name).join(', ')}
        </p>
      )}
    </section>
  );
}
