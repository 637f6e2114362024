import { ApiError, apiCall, getToken } from '../../../lib/session-client';
import type { VideoView } from '../../library/api/library-api';

import type {
  ExportFormat,
  ExportJobView,
  ExportOptions,
  ExportResult,
  LtiConfigVersion,
  LtiGradeView,
  ScormVersion,
  ShareLinks,
  TestScormResult,
} from '@veolearn/contracts/types';

/** The export side of the API: the shapes are the contracts' own (types only). */
export type { ExportJobView, ExportResult, LmsConfiguration, LmsType, LtiGradeState, LtiGradeView, ScormVersion, ShareLinks, TestScormResult } from '@veolearn/contracts/types';
export type LtiVersion = LtiConfigVersion;

/** What the share page sends: a format and any of the spec's options (the service fills the rest). */
export type ExportRequest = { format: ExportFormat } & Partial<ExportOptions>;

export interface EmbedCodes extends ShareLinks {
  iframeCode: string;
  responsiveCode: string;
}

/** The owner's view of one video (404 for anyone else). */
export function fetchOwnerVideo(id: number): Promise<VideoView> {
  return apiCall<VideoView>('GET', `/api/videos/${id}`);
}

export function renameVideo(id: number, title: string): Promise<VideoView> {
  return apiCall<VideoView>('PUT', `/api/videos/${id}`, { title });
}

/** Every format publishes the lesson; SCORM and LTI answer 402 on a plan without them. */
export function requestExport(id: number, body: ExportRequest): Promise<ExportResult> {
  return apiCall<ExportResult>('POST', `/api/videos/${id}/export`, body);
}

export function fetchExportJob(jobId: string): Promise<ExportJobView> {
  return apiCall<ExportJobView>('GET', `/api/exports/${encodeURIComponent(jobId)}`);
}

export function testScorm(id: number, scormVersion: ScormVersion): Promise<TestScormResult> {
  return apiCall<TestScormResult>('POST', `/api/videos/${id}/test-scorm`, { scormVersion });
}

export function scormManifestPath(id: number, version: ScormVersion): string {
  return `/api/videos/${id}/scorm-manifest?version=${version}`;
}

export function scormManifestName(id: number, version: ScormVersion): string {
  return `veolearn-scorm${version === '1.2' ? '12' : '2004'}-${id}.xml`;
}

export function ltiConfigPath(id: number, version: LtiVersion): string {
  return `/api/videos/${id}/lti-config?version=${version}`;
}

export function ltiConfigName(id: number, version: LtiVersion): string {
  return version === '1.3' ? `veolearn-lti13-${id}.json` : `veolearn-lti11-${id}.xml`;
}

/** A file route's answer, with the bearer token (a plain link could not send it). */
async function authorizedFetch(path: string): Promise<Response> {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers['Authorization'] = `Bearer ${token}`;
  const response = await fetch(path, { headers, credentials: 'include' });
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  return response;
}

/** A configuration file's text (LTI JSON or XML), to show and copy. */
export async function fetchText(path: string): Promise<string> {
  return (await authorizedFetch(path)).text();
}

/** The file name the server gave (Content-Disposition), else `fallback`. */
export function attachmentName(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed encoding: fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1].trim() : fallback;
}

/** Saves a blob under `filename` through a temporary object URL. */
export function saveBlob(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** Downloads a file route as the signed-in user; answers the name it was saved under. */
export async function downloadFile(path: string, fallbackName: string): Promise<string> {
  const response = await authorizedFetch(path);
  const name = attachmentName(response.headers.get('Content-Disposition'), fallbackName);
  saveBlob(await response.blob(), name);
  return name;
}

/** The server's plan refusal (402), whose message names the plan to upgrade to. */
export function isPlanRequired(error: unknown): boolean {
  return error instanceof ApiError && error.status === 402;
}

/** The lesson's LMS grades, newest first (owner only). */
export function fetchLtiGrades(id: number): Promise<LtiGradeView[]> {
  return apiCall<LtiGradeView[]>('GET', `/api/videos/${id}/lti-grades`);
}

/** Sends a failed grade to the LMS again; answers the grade with its new state. */
export function resendLtiGrade(id: number, gradeId: string): Promise<LtiGradeView> {
  return apiCall<LtiGradeView>('POST', `/api/videos/${id}/lti-grades/${encodeURIComponent(gradeId)}/resend`);
}
