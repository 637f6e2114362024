import type { QuestionType } from '@veolearn/domain';
import type { InteractionView, Owner, VideoView } from './library.messages';

/** Generation settings of spec section 3, after defaults and limits are applied. */
export interface GenerationSettings {
  questionTypes: QuestionType[];
  /** At most 8. */
  interactionCount: number;
  /** 1 to 3. */
  questionsPerChapter: number;
  feedbackEnabled: boolean;
  animationsEnabled: boolean;
  detailedSummary: boolean;
  smartTopicReturn: boolean;
}

/** Where the questions go: a new video from a YouTube link, a new transcript-only lesson, or an existing video of the owner. */
export type GenerationTarget =
  | { kind: 'youtube'; youtubeId: string }
  | { kind: 'transcript' }
  | { kind: 'video'; videoId: number };

export interface StartGenerationMessage {
  owner: Owner;
  target: GenerationTarget;
  /** Title for a new video; looked up (or derived from the transcript) when absent. */
  title?: string;
  folderId: number | null;
  transcript: string;
  settings: GenerationSettings;
  /**
   * The video's length in seconds as the client's player knows it (1 to 86400), when it knows it. It is
   * preferred over the YouTube lookup's and the existing video's, and spreads plain-text transcripts.
   */
  duration?: number | null;
}

export type GenerationJobState = 'queued' | 'active' | 'retrying' | 'completed' | 'failed';
export type GenerationProvider = 'openai' | 'builtin';

/** A note on a generated question set, for the creator: a selected type the transcript had no material for, fewer questions than asked. */
export interface GenerationJobNote {
  code: 'type_substituted' | 'type_added' | 'fewer_questions' | 'extra_per_chapter';
  message: string;
  type?: string;
}

export interface GenerationJobView {
  id: string;
  videoId: number;
  state: GenerationJobState;
  /** 0 to 100. */
  percent: number;
  stage: string;
  /** A readable reason when the job failed (or the last try failed while retrying). */
  error: string | null;
  /** Tries started so far. */
  attempts: number;
  maxAttempts: number;
  provider: GenerationProvider;
  questionCount: number;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
  /** What the creator should know about the question set (empty until the job completes). */
  notes: GenerationJobNote[];
  /** The questions, once the job completed. */
  questions?: InteractionView[];
}

/** What POST /api/youtube/transcript-paste answers at once (questions follow through the job). */
export interface StartGenerationResult {
  video: VideoView;
  job: GenerationJobView;
  interactions: InteractionView[];
}

export interface GetGenerationJobMessage {
  owner: Owner;
  jobId: string;
}

export interface YouTubeThumbnail {
  url: string;
  width?: number;
  height?: number;
}

/** A wizard search result (spec section 3). */
export interface YouTubeSearchResult {
  id: string;
  title: string;
  url: string;
  thumbnails: { high: YouTubeThumbnail; medium: YouTubeThumbnail; default: YouTubeThumbnail };
  channelTitle: string;
  /** m:ss or h:mm:ss; '0:00' when unknown. */
  duration: string;
  durationSeconds: number | null;
  /** Digits, as YouTube reports it; '0' when hidden. */
  viewCount: string;
  description: string;
  publishedAt: string | null;
}

export interface YouTubeSearchMessage {
  query: string;
  maxResults: number;
  /** ISO 3166-1 alpha-2 region, or 'ALL' for none. */
  country: string;
}

export interface YouTubeSearchAnswer {
  selectedVideo: YouTubeSearchResult | null;
  allVideos: YouTubeSearchResult[];
}

/** A VR hub result (spec section 3); VR-flagged results come first. */
export interface VrSearchResult {
  id: string;
  title: string;
  description: string;
  thumbnail: string;
  duration: string;
  viewCount: string;
  channelTitle: string;
  publishedAt: string | null;
  isVR: boolean;
}

export interface VrSearchMessage {
  query: string;
  maxResults: number;
}

export interface VrSearchAnswer {
  videos: VrSearchResult[];
  allVideos: VrSearchResult[];
  vrCount: number;
}

export interface YouTubeLookupMessage {
  youtubeId: string;
}

/** What the wizard previews for a pasted link. Without an API key only the id-derived fields are known. */
export interface YouTubeVideoDetails {
  id: string;
  url: string;
  title: string | null;
  channelTitle: string | null;
  duration: string | null;
  durationSeconds: number | null;
  viewCount: string | null;
  description: string | null;
  thumbnail: string;
  /** 'youtube' when the Data API answered; 'link' when only the link was read (no key configured). */
  source: 'youtube' | 'link';
}
