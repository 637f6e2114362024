import type { RowJobData } from './row-queue';

/** Queue of SCORM package builds. */
export const EXPORT_QUEUE = 'export';

/** The payload of an export job: the job's row in Postgres holds the rest. */
export type ExportJobData = RowJobData;

/** What a running build reports: a percentage and the stage it is in. */
export interface ExportProgress {
  percent: number;
  stage: string;
}

/** The stages a SCORM build passes through, with the percentage reached when each starts. */
export const EXPORT_STAGES = {
  queued: { percent: 0, stage: 'Waiting for a worker' },
  reading: { percent: 5, stage: 'Reading the lesson' },
  player: { percent: 15, stage: 'Adding the player' },
  video: { percent: 30, stage: 'Adding the video' },
  zipping: { percent: 75, stage: 'Zipping' },
  saving: { percent: 90, stage: 'Saving' },
  done: { percent: 100, stage: 'Done' },
  failed: { percent: 100, stage: 'Failed' },
} as const satisfies Record<string, ExportProgress>;
