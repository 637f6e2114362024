/**
 * The one HTTP client of the web app (spec sections 4, 7 and 8): JSON in and out,
 * bearer token from local storage, and the 401/403 session rule.
 */
export const TOKEN_KEY = 'authToken';
/** Older pages stored the token under this key; it is still read. */
export const LEGACY_TOKEN_KEY = 'auth-token';
export const PRE_LOGIN_URL_KEY = 'preLoginUrl';
/** The client's admin flag (spec section 3), set by the admin sign-in; it only opens no door: the server checks every admin call. */
export const ADMIN_FLAG_KEY = 'isAdmin';
export const SIGN_IN_PATH = '/auth/signin';

/**
 * Where the token lives when the browser refuses local storage to this page: inside an LMS's frame
 * with third-party cookies blocked, Chrome blocks the frame's storage too. It lasts as long as the
 * page (the instructor's LTI launch signs in again on the next launch).
 */
let pageToken: string | null = null;

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY) ?? localStorage.getItem(LEGACY_TOKEN_KEY);
  } catch {
    return pageToken;
  }
}

export function setToken(token: string): void {
  try {
    localStorage.setItem(TOKEN_KEY, token);
    localStorage.removeItem(LEGACY_TOKEN_KEY);
  } catch {
    pageToken = token;
  }
}

export function setAdminFlag(): void {
  try {
    localStorage.setItem(ADMIN_FLAG_KEY, 'true');
  } catch {
    // Storage blocked: the flag is only a hint, the server decides.
  }
}

/** Forgets the session: the token and the admin flag that belonged to it. */
export function clearToken(): void {
  pageToken = null;
  try {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(LEGACY_TOKEN_KEY);
    localStorage.removeItem(ADMIN_FLAG_KEY);
  } catch {
    // Storage blocked: only the page's token existed.
  }
}

/** A non-OK response. `message` is `"<status>: <body>"` (body text, or status text if empty). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
  }
}

type UnauthorizedHandler = () => void;

const defaultUnauthorizedHandler: UnauthorizedHandler = () => {
  if (window.location.pathname !== SIGN_IN_PATH) window.location.assign(SIGN_IN_PATH);
};
let unauthorizedHandler: UnauthorizedHandler = defaultUnauthorizedHandler;

/** Replaces what happens after a rejected session (the router and tests use this). Returns a restore function. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): () => void {
  unauthorizedHandler = handler;
  return () => {
    unauthorizedHandler = defaultUnauthorizedHandler;
  };
}

/** Auth calls surface their own errors (wrong password, lockout) instead of ending the session. */
function isAuthUrl(url: string): boolean {
  return url.includes('/auth/');
}

function isSessionRejected(status: number): boolean {
  return status === 401 || status === 403;
}

/**
 * Whether a failed call means the server refused the session (401/403), as opposed to a service
 * that did not answer (5xx, network): only a refusal may sign the browser out.
 */
export function isSessionRejection(error: unknown): boolean {
  return error instanceof ApiError && isSessionRejected(error.status);
}

export type Unauthorized = 'throw' | 'returnNull';

export interface RequestOptions {
  /** What a 401/403 on a non-auth URL does: end the session (default) or resolve to null. */
  on401?: Unauthorized;
  signal?: AbortSignal;
  /** More request headers (an LMS launch's X-LTI-Launch). */
  headers?: Record<string, string>;
}

/**
 * JSON is announced only when a body is sent: the gateway (Fastify) refuses an empty body that claims
 * to be JSON with 400, which broke body-less DELETE and POST /api/auth/logout.
 */
function buildHeaders(hasBody: boolean): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (hasBody) headers['Content-Type'] = 'application/json';
  const token = getToken();
  if (token) headers['Authorization'] = `Bearer ${token}`;
  return headers;
}

async function parseBody<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    return text as T;
  }
}

export async function apiRequest<T>(
  method: string,
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T | null> {
  const hasBody = body !== undefined;
  const response = await fetch(url, {
    method,
    headers: { ...buildHeaders(hasBody), ...options.headers },
    body: hasBody ? JSON.stringify(body) : undefined,
    credentials: 'include',
    signal: options.signal,
  });

  if (isSessionRejected(response.status) && !isAuthUrl(url)) {
    if (options.on401 === 'returnNull') return null;
    clearToken();
    unauthorizedHandler();
  }

  if (!response.ok) {
    const text = await response.text();
    throw new ApiError(response.status, text, response.statusText);
  }
  return parseBody<T>(response);
}

/** Like apiRequest, for calls whose 401 handling is the default (never null). */
export async function apiCall<T>(method: string, url: string, body?: unknown): Promise<T> {
  return (await apiRequest<T>(method, url, body)) as T;
}

/** The human message of a failed call: the server's `message` field, else the body, without the status prefix. */
export function serverMessage(error: unknown): string | undefined {
  if (error instanceof ApiError) {
    const body = error.body.trim();
    if (!body) return undefined;
    try {
      const parsed: unknown = JSON.parse(body);
      if (parsed && typeof parsed === 'object' && 'message' in parsed) {
        const message = (parsed as { message: unknown }).message;
        if (Array.isArray(message)) return message.map(String).join(' ');
        if (typeof message === 'string' && message) return message;
      }
    } catch {
      // Not JSON: the body text itself is the message.
    }
    return body;
  }
  if (error instanceof Error) return error.message.replace(/^\d{3}:\s*/, '') || undefined;
  return undefined;
}
