import { formatClock } from '@veolearn/domain';

/**
 * Seconds as m:ss (h:mm:ss past an hour), or an em dash while unknown. The player's formatter (whole
 * seconds, rounded down), so the editor and the player show a question at the same time.
 */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '—';
  return formatClock(seconds);
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function formatDate(value: string | null | undefined, withTime = false): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return (withTime ? dateTimeFormat : dateFormat).format(date);
}
