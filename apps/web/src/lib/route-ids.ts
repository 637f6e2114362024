/** A lesson id from a route segment (`/play/:id`, `/vr/:id`, ...): a positive whole number of up to 10 digits, else null. */
export function parseVideoId(raw: string | undefined): number | null {
  return raw && /^\d{1,10}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}
