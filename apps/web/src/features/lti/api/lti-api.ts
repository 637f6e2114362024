import { ApiError, getToken } from '../../../lib/session-client';

/** The launch token of this tab's LMS launch (from the launch redirect's `?lti=`), kept for the tab. */
export const LAUNCH_TOKEN_KEY = 'ltiLaunch';

export function rememberLaunchToken(search: string): string | null {
  const fromUrl = new URLSearchParams(search).get('lti');
  try {
    if (fromUrl) sessionStorage.setItem(LAUNCH_TOKEN_KEY, fromUrl);
    return fromUrl ?? sessionStorage.getItem(LAUNCH_TOKEN_KEY);
  } catch {
    return fromUrl;
  }
}

export interface LtiContext {
  ltiActive: boolean;
  course: { name: string } | null;
  role?: 'instructor' | 'learner';
  videoId?: number | null;
  gradePassback?: boolean;
  learnerId?: string;
}

export interface DeepLinkResponse {
  returnUrl: string;
  jwt: string;
}

async function ltiFetch<T>(method: string, url: string, launchToken: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-LTI-Launch': launchToken };
  const token = getToken();
  if (token) headers['Authorization'] = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  return (await response.json()) as T;
}

export function fetchLtiContext(launchToken: string): Promise<LtiContext> {
  return ltiFetch<LtiContext>('GET', '/api/lti/context', launchToken);
}

export function requestDeepLink(launchToken: string, videoId: number): Promise<DeepLinkResponse> {
  return ltiFetch<DeepLinkResponse>('POST', '/api/lti/deep-link/response', launchToken, { videoId });
}

/** Sends the signed LtiDeepLinkingResponse to the platform as its spec asks: a form post of `JWT`. */
export function postDeepLinkResponse(response: DeepLinkResponse, doc: Document = document): void {
  const form = doc.createElement('form');
  form.method = 'post';
  form.action = response.returnUrl;
  const input = doc.createElement('input');
  input.type = 'hidden';
  input.name = 'JWT';
  input.value = response.jwt;
  form.appendChild(input);
  doc.body.appendChild(form);
  form.submit();
}

/** The spec's grade payload (POST /api/lti/submit-grade); `score` is a percentage. */
export interface LtiGrade {
  videoId: number;
  totalInteractions: number;
  completedInteractions: number;
  score: number;
  timeSpent: number;
  isVR: boolean;
}

export function submitLtiGrade(launchToken: string, grade: LtiGrade): Promise<{ saved: true; passback: boolean }> {
  return ltiFetch('POST', '/api/lti/submit-grade', launchToken, grade);
}

export const ltiKeys = {
  context: (token: string) => ['lti', 'context', token] as const,
  lessons: ['lti', 'deep-link-lessons'] as const,
};

/** Links the instructor's LMS account to the signed-in VeoLearn account (the launch's lesson must be theirs). */
export function linkLtiAccount(launchToken: string): Promise<{ id: string; userId: number }> {
  return ltiFetch<{ id: string; userId: number }>('POST', '/api/lti/link', launchToken, {});
}

/** Exchanges the one-time code of an instructor's launch (`?lti_code=`) for the session token. */
export async function exchangeLtiCode(code: string): Promise<{ token: string }> {
  const response = await fetch('/api/lti/session', {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  return (await response.json()) as { token: string };
}
