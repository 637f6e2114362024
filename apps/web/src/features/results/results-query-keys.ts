/** Query keys of the lesson results feature. */
export const resultsKeys = {
  all: ['results'] as const,
  lesson: (id: number, page: number) => ['results', 'lesson', id, page] as const,
};
