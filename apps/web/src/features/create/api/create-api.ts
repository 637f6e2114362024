import type { WizardQuestionTypeId } from '@veolearn/domain';
import { apiCall } from '../../../lib/session-client';
import type { VideoView } from '../../library/api/library-api';

/**
 * Shapes of the generation and YouTube API (mirrors libs/contracts generation.messages.ts; the web app
 * may only import the domain lib).
 */
export interface YouTubeThumbnail {
  url: string;
  width?: number;
  height?: number;
}

export interface YouTubeSearchResult {
  id: string;
  title: string;
  url: string;
  thumbnails: { high: YouTubeThumbnail; medium: YouTubeThumbnail; default: YouTubeThumbnail };
  channelTitle: string;
  /** 'm:ss' (or 'h:mm:ss'). */
  duration: string;
  durationSeconds: number | null;
  /** Digits. */
  viewCount: string;
  description: string;
  publishedAt: string | null;
}

export interface YouTubeSearchAnswer {
  selectedVideo: YouTubeSearchResult | null;
  allVideos: YouTubeSearchResult[];
}

/** GET /api/youtube/lookup: `source: 'link'` (title and the rest null) when YouTube search is not configured. */
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
  source: 'youtube' | 'link';
}

export type GenerationJobState = 'queued' | 'active' | 'retrying' | 'completed' | 'failed';

export interface GenerationJobView {
  id: string;
  videoId: number;
  state: GenerationJobState;
  /** 0 to 100. */
  percent: number;
  stage: string;
  error: string | null;
  attempts: number;
  maxAttempts: number;
  provider: 'openai' | 'builtin';
  questionCount: number;
  /** What the creator should know about the set: a selected type the transcript had no material for, fewer questions than asked. */
  notes?: Array<{ code: string; message: string; type?: string }>;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
  questions?: unknown[];
}

/** VideoView as the upload and settings routes answer it. */
export type CreatedVideo = VideoView & { mediaUrl?: string | null };

export interface StartGenerationResult {
  video: CreatedVideo;
  job: GenerationJobView;
  interactions: unknown[];
}

/** POST /api/youtube/transcript-paste. Exactly one of the link fields or videoId, or neither (a transcript-only lesson). */
export interface GenerationRequest {
  youtubeUrl?: string;
  videoUrl?: string;
  videoId?: number;
  transcript: string;
  title?: string;
  /** The video's length in seconds, 1 to 86400, when the wizard knows it; left out otherwise. */
  duration?: number;
  interactionCount: number;
  questionTypes: WizardQuestionTypeId[];
  questionsPerTopic: number;
  questionsPerChapter: number;
  feedbackEnabled: boolean;
  animationsEnabled: boolean;
  detailedSummary: boolean;
  smartTopicReturn: boolean;
}

export const WIZARD_SEARCH_RESULTS = 10;

export function searchYouTube(query: string): Promise<YouTubeSearchAnswer> {
  return apiCall<YouTubeSearchAnswer>('POST', '/api/youtube/search', { query, country: 'ALL', maxResults: WIZARD_SEARCH_RESULTS });
}

export function lookupYouTube(url: string): Promise<YouTubeVideoDetails> {
  return apiCall<YouTubeVideoDetails>('GET', `/api/youtube/lookup?url=${encodeURIComponent(url)}`);
}

export function startGeneration(body: GenerationRequest): Promise<StartGenerationResult> {
  return apiCall<StartGenerationResult>('POST', '/api/youtube/transcript-paste', body);
}

export function fetchGenerationJob(jobId: string): Promise<GenerationJobView> {
  return apiCall<GenerationJobView>('GET', `/api/generation/jobs/${encodeURIComponent(jobId)}`);
}

export function fetchVideo(id: number): Promise<CreatedVideo> {
  return apiCall<CreatedVideo>('GET', `/api/videos/${id}`);
}
