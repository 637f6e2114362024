import { plainToInstance, Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  Min,
  MinLength,
  validateSync,
  ValidateBy,
} from 'class-validator';
import { isIP } from 'node:net';

export const TRANSPORTS = ['tcp', 'nats'] as const;
export type TransportKind = (typeof TRANSPORTS)[number];

const DEV_JWT_SECRET = 'dev-only-secret-change-me-0123456789abcdef';

/** Numbers from the environment (integers are checked by @IsInt where needed). */
const toInt = ({ value }: { value: unknown }): unknown =>
  value === undefined || value === '' ? undefined : Number(value);
const toBool = ({ value }: { value: unknown }): unknown =>
  value === undefined || value === '' ? undefined : ['1', 'true', 'yes', 'on'].includes(String(value).toLowerCase());
/** What Fastify's `trustProxy` takes: nothing trusted, a number of hops, or trusted proxy addresses/CIDRs. */
export type TrustProxy = false | number | string[];

/** `false`/empty, a hop count (`1`), or a comma-separated list of addresses and CIDRs; anything else is left for the validator to refuse. */
const toTrustProxy = ({ value }: { value: unknown }): unknown => {
  if (value === undefined || value === false) return false;
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '' || ['false', 'no', 'off', '0'].includes(text.toLowerCase())) return false;
  if (/^\d+$/.test(text)) return Number(text);
  if (['true', 'yes', 'on'].includes(text.toLowerCase())) return text;
  return text.split(',').map((part) => part.trim());
};

