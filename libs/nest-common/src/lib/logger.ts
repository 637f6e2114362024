import { hostname } from 'node:os';
import type { LoggerService } from '@nestjs/common';
import pino, { type Level, type LevelWithSilent, type Logger as PinoLogger } from 'pino';
import { currentRequestContext } from './request-context';

export const REDACTED = '[redacted]';

/** Field names whose values are secrets wherever they appear in a logged object. */
const SECRET_KEY = /pass(word|wd)?$|passphrase|secret|token|authorization|cookie|api[-_]?key|credential|private[-_]?key|signature|^code$|^otp$/i;
/** Secrets that can hide in free text: bearer tokens and JWTs. */
const SECRET_TEXT = /\b(Bearer\s+)[A-Za-z0-9\-_.~+/]+=*|\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g;
const MAX_DEPTH = 6;

/** Free text with bearer tokens and JWTs replaced. */
export function redactText(text: string): string {
  return text.replace(SECRET_TEXT, (match, bearer?: string) => (bearer ? `${bearer}${REDACTED}` : REDACTED));
}

/**
 * A copy of `value` fit to log: the values of secret-named fields (passwords, tokens, cookies,
 * authorization, keys, one-time codes) replaced, bearer tokens and JWTs cut out of strings, and
 * nesting below six levels summarised. Values without secrets come back as they are (no copy).
 */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (typeof value !== 'object' || value === null) return value;
  if (value instanceof Error) return serializeError(value);
  if (depth >= MAX_DEPTH) return '[nested too deep]';
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((item) => {
      const next = redactSecrets(item, depth + 1);
      if (next !== item) changed = true;
      return next;
    });
    return changed ? out : value;
  }
  let out: Record<string, unknown> | null = null;
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const next = SECRET_KEY.test(key) && item !== undefined && item !== null ? REDACTED : redactSecrets(item, depth + 1);
    if (next !== item) {
      out ??= { ...(value as Record<string, unknown>) };
      out[key] = next;
    }
  }
  return out ?? value;
}

/** Only what helps to find a bug: an error's own fields (a failed query's parameters, say) may hold secrets. */
export function serializeError(error: Error): { type: string; message: string; stack?: string; code?: unknown } {
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    message: redactText(error.message),
    ...(error.stack ? { stack: redactText(error.stack) } : {}),
    ...(code !== undefined ? { code } : {}),
  };
}

/** The process's one JSON logger: every line has level, time, service, msg, and the request id of the work it logs. */
export function createLogger(service: string, level: LevelWithSilent): PinoLogger {
  return pino(
    {
      level,
      base: { service, pid: process.pid, hostname: hostname() },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: {
        level: (label) => ({ level: label }),
        log: (object) => redactSecrets(object) as Record<string, unknown>,
      },
      serializers: { err: (error: unknown) => (error instanceof Error ? serializeError(error) : error) },
      mixin: () => {
        const context = currentRequestContext();
        if (!context) return {};
        return {
          ...(context.requestId ? { requestId: context.requestId } : {}),
          ...(context.userId !== undefined ? { userId: context.userId } : {}),
          ...(context.jobId ? { jobId: context.jobId } : {}),
        };
      },
    },
    // Written off the calling path; pino flushes what is left when the process exits.
    pino.destination({ dest: 1, sync: false }),
  );
}

const STACK_LINE = /\n\s+at /;

/**
 * Nest's Logger API (`new Logger('Context').log(...)`, used throughout the apps and by Nest itself) on
 * top of pino: log → info, warn → warn, error → error, debug → debug, verbose → trace, fatal → fatal.
 * Nest passes the Logger's context as the last argument and, for error, a stack before it.
 */
export class PinoNestLogger implements LoggerService {
  constructor(readonly pino: PinoLogger) {}

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }

  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }

  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }

  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }

  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }

  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  private write(level: Level, message: unknown, params: unknown[]): void {
    if (!this.pino.isLevelEnabled(level)) return;
    const rest = params.filter((param) => param !== undefined);
    const context = rest.length > 0 && typeof rest[rest.length - 1] === 'string' && !STACK_LINE.test(rest[rest.length - 1] as string) ? (rest.pop() as string) : undefined;
    const fields: Record<string, unknown> = context ? { context } : {};
    const stack = rest.find((param): param is string => typeof param === 'string' && STACK_LINE.test(param));
    if (message instanceof Error) {
      this.pino[level]({ ...fields, err: message }, message.message);
    } else if (typeof message === 'object' && message !== null) {
      const { msg, message: text, ...other } = message as Record<string, unknown>;
      this.pino[level]({ ...other, ...fields }, redactText(String(msg ?? text ?? '')));
    } else {
      this.pino[level](stack ? { ...fields, stack } : fields, redactText(String(message)));
    }
  }
}

let processLogger: PinoNestLogger | null = null;

/**
 * Sets up this process's logger once, under its service name ('gateway', 'generation-worker', ...)
 * and LOG_LEVEL, and makes it the one behind Nest's Logger everywhere in the process.
 */
export function initLogging(service: string, level: LevelWithSilent): PinoNestLogger {
  processLogger = new PinoNestLogger(createLogger(service, level));
  return processLogger;
}

/** The logger initLogging made (before that, a silent one). */
export function appLogger(): PinoNestLogger {
  processLogger ??= new PinoNestLogger(pino({ level: 'silent' }));
  return processLogger;
}
