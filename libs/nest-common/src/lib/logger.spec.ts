import { Logger as NestjsPinoLogger } from 'nestjs-pino';
import { Writable } from 'node:stream';
import pino from 'pino';
import { loggerOptions, PinoNestLogger, REDACTED, redactSecrets, redactText, serializeError } from './logger';
import { runWithRequestContext } from './request-context';

describe('redactSecrets', () => {
  it('replaces the values of secret-named fields at any depth', () => {
    const out = redactSecrets({
      email: 'a@b.org',
      password: 'hunter2-secret',
      body: { newPassword: 'x1', currentPassword: 'x2', profile: { name: 'Ann' } },
      headers: { authorization: 'Bearer abc', cookie: 'sid=1', 'x-api-key': 'k' },
      list: [{ token: 't' }, { accessToken: 'a', refresh_token: 'r' }],
      google: { code: 'one-time', clientSecret: 's' },
    });
    expect(out).toEqual({
      email: 'a@b.org',
      password: REDACTED,
      body: { newPassword: REDACTED, currentPassword: REDACTED, profile: { name: 'Ann' } },
      headers: { authorization: REDACTED, cookie: REDACTED, 'x-api-key': REDACTED },
      list: [{ token: REDACTED }, { accessToken: REDACTED, refresh_token: REDACTED }],
      google: { code: REDACTED, clientSecret: REDACTED },
    });
  });

  it('never changes the object it was given, and returns clean values as they are', () => {
    const input = { user: { password: 'p' } };
    redactSecrets(input);
    expect(input.user.password).toBe('p');
    const clean = { a: 1, b: { c: 'd' } };
    expect(redactSecrets(clean)).toBe(clean);
  });

  it('cuts bearer tokens and JWTs out of text', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NSJ9.c2lnbmF0dXJlLXZhbHVl';
    expect(redactText(`Authorization: Bearer ${jwt}`)).toBe(`Authorization: Bearer ${REDACTED}`);
    expect(redactText(`token ${jwt} refused`)).toBe(`token ${REDACTED} refused`);
    expect(redactText('no secrets in here')).toBe('no secrets in here');
  });

  it('keeps only type, message, stack and code of an error', () => {
    const error = Object.assign(new Error('query failed'), { code: '23505', parameters: ['a@b.org', 'hash-of-password'] });
    const out = serializeError(error);
    expect(out).toMatchObject({ type: 'Error', message: 'query failed', code: '23505' });
    expect(out.stack).toMatch(/query failed\n\s+at /);
    expect(JSON.stringify(out)).not.toContain('hash-of-password');
  });

  it('summarises nesting too deep to be worth logging', () => {
    let deep: Record<string, unknown> = { leaf: true };
    for (let i = 0; i < 10; i++) deep = { next: deep };
    expect(JSON.stringify(redactSecrets(deep))).toContain('[nested too deep]');
  });
});

describe('PinoNestLogger', () => {
  function capture(level: pino.LevelWithSilent = 'info') {
    const lines: Array<Record<string, unknown>> = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    // The options of createLogger, on a stream the test reads.
    const root = pino(loggerOptions('test-service', level), sink);
    return { logger: new PinoNestLogger(root), lines };
  }

  it('maps Nest levels onto pino and keeps the context', () => {
    const { logger, lines } = capture('debug');
    logger.log('hello', 'Ctx');
    logger.warn('careful', 'Ctx');
    logger.debug('detail', 'Ctx');
    logger.verbose('very detailed', 'Ctx');
    expect(lines.map((l) => [l['level'], l['msg'], l['context'], l['service']])).toEqual([
      ['info', 'hello', 'Ctx', 'test-service'],
      ['warn', 'careful', 'Ctx', 'test-service'],
      ['debug', 'detail', 'Ctx', 'test-service'],
    ]);
  });

  it('logs an error with its stack, and objects with their secrets redacted', () => {
    const { logger, lines } = capture();
    const error = new Error('boom');
    logger.error(error.message, error.stack, 'Ctx');
    logger.log({ msg: 'signing in', password: 'never-log-me' }, 'Auth');
    logger.log('Authorization: Bearer abc.def-ghi', 'Auth');
    // Nest's exception handlers pass (message, stack, context): nestjs-pino logs them as an error.
    expect(lines[0]).toMatchObject({ level: 'error', msg: 'boom', context: 'Ctx', err: { type: 'Error', message: 'boom' } });
    expect(String((lines[0]?.['err'] as { stack?: string }).stack)).toMatch(/boom\n\s+at /);
    expect(lines[1]).toMatchObject({ msg: 'signing in', password: REDACTED, context: 'Auth' });
    expect(lines[2]?.['msg']).toBe(`Authorization: Bearer ${REDACTED}`);
    expect(JSON.stringify(lines)).not.toContain('never-log-me');
  });

  it("is nestjs-pino's Logger, and logs an Error object as err with its message", () => {
    const { logger, lines } = capture();
    expect(logger).toBeInstanceOf(NestjsPinoLogger);
    logger.error(new Error('database down'), 'Repository');
    expect(lines[0]).toMatchObject({ level: 'error', msg: 'database down', context: 'Repository', err: { type: 'Error', message: 'database down' } });
  });

  it('skips what LOG_LEVEL leaves out', () => {
    const { logger, lines } = capture('warn');
    logger.log('not shown');
    logger.warn('shown');
    expect(lines.map((l) => l['msg'])).toEqual(['shown']);
  });

  it('adds the request id of the work being logged (createLogger)', () => {
    const { createLogger } = jest.requireActual<typeof import('./logger')>('./logger');
    const root = createLogger('svc', 'info');
    const writes: string[] = [];
    const stream = (root as unknown as Record<symbol, { write: (s: string) => boolean }>)[pino.symbols.streamSym];
    if (!stream) throw new Error('no stream');
    stream.write = (s: string) => {
      writes.push(s);
      return true;
    };
    runWithRequestContext({ requestId: 'req-9', jobId: 'job-1' }, () => root.info({ token: 'tok' }, 'inside'));
    root.info('outside');
    const [inside, outside] = writes.map((w) => JSON.parse(w) as Record<string, unknown>);
    expect(inside).toMatchObject({ level: 'info', service: 'svc', msg: 'inside', requestId: 'req-9', jobId: 'job-1', token: REDACTED });
    expect(typeof inside?.['time']).toBe('string');
    expect(outside?.['requestId']).toBeUndefined();
  });
});
