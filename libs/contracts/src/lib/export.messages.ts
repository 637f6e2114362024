import type { InteractionView, Owner, VideoView } from './library.messages';

export type ExportFormat = 'url' | 'embed' | 'lti' | 'scorm';
export type LmsType = 'moodle' | 'canvas' | 'blackboard' | 'brightspace';
export type ScormVersion = '1.2' | '2004';

/** The spec's export options, with their defaults applied by the service. */
export interface ExportOptions {
  embedWidth: number;
  embedHeight: number;
  autoplay: boolean;
  showControls: boolean;
  includeAnalytics: boolean;
  lmsType: LmsType;
  scormVersion: ScormVersion;
}

export interface ExportVideoMessage {
  owner: Owner;
  videoId: number;
  format: ExportFormat;
  /** The public origin the links are built on (PUBLIC_URL, else the request's origin). */
  origin: string;
  options: Partial<ExportOptions>;
}

/** How to set the lesson up in one LMS (the spec's field names; each LMS names its key fields its own way). */
export interface LmsConfiguration {
  lms: LmsType;
  name: string;
  launch_url?: string;
  tool_url?: string;
  consumer_key?: string;
  key?: string;
  provider_key?: string;
  shared_secret?: string;
  secret?: string;
  provider_secret?: string;
  custom_parameters: Record<string, string>;
  instructions: string[];
}

export interface ShareLinks {
  /** The share page /video/{id}. */
  url: string;
  playerUrl: string;
  embedUrl: string;
}

export type ExportState = 'queued' | 'active' | 'completed' | 'failed';

/** A SCORM build as the web polls it. */
export interface ExportJobView {
  id: string;
  videoId: number;
  format: 'scorm';
  scormVersion: ScormVersion;
  state: ExportState;
  /** 0-100. */
  progress: number;
  stage: string;
  /** '/api/exports/{id}/download' once completed. */
  downloadUrl: string | null;
  /** '{title}_SCORM.zip'. */
  filename: string;
  sizeBytes: number | null;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}

export type ExportResult =
  | { type: 'url'; data: ShareLinks }
  | { type: 'embed'; data: ShareLinks & { iframeCode: string; responsiveCode: string } }
  | { type: 'lti'; data: ShareLinks & { configurations: LmsConfiguration[] } }
  | { type: 'scorm'; data: ShareLinks & { job: ExportJobView } };

export interface ExportJobRef {
  owner: Owner;
  jobId: string;
}

export interface PackageFile {
  storageKey: string;
  filename: string;
  sizeBytes: number;
}

export interface TestScormMessage {
  owner: Owner;
  videoId: number;
  origin: string;
  scormVersion: ScormVersion;
}

export const EXPORT_FORMATS: readonly ExportFormat[] = ['url', 'embed', 'lti', 'scorm'];
export const LMS_TYPES: readonly LmsType[] = ['moodle', 'canvas', 'blackboard', 'brightspace'];
export const SCORM_EXPORT_VERSIONS: readonly ScormVersion[] = ['1.2', '2004'];
export type LtiConfigVersion = '1.3' | '1.1';
export const LTI_CONFIG_VERSIONS: readonly LtiConfigVersion[] = ['1.3', '1.1'];

/** The spec's defaults for the export options (section 3 and 9). */
export const EXPORT_DEFAULTS: ExportOptions = {
  embedWidth: 800,
  embedHeight: 600,
  autoplay: false,
  showControls: true,
  includeAnalytics: true,
  lmsType: 'moodle',
  scormVersion: '1.2',
};

/** export-service → video-service: everything a package needs of one lesson. */
export interface ExportLessonMessage {
  /** The lesson's owner, as the export-service's request or job row names them (no session behind a job). */
  ownerId: number;
  videoId: number;
}

/** The uploaded file of an upload lesson, as the storage knows it. */
export interface ExportLessonMedia {
  storageKey: string;
  mimeType: string;
  sizeBytes: number;
}

/** The owner's view of one lesson for export: correct answers and feedback included (it is the owner's own export). */
export interface ExportLesson {
  video: VideoView;
  questions: InteractionView[];
  /** Null for YouTube and transcript-only lessons. */
  media: ExportLessonMedia | null;
  /** The lesson's own WebVTT captions (uploaded or set by the owner), or null. */
  captionsVtt: string | null;
}

export interface ScormManifestMessage {
  owner: Owner;
  videoId: number;
  scormVersion: ScormVersion;
}

export interface LtiConfigMessage {
  owner: Owner;
  videoId: number;
  origin: string;
  version: LtiConfigVersion;
}

/** A small generated file answered whole (a manifest, an LTI configuration). */
export interface DownloadFile {
  filename: string;
  contentType: string;
  body: string;
}

export interface TestScormResult {
  success: boolean;
  /** A page that runs the package inside a SCORM API (the scorm-again runtime), as an LMS would. */
  testUrl: string | null;
  errors: string[];
}

/**
 * export-service → gateway: what test-scorm found. The gateway turns a passing package into a
 * testUrl signed for its job (only the owner ever receives it) and answers TestScormResult.
 */
export interface TestScormReply {
  success: boolean;
  errors: string[];
  /** The checked package's job; null when no completed package was checked. */
  jobId: string | null;
}

/**
 * gateway → export-service: one file of a completed package for the test page (or, with path null,
 * only the package's facts). The gateway sends it only for a job id and owner it signed itself.
 */
export interface TestPackageMessage {
  ownerId: number;
  jobId: string;
  /** A plain relative path the package's manifest lists; null for the package alone. */
  path: string | null;
}

/** Where one zip entry's bytes lie inside the stored package. */
export interface PackageEntryRef {
  path: string;
  /** 0 stored, 8 deflated. */
  method: number;
  /** Offset of the entry's (compressed) data in the zip. */
  dataOffset: number;
  compressedSize: number;
  size: number;
}

export interface TestPackageView {
  scormVersion: ScormVersion;
  title: string;
  /** The launch page's package path (index.html). */
  launchPage: string;
  storageKey: string;
  /** The asked-for entry; null when path was null. */
  entry: PackageEntryRef | null;
}
