import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '@veolearn/config';
import type {
  GenerationJobView,
  GenerationProvider,
  GetGenerationJobMessage,
  StartGenerationMessage,
  StartGenerationResult,
  VideoView,
} from '@veolearn/contracts';
import { MIN_TRANSCRIPT_CHARS_FOR_GENERATION, parseTranscript, resolveGenerationSettings, type TranscriptSegment } from '@veolearn/domain';
import { analyseLecture, lessonTitle } from '@veolearn/question-writer';
import { assertLibraryWritable, currentRequestId, rpcError } from '@veolearn/nest-common';
import { GENERATION_STAGES } from '@veolearn/queues';
import { GenerationJobEntity } from '../entities';
import { LibraryClient } from '../library-client';
import { YouTubeClient } from '../youtube/youtube.client';
import { GenerationQueue } from './generation-queue';
import { toJobView } from './job-views';

const JOB_NOT_FOUND = 'Generation job not found';
const QUEUE_DOWN =
  'Question generation is unavailable right now: the job queue cannot be reached. Nothing was saved; please try again in a minute.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Longest transcript accepted (about 8 hours of speech). */
export const MAX_TRANSCRIPT_CHARS = 400_000;
const TITLE_MAX = 200;
/** The longest video length a client may state (a day), in seconds. */
export const MAX_CLIENT_DURATION_SECONDS = 86_400;
const BAD_DURATION = `duration must be the video's length in seconds, a number from 1 to ${MAX_CLIENT_DURATION_SECONDS} (24 hours); leave it out when unknown`;

/**
 * The video's length as the client states it, in whole seconds, rounded up as videos store their
 * length (so a question at the very end still fits); null when it was not sent.
 */
export function clientDurationSeconds(value: unknown): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 1 || value > MAX_CLIENT_DURATION_SECONDS) {
    throw rpcError(400, BAD_DURATION);
  }
  return Math.ceil(value);
}

/** Starts generation jobs (video + job row + queued job, all or nothing) and reports on them. */
@Injectable()
export class GenerationJobsService {
  private readonly logger = new Logger(GenerationJobsService.name);

  constructor(
    private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly library: LibraryClient,
    private readonly youtube: YouTubeClient,
    private readonly queue: GenerationQueue,
  ) {}

  private get provider(): GenerationProvider {
    return this.config.openAiConfigured ? 'openai' : 'builtin';
  }

  async start(message: StartGenerationMessage): Promise<StartGenerationResult> {
    // A read-only library (an expired trial, a canceled subscription) may not start generation, not even
    // for a video it already holds: refused before anything is looked up, written or spent.
    assertLibraryWritable(message?.owner);
    const transcript = typeof message.transcript === 'string' ? message.transcript.trim() : '';
    if (transcript.length <= MIN_TRANSCRIPT_CHARS_FOR_GENERATION) {
      throw rpcError(400, `Add a transcript first: it needs more than ${MIN_TRANSCRIPT_CHARS_FOR_GENERATION} characters to generate questions.`);
    }
    if (transcript.length > MAX_TRANSCRIPT_CHARS) {
      throw rpcError(400, `The transcript is too long (${transcript.length} characters; at most ${MAX_TRANSCRIPT_CHARS}).`);
    }
    const sentDuration = clientDurationSeconds(message.duration);
    const settings = resolveGenerationSettings(message.settings);
    const ownerId = message.owner.userId;

    const known = await this.knownVideo(message, sentDuration !== null);
    // The video's real length, when anybody knows it: the client's player first, then YouTube or the stored video.
    const videoDuration = sentDuration ?? known.duration;
    const parsed = parseTranscript(transcript, { durationSeconds: videoDuration ?? undefined });
    if (parsed.segments.length === 0) throw rpcError(400, 'The transcript has no readable text.');
    const transcriptEnd = Math.ceil(Math.max(...parsed.segments.map((s) => s.end)));
    // The job times the transcript over the real length, else over the transcript's own (estimated) end.
    const duration = videoDuration ?? transcriptEnd;
    const title = (message.title?.trim() || known.title || this.titleFromTranscript(parsed.segments, duration)).slice(0, TITLE_MAX);

    // Refuse before writing anything when the queue cannot take the job.
    await this.queue.ping().catch((error: unknown) => {
      this.logger.warn(`Queue Redis unreachable: ${error instanceof Error ? error.message : String(error)}`);
      throw rpcError(503, QUEUE_DOWN);
    });

    const video =
      known.video ??
      (await this.library.createVideo({
        owner: message.owner,
        youtubeId: message.target.kind === 'youtube' ? message.target.youtubeId : null,
        title,
        folderId: message.folderId ?? null,
        // Only a known length; the transcript's end fills an unknown one when the questions are saved.
        duration: videoDuration,
        status: 'processing',
      }));

    const jobId = randomUUID();
    const repo = this.dataSource.getRepository(GenerationJobEntity);
    const row = repo.create({
      id: jobId,
      ownerId,
      videoId: video.id,
      target: message.target,
      state: 'queued',
      percent: GENERATION_STAGES.queued.percent,
      stage: GENERATION_STAGES.queued.stage,
      error: null,
      attempts: 0,
      maxAttempts: this.config.GENERATION_ATTEMPTS,
      provider: this.provider,
      title: video.title,
      durationSeconds: duration,
      settings,
      transcript,
      notes: [],
      questionCount: 0,
      startedAt: null,
      finishedAt: null,
      videoSyncedAt: null,
      requestId: currentRequestId() ?? null,
    });
    try {
      // One INSERT (its RETURNING fills the row's times), not save()'s transaction with a look-up first.
      await repo.insert(row);
    } catch (error) {
      await this.undoStart(jobId, known.video ? null : video, message);
      throw error;
    }
    try {
      await this.queue.add(jobId);
    } catch (error) {
      this.logger.warn(`Enqueue failed, nothing kept: ${error instanceof Error ? error.message : String(error)}`);
      await this.undoStart(jobId, known.video ? null : video, message);
      throw rpcError(503, QUEUE_DOWN);
    }
    return { video, job: toJobView(row), interactions: [] };
  }

