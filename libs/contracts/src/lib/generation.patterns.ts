/** Client token under which the gateway injects the generation-service proxy. */
export const GENERATION_SERVICE = 'GENERATION_SERVICE';

export const GenerationPatterns = {
  /** Creates the video (or takes the owner's existing one), stores the job and enqueues it. */
  start: 'generation.start',
  getJob: 'generation.get-job',
  youtubeSearch: 'youtube.search',
  vrSearch: 'youtube.vr-search',
  youtubeLookup: 'youtube.lookup',
  health: 'generation.health',
  ping: 'generation.ping',
} as const;
