/** Spec section 5: the words the VR hub adds to every search. */
export const VR_QUERY_WORDS = 'VR 360 degree virtual reality immersive';

/** Spec section 2: the hub's four presets and the term each fills in. */
export const VR_PRESETS = [
  { label: 'Safety Training', query: '360 degree safety training' },
  { label: 'Education', query: 'VR educational experience' },
  { label: 'Virtual Tours', query: '360 virtual reality tour' },
  { label: 'Immersive Learning', query: 'immersive learning VR' },
] as const;

/** The query sent for a term, or null for a blank one ('Search Required'). */
export function vrQuery(term: string): string | null {
  const clean = term.trim().replace(/\s+/g, ' ');
  return clean ? `${clean} ${VR_QUERY_WORDS}` : null;
}

/** 'Found N videos (M VR-optimized)'. */
export function foundMessage(total: number, vrCount: number): string {
  return `Found ${total} ${total === 1 ? 'video' : 'videos'} (${vrCount} VR-optimized)`;
}

/** '1.5M views', '987K views', '0 views': a count as the cards show it. */
export function viewsText(viewCount: string): string {
  const n = Number(viewCount);
  if (!Number.isFinite(n) || n < 0) return '0 views';
  if (n >= 1_000_000) return `${(n / 1_000_000).toFixed(n >= 10_000_000 ? 0 : 1).replace(/\.0$/, '')}M views`;
  if (n >= 1_000) return `${(n / 1_000).toFixed(n >= 10_000 ? 0 : 1).replace(/\.0$/, '')}K views`;
  return `${n} ${n === 1 ? 'view' : 'views'}`;
}

/** A YouTube video id as /vr/youtube/{id} accepts it. */
export function isYouTubeId(id: string | undefined): id is string {
  return typeof id === 'string' && /^[A-Za-z0-9_-]{11}$/.test(id);
}
