import { decodeEntities } from './transcripts/text';

/** Results the create wizard asks for (spec section 9). */
export const WIZARD_SEARCH_RESULTS = 10;
/** Results the VR hub asks for. */
export const VR_SEARCH_RESULTS = 12;
/** Most results one search may return (YouTube allows 50; more is never shown). */
export const MAX_SEARCH_RESULTS = 25;

const ISO_DURATION = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/**
 * Seconds of an ISO-8601 duration as YouTube reports it ('PT1H2M3S', 'PT45S', 'P1DT2H', 'P0D' for
 * a live stream); null when the text is missing or not such a duration.
 */
export function parseIsoDuration(text: string | null | undefined): number | null {
  if (typeof text !== 'string') return null;
  const value = text.trim().toUpperCase();
  const match = ISO_DURATION.exec(value);
  // The pattern alone also accepts 'P', 'PT' and 'P1DT': a duration names at least one number and no empty time part.
  if (!match || !/\d/.test(value) || value.endsWith('T')) return null;
  const [weeks, days, hours, minutes, seconds] = match.slice(1).map((part) => (part === undefined ? 0 : Number(part)));
  return Math.floor((((weeks * 7 + days) * 24 + hours) * 60 + minutes) * 60 + seconds);
}

/** 'm:ss' below an hour, 'h:mm:ss' from an hour on; '0:00' when the length is unknown. */
export function durationText(seconds: number | null | undefined): string {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) return '0:00';
  const total = Math.floor(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** An ISO-8601 duration as display text ('PT1H2M3S' → '1:02:03'); '0:00' when unknown. */
export function isoDurationText(text: string | null | undefined): string {
  return durationText(parseIsoDuration(text));
}

/**
 * 'vr' as a word of its own: no letter directly before or after it, so 'VR', 'VR360', '(VR)' and
 * 'vr-ready' count while 'overview' or 'vroom' do not.
 */
const VR_WORD = /(^|[^a-z])vr($|[^a-z])/i;

/**
 * Spec section 3: a result is VR content when its title contains 'vr' (as a word), '360' or
 * 'virtual reality', or its description contains '360' or 'immersive' (case-insensitive).
 */
export function isVrResult(title: string, description: string): boolean {
  const t = title.toLowerCase();
  const d = description.toLowerCase();
  return VR_WORD.test(t) || t.includes('360') || t.includes('virtual reality') || d.includes('360') || d.includes('immersive');
}

/** Ranking of a VR hub result: 10 points for VR content, 5 more for a title containing 360. */
export function vrScore(title: string, description: string): number {
  return (isVrResult(title, description) ? 10 : 0) + (title.includes('360') ? 5 : 0);
}

/** Highest vrScore first; results with the same score keep YouTube's order. */
export function sortByVrScore<T extends { title: string; description: string }>(results: readonly T[]): T[] {
  return results
    .map((result, index) => ({ result, index, score: vrScore(result.title, result.description) }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((entry) => entry.result);
}

/** A requested result count as a whole number 1..MAX_SEARCH_RESULTS; `fallback` when absent or not a number. */
export function clampMaxResults(value: unknown, fallback: number): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) return fallback;
  return Math.min(MAX_SEARCH_RESULTS, Math.max(1, Math.trunc(number)));
}

/** YouTube's search snippets carry HTML entities ('Tom &amp; Jerry', 'It&#39;s'); this gives the plain text. */
export function decodeYouTubeText(text: string): string {
  return decodeEntities(text);
}
