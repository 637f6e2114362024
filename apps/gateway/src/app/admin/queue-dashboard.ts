import { HttpException } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter as BullBoardFastifyAdapter } from '@bull-board/fastify';
import { Queue } from 'bullmq';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Redis from 'ioredis';
import type { AppConfig } from '@veolearn/config';
import { ADMIN_METRICS_EVENTS_QUEUE } from '@veolearn/contracts';
import { EXPORT_QUEUE, GENERATION_QUEUE, LTI_GRADE_QUEUE, producerConnection, queuePrefix } from '@veolearn/queues';
import { AuthClient } from '../services/auth-client';

/** Where the queue dashboard lives (outside /api: it is a page of its own, with its own small API). */
export const QUEUE_DASHBOARD_PATH = '/admin/queues';
/** The cookie that carries an admin's session to the dashboard's page and its API calls. */
export const QUEUE_DASHBOARD_COOKIE = 'veolearn_queues';
/** How long the dashboard cookie lasts; the session token inside is checked on every request too. */
export const QUEUE_DASHBOARD_COOKIE_SECONDS = 15 * 60;

const TOKEN = /^[A-Za-z0-9\-_.~+/]+=*$/;

/** The dashboard token from a Cookie header, or null. */
export function dashboardToken(cookieHeader: string | undefined): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== QUEUE_DASHBOARD_COOKIE) continue;
    const value = decodeURIComponent(rest.join('='));
    return value.length > 0 && value.length <= 4096 && TOKEN.test(value) ? value : null;
  }
  return null;
}

/** Set-Cookie for the dashboard: HttpOnly, SameSite=Strict, scoped to its path; Secure over HTTPS. */
export function dashboardCookie(token: string | null, secure: boolean): string {
  const attributes = [`Path=${QUEUE_DASHBOARD_PATH}`, 'HttpOnly', 'SameSite=Strict', `Max-Age=${token ? QUEUE_DASHBOARD_COOKIE_SECONDS : 0}`];
  if (secure) attributes.push('Secure');
  return [`${QUEUE_DASHBOARD_COOKIE}=${token ? encodeURIComponent(token) : ''}`, ...attributes].join('; ');
}

function refuse(request: FastifyRequest, reply: FastifyReply, status: number, message: string): FastifyReply {
  const wantsPage = (request.headers.accept ?? '').includes('text/html');
  if (!wantsPage) return reply.status(status).header('cache-control', 'no-store').send({ statusCode: status, message });
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Queue dashboard - VeoLearn</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5"><h1 style="font-size:1.4rem">Queue dashboard</h1><p>${message}</p><p><a href="/admin">Go to the admin area</a></p></body></html>`;
  return reply.status(status).header('cache-control', 'no-store').header('content-type', 'text/html; charset=utf-8').send(page);
}

/**
 * The BullMQ dashboard (@bull-board) at /admin/queues, for admins only: generation, export and LTI
 * grade queues, read-only (job rows in PostgreSQL are the truth; retries belong to the services).
 * The page is opened by navigation, which carries no Bearer header: an admin first calls
 * POST /api/admin/queues/session, which puts the session token in a cookie scoped to this path;
 * every request here is then checked with the auth service like any other. Returns the queues'
 * connection, to close at shutdown.
 */
export async function registerQueueDashboard(app: NestFastifyApplication, config: AppConfig): Promise<Redis> {
  const connection = producerConnection(config);
  const prefix = queuePrefix(config);
  const queues = [GENERATION_QUEUE, EXPORT_QUEUE, LTI_GRADE_QUEUE, ADMIN_METRICS_EVENTS_QUEUE].map((name) => {
    const queue = new Queue(name, { connection, prefix });
    queue.on('error', () => undefined);
    return new BullMQAdapter(queue, { readOnlyMode: true });
  });
  const board = new BullBoardFastifyAdapter();
  board.setBasePath(QUEUE_DASHBOARD_PATH);
  createBullBoard({ queues, serverAdapter: board, options: { uiConfig: { boardTitle: 'VeoLearn queues' } } });
  const auth = app.get(AuthClient);

  await app.register(
    async (scope: FastifyInstance) => {
      scope.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
        const token = dashboardToken(request.headers.cookie);
        if (!token) return refuse(request, reply, 401, 'Open the queue dashboard from the admin area while signed in as an admin.');
        try {
          const principal = await auth.validate(token);
          if (!principal.isAdmin) return refuse(request, reply, 403, "You don't have admin permissions.");
        } catch (error) {
          if (error instanceof HttpException && error.getStatus() < 500) {
            return refuse(request, reply, 401, 'Your session has ended. Sign in again and reopen the queue dashboard from the admin area.');
          }
          return refuse(request, reply, 503, 'Sign-in cannot be checked right now. Try again in a moment.');
        }
        // Read-only for everyone: bull-board's pause, retry, clean and add calls are refused here too.
        if (request.method !== 'GET' && request.method !== 'HEAD') {
          return refuse(request, reply, 405, 'The queue dashboard is read-only: jobs are retried and cleaned by the services.');
        }
        if (connection.status !== 'ready') {
          return refuse(request, reply, 503, 'The queue dashboard needs Redis, which is not reachable right now. Try again in a moment.');
        }
        return undefined;
      });
      await scope.register(board.registerPlugin());
    },
    { prefix: QUEUE_DASHBOARD_PATH },
  );
  return connection;
}
