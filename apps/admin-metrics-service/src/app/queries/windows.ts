import { ADMIN_RANGES, type AdminRange } from '@veolearn/contracts';
import { PLAN_INFO, type Plan, subscriptionLabel, type SubscriptionStatus } from '@veolearn/domain';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const RANGE_MS: Record<AdminRange, number> = { '24h': DAY, '7d': 7 * DAY, '30d': 30 * DAY, '90d': 90 * DAY };
export const RANGE_DAYS: Record<AdminRange, number> = { '24h': 1, '7d': 7, '30d': 30, '90d': 90 };

export type BucketUnit = 'hour' | 'day';

export interface MetricsWindow {
  range: AdminRange;
  /** Exclusive start: now - range. */
  from: Date;
  /** Inclusive end: now. */
  to: Date;
  unit: BucketUnit;
  days: number;
}

export class InputError extends Error {}

export function isRange(value: unknown): value is AdminRange {
  return typeof value === 'string' && (ADMIN_RANGES as readonly string[]).includes(value);
}

/**
 * The window of a range message: (now - range, now], `now` being message.now when given, else
 * `clock`. Buckets are hours for 24h and days otherwise. Throws InputError on a bad range or time.
 */
export function windowOf(message: { range?: unknown; now?: unknown } | null | undefined, clock: Date = new Date()): MetricsWindow {
  const range = message?.range;
  if (!isRange(range)) throw new InputError(`range must be one of ${ADMIN_RANGES.join(', ')}`);
  let to = clock;
  if (message?.now !== undefined && message.now !== null) {
    const parsed = typeof message.now === 'string' ? Date.parse(message.now) : NaN;
    if (Number.isNaN(parsed)) throw new InputError('now must be an ISO date and time');
    to = new Date(parsed);
  }
  return { range, from: new Date(to.getTime() - RANGE_MS[range]), to, unit: range === '24h' ? 'hour' : 'day', days: RANGE_DAYS[range] };
}

/** Start of the UTC hour or day that holds `at`. */
export function truncUtc(at: Date, unit: BucketUnit): Date {
  const size = unit === 'hour' ? HOUR : DAY;
  return new Date(Math.floor(at.getTime() / size) * size);
}

/**
 * The buckets of a window: every UTC hour (or day) that holds part of (from, to], oldest first.
 * An instant exactly at `from` is outside the window, so a window starting on a boundary does not
 * get the bucket ending there.
 */
export function bucketStarts(from: Date, to: Date, unit: BucketUnit): Date[] {
  const size = unit === 'hour' ? HOUR : DAY;
  const starts: Date[] = [];
  if (to.getTime() <= from.getTime()) return starts;
  for (let t = truncUtc(new Date(from.getTime() + 1), unit).getTime(); t <= to.getTime(); t += size) starts.push(new Date(t));
  return starts;
}

/**
 * How to count a window from hourly rollups without losing exactness at its edges: the hours
 * strictly between the hour of `from` and the hour of `to` are summed from the rollup; the rest,
 * (from, firstFull) and [lastEdge, to], is counted event by event.
 */
export interface RollupPlan {
  /** Hours h with fullAfter < h < fullBefore come from the rollup. */
  fullAfter: Date;
  fullBefore: Date;
  /** Exact parts: occurred_at > from AND occurred_at < headEnd, and occurred_at >= tailStart AND occurred_at <= to. */
  headEnd: Date;
  tailStart: Date;
}

export function rollupPlan(from: Date, to: Date): RollupPlan {
  const h0 = truncUtc(from, 'hour');
  const h1 = truncUtc(to, 'hour');
  if (h1.getTime() <= h0.getTime() + HOUR) {
    // Within one or two hours: count everything event by event.
    return { fullAfter: h0, fullBefore: h0, headEnd: new Date(to.getTime() + 1), tailStart: new Date(to.getTime() + 1) };
  }
  return { fullAfter: h0, fullBefore: h1, headEnd: new Date(h0.getTime() + HOUR), tailStart: h1 };
}

/** Display label of a subscription status (spec section 4): the domain's, shared with the web. */
export const statusLabel = (status: string): string => subscriptionLabel(status);

/** Monthly price (AUD) a plan state earns: the plan's price while active on a paid plan, else 0. */
export function statePrice(plan: Plan | string, status: SubscriptionStatus | string): number {
  if (status !== 'active') return 0;
  return PLAN_INFO[plan as Plan]?.priceAud ?? 0;
}

export interface PlanStatePoint {
  at: Date;
  /** Monthly price while this state holds (statePrice). */
  price: number;
}

/**
 * Revenue of one user inside (from, to]: each state holds from its time until the next state's
 * (or forever); every paid second inside the window earns price / 30 per day. Same rule as the SQL
 * of AdminMetricsQueries.revenueInRange.
 */
export function revenueInWindow(states: PlanStatePoint[], from: Date, to: Date): number {
  const sorted = [...states].sort((a, b) => a.at.getTime() - b.at.getTime());
  let total = 0;
  sorted.forEach((state, i) => {
    if (state.price <= 0) return;
    const start = Math.max(state.at.getTime(), from.getTime());
    const until = i + 1 < sorted.length ? sorted[i + 1].at.getTime() : Infinity;
    const end = Math.min(until, to.getTime());
    if (end > start) total += ((end - start) / DAY) * (state.price / 30);
  });
  return total;
}

/** Money rounded to cents. */
export function cents(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

/** Keyset cursor of an export page: the last row's time (ISO, microseconds kept as text) and id. */
export function encodeCursor(at: string, id: string | number): string {
  return Buffer.from(JSON.stringify([at, String(id)])).toString('base64url');
}

export function decodeCursor(cursor: unknown): { at: string; id: string } {
  if (typeof cursor !== 'string' || cursor.length === 0 || cursor.length > 500) throw new InputError('after is not a cursor from a previous page');
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2 && typeof parsed[0] === 'string' && typeof parsed[1] === 'string' && !Number.isNaN(Date.parse(parsed[0]))) {
      return { at: parsed[0], id: parsed[1] };
    }
  } catch {
    // falls through to the error below
  }
  throw new InputError('after is not a cursor from a previous page');
}

/** ILIKE pattern matching `text` anywhere, with %, _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
