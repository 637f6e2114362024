import { Injectable, Logger, Inject } from '@nestjs/common';
import { emit } from '../events';
import { RpcException } from '@nestjs/microservices';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '@veolearn/config';
import { type ExportLesson, isRpcErrorBody } from '@veolearn/contracts';
import { EXPORT_STAGES, type ExportProgress } from '@veolearn/queues';
import { returningRows } from '@veolearn/persistence';
import { VIDEO_STORAGE, type VideoStorage } from '@veolearn/storage';
import { ScormPackageEntity } from '../entities';
import { LibraryClient } from '../library-client';
import { contentHash, packageLessonData, packageStorageKey, scormFilename } from '../scorm/package-contents';
import { listPlayerFiles, PermanentExportError, playerFingerprint } from '../scorm/player-files';
import { buildScormPackage } from '../scorm/scorm-builder';

export type RunOutcome = { status: 'completed'; sizeBytes: number } | { status: 'skipped'; reason: string };

/**
 * Builds one SCORM package: reads the lesson from the video-service, zips it with the player into
 * storage (exports/scorm/{id}.zip) and completes the row with the size, the file name and the hash
 * of what was really built. Progress goes to the row (what the API reports) and to the BullMQ job.
 */
@Injectable()
export class ExportRunner {
  private readonly logger = new Logger(ExportRunner.name);

  constructor(
    private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly library: LibraryClient,
    @Inject(VIDEO_STORAGE) private readonly storage: VideoStorage,
  ) {}

  async run(jobId: string, report: (progress: ExportProgress) => Promise<void>): Promise<RunOutcome> {
    const row = await this.dataSource.getRepository(ScormPackageEntity).findOne({ where: { id: jobId } });
    if (!row) return { status: 'skipped', reason: 'package row not found' };
    if (row.state === 'completed' || row.state === 'failed') return { status: 'skipped', reason: `already ${row.state}` };

    await this.dataSource.query(
      `UPDATE export.scorm_packages SET state = 'active', attempts = attempts + 1, error = NULL, started_at = COALESCE(started_at, now()), updated_at = now() WHERE id = $1`,
      [jobId],
    );
    const progress = async (step: ExportProgress): Promise<void> => {
      const percent = Math.max(0, Math.min(100, Math.round(step.percent)));
      await this.dataSource.query(
        `UPDATE export.scorm_packages SET progress = $2, stage = $3, updated_at = now() WHERE id = $1 AND state = 'active'`,
        [jobId, percent, step.stage.slice(0, 120)],
      );
      await report({ percent, stage: step.stage });
    };

    await progress(EXPORT_STAGES.reading);
    const lesson = await this.readLesson(row.ownerId, row.videoId);
    let playerFiles;
    try {
      playerFiles = await listPlayerFiles(this.config.SCORM_PLAYER_DIR);
    } catch (error) {
      if (error instanceof PermanentExportError && error.detail) this.logger.error(`${error.message}: ${error.detail}`);
      throw error;
    }
    const data = packageLessonData(lesson, row.scormVersion, row.options);
    const hash = contentHash(data, lesson, playerFingerprint(playerFiles));
    const storageKey = packageStorageKey(row.id);
    const built = await buildScormPackage({ lesson, data, version: row.scormVersion, playerFiles, storageKey }, this.storage, progress);

    await this.dataSource.transaction(async (manager) => {
      const done = await manager.query(
        `UPDATE export.scorm_packages
            SET state = 'completed', progress = 100, stage = $2, error = NULL, storage_key = $3, size_bytes = $4, content_hash = $5, filename = $6,
                finished_at = now(), updated_at = now()
          WHERE id = $1 AND state <> 'completed' RETURNING id`,
        [jobId, EXPORT_STAGES.done.stage, storageKey, built.sizeBytes, hash, scormFilename(lesson.video.title).slice(0, 200)],
      );
      // One export.made per package: a build that ran again over a completed row writes no second event.
      const changed = returningRows(done).length;
      if (changed === 0) return;
      await emit(manager, 'export.made', { exportId: jobId, videoId: Number(row.videoId), ownerId: Number(row.ownerId), format: row.scormVersion });
    });
    await report(EXPORT_STAGES.done);
    return { status: 'completed', sizeBytes: built.sizeBytes };
  }

  private async readLesson(ownerId: number, videoId: number): Promise<ExportLesson> {
    try {
      return await this.library.exportLesson({ ownerId, videoId });
    } catch (error) {
      const body = error instanceof RpcException ? error.getError() : null;
      if (isRpcErrorBody(body) && body.statusCode === 404) throw new PermanentExportError('The video was deleted before its package was built.');
      throw error;
    }
  }

  /** Records a try that failed; `final` marks the build failed for good. */
  async recordFailure(jobId: string, message: string, final: boolean, retryInMs: number): Promise<void> {
    if (final) {
      await this.dataSource.query(
        `UPDATE export.scorm_packages SET state = 'failed', progress = 100, stage = $2, error = $3, finished_at = now(), updated_at = now()
          WHERE id = $1 AND state <> 'completed'`,
        [jobId, EXPORT_STAGES.failed.stage, message.slice(0, 2000)],
      );
      return;
    }
    const seconds = Math.max(1, Math.round(retryInMs / 1000));
    await this.dataSource.query(
      `UPDATE export.scorm_packages SET state = 'queued', stage = $2, error = $3, updated_at = now() WHERE id = $1 AND state <> 'completed'`,
      [jobId, `Retrying in ${seconds} s`, message.slice(0, 2000)],
    );
  }
}
