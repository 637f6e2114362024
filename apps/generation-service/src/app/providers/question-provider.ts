import type { Chapter, Question, TranscriptSegment } from '@veolearn/domain';
import type { GenerationJobNote, GenerationProvider, GenerationSettings } from '@veolearn/contracts';
import type { Lecture } from '@veolearn/question-writer';

/** Everything a provider needs to write a video's questions. */
export interface GenerationRequest {
  title: string;
  /** Timed transcript segments (already parsed). */
  segments: TranscriptSegment[];
  /** Up to 10 chapters built from the segments. */
  chapters: Chapter[];
  /** Length of the video in seconds (known or estimated from the transcript). */
  durationSeconds: number;
  settings: GenerationSettings;
  /** The transcript as analysed once by the job (sentences, chapters, definitions, audience), when available. */
  lecture?: Lecture;
}

/** One call to an AI model, recorded as a durable cost event. */
export interface ProviderCallRecord {
  provider: GenerationProvider;
  model: string;
  promptTokens: number;
  completionTokens: number;
  /** US dollars, from the configured prices per million tokens. */
  costUsd: number;
  durationMs: number;
  succeeded: boolean;
  /** Why the call failed or its answer was refused (malformed JSON, schema errors, timeout). */
  error?: string;
}

export interface ProviderHooks {
  /** Reports how far the provider is, 0..1 (the job maps it onto its own percentage). */
  progress(fraction: number, stage?: string): Promise<void>;
  /** Records one AI call (token usage and cost); awaited so the record is durable before going on. */
  recordCall(call: ProviderCallRecord): Promise<void>;
  /** Tells the creator something about the set (a type without material, fewer questions than asked); shown with the job. */
  note?(note: GenerationJobNote): void;
}

/**
 * Writes questions for a video. Returns valid domain Questions (validateQuestion passes) whose
 * timestamps lie inside the video; the job finalises and stores them.
 * Throws ProviderError for failures that retrying the whole job will not fix (permanent = true),
 * or any other error for transient ones (the job retries with backoff).
 */
export interface QuestionProvider {
  readonly name: GenerationProvider;
  /** The model name recorded with cost events ('builtin' for the offline generator). */
  readonly model: string;
  generate(request: GenerationRequest, hooks: ProviderHooks): Promise<Question[]>;
}

export class ProviderError extends Error {
  constructor(
    message: string,
    /** True when another try of the same job cannot succeed (e.g. the model keeps answering malformed JSON). */
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
