import { hostname } from 'node:os';
import { Logger as NestjsPinoLogger, PinoLogger } from 'nestjs-pino';
import pino, { type LevelWithSilent, type Logger as PinoRoot, type LoggerOptions } from 'pino';
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
export function createLogger(service: string, level: LevelWithSilent): PinoRoot {
  return pino(
    loggerOptions(service, level),
    // Written off the calling path; pino flushes what is left when the process exits.
    pino.destination({ dest: 1, sync: false }),
  );
}

/** The options of every process's logger (createLogger); tests write them to a stream of their own. */
export function loggerOptions(service: string, level: LevelWithSilent): LoggerOptions {
  return {
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
    // Messages are free text: bearer tokens and JWTs cut out of them as out of fields.
    hooks: {
      logMethod(args, method) {
        method.apply(this, args.map((arg) => (typeof arg === 'string' ? redactText(arg) : arg)) as Parameters<typeof method>);
      },
    },
  };
}

/**
 * nestjs-pino's PinoLogger, always on this process's root logger. No pino-http middleware is mounted: the
 * gateway writes its one line per request itself (request-log.ts: the route template, never the URL, whose
 * path or query may hold a token), and the request id reaches every line through the request context (the
 * root logger's mixin) across service calls and queue jobs, where nestjs-pino's per-request store does not
 * follow on NestJS 11 (its microservice hook needs NestJS 12).
 */
class RootPinoLogger extends PinoLogger {
  constructor(private readonly root: PinoRoot) {
    super({ pinoHttp: { logger: root } });
  }

  override get logger(): PinoRoot {
    return this.root;
  }
}

/**
 * Nest's Logger API (`new Logger('Context').log(...)`, used throughout the apps and by Nest itself) through
 * nestjs-pino's Logger on this process's pino: log → info, warn → warn, error → error, debug → debug,
 * verbose → trace, fatal → fatal; the Logger's context as `context`, an exception handler's stack as `err`.
 */
export class PinoNestLogger extends NestjsPinoLogger {
  constructor(readonly pino: PinoRoot) {
    super(new RootPinoLogger(pino), {});
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
