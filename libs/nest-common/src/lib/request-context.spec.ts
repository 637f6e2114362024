import { AsyncResource } from 'node:async_hooks';
import { lastValueFrom, of, defer, throwError } from 'rxjs';
import pino from 'pino';
import { RpcException } from '@nestjs/microservices';
import type { CallHandler, ExecutionContext } from '@nestjs/common';
import {
  currentRequestId,
  MESSAGE_META_KEY,
  RequestContextInterceptor,
  requestIdFor,
  runWithRequestContext,
  sanitizeRequestId,
  takeMessageMeta,
  withMessageMeta,
} from './request-context';

describe('request ids', () => {
  it('keeps a sane caller id: 1-64 letters, digits, dot, underscore, dash', () => {
    expect(sanitizeRequestId('test-abc.123')).toBe('test-abc.123');
    expect(sanitizeRequestId('A_b-9.z')).toBe('A_b-9.z');
    expect(sanitizeRequestId('x'.repeat(64))).toBe('x'.repeat(64));
    expect(sanitizeRequestId(['first-id', 'second'])).toBe('first-id');
  });

  it('refuses anything that could forge or flood a log line', () => {
    for (const bad of ['', 'x'.repeat(65), 'has space', 'new\nline', 'quote"', '{"json":1}', 'ünï', 'a/b', 'semi;colon', 42, null, undefined, {}]) {
      expect(sanitizeRequestId(bad)).toBeUndefined();
    }
  });

  it('makes a new id when the caller sent none or a bad one', () => {
    const made = requestIdFor('bad id');
    expect(made).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFor(undefined)).not.toBe(made);
    expect(requestIdFor('mine-1')).toBe('mine-1');
  });
});

describe('message metadata', () => {
  it('adds the current request id to an object payload and takes it off again', () => {
    const sent = runWithRequestContext({ requestId: 'r-1' }, () => withMessageMeta({ videoId: 5 }));
    expect(sent).toEqual({ videoId: 5, [MESSAGE_META_KEY]: { requestId: 'r-1' } });
    expect(takeMessageMeta(sent)).toEqual({ payload: { videoId: 5 }, meta: { requestId: 'r-1' } });
  });

  it('leaves payloads alone outside a request, and payloads that are not objects', () => {
    const payload = { a: 1 };
    expect(withMessageMeta(payload)).toBe(payload);
    expect(runWithRequestContext({ requestId: 'r-2' }, () => withMessageMeta('text'))).toBe('text');
    expect(runWithRequestContext({ requestId: 'r-2' }, () => withMessageMeta([1, 2]))).toEqual([1, 2]);
    expect(takeMessageMeta({ a: 1 })).toEqual({ payload: { a: 1 }, meta: {} });
  });

  it('drops an id in the metadata that is not sane, and the metadata with it', () => {
    expect(takeMessageMeta({ a: 1, [MESSAGE_META_KEY]: { requestId: 'bad id\n' } })).toEqual({ payload: { a: 1 }, meta: {} });
    expect(takeMessageMeta({ a: 1, [MESSAGE_META_KEY]: 'junk' })).toEqual({ payload: { a: 1 }, meta: {} });
  });
});

describe('RequestContextInterceptor', () => {
  function rpcContext(args: unknown[]): ExecutionContext {
    return { getType: () => 'rpc', getArgs: () => args } as unknown as ExecutionContext;
  }

  it('runs the handler in the sender\'s request context, with the metadata taken off its payload', async () => {
    const args: unknown[] = [{ videoId: 7, [MESSAGE_META_KEY]: { requestId: 'from-gateway' } }, {}];
    let seen: { payload: unknown; requestId: string | undefined } | null = null;
    // As Nest's InterceptorsConsumer does: the handler is bound to the async context handle() is called in.
    const next: CallHandler = {
      handle: () =>
        defer(
          AsyncResource.bind(async () => {
            await new Promise((resolve) => setTimeout(resolve, 1));
            seen = { payload: args[0], requestId: currentRequestId() };
            return 'answer';
          }),
        ),
    };
    await expect(lastValueFrom(new RequestContextInterceptor().intercept(rpcContext(args), next))).resolves.toBe('answer');
    expect(seen).toEqual({ payload: { videoId: 7 }, requestId: 'from-gateway' });
    expect(currentRequestId()).toBeUndefined();
  });

  it('passes a message without metadata through unchanged', async () => {
    const payload = { videoId: 8 };
    const args: unknown[] = [payload];
    const next: CallHandler = { handle: () => of(currentRequestId() ?? 'none') };
    await expect(lastValueFrom(new RequestContextInterceptor().intercept(rpcContext(args), next))).resolves.toBe('none');
    expect(args[0]).toBe(payload);
  });

  it('logs each handled message once, with its request id, pattern, status and duration', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const log = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const handler = function lookUp(): void {
      // a message handler
    };
    Reflect.defineMetadata('microservices:pattern', ['library.get-video'], handler);
    const context = (data: unknown) =>
      ({ getType: () => 'rpc', getArgs: () => [data], getHandler: () => handler }) as unknown as ExecutionContext;
    const interceptor = new RequestContextInterceptor(log);
    await lastValueFrom(interceptor.intercept(context({ id: 1, [MESSAGE_META_KEY]: { requestId: 'r-7' } }), { handle: () => of('ok') }));
    await expect(
      lastValueFrom(interceptor.intercept(context({ id: 2 }), { handle: () => throwError(() => new RpcException({ statusCode: 404, message: 'Video not found', error: 'Not Found' })) })),
    ).rejects.toBeInstanceOf(RpcException);
    await expect(lastValueFrom(interceptor.intercept(context({ id: 3 }), { handle: () => throwError(() => new Error('bug')) }))).rejects.toThrow('bug');
    expect(lines.map((l) => [l['level'], l['msg'], l['requestId'], l['pattern'], l['status'], typeof l['durationMs']])).toEqual([
      [30, 'message', 'r-7', 'library.get-video', 200, 'number'],
      [30, 'message', undefined, 'library.get-video', 404, 'number'],
      [40, 'message failed', undefined, 'library.get-video', 500, 'number'],
    ]);
  });
});
