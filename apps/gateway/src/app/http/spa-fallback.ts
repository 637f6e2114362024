import { Injectable, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { AppConfig } from '@veolearn/config';
import { type LessonPreview, playPageId, PublicPlayback } from '../library/lesson-preview';

/** Answers browser navigations to client-side routes with the web app's index.html. */
@Injectable()
export class SpaFallback {
  private readonly logger = new Logger('Web');
  readonly root: string | null;
  private readonly indexHtml: string | null;
  /** index.html compressed once at start-up, for browsers that accept it. */
  private readonly compressed: { br: Buffer; gzip: Buffer } | null;

  constructor(
    config: AppConfig,
    private readonly lessons: PublicPlayback,
  ) {
    const root = config.WEB_DIST ? resolve(config.WEB_DIST) : null;
    const index = root ? join(root, 'index.html') : null;
    if (root && index && existsSync(index)) {
      this.root = root;
      this.indexHtml = readFileSync(index, 'utf8');
      this.compressed = { br: brotliCompressSync(this.indexHtml), gzip: gzipSync(this.indexHtml, { level: 9 }) };
    } else {
      this.root = null;
      this.indexHtml = null;
      this.compressed = null;
      if (config.WEB_DIST) this.logger.warn(`No web build at ${config.WEB_DIST}; serving the API only (run the build first).`);
    }
  }

  handles(request: FastifyRequest): boolean {
    if (!this.indexHtml || (request.method !== 'GET' && request.method !== 'HEAD')) return false;
    const path = request.url.split('?')[0] ?? '/';
    return !path.startsWith('/api/') && path !== '/api' && !/\.[a-z0-9]{1,8}$/i.test(path);
  }

  /**
   * Sends index.html. A shared lesson's page (`/play/{id}`) gets its title and poster frame in the HTML
   * itself (renderPlayPage), so a learner sees the lesson while the app's scripts load.
   */
  async send(reply: FastifyReply, request?: FastifyRequest): Promise<void> {
    if (request && (isEmbedPath(request.url) || isLtiPagePath(request.url) || isLtiEditorEntry(request.url))) allowFramingByAnySite(reply);
    const encoding = request ? acceptedEncoding(request.headers['accept-encoding']) : null;
    const lessonId = request?.method === 'GET' ? playPageId(request.url) : null;
    const preview = lessonId !== null ? await this.lessons.preview(lessonId) : null;
    if (reply.sent || reply.raw.headersSent) return;
    void reply.status(200).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    if (preview && this.indexHtml) {
      const html = renderPlayPage(this.indexHtml, preview);
      if (encoding === 'br') void reply.header('content-encoding', 'br').send(brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
      else if (encoding === 'gzip') void reply.header('content-encoding', 'gzip').send(gzipSync(html, { level: 6 }));
      else void reply.send(html);
      return;
    }
    if (encoding && this.compressed) {
      void reply.header('content-encoding', encoding).send(encoding === 'br' ? this.compressed.br : this.compressed.gzip);
      return;
    }
    void reply.send(this.indexHtml);
  }
}

/** Text for HTML (element content and quoted attribute values). */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The brand's mark (lucide's circle-play), as the web app draws it. */
const BRAND_MARK =
  '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="size-5" aria-hidden="true"><path d="M9 9.003a1 1 0 0 1 1.517-.859l4.997 2.997a1 1 0 0 1 0 1.718l-4.997 2.997A1 1 0 0 1 9 14.996z"/><circle cx="12" cy="12" r="10"/></svg>';

/**
 * index.html for `/play/{id}` of a shared lesson: the lesson's title in <title>, its poster frame
 * preloaded, and before #root a still of the page as the player draws it for a learner (the header
 * with the lesson's title, the poster in the video's frame; the same classes as player-page.tsx and
 * player-core.tsx, so nothing moves when the player takes its place). #root is hidden meanwhile (what
 * it draws before the player is ready is never seen, so nothing shifts); the web app removes the
 * still and shows #root once the player (or a message) is drawn (apps/web/src/lib/lesson-preview.ts).
 */
export function renderPlayPage(indexHtml: string, lesson: LessonPreview): string {
  const title = escapeHtml(lesson.title);
  const poster = escapeHtml(lesson.posterUrl);
  const count = `${lesson.questions} ${lesson.questions === 1 ? 'question' : 'questions'}`;
  const still =
    `<div id="lesson-preview" class="min-h-screen bg-muted/30" aria-hidden="true">` +
    `<header class="border-b bg-background"><div class="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6">` +
    `<span class="inline-flex items-center gap-2 rounded-md text-lg font-bold tracking-tight shrink-0"><span class="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">${BRAND_MARK}</span>VeoLearn</span>` +
    `<div class="grid min-w-0 flex-1 gap-0.5"><p class="truncate text-lg font-semibold">${title}</p><p class="text-xs text-muted-foreground">Video ID: ${lesson.id} · ${count}</p></div>` +
    `</div></header>` +
    `<div class="mx-auto grid max-w-7xl gap-4 px-4 py-4 sm:px-6"><div class="grid items-start gap-6"><div class="grid min-w-0 gap-3">` +
    `<div class="relative mx-auto grid w-full gap-3" style="max-width: max(20rem, calc((100dvh - var(--player-chrome, 19rem)) * 16 / 9))"><div class="relative">` +
    `<div class="relative aspect-video overflow-hidden rounded-xl bg-black shadow-sm"><img src="${poster}" alt="" class="size-full object-contain" fetchpriority="high"></div>` +
    `</div></div></div></div></div></div>`;
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, `<title>${title} – VeoLearn</title>`)
    .replace('</head>', `<link rel="preload" as="image" href="${poster}" fetchpriority="high">\n</head>`)
    .replace('<div id="root"></div>', `${still}<div id="root" hidden></div>`);
}

