import type { RowJobData } from './row-queue';

/** Queue of question-generation jobs. */
export const GENERATION_QUEUE = 'generation';

/** The payload of a generation job: the job's row in Postgres holds the rest. */
export type GenerationJobData = RowJobData;

/** What a running job reports: a percentage and the stage it is in. */
export interface GenerationProgress {
  percent: number;
  stage: string;
}

/** The stages a generation job passes through, with the percentage reached when each starts. */
export const GENERATION_STAGES = {
  queued: { percent: 0, stage: 'Waiting for a worker' },
  reading: { percent: 5, stage: 'Reading the transcript' },
  chapters: { percent: 15, stage: 'Finding the chapters' },
  writing: { percent: 25, stage: 'Writing questions' },
  checking: { percent: 85, stage: 'Checking the questions' },
  saving: { percent: 95, stage: 'Saving the questions' },
  done: { percent: 100, stage: 'Done' },
  failed: { percent: 100, stage: 'Failed' },
} as const satisfies Record<string, GenerationProgress>;
