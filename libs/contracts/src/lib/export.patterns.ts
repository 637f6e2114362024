/** Client token under which the gateway injects the export-service proxy. */
export const EXPORT_SERVICE = 'EXPORT_SERVICE';
/** NATS queue group shared by every export-service replica. */
export const EXPORT_QUEUE_GROUP = 'export-service';

export const ExportPatterns = {
  /** Owner: a share link, embed codes or LMS configurations at once; a SCORM package as a job. */
  exportVideo: 'export.export-video',
  /** Owner: a SCORM job's state, percentage and stage. */
  getJob: 'export.get-job',
  /** Owner: where a finished SCORM package is stored, to stream it. */
  packageFile: 'export.package-file',
  /** Owner: builds (or reuses) the package, validates its manifest and files, answers {success, testUrl, errors}. */
  testScorm: 'export.test-scorm',
  /** Gateway-signed test page: a completed package's facts and where one of its manifest's files lies in the zip. */
  testPackage: 'export.test-package',
  health: 'export.health',
  ping: 'export.ping',
} as const;

/** Messages the export-service sends to the video-service, which owns lessons. */
export const ExportLessonPatterns = {
  /** Owner: the video, every question with answers and feedback, and the uploaded file's storage key; 404 for anyone else. */
  exportLesson: 'library.export-lesson',
} as const;

/** Owner: one-file downloads the share page offers (answered by the export-service). */
export const ExportFilePatterns = {
  /** imsmanifest.xml alone for SCORM 1.2 or 2004. */
  scormManifest: 'export.scorm-manifest',
  /** LTI 1.3 tool configuration JSON or LTI 1.1 cartridge XML. */
  ltiConfig: 'export.lti-config',
} as const;
