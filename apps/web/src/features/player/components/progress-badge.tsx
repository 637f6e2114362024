import { useEffect, useState } from 'react';
import { Flame, Star } from 'lucide-react';
import { cn } from '../../../lib/utils';
import type { AttemptView } from '../api/player-api';
import { changeAnnouncement, type GamificationView, levelText, pointsText, type ProgressChange, progressChange } from '../model/gamification';

/** How long "+10 points" stays once the question is closed. */
const FLASH_MS = 4000;

interface Flash {
  id: number;
  change: ProgressChange;
  text: string;
}

interface ProgressBadgeProps {
  attempt: AttemptView | undefined;
  /** The lesson has points and achievements (its playback view says so). */
  enabled: boolean;
  /** A question is open: from md up it covers the video, and the badge steps aside until it closes. */
  questionOpen: boolean;
}

/**
 * The learner's level, points and streak in a corner of the video, with "+10 points" for a moment
 * after a right answer (announced politely to screen readers). Nothing when the lesson has
 * gamification off or the attempt carries none (a SCORM package).
 */
export function ProgressBadge({ attempt, enabled, questionOpen }: ProgressBadgeProps) {
  const g = enabled && attempt ? (attempt.gamification ?? null) : null;
  const attemptId = attempt?.id ?? null;
  const [seen, setSeen] = useState<{ attemptId: string | null; g: GamificationView | null }>({ attemptId, g });
  const [flash, setFlash] = useState<Flash | null>(null);
  // Compared while rendering (no extra paint): a change of the same attempt flashes, a new attempt does not.
  if (seen.g !== g || seen.attemptId !== attemptId) {
    const change = seen.attemptId === attemptId ? progressChange(seen.g, g) : null;
    setSeen({ attemptId, g });
    if (change && g) setFlash({ id: (flash?.id ?? 0) + 1, change, text: changeAnnouncement(change, g) });
    else if (seen.attemptId !== attemptId) setFlash(null);
  }

  useEffect(() => {
    if (!flash || questionOpen) return;
    const timer = setTimeout(() => setFlash(null), FLASH_MS);
    return () => clearTimeout(timer);
  }, [flash, questionOpen]);

  if (!g) return null;
  return (
    <>
      <div
        className={cn('pointer-events-none absolute right-2 top-2 z-10 flex flex-col items-end gap-1 sm:right-3 sm:top-3', questionOpen && 'md:hidden')}
        data-testid="progress-badge"
      >
        <p className="flex items-center gap-1.5 rounded-full bg-black/75 px-2.5 py-1 text-xs font-medium text-white shadow-sm">
          <Star className="size-3.5 text-amber-300" aria-hidden="true" />
          <span data-testid="progress-level">{levelText(g)}</span>
          {g.lessonStreak >= 2 && (
            <>
              <span aria-hidden="true" className="text-white/50">
                ·
              </span>
              <Flame className="size-3.5 text-orange-300" aria-hidden="true" />
              <span data-testid="progress-streak">Streak {g.lessonStreak}</span>
            </>
          )}
        </p>
        {flash && (
          <p key={flash.id} className="rounded-full bg-emerald-700 px-2.5 py-1 text-xs font-semibold text-white shadow-sm" data-testid="progress-flash">
            {[flash.change.points > 0 ? `+${pointsText(flash.change.points)}` : null, ...flash.change.achievements.map((a) => `New achievement: ${a.name}`)]
              .filter(Boolean)
              .join(' · ')}
          </p>
        )}
      </div>
      <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="progress-announcer">
        {flash?.text ?? ''}
      </div>
    </>
  );
}
