/** Query keys of the create wizard. */
export const createKeys = {
  all: ['create'] as const,
  job: (jobId: string) => ['create', 'job', jobId] as const,
  video: (videoId: number) => ['create', 'video', videoId] as const,
};
