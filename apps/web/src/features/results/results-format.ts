/** A 0..1 share as a whole percent ('—' when there is none). */
export function sharePercent(share: number | null | undefined): string {
  return typeof share === 'number' && Number.isFinite(share) ? `${Math.round(share * 100)}%` : '—';
}

/** A percent score with at most one decimal. */
export function scoreText(score: number | null | undefined): string {
  if (typeof score !== 'number' || !Number.isFinite(score)) return '—';
  return `${Math.round(score * 10) / 10}%`;
}

/** Time spent as "4 min 05 s", "38 s", or '—'. */
export function timeSpent(seconds: number | null | undefined): string {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) return '—';
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return `${h} h ${String(m).padStart(2, '0')} min`;
  if (m > 0) return `${m} min ${String(s).padStart(2, '0')} s`;
  return `${s} s`;
}

/** Each bar's height as a share of the tallest (0 when every bin is empty). */
export function barHeights(counts: readonly number[]): number[] {
  const max = Math.max(0, ...counts);
  return counts.map((c) => (max > 0 ? c / max : 0));
}

/** "1–50 of 120" for a page of a list. */
export function pageRange(page: number, pageSize: number, total: number): string {
  if (total === 0) return '0 of 0';
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return `${from}–${to} of ${total}`;
}
