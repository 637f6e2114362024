import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import archiver from 'archiver';
import type { ExportLesson, ScormVersion } from '@veolearn/contracts';
import { type ExportProgress, EXPORT_STAGES } from '@veolearn/queues';
import { buildManifest, SCORM_MANIFEST_FILE } from '@veolearn/scorm';
import { StorageNotFoundError, type VideoStorage } from '@veolearn/storage';
import {
  CAPTIONS_FILE,
  LAUNCH_PAGE,
  LESSON_JSON,
  LESSON_SCRIPT,
  lessonScript,
  mediaPath,
  type PackageLessonData,
  safeJson,
} from './package-contents';
import { PermanentExportError, type PlayerFile } from './player-files';

/** A package may be as large as the largest upload plus its player: far below this. */
const MAX_PACKAGE_BYTES = 8 * 1024 * 1024 * 1024;
const PROGRESS_EVERY_MS = 300;

/** Every file the package holds besides the manifest, in the order they are written. */
export function packageFiles(playerFiles: Array<Pick<PlayerFile, 'path'>>, lesson: Pick<ExportLesson, 'media' | 'captionsVtt'>): string[] {
  return [
    ...playerFiles.map((f) => f.path),
    LESSON_SCRIPT,
    LESSON_JSON,
    ...(lesson.captionsVtt ? [CAPTIONS_FILE] : []),
    ...(lesson.media ? [mediaPath(lesson.media.mimeType)] : []),
  ];
}

/** imsmanifest.xml for the lesson and the files its package holds. */
export function lessonManifest(lesson: ExportLesson, version: ScormVersion, files: string[]): string {
  const v = lesson.video;
  const questions = lesson.questions.length;
  return buildManifest(
    {
      id: String(v.id),
      title: v.title,
      description: `Interactive video lesson with ${questions === 1 ? '1 question' : `${questions} questions`}, exported from VeoLearn.`,
      questionCount: questions,
      durationSeconds: v.duration,
      files,
      launch: LAUNCH_PAGE,
    },
    version,
  );
}

export interface BuildInput {
  lesson: ExportLesson;
  data: PackageLessonData;
  version: ScormVersion;
  playerFiles: PlayerFile[];
  storageKey: string;
}

/**
 * Zips a SCORM package straight into storage: imsmanifest.xml at the root, the launch-page bundle,
 * lesson.js and lesson.json, the lesson's captions when it has some, and (for an upload lesson) the video, stored without recompression.
 * Reports the stage from the bytes the zip has taken in. The stored object appears only once complete.
 */
export async function buildScormPackage(input: BuildInput, storage: VideoStorage, report: (step: ExportProgress) => Promise<void>): Promise<{ sizeBytes: number; files: string[] }> {
  const { lesson, version, playerFiles } = input;
  const files = packageFiles(playerFiles, lesson);
  const manifest = lessonManifest(lesson, version, files);

  let media: Readable | null = null;
  if (lesson.media) {
    try {
      media = await storage.openRead(lesson.media.storageKey);
    } catch (error) {
      if (error instanceof StorageNotFoundError) throw new PermanentExportError("The lesson's uploaded video is missing from storage; upload it again.");
      throw error;
    }
  }

  const archive = archiver('zip', { zlib: { level: 6 } });
  const playerBytes = playerFiles.reduce((n, f) => n + f.size, 0);
  const mediaBytes = lesson.media?.sizeBytes ?? 0;
  let lastReport = 0;
  let reporting: Promise<void> = Promise.resolve();
  let currentStage: string = EXPORT_STAGES.player.stage;
  archive.on('progress', ({ fs }) => {
    const now = Date.now();
    if (now - lastReport < PROGRESS_EVERY_MS) return;
    lastReport = now;
    const done = fs.processedBytes;
    let step: ExportProgress;
    if (done < playerBytes) {
      step = { percent: EXPORT_STAGES.player.percent + (EXPORT_STAGES.video.percent - EXPORT_STAGES.player.percent) * (done / Math.max(1, playerBytes)), stage: EXPORT_STAGES.player.stage };
    } else if (mediaBytes > 0 && done < playerBytes + mediaBytes) {
      const part = (done - playerBytes) / mediaBytes;
      step = { percent: EXPORT_STAGES.video.percent + (EXPORT_STAGES.zipping.percent - EXPORT_STAGES.video.percent) * part, stage: EXPORT_STAGES.video.stage };
    } else {
      step = EXPORT_STAGES.zipping;
    }
    currentStage = step.stage;
    reporting = reporting.then(() => report(step)).catch(() => undefined);
  });
  const failure = new Promise<never>((_, reject) => {
    archive.on('error', reject);
    archive.on('warning', reject);
  });
  failure.catch(() => undefined);
  const stored = storage.put(input.storageKey, archive, { maxBytes: MAX_PACKAGE_BYTES });
  stored.catch(() => undefined);

  await report(EXPORT_STAGES.player);
  archive.append(manifest, { name: SCORM_MANIFEST_FILE });
  for (const f of playerFiles) archive.append(createReadStream(f.file), { name: f.path });
  archive.append(lessonScript(input.data), { name: LESSON_SCRIPT });
  archive.append(`${safeJson(input.data, 2)}\n`, { name: LESSON_JSON });
  if (lesson.captionsVtt) archive.append(lesson.captionsVtt, { name: CAPTIONS_FILE });
  if (media && lesson.media) {
    archive.append(media, { name: mediaPath(lesson.media.mimeType), store: true });
  }
  await Promise.race([archive.finalize(), failure]);
  await reporting;
  if (currentStage !== EXPORT_STAGES.zipping.stage) await report(EXPORT_STAGES.zipping);
  await report(EXPORT_STAGES.saving);
  const result = await Promise.race([stored, failure]);
  return { sizeBytes: result.bytes, files: [SCORM_MANIFEST_FILE, ...files] };
}
