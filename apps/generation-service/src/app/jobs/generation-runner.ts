import { Injectable, Logger } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '@veolearn/config';
import { isRpcErrorBody, type SaveGeneratedQuestionsMessage, type SaveGeneratedQuestionsResult } from '@veolearn/contracts';
import { type ParsedTranscript, parseTranscript, type Question } from '@veolearn/domain';
import type { GenerationJobNote } from '@veolearn/contracts';
import { analyseLecture } from '@veolearn/question-writer';
import { emit } from '../events';
import { GENERATION_STAGES, type GenerationProgress } from '@veolearn/queues';
import { returningRows } from '@veolearn/persistence';
import { segmentsToVtt } from '@veolearn/storage';
import { CostRecorder } from '../costs/cost-recorder';
import { GenerationJobEntity } from '../entities';
import { LibraryClient } from '../library-client';
import { BuiltinQuestionProvider } from '../providers/builtin.provider';
import { OpenAiQuestionProvider } from '../providers/openai.provider';
import { ProviderError, type QuestionProvider } from '../providers/question-provider';
import { ProgressWriter } from './progress-writer';

/** What the worker learns from one run. */
export type RunOutcome = { status: 'completed'; questionCount: number } | { status: 'skipped'; reason: string };

/** What a run needs of its job row. */
type StartedJob = Pick<GenerationJobEntity, 'ownerId' | 'videoId' | 'provider' | 'title' | 'durationSeconds' | 'settings' | 'transcript'>;

interface StartedJobRow {
  owner_id: number;
  video_id: number;
  provider: GenerationJobEntity['provider'];
  title: string;
  duration_seconds: number | null;
  settings: GenerationJobEntity['settings'];
  transcript: string;
}

function startedJob(raw: StartedJobRow): StartedJob {
  return {
    ownerId: raw.owner_id,
    videoId: raw.video_id,
    provider: raw.provider,
    title: raw.title,
    durationSeconds: raw.duration_seconds,
    settings: raw.settings,
    transcript: raw.transcript,
  };
}

/** A failure that retrying the job cannot fix. */
export class PermanentJobError extends Error {}

const WRITING_SPAN = GENERATION_STAGES.checking.percent - GENERATION_STAGES.writing.percent;
/** Longest wait between two saves while the video-service does not answer. */
const SAVE_BACKOFF_MAX_MS = 30_000;

/**
 * True when a call to the video-service failed because it did not answer or could not work right
 * now (503: a restart, an outage), as opposed to refusing the request.
 */
export function isServiceUnavailable(error: unknown): boolean {
  const body = error instanceof RpcException ? error.getError() : null;
  return !isRpcErrorBody(body) || body.statusCode === 503;
}

/**
 * WebVTT captions from a transcript that carries its own timing (SRT, WebVTT, a YouTube transcript
 * copy); null for plain text, whose times are only estimated from speaking speed.
 */
function captionsFrom(parsed: ParsedTranscript): string | null {
  return parsed.format === 'plain' ? null : segmentsToVtt(parsed.segments);
}

/**
 * Runs one generation job: transcript → chapters → questions (provider) → one saved question set.
 * Progress goes to the job row (what the API reports) and to the BullMQ job.
 */
@Injectable()
export class GenerationRunner {
  private readonly logger = new Logger(GenerationRunner.name);

  constructor(
    private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly library: LibraryClient,
    private readonly costs: CostRecorder,
    private readonly builtin: BuiltinQuestionProvider,
    private readonly openai: OpenAiQuestionProvider,
  ) {}

  private providerFor(row: StartedJob): QuestionProvider {
    return row.provider === 'openai' ? this.openai : this.builtin;
  }