function isAddressOrCidr(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length > 0 || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

const IsTrustProxy = () =>
  ValidateBy({
    name: 'isTrustProxy',
    validator: {
      validate: (value: unknown) =>
        value === false ||
        (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 10) ||
        (Array.isArray(value) && value.length > 0 && value.every((entry) => typeof entry === 'string' && isAddressOrCidr(entry))),
      defaultMessage: () =>
        'TRUST_PROXY must be false, the number of proxies in front of the gateway (e.g. 1), or a comma-separated list of their addresses or CIDRs (e.g. 127.0.0.1,10.0.0.0/8); `true` is refused because it would trust any X-Forwarded-For a client sends',
    },
  });

const emptyToUndefined = ({ value }: { value: unknown }): unknown => (value === '' ? undefined : value);

/**
 * Every setting the apps read. Values come from the environment (see .env.example);
 * anything not set falls back to a safe local default.
 */
export class AppConfig {
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent' = 'info';

  /** Gateway HTTP port (serves /api and the web build). */
  @Transform(toInt) @IsInt() @Min(1) @Max(65535)
  PORT = 3000;

  @IsString()
  HOST = '0.0.0.0';

  /** Public address of the web app, used in OAuth redirects. */
  @IsUrl({ require_tld: false, require_protocol: true })
  PUBLIC_URL = 'http://localhost:3000';

  @IsString()
  DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/veolearn';

  @IsString()
  REDIS_URL = 'redis://127.0.0.1:6379';

  /** Prefix of every Redis key, queue and rate-limit counter of this deployment. */
  @IsString() @MinLength(1)
  REDIS_PREFIX = 'veolearn';

  @IsIn(TRANSPORTS)
  TRANSPORT: TransportKind = 'tcp';

  @IsString()
  NATS_URL = 'nats://127.0.0.1:4222';

  /**
   * NATS transport: put in front of every message subject (`<prefix>.auth.validate`), so several
   * deployments (or test stacks) can share one NATS server without answering each other's
   * requests. Empty (the default): the subjects are the bare patterns, as before.
   */
  @Transform(emptyToUndefined) @IsOptional() @Matches(/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/, {
    message: 'NATS_SUBJECT_PREFIX must be NATS subject tokens (letters, digits, "_" and "-") separated by dots, without wildcards or spaces',
  })
  NATS_SUBJECT_PREFIX?: string;

  /** TCP transport: where the auth-service listens (and the gateway connects). */
  @IsString()
  AUTH_SERVICE_HOST = '127.0.0.1';

  @Transform(toInt) @IsInt() @Min(1) @Max(65535)
  AUTH_SERVICE_PORT = 4001;

  /** TCP transport: where the video-service listens (and the gateway connects). */
  @IsString()
  VIDEO_SERVICE_HOST = '127.0.0.1';

  @Transform(toInt) @IsInt() @Min(1) @Max(65535)
  VIDEO_SERVICE_PORT = 4002;

  /** TCP transport: where the generation-service listens (and the gateway connects). */
  @IsString()
  GENERATION_SERVICE_HOST = '127.0.0.1';

  @Transform(toInt) @IsInt() @Min(1) @Max(65535)
  GENERATION_SERVICE_PORT = 4003;

  /** TCP transport: where the export-service listens (and the gateway connects). */
  @IsString()
  EXPORT_SERVICE_HOST = '127.0.0.1';

  @Transform(toInt) @IsInt() @Min(1) @Max(65535)
  EXPORT_SERVICE_PORT = 4004;

  /** TCP transport: where the lti-service listens (and the gateway connects). */
  @IsString()
  LTI_SERVICE_HOST = '127.0.0.1';

  @Transform(toInt) @IsInt() @Min(1) @Max(65535)
  LTI_SERVICE_PORT = 4005;

  /** TCP transport: where the admin-metrics-service listens (and the gateway connects). */
  @IsString()
  ADMIN_METRICS_SERVICE_HOST = '127.0.0.1';

  @Transform(toInt) @IsInt() @Min(1) @Max(65535)
  ADMIN_METRICS_SERVICE_PORT = 4006;

  /** How often an outbox relay looks for unsent domain events (it is also nudged right after a local write). */
  @Transform(toInt) @IsInt() @Min(20) @Max(60_000)
  OUTBOX_POLL_MS = 500;

  /** Run the outbox relay inside each producer service (false only to test that unsent events wait and are not lost). */
  @Transform(toBool) @IsBoolean()
  OUTBOX_RELAY = true;

  /** Run the domain-event worker inside the admin-metrics-service. */
  @Transform(toBool) @IsBoolean()
  ADMIN_METRICS_WORKER = true;

  /** How long the gateway waits for a service before answering 503. */
  @Transform(toInt) @IsInt() @Min(100)
  SERVICE_TIMEOUT_MS = 5000;

  /**
   * How long the gateway reuses a shared lesson's playback view for signed-out learners (ms; 0 turns
   * it off). A class opening one lesson at once costs one service call per period; an edit made
   * through this gateway clears it at once, other gateways see it within the period.
   */
  @Transform(toInt) @IsInt() @Min(0) @Max(60_000)
  PLAYBACK_CACHE_MS = 1000;

  /**
   * How long the gateway trusts a session the auth-service has confirmed (ms; 0 asks on every
   * request). A sign-out, profile, plan or account change through this gateway clears it at once;
   * through another gateway it shows within the period.
   */
  @Transform(toInt) @IsInt() @Min(0) @Max(10_000)
  SESSION_CACHE_MS = 1000;

  @IsString() @MinLength(32, { message: 'JWT_SECRET must be at least 32 characters long' })
  JWT_SECRET = DEV_JWT_SECRET;

  @Transform(toInt) @IsInt() @Min(60)
  SESSION_TTL_SECONDS = 24 * 60 * 60;

  @Transform(toInt) @IsInt() @Min(1)
  LOCKOUT_THRESHOLD = 5;

  @Transform(toInt) @IsInt() @Min(1)
  LOCKOUT_MINUTES = 15;

  /**
   * Requests per minute per client summed over every API route, where the client is the signed-in
   * user or, for an anonymous learner, the learner id the player sends: a school behind one address
   * is many clients.
   */
  @Transform(toInt) @IsInt() @Min(1)
  RATE_LIMIT_PER_MINUTE = 600;

  /** Requests per minute per IP that name neither a user nor a learner (a class opening a lesson makes 2-3 each). */
  @Transform(toInt) @IsInt() @Min(1)
  ANONYMOUS_RATE_LIMIT_PER_MINUTE = 3000;

  /**
   * Ceiling of requests per minute per IP over everything, whoever they name: learner ids are chosen
   * by the browser, so this bounds what one address can do by inventing them. 100 learners measured
   * about 32,000 a minute.
   */
  @Transform(toInt) @IsInt() @Min(1)
  IP_RATE_LIMIT_PER_MINUTE = 60_000;

  /** Requests per minute per client IP summed over sign-in and sign-up (on top of the general limit). */
  @Transform(toInt) @IsInt() @Min(1)
  AUTH_RATE_LIMIT_PER_MINUTE = 30;

  /** Largest JSON body accepted, in bytes. */
  @Transform(toInt) @IsInt() @Min(1024)
  BODY_LIMIT_BYTES = 1024 * 1024;

  /**
   * Which X-Forwarded-For entries to believe: false (none; the socket address is the client), the
   * number of reverse proxies in front of the gateway (e.g. 1), or their addresses/CIDRs
   * (e.g. 127.0.0.1,10.0.0.0/8). `true` is refused: it would let any client choose its address.
   */
  @Transform(toTrustProxy) @IsTrustProxy()
  TRUST_PROXY: TrustProxy = false;

  /**
   * Shared secret for internal probes: `X-Health-Token: <value>` on GET /api/health gets the
   * per-service details (admins get them with their session). Unset: no internal access.
   */
  @Transform(emptyToUndefined) @IsOptional() @IsString() @MinLength(16)
  HEALTH_DETAIL_TOKEN?: string;

  /**
   * Bearer token for GET /api/metrics on the gateway (Prometheus text format); unset: that route
   * answers 404 and no metrics leave the gateway.
   */
  @Transform(emptyToUndefined) @IsOptional() @IsString() @MinLength(16)
  METRICS_TOKEN?: string;

  /** A service or worker (no HTTP of its own) serves GET /metrics on this port; unset: none. */
  @Transform(({ value }) => (value === undefined || value === '' ? undefined : Number(value))) @IsOptional() @IsInt() @Min(1) @Max(65535)
  METRICS_PORT?: number;

  /** Folder with the built web app; empty to serve the API only. */
  @IsString()
  WEB_DIST = 'dist/apps/web';

  @Transform(emptyToUndefined) @IsOptional() @IsString()
  GOOGLE_CLIENT_ID?: string;

  @Transform(emptyToUndefined) @IsOptional() @IsString()
  GOOGLE_CLIENT_SECRET?: string;

  /** Overrides of Google's OAuth endpoints (tests point them at a local server). */
  @Transform(emptyToUndefined) @IsOptional() @IsUrl({ require_tld: false })
  GOOGLE_AUTH_URL?: string;

  @Transform(emptyToUndefined) @IsOptional() @IsUrl({ require_tld: false })
  GOOGLE_TOKEN_URL?: string;

  @Transform(emptyToUndefined) @IsOptional() @IsUrl({ require_tld: false })
  GOOGLE_USERINFO_URL?: string;

  /**
   * Redis for the job queues; empty to use REDIS_URL. A separate instance lets the queues run
   * with `maxmemory-policy noeviction` while caches may evict.
   */
  @Transform(emptyToUndefined) @IsOptional() @IsString()
  QUEUE_REDIS_URL?: string;

  /** Generation jobs one worker process runs at once. */
  @Transform(toInt) @IsInt() @Min(1) @Max(64)
  GENERATION_CONCURRENCY = 2;

  /** Tries per generation job (the first run plus retries with exponential backoff). */
  @Transform(toInt) @IsInt() @Min(1) @Max(10)
  GENERATION_ATTEMPTS = 3;

  /** First retry delay of a failed generation job; doubles each time. */
  @Transform(toInt) @IsInt() @Min(10)
  GENERATION_BACKOFF_MS = 2000;

  /** How long a worker's lock on a job lasts without renewal; a killed worker's job is taken over after this. */
  @Transform(toInt) @IsInt() @Min(1000)
  GENERATION_LOCK_MS = 30_000;

  /** Run the generation worker inside the generation-service (`serve`); false when workers run as `worker` processes. */
  @Transform(toBool) @IsBoolean()
  GENERATION_WORKER = true;

  /**
   * How often unfinished generation job rows are checked against the queue: a row with no live
   * queue job (a Redis that came back empty) is enqueued again under its own id.
   */
  @Transform(toInt) @IsInt() @Min(500)
  GENERATION_RECONCILE_MS = 30_000;

  /**
   * How long a finished generation keeps trying to save its questions while the video-service does
   * not answer (a restart, an outage) before the try counts as failed.
   */
  @Transform(toInt) @IsInt() @Min(0)
  GENERATION_SAVE_RETRY_MS = 10 * 60_000;

  /** First wait between those saves; doubles up to 30 s. */
  @Transform(toInt) @IsInt() @Min(10)
  GENERATION_SAVE_BACKOFF_MS = 1000;

  /**
   * The SCORM launch page bundle the web build makes (index.html and its assets), copied into every
   * SCORM package; relative paths start at the working directory.
   */
  @IsString() @MinLength(1)
  SCORM_PLAYER_DIR = 'dist/apps/web/scorm-player';

  /** SCORM packages one export worker builds at once. */
  @Transform(toInt) @IsInt() @Min(1) @Max(16)
  EXPORT_CONCURRENCY = 2;

  /**
   * How often an export worker checks unfinished package rows against the queue (also at start and
   * when the queue's Redis reconnects): a row with no live queue job is queued again under its id.
   */
  @Transform(toInt) @IsInt() @Min(500)
  EXPORT_RECONCILE_MS = 30_000;

  /** Run the export worker inside the export-service (`serve`); false when workers run as `worker` processes. */
  @Transform(toBool) @IsBoolean()
  EXPORT_WORKER = true;

  /** Run the LTI grade passback worker inside the lti-service (`serve`); false when workers run as `worker` processes. */
  @Transform(toBool) @IsBoolean()
  LTI_WORKER = true;

  /** Tries to deliver one grade to the LMS before it is marked failed (and can be resent). */
  @Transform(toInt) @IsInt() @Min(1) @Max(1000)
  LTI_GRADE_ATTEMPTS = 40;

  /** First retry delay of a grade the LMS did not take (doubles each try, up to LTI_GRADE_BACKOFF_MAX_MS). */
  @Transform(toInt) @IsInt() @Min(1)
  LTI_GRADE_BACKOFF_MS = 5000;

  @Transform(toInt) @IsInt() @Min(1)
  LTI_GRADE_BACKOFF_MAX_MS = 15 * 60_000;

  /**
   * LTI Dynamic Registration (`/api/lti/register`): any LMS whose admin opens the URL registers
   * itself. false: only admins register platforms (admin API or command).
   */
  @Transform(toBool) @IsBoolean()
  LTI_DYNAMIC_REGISTRATION = true;

  /** How long one call to an LMS (JWKS, token, score) may take. */
  @Transform(toInt) @IsInt() @Min(100)
  LTI_HTTP_TIMEOUT_MS = 10_000;

  /** Optional: YouTube Data API v3 key for search and metadata (search answers 503 without it). */
  @Transform(emptyToUndefined) @IsOptional() @IsString()
  YOUTUBE_API_KEY?: string;

  @IsUrl({ require_tld: false, require_protocol: true })
  YOUTUBE_API_URL = 'https://www.googleapis.com/youtube/v3';

  /** Optional: OpenAI (or compatible) key; without it the built-in offline generator writes the questions. */
  @Transform(emptyToUndefined) @IsOptional() @IsString()
  OPENAI_API_KEY?: string;

  /** Any OpenAI-compatible server; empty for api.openai.com. */
  @Transform(emptyToUndefined) @IsOptional() @IsUrl({ require_tld: false, require_protocol: true })
  OPENAI_BASE_URL?: string;

  @IsString() @MinLength(1)
  OPENAI_MODEL = 'gpt-4o-mini';

  /** How long one AI call may take. */
  @Transform(toInt) @IsInt() @Min(1000)
  OPENAI_TIMEOUT_MS = 60_000;

  /** Price per million input (prompt) tokens, in US dollars, for the cost records. */
  @Transform(toInt) @IsNumber() @Min(0)
  OPENAI_INPUT_USD_PER_MTOK = 0.15;

  /** Price per million output (completion) tokens, in US dollars. */
  @Transform(toInt) @IsNumber() @Min(0)
  OPENAI_OUTPUT_USD_PER_MTOK = 0.6;

  @Transform(emptyToUndefined) @IsOptional() @IsString()
  ADMIN_EMAIL?: string;

  @Transform(emptyToUndefined) @IsOptional() @IsString()
  ADMIN_PASSWORD?: string;

  @IsString()
  ADMIN_USERNAME = 'admin';

  /** Folder of uploaded videos (relative paths start at the working directory). */
  @IsString() @MinLength(1)
  UPLOAD_DIR = 'data/uploads';

  /**
   * Tests only: a file holding an ISO time that the video-service's clock reads instead of the system
   * clock (so a test can move learners across UTC days). Ignored unless NODE_ENV is 'test'; a missing or
   * empty file means the system clock.
   */
  @Transform(emptyToUndefined) @IsOptional() @IsString()
  TEST_CLOCK_FILE?: string;

  /** Largest video upload, in bytes (default 1 GiB). */
  @Transform(toInt) @IsInt() @Min(1)
  UPLOAD_MAX_BYTES = 1024 * 1024 * 1024;

  get queueRedisUrl(): string {
    return this.QUEUE_REDIS_URL ?? this.REDIS_URL;
  }

  get openAiConfigured(): boolean {
    return Boolean(this.OPENAI_API_KEY);
  }

  get youtubeConfigured(): boolean {
    return Boolean(this.YOUTUBE_API_KEY);
  }

  get googleConfigured(): boolean {
    return Boolean(this.GOOGLE_CLIENT_ID && this.GOOGLE_CLIENT_SECRET);
  }
}

export class ConfigError extends Error {}

/** Reads and validates the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const known = Object.keys(new AppConfig());
  const raw: Record<string, string> = {};
  for (const key of known) {
    const value = env[key];
    if (value !== undefined) raw[key] = value;
  }
  for (const key of ['QUEUE_REDIS_URL', 'YOUTUBE_API_KEY', 'OPENAI_API_KEY', 'OPENAI_BASE_URL', 'GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'GOOGLE_AUTH_URL', 'GOOGLE_TOKEN_URL', 'GOOGLE_USERINFO_URL', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'HEALTH_DETAIL_TOKEN', 'NATS_SUBJECT_PREFIX', 'METRICS_TOKEN', 'METRICS_PORT', 'TEST_CLOCK_FILE']) {
    const value = env[key];
    if (value !== undefined) raw[key] = value;
  }
  const config = plainToInstance(AppConfig, raw);
  const errors = validateSync(config, { skipMissingProperties: false });
  if (errors.length > 0) {
    const lines = errors.map((e) => `  ${e.property}=${JSON.stringify(e.value)}: ${Object.values(e.constraints ?? {}).join('; ')}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (config.NODE_ENV === 'production' && config.JWT_SECRET === DEV_JWT_SECRET) {
    throw new ConfigError('Invalid configuration:\n  JWT_SECRET must be set to a private random value in production');
  }
  return config;
}
