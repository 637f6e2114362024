import type { LessonResultsView } from '../api/results-api';
import { barHeights } from '../results-format';

type Bins = LessonResultsView['scoreDistribution'];

/**
 * The completed attempts' scores as ten bars (0–9 % … 90–100 %), plain HTML and CSS. Screen readers
 * get the same figures as a list.
 */
export function ScoreChart({ bins }: { bins: Bins }) {
  const heights = barHeights(bins.map((b) => b.count));
  const total = bins.reduce((sum, b) => sum + b.count, 0);
  const label = (b: Bins[number]) => `${b.from}–${b.to}%`;
  return (
    <figure className="grid gap-2" data-testid="score-chart">
      <div className="flex h-40 items-end gap-1 border-b border-border sm:gap-2" aria-hidden="true">
        {bins.map((b, i) => (
          <div key={b.from} className="flex h-full min-w-0 flex-1 flex-col items-center justify-end gap-1">
            <span className="text-xs font-medium tabular-nums text-foreground">{b.count > 0 ? b.count : ''}</span>
            <div
              className="w-full rounded-t-sm bg-primary"
              style={{ height: `${Math.round(heights[i] * 100)}%`, minHeight: b.count > 0 ? 4 : 0 }}
              title={`${label(b)}: ${b.count}`}
            />
          </div>
        ))}
      </div>
      <div className="flex gap-1 sm:gap-2" aria-hidden="true">
        {bins.map((b) => (
          <span key={b.from} className="min-w-0 flex-1 text-center text-[10px] leading-tight text-muted-foreground tabular-nums sm:text-xs">
            {b.from}
            <span className="max-sm:hidden">–{b.to}</span>
          </span>
        ))}
      </div>
      <figcaption className="text-xs text-muted-foreground">
        Score (%) of the {total === 1 ? 'completed attempt' : `${total} completed attempts`}
      </figcaption>
      <ul className="sr-only">
        {bins.map((b) => (
          <li key={b.from}>
            {label(b)}: {b.count}
          </li>
        ))}
      </ul>
    </figure>
  );
}
