/** Query keys of the learner's player. */
export const playerKeys = {
  all: ['player'] as const,
  playback: (videoId: number) => ['player', 'playback', videoId] as const,
  attempt: (videoId: number, learnerId: string) => ['player', 'attempt', videoId, learnerId] as const,
  captions: (videoId: number) => ['player', 'captions', videoId] as const,
  reading: (videoId: number) => ['player', 'reading', videoId] as const,
};