  async run(jobId: string, report: (progress: GenerationProgress) => Promise<void>): Promise<RunOutcome> {
    // The start, the try's count and the first stage in one statement, which also reads what the run needs.
    const reading = GENERATION_STAGES.reading;
    const started = returningRows<StartedJobRow>(
      await this.dataSource.query(
        `UPDATE generation.jobs SET state = 'active', attempts = attempts + 1, percent = $2, stage = $3, started_at = COALESCE(started_at, now()), updated_at = now()
         WHERE id = $1 AND state NOT IN ('completed', 'failed')
         RETURNING owner_id, video_id, provider, title, duration_seconds, settings, transcript`,
        [jobId, reading.percent, reading.stage],
      ),
    );
    if (!started[0]) {
      const rows: Array<{ state: string }> = await this.dataSource.query('SELECT state FROM generation.jobs WHERE id = $1', [jobId]);
      return { status: 'skipped', reason: rows[0] ? `already ${rows[0].state}` : 'job row not found' };
    }
    const row = startedJob(started[0]);
    await report(reading);
    const writer = new ProgressWriter(
      async (step) => {
        // Never over a row that has moved on (completed, failed or retrying) meanwhile.
        await this.dataSource.query(`UPDATE generation.jobs SET percent = $2, stage = $3, updated_at = now() WHERE id = $1 AND state = 'active'`, [
          jobId,
          step.percent,
          step.stage,
        ]);
        // A held step whose write ended after the job did must not put the queue job's progress back.
        if (!writer.isEnded) await report(step);
      },
      (error) => this.logger.warn(`Job ${jobId}: a progress update was not saved: ${error instanceof Error ? error.message : String(error)}`),
    );
    writer.wrote();
    const progress = (step: GenerationProgress): Promise<void> =>
      writer.report({ percent: Math.max(0, Math.min(100, Math.round(step.percent))), stage: step.stage.slice(0, 120) });
    try {
      return await this.runStarted(jobId, row, progress, report);
    } finally {
      writer.end();
    }
  }

  private async runStarted(
    jobId: string,
    row: StartedJob,
    progress: (step: GenerationProgress) => Promise<void>,
    report: (progress: GenerationProgress) => Promise<void>,
  ): Promise<RunOutcome> {
    const duration = row.durationSeconds ?? undefined;
    const parsed = parseTranscript(row.transcript, { durationSeconds: duration });
    if (parsed.segments.length === 0) throw new PermanentJobError('The transcript has no readable text.');
    const durationSeconds = duration ?? Math.ceil(Math.max(...parsed.segments.map((s) => s.end)));

    await progress(GENERATION_STAGES.chapters);
    const lecture = analyseLecture(parsed.segments, { durationSeconds });
    const chapters = lecture.chapters;
    const notes: GenerationJobNote[] = [];

    await progress(GENERATION_STAGES.writing);
    const provider = this.providerFor(row);
    const context = { jobId, ownerId: row.ownerId, videoId: row.videoId };
    let questions: Question[];
    try {
      questions = await provider.generate(
        { title: row.title, segments: parsed.segments, chapters, durationSeconds, settings: row.settings, lecture },
        {
          note: (note) => {
            notes.push(note);
          },
          progress: (fraction, stage) =>
            progress({
              percent: GENERATION_STAGES.writing.percent + WRITING_SPAN * Math.max(0, Math.min(1, fraction)),
              stage: stage ?? GENERATION_STAGES.writing.stage,
            }),
          recordCall: (call) => this.costs.record(context, call),
        },
      );
    } catch (error) {
      if (error instanceof ProviderError && error.permanent) throw new PermanentJobError(error.message);
      throw error;
    }

    await progress(GENERATION_STAGES.checking);
    if (questions.length === 0) {
      throw new PermanentJobError('The transcript did not give enough material for questions. Add a longer transcript and try again.');
    }

    await progress(GENERATION_STAGES.saving);
    let saved;
    try {
      saved = await this.saveWhenAnswered({
        ownerId: row.ownerId,
        videoId: row.videoId,
        jobId,
        questions: questions as unknown as Array<Record<string, unknown>>,
        duration: durationSeconds,
        captionsVtt: captionsFrom(parsed),
        transcript: row.transcript,
      });
    } catch (error) {
      const body = error instanceof RpcException ? error.getError() : null;
      if (isRpcErrorBody(body) && body.statusCode === 404) {
        throw new PermanentJobError('The video was deleted before its questions were ready.');
      }
      if (isRpcErrorBody(body) && body.statusCode === 400) {
        throw new PermanentJobError(`The generated questions were refused: ${body.message}`);
      }
      throw error;
    }
    const count = saved.interactions.length;
    // The save made the video ready with its questions: the video already follows the job.
    await this.dataSource.transaction(async (manager) => {
      const done = returningRows<{ started_at: Date | null }>(
        await manager.query(
          `UPDATE generation.jobs SET state = 'completed', percent = 100, stage = $2, error = NULL, question_count = $3, notes = $4::jsonb,
                  finished_at = now(), video_synced_at = now(), updated_at = now() WHERE id = $1 AND state <> 'completed' RETURNING started_at`,
          [jobId, GENERATION_STAGES.done.stage, count, JSON.stringify(notes)],
        ),
      );
      // A job completes once: a second run of a completed job (a retried BullMQ job) writes no second event.
      const first = done[0];
      if (!first) return;
      await emit(manager, 'lesson.generated', {
        jobId,
        videoId: row.videoId,
        ownerId: row.ownerId,
        questionCount: count,
        provider: row.provider,
        durationMs: first.started_at ? Math.max(0, Date.now() - new Date(first.started_at).getTime()) : 0,
      });
    });
    await report(GENERATION_STAGES.done);
    if (!saved.created) this.logger.log(`Job ${jobId}: its question set was already saved; kept the stored ${count} questions`);
    return { status: 'completed', questionCount: count };
  }

