import { MIN_TRANSCRIPT_CHARS_FOR_GENERATION, parseTranscript, type TranscriptFormat } from '@veolearn/domain';
import type { GenerationJobState, GenerationRequest, YouTubeSearchResult, YouTubeVideoDetails } from './api/create-api';
import { interactionCountToSend, type WizardSettings } from './wizard-settings';

/** The five tabs of the wizard, in order (spec section 4). */
export const WIZARD_TABS = ['youtube', 'transcript', 'interactions', 'edit-questions', 'share'] as const;
export type WizardTab = (typeof WIZARD_TABS)[number];

export const TAB_LABELS: Readonly<Record<WizardTab, string>> = {
  youtube: 'YouTube',
  transcript: 'Transcript',
  interactions: 'Interactions',
  'edit-questions': 'Edit Questions',
  share: 'Share',
};

/** A transcript over this many characters counts as ready in the video preview (spec section 9). */
export const TRANSCRIPT_READY_CHARS = 200;

/** The video the questions are for: a YouTube video (searched or pasted) or an uploaded file. */
export type SelectedVideo =
  | {
      kind: 'youtube';
      youtubeId: string;
      url: string;
      /** null while YouTube's details are not known (no API key, or the lookup failed). */
      title: string | null;
      channelTitle: string | null;
      duration: string | null;
      /** The length in seconds YouTube reported (search or lookup); null when unknown. */
      durationSeconds: number | null;
      viewCount: string | null;
      thumbnail: string | null;
      /** Why the details are missing, shown in the preview. */
      detailsNote: string | null;
      /** Set when this is a video already in the library (the dashboard's "Generate questions"): no new lesson is made. */
      existingVideoId?: number;
    }
  | {
      kind: 'upload';
      videoId: number;
      title: string;
      filename: string;
      /** null for a video opened from the library (its size is not listed there). */
      sizeBytes: number | null;
      mediaUrl: string | null;
      /** The length in seconds the browser read from the file's metadata; null when it could not. */
      durationSeconds: number | null;
    };

/** The video the wizard generated questions for, once the generation finished. */
export interface GeneratedVideo {
  videoId: number;
  questionCount: number;
}

export interface TabState {
  transcript: string;
  generated: GeneratedVideo | null;
}

/** Edit Questions opens once questions exist; Share once a video was generated. The first three are always open. */
export function isTabEnabled(tab: WizardTab, state: TabState): boolean {
  switch (tab) {
    case 'edit-questions':
      return (state.generated?.questionCount ?? 0) > 0;
    case 'share':
      return state.generated !== null;
    default:
      return true;
  }
}

/** The tab Next leads to, or null when there is none or it is not open yet; the transcript tab needs a transcript. */
export function nextTab(current: WizardTab, state: TabState): WizardTab | null {
  if (current === 'transcript' && !hasTranscript(state.transcript)) return null;
  const next = WIZARD_TABS[WIZARD_TABS.indexOf(current) + 1];
  return next && isTabEnabled(next, state) ? next : null;
}

export function previousTab(current: WizardTab): WizardTab | null {
  return WIZARD_TABS[WIZARD_TABS.indexOf(current) - 1] ?? null;
}

export function isWizardTab(value: string | null): value is WizardTab {
  return (WIZARD_TABS as readonly string[]).includes(value ?? '');
}

export function transcriptLength(transcript: string): number {
  return transcript.trim().length;
}

export function hasTranscript(transcript: string): boolean {
  return transcriptLength(transcript) > 0;
}

export interface TranscriptStatus {
  ready: boolean;
  label: string;
}

/** 'Transcript ready (N characters)' over 200 characters, otherwise 'Transcript needed'. */
export function transcriptStatus(transcript: string): TranscriptStatus {
  const length = transcriptLength(transcript);
  return length > TRANSCRIPT_READY_CHARS
    ? { ready: true, label: `Transcript ready (${formatCount(length)} characters)` }
    : { ready: false, label: 'Transcript needed' };
}

const FORMAT_LABELS: Readonly<Record<TranscriptFormat, string>> = {
  srt: 'SRT captions',
  webvtt: 'WebVTT captions',
  youtube: 'YouTube transcript with timestamps',
  plain: 'Plain text without timestamps',
};

/** What the server will read in a transcript: its format and how many timed pieces it has (null when blank). */
export function describeTranscript(transcript: string): string | null {
  if (!hasTranscript(transcript)) return null;
  const parsed = parseTranscript(transcript);
  const label = FORMAT_LABELS[parsed.format];
  if (parsed.format === 'plain') return `${label}: timing is estimated from the length of the text`;
  const count = parsed.segments.length;
  return `${label} · ${formatCount(count)} timed ${count === 1 ? 'line' : 'lines'}`;
}

