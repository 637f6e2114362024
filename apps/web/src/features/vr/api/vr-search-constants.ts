/** Spec section 9: the VR hub asks for 12 results. */
export const VR_SEARCH_RESULTS_COUNT = 12;

export const vrKeys = {
  all: ['vr'] as const,
  search: (query: string) => ['vr', 'search', query] as const,
};