  /**
   * Saves the question set, trying again (waits doubling from GENERATION_SAVE_BACKOFF_MS up to 30 s)
   * while the video-service does not answer, for up to GENERATION_SAVE_RETRY_MS: a video-service
   * restart or outage delays the job instead of failing it. The save is idempotent per job.
   */
  private async saveWhenAnswered(message: SaveGeneratedQuestionsMessage): Promise<SaveGeneratedQuestionsResult> {
    const giveUpAt = Date.now() + this.config.GENERATION_SAVE_RETRY_MS;
    let delay = this.config.GENERATION_SAVE_BACKOFF_MS;
    for (;;) {
      try {
        return await this.library.saveGenerated(message);
      } catch (error) {
        if (!isServiceUnavailable(error) || Date.now() + delay > giveUpAt) throw error;
        const seconds = Math.max(1, Math.round(delay / 1000));
        this.logger.warn(`Job ${message.jobId}: the video-service did not take the questions; saving again in ${seconds} s`);
        await this.dataSource
          .query('UPDATE generation.jobs SET stage = $2, updated_at = now() WHERE id = $1', [
            message.jobId,
            `Saving the questions (the library is not answering; trying again in ${seconds} s)`,
          ])
          .catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, delay));
        delay = Math.min(delay * 2, SAVE_BACKOFF_MAX_MS);
      }
    }
  }

  /**
   * Records a try that failed; `final` marks the job failed for good and then its video as failed.
   * When the video-service cannot take that now, the job row keeps `video_synced_at` empty and the
   * reconciler marks the video later (GenerationReconciler.syncFailedVideos), so no video stays `processing`.
   */
  async recordFailure(jobId: string, message: string, final: boolean, retryInMs: number): Promise<void> {
    if (final) {
      const rows: Array<{ id: string; owner_id: number; video_id: number }> = await this.dataSource.query(
        `SELECT id, owner_id, video_id FROM generation.jobs WHERE id = $1 AND state <> 'completed'`,
        [jobId],
      );
      if (!rows[0]) return;
      // The video first, so that a client who sees the failed job also sees the failed video.
      const videoTold = await this.tellVideoFailed(rows[0]);
      await this.dataSource.query(
        `UPDATE generation.jobs SET state = 'failed', percent = 100, stage = $2, error = $3, finished_at = now(),
                video_synced_at = CASE WHEN $4::boolean THEN now() END, updated_at = now()
         WHERE id = $1 AND state <> 'completed'`,
        [jobId, GENERATION_STAGES.failed.stage, message.slice(0, 2000), videoTold],
      );
      return;
    }
    const seconds = Math.max(1, Math.round(retryInMs / 1000));
    await this.dataSource.query(
      `UPDATE generation.jobs SET state = 'retrying', stage = $2, error = $3, updated_at = now() WHERE id = $1 AND state <> 'completed'`,
      [jobId, `Retrying in ${seconds} s`, message.slice(0, 2000)],
    );
  }

  /**
   * Marks the video of a failed job as failed (the video-service keeps it as it is when that job's
   * questions were saved). A video with a newer job is left to that job, and a deleted one has no
   * state left to follow. False when the video-service could not be reached (tried again later).
   */
  async tellVideoFailed(row: { id: string; owner_id: number; video_id: number }): Promise<boolean> {
    const newer: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM generation.jobs n JOIN generation.jobs j ON n.video_id = j.video_id AND n.created_at > j.created_at WHERE j.id = $1 LIMIT 1`,
      [row.id],
    );
    if (newer.length > 0) return true;
    try {
      await this.library.markGenerationFailed({ ownerId: row.owner_id, videoId: row.video_id, jobId: row.id });
      return true;
    } catch (error) {
      const body = error instanceof RpcException ? error.getError() : null;
      if (isRpcErrorBody(body) && body.statusCode === 404) return true;
      this.logger.warn(`Could not mark video ${row.video_id} as failed yet (tried again later): ${String(error)}`);
      return false;
    }
  }
}
