import type { ExportRequest, LtiVersion } from './api/share-api';

/** Query keys of the share feature. */
export const shareKeys = {
  all: ['share'] as const,
  video: (id: number) => ['share', 'video', id] as const,
  export: (id: number, request: ExportRequest) => ['share', 'export', id, request] as const,
  job: (jobId: string) => ['share', 'job', jobId] as const,
  ltiConfig: (id: number, version: LtiVersion) => ['share', 'lti-config', id, version] as const,
  ltiGrades: (id: number) => ['share', 'lti-grades', id] as const,
};
