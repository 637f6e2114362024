import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { CallHandler, ExecutionContext, HttpException, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { RpcException } from '@nestjs/microservices';
import { PATTERN_METADATA } from '@nestjs/microservices/constants';
import { Observable, tap } from 'rxjs';
import type { Logger as PinoLogger } from 'pino';

/** What every log line of one request (or of one queued job) carries, in every process it reaches. */
export interface RequestContext {
  requestId?: string;
  /** The signed-in user, once the gateway knows it. */
  userId?: number;
  /** A queued job being run (generation, export, grade delivery). */
  jobId?: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** The context of the request or job this code runs for, if any. */
export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** Runs `work` (and everything it starts) as part of one request or job. */
export function runWithRequestContext<T>(context: RequestContext, work: () => T): T {
  return storage.run(context, work);
}

/** The header the gateway reads and answers. */
export const REQUEST_ID_HEADER = 'x-request-id';

const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * A caller's request id when it is a sane token (1-64 characters of letters, digits, `.`, `_`, `-`),
 * else undefined: anything else (spaces, quotes, newlines, a megabyte) would forge or flood log lines.
 */
export function sanitizeRequestId(value: unknown): string | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  return typeof raw === 'string' && SANE_REQUEST_ID.test(raw) ? raw : undefined;
}

/** The caller's id when it is sane, otherwise a new one. */
export function requestIdFor(header: unknown): string {
  return sanitizeRequestId(header) ?? randomUUID();
}

/**
 * Where a service message carries its metadata: a reserved key beside the payload's own fields, which
 * TCP and NATS both carry as part of the JSON body (NATS headers do not exist over TCP).
 */
export const MESSAGE_META_KEY = '__meta';

export interface MessageMeta {
  requestId?: string;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The payload with the current request id added; payloads that are not objects go as they are. */
export function withMessageMeta(payload: unknown, requestId: string | undefined = currentRequestId()): unknown {
  if (!requestId || !isPlainObject(payload)) return payload;
  return { ...payload, [MESSAGE_META_KEY]: { requestId } satisfies MessageMeta };
}

/** Splits a received message into its own payload and the metadata (a message without it passes unchanged). */
export function takeMessageMeta(data: unknown): { payload: unknown; meta: MessageMeta } {
  if (!isPlainObject(data) || !(MESSAGE_META_KEY in data)) return { payload: data, meta: {} };
  const { [MESSAGE_META_KEY]: raw, ...payload } = data;
  const requestId = isPlainObject(raw) ? sanitizeRequestId(raw['requestId']) : undefined;
  return { payload, meta: requestId ? { requestId } : {} };
}

/** The status a handler's error answers with (see RpcErrorFilter): a service's own 4xx, otherwise 500. */
function statusOf(error: unknown): number {
  if (error instanceof RpcException) {
    const body = error.getError();
    const status = typeof body === 'object' && body !== null ? (body as { statusCode?: unknown }).statusCode : undefined;
    return typeof status === 'number' ? status : 400;
  }
  if (error instanceof HttpException) return error.getStatus();
  return 500;
}

/**
 * Every message handler of a service runs in the context of the request that sent it: the metadata is
 * taken off the payload before pipes and handler see it (so DTO validation never meets an unknown
 * field), and the request id goes into every log line and every onward service call or queued job.
 * Each handled message is logged once (pattern, duration, status), as the gateway logs each request;
 * an unexpected error's stack is logged by RpcErrorFilter.
 */
@Injectable()
export class RequestContextInterceptor implements NestInterceptor {
  private readonly reflector = new Reflector();

  /** @param log where the one line per message goes; none, no line. */
  constructor(private readonly log?: PinoLogger) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'rpc') return next.handle();
    const args = context.getArgs();
    const { payload, meta } = takeMessageMeta(args[0]);
    // Pipes read the handler's arguments from this same array after the interceptors ran.
    args[0] = payload;
    const log = this.log;
    const handle = () => (log ? this.logged(log, context, meta.requestId, next) : next.handle());
    if (!meta.requestId) return handle();
    const requestContext: RequestContext = { requestId: meta.requestId };
    // Nest binds the handler to the async context handle() is called in: call and subscribe inside ours.
    return new Observable((subscriber) => runWithRequestContext(requestContext, () => handle().subscribe(subscriber)));
  }

  private logged(log: PinoLogger, context: ExecutionContext, requestId: string | undefined, next: CallHandler): Observable<unknown> {
    const patterns = this.reflector.get<unknown[] | undefined>(PATTERN_METADATA, context.getHandler());
    const pattern = typeof patterns?.[0] === 'string' ? patterns[0] : context.getHandler().name;
    const started = performance.now();
    const fields = (status: number) => ({
      ...(requestId ? { requestId } : {}),
      pattern,
      status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
    });
    return next.handle().pipe(
      tap({
        complete: () => log.info(fields(200), 'message'),
        error: (error: unknown) => {
          const status = statusOf(error);
          if (status >= 500) log.warn(fields(status), 'message failed');
          else log.info(fields(status), 'message');
        },
      }),
    );
  }
}
