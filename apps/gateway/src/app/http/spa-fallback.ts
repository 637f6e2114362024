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

  send(reply: FastifyReply): void {
    void reply.status(200).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').send(this.indexHtml);
  }
}