export interface WizardMessage {
  title: string;
  description: string;
  /** The tab that fixes the problem. */
  fixOn?: WizardTab;
}

export const NO_QUESTION_TYPE = 'Select at least one question type';

/**
 * Why Generate cannot start yet (spec section 5), or null: a question type is needed; a video or a
 * transcript; and questions are written from a transcript of more than 50 characters.
 */
export function generationProblem(input: { selected: SelectedVideo | null; transcript: string; settings: WizardSettings }): WizardMessage | null {
  if (input.settings.questionTypes.length === 0) {
    return { title: NO_QUESTION_TYPE, description: 'Choose the kinds of questions to write.', fixOn: 'interactions' };
  }
  const length = transcriptLength(input.transcript);
  if (!input.selected && length === 0) {
    return { title: 'Missing Content', description: 'Please add a video or transcript content first', fixOn: 'youtube' };
  }
  if (length <= MIN_TRANSCRIPT_CHARS_FOR_GENERATION) {
    return {
      title: 'Add Transcript First',
      description: `Questions are written from the transcript: paste one of more than ${MIN_TRANSCRIPT_CHARS_FOR_GENERATION} characters on the Transcript tab.`,
      fixOn: 'transcript',
    };
  }
  return null;
}

/** The longest video length the server accepts from the wizard (a day), in seconds. */
export const MAX_DURATION_SECONDS = 86_400;

/**
 * The selected video's length to send with the transcript, in seconds: what YouTube reported, or what the
 * browser read from the uploaded file. Undefined when unknown or not a usable length (never a guess).
 */
export function durationToSend(selected: SelectedVideo | null): number | undefined {
  const seconds = selected?.durationSeconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 1 && seconds <= MAX_DURATION_SECONDS ? seconds : undefined;
}

/**
 * The body of POST /api/youtube/transcript-paste for the wizard's current content and settings. An upload
 * (or `existingVideoId`, the video a failed try already made) is sent as videoId so no second video is made.
 * The video's length goes along when it is known, so that plain text is timed over the real video.
 */
export function generationRequest(
  selected: SelectedVideo | null,
  transcript: string,
  settings: WizardSettings,
  existingVideoId: number | null = null,
  /** The lesson title the creator typed (prefilled from YouTube's or the file's); empty: the server chooses. */
  title = '',
): GenerationRequest {
  const libraryVideo = existingVideoId ?? libraryVideoId(selected);
  const chosenTitle = title.trim() || (selected?.kind === 'youtube' ? selected.title : null);
  const target: Pick<GenerationRequest, 'youtubeUrl' | 'videoUrl' | 'videoId' | 'title'> =
    libraryVideo !== null
      ? { videoId: libraryVideo }
      : selected?.kind === 'youtube'
        ? { youtubeUrl: selected.url, videoUrl: selected.url, ...(chosenTitle ? { title: chosenTitle } : {}) }
        : chosenTitle
          ? { title: chosenTitle }
          : {};
  const duration = durationToSend(selected);
  return {
    ...target,
    ...(duration !== undefined ? { duration } : {}),
    transcript: transcript.trim(),
    interactionCount: interactionCountToSend(settings.interactionCount),
    questionTypes: [...settings.questionTypes],
    questionsPerTopic: settings.questionsPerChapter,
    questionsPerChapter: settings.questionsPerChapter,
    feedbackEnabled: settings.feedbackEnabled,
    animationsEnabled: settings.animationsEnabled,
    detailedSummary: settings.detailedSummary,
    smartTopicReturn: settings.smartTopicReturn,
  };
}

export function isJobFinished(state: GenerationJobState | undefined): boolean {
  return state === 'completed' || state === 'failed';
}

const countFormat = new Intl.NumberFormat('en-US');

export function formatCount(value: number): string {
  return countFormat.format(value);
}

/** '1,523,400 views'; null when YouTube gave no count (hidden by the owner, or no API key). */
export function formatViews(viewCount: string | null | undefined): string | null {
  if (viewCount === null || viewCount === undefined || !/^\d+$/.test(viewCount)) return null;
  const views = Number(viewCount);
  return `${countFormat.format(views)} ${views === 1 ? 'view' : 'views'}`;
}

/** '12.5 MB'. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  const units = ['bytes', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} bytes` : `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** The learner's link to the video. */
export function playerUrl(origin: string, videoId: number): string {
  return `${origin}/player/${videoId}`;
}

