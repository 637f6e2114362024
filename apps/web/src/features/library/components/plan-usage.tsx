import { Link } from 'react-router-dom';
import { Gauge } from 'lucide-react';
import { cn } from '../../../lib/utils';
import { routes } from '../../../app/routes';
import type { PlanUsage } from '../api/library-api';

/** Share of the cap in use, 0..100 (null without a cap). */
export function usagePercent(usage: Pick<PlanUsage, 'videosUsed' | 'videoLimit'>): number | null {
  if (usage.videoLimit === null) return null;
  if (usage.videoLimit <= 0) return 100;
  return Math.min(100, Math.round((usage.videosUsed / usage.videoLimit) * 100));
}

/**
 * The plan counter ("1 of 1 lessons used", "3 of 50 lessons used"; a plan without a cap shows only the
 * count). Renders nothing while the usage is unknown: a guessed figure is never shown.
 */
export function PlanUsageMeter({ usage, className }: { usage: PlanUsage | null | undefined; className?: string }) {
  if (!usage) return null;
  const percent = usagePercent(usage);
  const full = !usage.canCreate;
  return (
    <section
      aria-label="Plan usage"
      data-testid="plan-usage"
      className={cn('flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border bg-background px-4 py-3 text-sm', className)}
    >
      <span className="flex min-w-0 items-center gap-2">
        <Gauge className={cn('size-4 shrink-0', full ? 'text-destructive' : 'text-primary')} aria-hidden="true" />
        <span className="font-medium" data-testid="plan-usage-label">
          {usage.label}
        </span>
        <span className="text-muted-foreground">· {usage.planName}</span>
      </span>
      {percent !== null && (
        <div
          className="h-2 min-w-24 flex-1 overflow-hidden rounded-full bg-muted sm:max-w-48"
          role="meter"
          aria-label="Lessons used"
          aria-valuemin={0}
          aria-valuemax={usage.videoLimit ?? 0}
          aria-valuenow={usage.videosUsed}
          aria-valuetext={usage.label}
        >
          <div className={cn('h-full rounded-full', full ? 'bg-destructive' : 'bg-primary')} style={{ width: `${percent}%` }} />
        </div>
      )}
      {full && (
        <Link to={routes.subscribe} className="font-medium text-primary underline-offset-4 hover:underline sm:ml-auto">
          {usage.plan === 'trial' ? 'Upgrade for more lessons' : 'See plans'}
        </Link>
      )}
    </section>
  );
}
