import { apiCall } from '../../../lib/session-client';
import { downloadFile } from '../../share/api/share-api';

import type { LessonResultsView } from '@veolearn/contracts/types';

export type { LessonAttemptAnswer, LessonAttemptView, LessonQuestionResult, LessonResultsSummary, LessonResultsView } from '@veolearn/contracts/types';

/** Attempts shown on one page of the results table. */
export const RESULTS_PAGE_SIZE = 50;

/** The lesson's results (owner only; 404 for anyone else). */
export function fetchLessonResults(id: number, page: number, pageSize = RESULTS_PAGE_SIZE): Promise<LessonResultsView> {
  return apiCall<LessonResultsView>('GET', `/api/videos/${id}/results?page=${page}&pageSize=${pageSize}`);
}

/** Saves every attempt as CSV under the server's name (veolearn-<lesson>-results-<date>.csv). */
export function downloadResultsCsv(id: number): Promise<string> {
  return downloadFile(`/api/videos/${id}/results.csv`, `veolearn-lesson-${id}-results.csv`);
}