/** Embed code for other sites: the embed page, full width and 600 px high (spec section 9). */
export function embedCode(origin: string, videoId: number, title: string): string {
  const safeTitle = title.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<iframe src="${origin}/embed/${videoId}" width="100%" height="600" title="${safeTitle}" frameborder="0" allow="autoplay; encrypted-media; fullscreen" allowfullscreen></iframe>`;
}

/** The selection for a search result; the search already carries YouTube's details. */
export function videoFromSearchResult(result: YouTubeSearchResult): SelectedVideo {
  return {
    kind: 'youtube',
    youtubeId: result.id,
    url: result.url,
    title: result.title,
    channelTitle: result.channelTitle || null,
    duration: result.durationSeconds === null ? null : result.duration,
    durationSeconds: result.durationSeconds,
    viewCount: result.viewCount,
    thumbnail: result.thumbnails.high?.url || result.thumbnails.medium?.url || result.thumbnails.default?.url || null,
    detailsNote: null,
  };
}

export const DETAILS_NOT_CONFIGURED =
  'Video details are not available because YouTube search is not set up on this server. You can still use this video.';

/** The selection for a looked-up link: without an API key only the id, link and thumbnail are known. */
export function videoFromLookup(details: YouTubeVideoDetails): SelectedVideo {
  return {
    kind: 'youtube',
    youtubeId: details.id,
    url: details.url,
    title: details.title,
    channelTitle: details.channelTitle,
    duration: details.duration,
    durationSeconds: details.durationSeconds,
    viewCount: details.viewCount,
    thumbnail: details.thumbnail || null,
    detailsNote: details.source === 'link' ? DETAILS_NOT_CONFIGURED : null,
  };
}

/** The selection for a pasted link whose details could not be loaded (YouTube did not answer). */
export function videoFromLinkOnly(youtubeId: string, url: string, reason: string): SelectedVideo {
  return {
    kind: 'youtube',
    youtubeId,
    url,
    title: null,
    channelTitle: null,
    duration: null,
    durationSeconds: null,
    viewCount: null,
    thumbnail: `https://i.ytimg.com/vi/${youtubeId}/hqdefault.jpg`,
    detailsNote: `Video details could not be loaded (${reason}). You can still use this video.`,
  };
}

/** Identifies what questions are generated for, so a retry after a failed job reuses the video the server already made. */
export function selectionKey(selected: SelectedVideo | null): string {
  if (!selected) return 'transcript';
  if (selected.kind === 'youtube' && selected.existingVideoId !== undefined) return `library:${selected.existingVideoId}`;
  return selected.kind === 'upload' ? `upload:${selected.videoId}` : `youtube:${selected.youtubeId}`;
}

/** The library video the selection already is (an upload, or one opened from the dashboard), else null: generating for it makes no new lesson. */
export function libraryVideoId(selected: SelectedVideo | null): number | null {
  if (selected?.kind === 'upload') return selected.videoId;
  if (selected?.kind === 'youtube' && selected.existingVideoId !== undefined) return selected.existingVideoId;
  return null;
}

/** A video of the library as the wizard's selection (the dashboard's "Generate questions" opens /create?for={id}). */
export function videoFromLibrary(video: {
  id: number;
  title: string;
  type: string;
  youtubeId: string | null;
  url: string;
  thumbnailUrl: string | null;
  duration: number | null;
  filename?: string | null;
  mediaUrl?: string | null;
}): SelectedVideo {
  const seconds = typeof video.duration === 'number' && video.duration > 0 ? video.duration : null;
  if (video.youtubeId) {
    return {
      kind: 'youtube',
      youtubeId: video.youtubeId,
      url: video.url,
      title: video.title,
      channelTitle: null,
      duration: seconds === null ? null : formatClockDuration(seconds),
      durationSeconds: seconds,
      viewCount: null,
      thumbnail: video.thumbnailUrl,
      detailsNote: null,
      existingVideoId: video.id,
    };
  }
  return {
    kind: 'upload',
    videoId: video.id,
    title: video.title,
    filename: video.filename ?? video.title,
    sizeBytes: null,
    mediaUrl: video.mediaUrl ?? null,
    durationSeconds: seconds,
  };
}

/** 75 → '1:15', 3725 → '1:02:05'. */
function formatClockDuration(seconds: number): string {
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The title the wizard's title field starts with: YouTube's or the file's, empty when unknown (the server then chooses one). */
export function initialLessonTitle(selected: SelectedVideo | null): string {
  return selected?.title ?? '';
}

/** The toast text when generation finishes: how many questions, and what the writer could not do (types without material, fewer questions). */
export function generationSummary(job: { questionCount: number; notes?: Array<{ code: string; message: string }> }): string {
  const count = `${job.questionCount} ${job.questionCount === 1 ? 'question is' : 'questions are'} ready to review.`;
  const notes = (job.notes ?? []).filter((n) => n.code === 'type_substituted' || n.code === 'type_added' || n.code === 'fewer_questions').map((n) => n.message);
  return [count, ...notes].join(' ');
}