/** The better encoding the client accepts of brotli and gzip (a q=0 refuses one), else null. */
export function acceptedEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const accepted = new Set(
    value
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, ...params]) => !params.some((p) => /^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(p)))
      .map(([name]) => name.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/** `/embed/{id}`: the one page other sites may put in an iframe. */
export function isEmbedPath(url: string): boolean {
  return /^\/embed\/[^/?#]+\/?(?:[?#]|$)/.test(url);
}

/** `/lti/launch` and `/lti/deep-link`: the pages an LMS opens in its own frame. */
export function isLtiPagePath(url: string): boolean {
  return /^\/lti\/(launch|deep-link)\/?(?:[?#]|$)/.test(url);
}

/**
 * `/edit-questions/{id}?…lti_code=…`: the question editor as an instructor's LTI launch opens it in
 * the LMS's frame. The page shows the editor only once it has exchanged the one-time code for its
 * own session (a code that does not work shows a message and nothing else).
 */
export function isLtiEditorEntry(url: string): boolean {
  return /^\/edit-questions\/\d{1,10}\/?\?(?:[^#]*&)?lti_code=[A-Za-z0-9_-]{20,100}(?:[&#]|$)/.test(url);
}

/**
 * The embed page may be framed by any site: its CSP says `frame-ancestors *` and it carries no
 * X-Frame-Options. Every other page keeps helmet's `frame-ancestors 'self'` and SAMEORIGIN.
 */
export function allowFramingByAnySite(reply: FastifyReply): void {
  const csp = reply.getHeader('content-security-policy');
  if (typeof csp === 'string') {
    const directives = csp
      .split(';')
      .map((d) => d.trim())
      .filter((d) => d !== '' && !d.startsWith('frame-ancestors'));
    void reply.header('content-security-policy', [...directives, 'frame-ancestors *'].join(';'));
  }
  // helmet sets it on the raw response, Fastify keeps its own copy: remove both.
  void reply.removeHeader('x-frame-options');
  reply.raw?.removeHeader('x-frame-options');
}
