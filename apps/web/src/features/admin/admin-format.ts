import { ApiError } from '../../lib/session-client';
import type { AdminRange } from './api/admin-api';

/**
 * The contract's ADMIN_RANGES, repeated as a value: the web imports the contracts as types only. The
 * `satisfies` and the check below fail the typecheck if the two lists ever differ.
 */
export const ADMIN_RANGES = ['24h', '7d', '30d', '90d'] as const satisfies readonly AdminRange[];
export const ADMIN_RANGES_COMPLETE: AdminRange extends (typeof ADMIN_RANGES)[number] ? true : never = true;

export const DEFAULT_ADMIN_RANGE: AdminRange = '30d';

export const RANGE_LABELS: Record<AdminRange, string> = {
  '24h': 'Last 24 hours',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
};

const aud = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const count = new Intl.NumberFormat('en-AU');

/** An amount in Australian dollars, e.g. A$1,234.50 shown as $1,234.50 AUD. */
export function formatAud(amount: number): string {
  return `${aud.format(amount).replace(/^A/, '')} AUD`;
}

export function formatCount(value: number): string {
  return count.format(value);
}

/** A percentage with at most one decimal; null (nothing to divide by) reads as an em dash. */
export function formatPercent(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return '—';
  return `${Math.round(value * 10) / 10}%`;
}

/** The panel's two failure texts (spec section 8): the server answered with an error, or nothing answered. */
export function adminFetchError(error: unknown): string {
  return error instanceof ApiError ? 'Failed to fetch admin data' : 'Network error';
}
