import type { ExportJobView } from '@veolearn/contracts';
import type { ScormPackageEntity } from '../entities';

function iso(value: Date | string | null): string | null {
  if (value === null) return null;
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

/** A build as the web polls it. */
export function toExportJobView(row: ScormPackageEntity): ExportJobView {
  const completed = row.state === 'completed';
  return {
    id: row.id,
    videoId: row.videoId,
    format: 'scorm',
    scormVersion: row.scormVersion,
    state: row.state,
    progress: row.progress,
    stage: row.stage,
    downloadUrl: completed ? `/api/exports/${row.id}/download` : null,
    filename: row.filename,
    sizeBytes: row.sizeBytes === null ? null : Number(row.sizeBytes),
    error: row.error,
    createdAt: iso(row.createdAt) as string,
    finishedAt: iso(row.finishedAt),
  };
}