  async getJob(message: GetGenerationJobMessage): Promise<GenerationJobView> {
    if (typeof message?.jobId !== 'string' || !UUID.test(message.jobId)) throw rpcError(404, JOB_NOT_FOUND);
    const row = await this.dataSource
      .getRepository(GenerationJobEntity)
      .findOne({ where: { id: message.jobId, ownerId: message.owner.userId } });
    if (!row) throw rpcError(404, JOB_NOT_FOUND);
    if (row.state !== 'completed') return toJobView(row);
    const questions = await this.library.ownerInteractions(row.ownerId, row.videoId).catch(() => []);
    return toJobView(row, questions);
  }

  /**
   * The video the questions are for when it exists already, or what is known of the new one. YouTube is
   * not asked when the client already gave both the title and the length.
   */
  private async knownVideo(
    message: StartGenerationMessage,
    durationSent: boolean,
  ): Promise<{ video: VideoView | null; title: string | null; duration: number | null }> {
    const target = message.target;
    if (target.kind === 'video') {
      const video = await this.library.getVideo({ owner: message.owner, videoId: target.videoId });
      return { video, title: video.title, duration: video.duration };
    }
    if (target.kind === 'youtube') {
      if (durationSent && message.title?.trim()) return { video: null, title: null, duration: null };
      const details = await this.youtube.lookup(target.youtubeId).catch((error: unknown) => {
        this.logger.warn(`YouTube lookup for ${target.youtubeId} failed; using the link only: ${error instanceof Error ? error.message : String(error)}`);
        return null;
      });
      return {
        video: null,
        title: details?.title ?? null,
        duration: details?.durationSeconds && details.durationSeconds > 0 ? details.durationSeconds : null,
      };
    }
    return { video: null, title: null, duration: null };
  }

  /** A link-less lesson is titled with its main subject as the speaker names it ("Lesson: Photosynthesis"). */
  private titleFromTranscript(segments: TranscriptSegment[], duration: number): string {
    const lecture = analyseLecture(segments, { durationSeconds: duration });
    return lecture.chapters.length > 0 ? `Lesson: ${lessonTitle(lecture)}` : 'Transcript lesson';
  }

  /** Removes what a failed start wrote, so nothing is left half-way. */
  private async undoStart(jobId: string, createdVideo: VideoView | null, message: StartGenerationMessage): Promise<void> {
    await this.dataSource.query('DELETE FROM generation.jobs WHERE id = $1', [jobId]).catch(() => undefined);
    if (createdVideo) {
      await this.library.deleteVideo({ owner: message.owner, videoId: createdVideo.id }).catch((error: unknown) => {
        this.logger.error(`Could not remove video ${createdVideo.id} after a failed enqueue: ${String(error)}`);
      });
    }
  }
}
