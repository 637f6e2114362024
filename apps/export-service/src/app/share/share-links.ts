import type { ExportOptions, ShareLinks } from '@veolearn/contracts';

/** The generated responsive embed keeps the player at 16:9. */
const RESPONSIVE_PADDING = '56.25%';

/** Text for an HTML attribute or element: `& < > " '` escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/** The public origin without a trailing slash. */
export function originOf(origin: string): string {
  return origin.replace(/\/+$/, '');
}

/** The share page, the player and the embed page of a lesson, as absolute URLs. */
export function shareLinks(origin: string, videoId: number): ShareLinks {
  const base = originOf(origin);
  return { url: `${base}/video/${videoId}`, playerUrl: `${base}/player/${videoId}`, embedUrl: `${base}/embed/${videoId}` };
}

/** The embed URL with the player options that differ from the defaults (autoplay off, controls shown). */
export function embedSource(embedUrl: string, options: Pick<ExportOptions, 'autoplay' | 'showControls'>): string {
  const query = new URLSearchParams();
  if (options.autoplay) query.set('autoplay', '1');
  if (!options.showControls) query.set('controls', '0');
  const text = query.toString();
  return text ? `${embedUrl}?${text}` : embedUrl;
}

/**
 * A fixed-size iframe (the export options' width and height, 800x600 by default) and a responsive
 * 16:9 wrapper that fills its container. The title is the lesson's, escaped: it names the frame for
 * screen readers and can never break out of the attribute.
 */
export function embedCodes(
  links: ShareLinks,
  title: string,
  options: Pick<ExportOptions, 'embedWidth' | 'embedHeight' | 'autoplay' | 'showControls'>,
): { iframeCode: string; responsiveCode: string } {
  const src = escapeHtml(embedSource(links.embedUrl, options));
  const name = escapeHtml(title.trim() === '' ? 'VeoLearn interactive video' : title);
  const allow = 'autoplay; fullscreen; encrypted-media; picture-in-picture';
  const iframeCode = `<iframe src="${src}" width="${options.embedWidth}" height="${options.embedHeight}" title="${name}" style="border:0;" allow="${allow}" allowfullscreen></iframe>`;
  const responsiveCode =
    `<div style="position:relative;width:100%;height:0;padding-bottom:${RESPONSIVE_PADDING};overflow:hidden;">` +
    `<iframe src="${src}" title="${name}" style="position:absolute;top:0;left:0;width:100%;height:100%;border:0;" allow="${allow}" allowfullscreen></iframe>` +
    `</div>`;
  return { iframeCode, responsiveCode };
}
