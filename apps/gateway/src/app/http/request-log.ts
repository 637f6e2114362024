import { AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Logger as PinoLogger } from 'pino';
import type { Principal } from '@veolearn/contracts';
import { REQUEST_ID_HEADER, runWithRequestContext } from '@veolearn/nest-common';

const scopes = new WeakMap<FastifyRequest, AsyncResource>();
const failures = new WeakMap<FastifyRequest, unknown>();

/** The exception filter hands an unexpected error over, so that the request's one line carries its stack. */
export function rememberFailure(request: FastifyRequest, error: unknown): void {
  failures.set(request, error);
}

/**
 * Gives every request its id (Fastify's `request.id`, from a sane `X-Request-Id` or a new one, see
 * genReqId in main.ts): answered in the `X-Request-Id` header, set as the context of everything the
 * request runs (its log lines, and the metadata of every service call it makes), and logged once when
 * the response is sent: method, route template (never the URL, whose path or query may hold a token),
 * status, duration, user. 5xx at error level, with the stack of an unexpected error.
 */
export function registerRequestLogging(fastify: FastifyInstance, log: PinoLogger): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    runWithRequestContext({ requestId: request.id }, () => {
      const scope = new AsyncResource('veolearn-request');
      scopes.set(request, scope);
      scope.runInAsyncScope(done);
    });
  });
  // Body parsing runs in stream callbacks outside the request's context: enter it again before the handler.
  fastify.addHook('preValidation', (request, _reply, done) => {
    const scope = scopes.get(request);
    if (scope) scope.runInAsyncScope(done);
    else done();
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    const principal = (request as FastifyRequest & { principal?: Principal }).principal;
    const fields = {
      requestId: request.id,
      method: request.method,
      route: request.routeOptions?.url ?? 'unmatched',
      status,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
      ...(principal ? { userId: principal.userId } : {}),
    };
    if (status >= 500) {
      const error = failures.get(request);
      // 503 is an outage answered on purpose (Redis, a service, the health check); 500 is a bug.
      log[status === 503 ? 'warn' : 'error'](error !== undefined ? { ...fields, err: error } : fields, 'request failed');
    } else {
      log.info(fields, 'request');
    }
    done();
  });
}
