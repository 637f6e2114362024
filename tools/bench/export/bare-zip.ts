/**
 * The floor of a SCORM export job: the same package contents zipped in this process with archiver
 * (zlib level 6, the upload stored), into a byte counter — no gateway, service, queue, database or
 * storage. Mirrors apps/export-service/src/app/scorm (scorm-builder.ts, package-contents.ts,
 * player-files.ts); keep the two in step.
 */
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { Writable } from 'node:stream';
import archiver from 'archiver';
import type { Question } from '@veolearn/domain';
import { buildManifest, SCORM_MANIFEST_FILE, SCORM_MAX_SCORE_PER_QUESTION, scormMasteryScore, scormMaxScore, type ScormVersion } from '@veolearn/scorm';

export interface PlayerFile {
  path: string;
  file: string;
  size: number;
}

/** The player directory's files as the export-service lists them: sorted, source maps and reserved names left out. */
export async function listPlayer(root: string): Promise<PlayerFile[]> {
  const out: PlayerFile[] = [];
  const reserved = new Set([SCORM_MANIFEST_FILE, 'lesson.js', 'lesson.json']);
  async function walk(dir: string): Promise<void> {
    const entries = await readdir(dir, { withFileTypes: true });
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const file = join(dir, entry.name);
      if (entry.isDirectory()) await walk(file);
      else if (entry.isFile()) {
        const path = relative(root, file).split(sep).join('/');
        if (reserved.has(path) || path.endsWith('.map')) continue;
        out.push({ path, file, size: (await stat(file)).size });
      }
    }
  }
  await walk(root);
  return out;
}

export interface BareLesson {
  videoId: number;
  title: string;
  duration: number;
  youtubeId: string | null;
  /** An uploaded video file on disk, zipped stored (no recompression) as media/video.webm. */
  media: { file: string; mimeType: string } | null;
  questions: Array<Question & { id: number }>;
}

/** lesson.js / lesson.json content: the shape the launch page reads (see package-contents.ts). */
function lessonData(lesson: BareLesson, version: ScormVersion): unknown {
  const n = lesson.questions.length;
  return {
    format: 1,
    scormVersion: version,
    video: {
      id: lesson.videoId,
      title: lesson.title,
      type: lesson.media ? 'upload' : 'youtube',
      youtubeId: lesson.youtubeId,
      mediaFile: lesson.media ? 'media/video.webm' : null,
      mimeType: lesson.media?.mimeType ?? null,
      captionsFile: null,
      duration: lesson.duration,
      skippingMode: 'free',
      requireCorrect: false,
    },
    questions: lesson.questions.map((q) => ({
      id: q.id,
      type: q.type,
      question: q.question,
      ...('scenario' in q && q.scenario !== undefined ? { scenario: q.scenario } : {}),
      options: q.options,
      correctAnswer: q.correctAnswer,
      timestamp: q.timestamp,
      topicTitle: q.topicTitle,
      topicStartTime: q.topicStartTime,
      feedback: q.feedback,
    })),
    masteryScore: scormMasteryScore(n),
    maxScore: scormMaxScore(n),
    maxScorePerQuestion: SCORM_MAX_SCORE_PER_QUESTION,
    settings: { autoplay: false, showControls: true, includeAnalytics: true },
    generatedAt: new Date().toISOString(),
  };
}

function safeJson(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Builds the package into a byte counter: the zip's size and lesson.js's size before compression. */
export async function bareZip(lesson: BareLesson, version: ScormVersion, player: PlayerFile[]): Promise<{ bytes: number; lessonBytes: number }> {
  const files = [...player.map((f) => f.path), 'lesson.js', 'lesson.json', ...(lesson.media ? ['media/video.webm'] : [])];
  const n = lesson.questions.length;
  const manifest = buildManifest(
    {
      id: String(lesson.videoId),
      title: lesson.title,
      description: `Interactive video lesson with ${n === 1 ? '1 question' : `${n} questions`}, exported from VeoLearn.`,
      questionCount: n,
      durationSeconds: lesson.duration,
      files,
      launch: 'index.html',
    },
    version,
  );
  const data = lessonData(lesson, version);
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      callback();
    },
  });
  const archive = archiver('zip', { zlib: { level: 6 } });
  const done = new Promise<void>((resolve, reject) => {
    sink.on('finish', resolve);
    sink.on('error', reject);
    archive.on('error', reject);
    archive.on('warning', reject);
  });
  archive.pipe(sink);
  archive.append(manifest, { name: SCORM_MANIFEST_FILE });
  for (const f of player) archive.append(createReadStream(f.file), { name: f.path });
  const script = `/* VeoLearn lesson data (generated). */\nwindow.VEOLEARN_LESSON = ${safeJson(data)};\n`;
  archive.append(script, { name: 'lesson.js' });
  archive.append(`${safeJson(data, 2)}\n`, { name: 'lesson.json' });
  if (lesson.media) archive.append(createReadStream(lesson.media.file), { name: 'media/video.webm', store: true });
  await archive.finalize();
  await done;
  return { bytes, lessonBytes: Buffer.byteLength(script) };
}
