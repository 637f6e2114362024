import { PageNumberField, PageSizeField } from './paging.dto';
import { RESULTS_PAGE_SIZE_DEFAULT, RESULTS_PAGE_SIZE_MAX } from './lesson-results.messages';

/** GET /api/videos/{id}/results?page=&pageSize= */
export class LessonResultsQuery {
  @PageNumberField()
  page?: number;

  @PageSizeField(RESULTS_PAGE_SIZE_MAX, RESULTS_PAGE_SIZE_DEFAULT)
  pageSize?: number;
}
