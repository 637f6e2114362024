import { Injectable, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { AppConfig } from '@veolearn/config';

/** Answers browser navigations to client-side routes with the web app's index.html. */
@Injectable()
export class SpaFallback {
  private readonly logger = new Logger('Web');
  readonly root: string | null;
  private readonly indexHtml: string | null;
  /** index.html compressed once at start-up, for browsers that accept it. */
  private readonly compressed: { br: Buffer; gzip: Buffer } | null;

  constructor(config: AppConfig) {
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

  send(reply: FastifyReply, request?: FastifyRequest): void {
    if (request && (isEmbedPath(request.url) || isLtiPagePath(request.url) || isLtiEditorEntry(request.url))) allowFramingByAnySite(reply);
    void reply.status(200).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    const encoding = request ? acceptedEncoding(request.headers['accept-encoding']) : null;
    if (encoding && this.compressed) {
      void reply.header('content-encoding', encoding).send(encoding === 'br' ? this.compressed.br : this.compressed.gzip);
      return;
    }
    void reply.send(this.indexHtml);
  }
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
