import { Injectable, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { AppConfig } from '@veolearn/config';

/** Answers browser navigations to client-side routes with the web app's index.html. */
@Injectable()
export class SpaFallback {
  private readonly logger = new Logger('Web');
  readonly root: string | null;
  private readonly indexHtml: string | null;

  constructor(config: AppConfig) {
    const root = config.WEB_DIST ? resolve(config.WEB_DIST) : null;
    const index = root ? join(root, 'index.html') : null;
    if (root && index && existsSync(index)) {
      this.root = root;
      this.indexHtml = readFileSync(index, 'utf8');
    } else {
      this.root = null;
      this.indexHtml = null;
      if (config.WEB_DIST) this.logger.warn(`No web build at ${config.WEB_DIST}; serving the API only (run the build first).`);
    }
  }

  handles(request: FastifyRequest): boolean {
    if (!this.indexHtml || (request.method !== 'GET' && request.method !== 'HEAD')) return false;
    const path = request.url.split('?')[0] ?? '/';
    return !path.startsWith('/api/') && path !== '/api' && !/\.[a-z0-9]{1,8}$/i.test(path);
  }

  send(reply: FastifyReply, request?: FastifyRequest): void {
    if (request && isEmbedPath(request.url)) allowFramingByAnySite(reply);
    void reply.status(200).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').send(this.indexHtml);
  }
}

/** `/embed/{id}`: the one page other sites may put in an iframe. */
export function isEmbedPath(url: string): boolean {
  return /^\/embed\/[^/?#]+\/?(?:[?#]|$)/.test(url);
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
