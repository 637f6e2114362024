/**
 * Benchmark: SCORM package builds through the gateway, the export-service and its BullMQ queue,
 * beside the same package contents zipped in this process (archiver, no services, queue or storage).
 *
 *   fresh    the lesson changed (one question's text edited through PUT /api/interactions/{id}),
 *            then POST /api/videos/{id}/export {format:'scorm'} and GET /api/exports/{jobId} every
 *            20 ms until the job reads completed
 *   reused   the same POST again with nothing changed: the stored package is answered at once
 *   burst    20 distinct 50-question lessons exported at once
 *
 * For lessons of 10 and 50 questions (YouTube, so no media is zipped), SCORM 1.2 and 2004, plus one
 * upload lesson of a few MB for the zip size. Prints p50/p99, zip sizes and the goal of issue 12:
 * 50 questions built in at most 0.3 s p50. Not a test: it fails only if a request or a job fails.
 *
 * Run (after `npx nx run-many -t build -p gateway auth-service video-service generation-service export-service`
 * and `npx nx run web:build` for the SCORM player):
 *   npm run bench:export
 * Env: BENCH_RUNS (default 20), BENCH_WARMUP_RUNS (default 3), BENCH_BURST (default 20),
 *      BENCH_UPLOAD_MB (default 4), BENCH_POLL_MS (default 20),
 *      BENCH_EXPORT_CONCURRENCY (the export worker's EXPORT_CONCURRENCY, default: the service's own, 2).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from 'pg';
import type { Question } from '@veolearn/domain';
import type { ScormVersion } from '@veolearn/scorm';
import { startStack } from '@veolearn/testing';
import { positive, runBenchmark, signUp, table } from '../shared/bench-kit';
import { type BareLesson, bareZip, listPlayer, type PlayerFile } from './bare-zip';
import { lessonDuration, lessonQuestions } from './questions';

const RUNS = Math.floor(positive('BENCH_RUNS', 20));
const WARMUP_RUNS = Math.floor(positive('BENCH_WARMUP_RUNS', 3));
const BURST = Math.floor(positive('BENCH_BURST', 20));
const UPLOAD_MB = positive('BENCH_UPLOAD_MB', 4);
const POLL_MS = positive('BENCH_POLL_MS', 20);
const EXPORT_CONCURRENCY = process.env['BENCH_EXPORT_CONCURRENCY'] ? String(Math.floor(positive('BENCH_EXPORT_CONCURRENCY', 2))) : undefined;
const SIZES = [10, 50];
const VERSIONS: ScormVersion[] = ['1.2', '2004'];
const GOAL_MS = 300;
const JOB_TIMEOUT_MS = 120_000;
const ROOT = resolve(__dirname, '..', '..', '..');

interface JobView {
  id: string;
  state: string;
  progress: number;
  stage: string;
  sizeBytes: number | null;
  error: string | null;
}

interface Seeded extends BareLesson {
  questions: Array<Question & { id: number }>;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(v < 10 ? 1 : 0) : '-');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** The player directory the packages carry: SCORM_PLAYER_DIR, the web build's, or a stub when neither exists. */
function playerDir(workDir: string): { dir: string; note: string } {
  const wanted = resolve(ROOT, process.env['SCORM_PLAYER_DIR'] ?? 'dist/apps/web/scorm-player');
  if (existsSync(join(wanted, 'index.html'))) return { dir: wanted, note: `player: ${wanted}` };
  const stub = join(workDir, 'scorm-player');
  mkdirSync(stub, { recursive: true });
  writeFileSync(join(stub, 'index.html'), '<!doctype html><html><head><title>Lesson</title><script src="lesson.js"></script></head><body></body></html>');
  return { dir: stub, note: `player: STUB index.html only (${wanted} is missing; run npx nx run web:build) — packages and times are smaller than real ones` };
}

/** A lesson of n questions written straight into the library schema (published, as an export leaves it). */
async function seedLesson(db: Client, ownerId: number, title: string, n: number): Promise<Seeded> {
  const duration = lessonDuration(n);
  const [{ id: videoId }] = (
    await db.query<{ id: number }>(
      `INSERT INTO library.videos (owner_id, title, type, url, youtube_id, thumbnail_url, duration, published_at)
       VALUES ($1, $2, 'youtube', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ', 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg', $3, now()) RETURNING id`,
      [ownerId, title, duration],
    )
  ).rows;
  const questions = await insertQuestions(db, videoId, lessonQuestions(n));
  return { videoId, title, duration, youtubeId: 'dQw4w9WgXcQ', media: null, questions };
}

async function insertQuestions(db: Client, videoId: number, questions: Question[]): Promise<Array<Question & { id: number }>> {
  const rows = questions.map((q, position) => ({
    type: q.type,
    question: q.question,
    scenario: 'scenario' in q ? (q.scenario ?? null) : null,
    options: q.options,
    correct_answer: q.correctAnswer,
    timestamp: q.timestamp,
    topic_title: q.topicTitle,
    topic_start_time: q.topicStartTime,
    feedback: q.feedback,
    position,
  }));
  const { rows: ids } = await db.query<{ id: number }>(
    `INSERT INTO library.interactions (video_id, type, question, scenario, options, correct_answer, timestamp, topic_title, topic_start_time, feedback, position)
     SELECT $1, q.type, q.question, q.scenario, q.options, q.correct_answer, q.timestamp, q.topic_title, q.topic_start_time, q.feedback, q.position
       FROM jsonb_to_recordset($2::jsonb) AS q(type text, question text, scenario text, options jsonb, correct_answer jsonb, "timestamp" real,
                                              topic_title text, topic_start_time real, feedback jsonb, "position" int)
     ORDER BY q.position
     RETURNING id`,
    [videoId, JSON.stringify(rows)],
  );
  return questions.map((q, i) => ({ ...q, id: ids[i].id }));
}

async function main(): Promise<void> {
  const workDir = mkdtempSync(join(tmpdir(), 'veolearn-bench-export-'));
  const { dir: playerPath, note: playerNote } = playerDir(workDir);
  const player: PlayerFile[] = await listPlayer(playerPath);
  console.log(`Export benchmark: ${RUNS} runs per lesson and version (+${WARMUP_RUNS} warm-up), burst of ${BURST}, polling every ${POLL_MS} ms`);
  console.log(`  ${playerNote} (${player.length} files, ${kb(player.reduce((n, f) => n + f.size, 0))})`);
  console.log(`  machine: ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);

  const stack = await startStack({
    name: 'bench_export',
    env: {
      LOG_LEVEL: 'error',
      RATE_LIMIT_PER_MINUTE: '100000000',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000000',
      ANONYMOUS_RATE_LIMIT_PER_MINUTE: '100000000',
      IP_RATE_LIMIT_PER_MINUTE: '100000000',
      SCORM_PLAYER_DIR: playerPath,
      UPLOAD_DIR: join(workDir, 'uploads'),
      ...(EXPORT_CONCURRENCY ? { EXPORT_CONCURRENCY } : {}),
    },
  });
  const db = new Client({ connectionString: stack.databaseUrl });
  await db.connect();
  try {
    const user = await signUp(stack.baseUrl);
    // Entitlements travel with the session: set the plan before signing in again.
    await db.query(`UPDATE auth.users SET plan = 'pro', subscription_status = 'active' WHERE id = $1`, [user.userId]);
    const signin = await fetch(`${stack.baseUrl}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: user.email, password: user.password }),
    });
    if (signin.status !== 200) throw new Error(`sign-in answered ${signin.status}: ${await signin.text()}`);
    const token = ((await signin.json()) as { token: string }).token;
    const auth = { authorization: `Bearer ${token}` };

    async function call<T>(method: string, path: string, expected: number, body?: unknown): Promise<T> {
      const res = await fetch(`${stack.baseUrl}${path}`, {
        method,
        headers: body === undefined ? auth : { ...auth, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (res.status !== expected) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 500)}. Logs: ${stack.logDir}`);
      return JSON.parse(text) as T;
    }

    /** POST the export, then poll every POLL_MS until the job is completed: end-to-end ms and the job. */
    async function exportOnce(videoId: number, version: ScormVersion): Promise<{ ms: number; job: JobView }> {
      const t0 = performance.now();
      const result = await call<{ type: string; data: { job: JobView } }>('POST', `/api/videos/${videoId}/export`, 202, { format: 'scorm', scormVersion: version });
      let job = result.data.job;
      while (job.state !== 'completed') {
        if (job.state === 'failed') throw new Error(`export of video ${videoId} (${version}) failed: ${job.error}. Logs: ${stack.logDir}`);
        if (performance.now() - t0 > JOB_TIMEOUT_MS) throw new Error(`export of video ${videoId} (${version}) not done after ${JOB_TIMEOUT_MS} ms (${job.stage}, ${job.progress}%)`);
        await new Promise((r) => setTimeout(r, POLL_MS));
        job = await call<JobView>('GET', `/api/exports/${job.id}`, 200);
      }
      return { ms: performance.now() - t0, job };
    }

    let edits = 0;
    /** Changes the lesson (one question's text) so the next export must build a new package. */
    async function edit(lesson: Seeded): Promise<void> {
      const i = edits++ % lesson.questions.length;
      const { id, ...q } = lesson.questions[i];
      const changed = { ...q, question: `${q.question.replace(/ \(edit \d+\)$/, '')} (edit ${edits})` };
      await call('PUT', `/api/interactions/${id}`, 200, changed);
      lesson.questions[i] = { ...changed, id } as Question & { id: number };
    }

    async function jobSeconds(ids: string[]): Promise<number[]> {
      const { rows } = await db.query<{ ms: number }>(
        `SELECT EXTRACT(EPOCH FROM (finished_at - created_at)) * 1000 AS ms FROM export.scorm_packages WHERE id = ANY($1::uuid[])`,
        [ids],
      );
      return rows.map((r) => Number(r.ms));
    }

    async function download(jobId: string, sizeBytes: number): Promise<void> {
      const res = await fetch(`${stack.baseUrl}/api/exports/${jobId}/download`, { headers: auth });
      const body = Buffer.from(await res.arrayBuffer());
      if (res.status !== 200) throw new Error(`download of ${jobId} answered ${res.status}: ${body.toString('utf8').slice(0, 300)}`);
      if (body.length !== sizeBytes || body.readUInt32LE(0) !== 0x04034b50) throw new Error(`download of ${jobId}: ${body.length} bytes, job said ${sizeBytes}, not a zip?`);
    }

    // Lessons: one per size for the sequential runs (edited before each fresh build), BURST of 50 questions, one warm-up.
    const lessons = new Map<number, Seeded>();
    for (const n of SIZES) lessons.set(n, await seedLesson(db, user.userId, `Photosynthesis, ${n} questions`, n));
    const burst: Seeded[] = [];
    for (let i = 0; i < BURST; i++) burst.push(await seedLesson(db, user.userId, `Burst lesson ${i + 1}`, 50));
    const warm = await seedLesson(db, user.userId, 'Warm-up lesson', 50);
    await db.query('ANALYZE library.videos; ANALYZE library.interactions');

    // The upload lesson: a WebM of UPLOAD_MB through the real upload, 10 questions by SQL.
    const uploadBytes = Math.round(UPLOAD_MB * 1024 * 1024);
    const webmHeader = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x8b, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d, 0x18, 0x53, 0x80, 0x67]);
    const webm = Buffer.concat([webmHeader, randomBytes(uploadBytes - webmHeader.length)]);
    const webmFile = join(workDir, 'lecture.webm');
    writeFileSync(webmFile, webm);
    const form = new FormData();
    form.append('title', 'Uploaded lecture');
    form.append('file', new Blob([webm], { type: 'video/webm' }), 'lecture.webm');
    const uploadRes = await fetch(`${stack.baseUrl}/api/videos/upload`, { method: 'POST', headers: auth, body: form });
    if (uploadRes.status !== 201) throw new Error(`upload answered ${uploadRes.status}: ${(await uploadRes.text()).slice(0, 300)}`);
    const uploadId = ((await uploadRes.json()) as { id: number }).id;
    const uploadQuestions = await insertQuestions(db, uploadId, lessonQuestions(10));
    const uploadLesson: Seeded = { videoId: uploadId, title: 'Uploaded lecture', duration: lessonDuration(10), youtubeId: null, media: { file: webmFile, mimeType: 'video/webm' }, questions: uploadQuestions };
    console.log(`  seeded: lessons of ${SIZES.join(' and ')} questions, ${BURST} lessons of 50 for the burst, one upload lesson of ${UPLOAD_MB} MiB with 10 questions`);

    // Bare baseline first (the stack idles): warm-up, then RUNS zips per lesson and version, then a burst of BURST at once.
    for (let i = 0; i < WARMUP_RUNS; i++) await bareZip(warm, '1.2', player);
    const bare = new Map<string, { ms: number[]; bytes: number; lessonBytes: number }>();
    for (const n of SIZES) {
      for (const version of VERSIONS) {
        const times: number[] = [];
        let zip = { bytes: 0, lessonBytes: 0 };
        for (let r = 0; r < RUNS; r++) {
          const t0 = performance.now();
          zip = await bareZip(lessons.get(n)!, version, player);
          times.push(performance.now() - t0);
        }
        bare.set(`${n}/${version}`, { ms: times, ...zip });
      }
    }
    const bareBurstTimes: number[] = [];
    const bareBurstStart = performance.now();
    await Promise.all(
      burst.map(async (lesson) => {
        const t0 = performance.now();
        await bareZip(lesson, '1.2', player);
        bareBurstTimes.push(performance.now() - t0);
      }),
    );
    const bareBurstWall = performance.now() - bareBurstStart;
    const bareUploadTimes: number[] = [];
    let bareUploadBytes = 0;
    for (let r = 0; r < Math.min(RUNS, 5); r++) {
      const t0 = performance.now();
      bareUploadBytes = (await bareZip(uploadLesson, '1.2', player)).bytes;
      bareUploadTimes.push(performance.now() - t0);
    }
    console.log('  bare baseline measured; now through the stack...');

    // Warm-up through the stack (not counted).
    for (let i = 0; i < WARMUP_RUNS; i++) {
      await edit(warm);
      await exportOnce(warm.videoId, VERSIONS[i % VERSIONS.length]);
    }

    interface Row {
      n: number;
      version: ScormVersion;
      fresh: number[];
      reused: number[];
      jobRow: number[];
      bytes: number;
    }
    const rows: Row[] = [];
    for (const n of SIZES) {
      for (const version of VERSIONS) {
        const lesson = lessons.get(n)!;
        const row: Row = { n, version, fresh: [], reused: [], jobRow: [], bytes: 0 };
        const ids: string[] = [];
        for (let r = 0; r < RUNS; r++) {
          await edit(lesson);
          const fresh = await exportOnce(lesson.videoId, version);
          const again = await exportOnce(lesson.videoId, version);
          if (again.job.id !== fresh.job.id) throw new Error(`the unchanged lesson ${lesson.videoId} was built again (${fresh.job.id} then ${again.job.id})`);
          row.fresh.push(fresh.ms);
          row.reused.push(again.ms);
          row.bytes = fresh.job.sizeBytes ?? 0;
          ids.push(fresh.job.id);
        }
        await download(ids[ids.length - 1], row.bytes);
        row.jobRow = await jobSeconds(ids);
        rows.push(row);
        process.stdout.write(`  ${n} questions, SCORM ${version}: fresh p50 ${ms(percentile(row.fresh, 50))} ms, reused p50 ${ms(percentile(row.reused, 50))} ms\n`);
      }
    }

    // BURST distinct lessons exported at once.
    const burstTimes: number[] = [];
    const burstIds: string[] = [];
    const burstStart = performance.now();
    await Promise.all(
      burst.map(async (lesson) => {
        const { ms: t, job } = await exportOnce(lesson.videoId, '1.2');
        burstTimes.push(t);
        burstIds.push(job.id);
      }),
    );
    const burstWall = performance.now() - burstStart;
    const burstJobRows = await jobSeconds(burstIds);

    // The upload lesson (a few fresh builds: the media is zipped stored).
    const uploadTimes: number[] = [];
    let uploadZipBytes = 0;
    let uploadJob = '';
    for (let r = 0; r < Math.min(RUNS, 5); r++) {
      await edit(uploadLesson);
      const { ms: t, job } = await exportOnce(uploadId, '1.2');
      uploadTimes.push(t);
      uploadZipBytes = job.sizeBytes ?? 0;
      uploadJob = job.id;
    }
    await download(uploadJob, uploadZipBytes);

    console.log('');
    console.log(
      table([
        ['lesson', 'SCORM', 'fresh p50 ms', 'p99 ms', 'job row p50 ms', 'reused p50 ms', 'p99 ms', 'bare p50 ms', 'p99 ms', 'fresh/bare p50', 'zip (service)', 'zip (bare)'],
        ...rows.map((r) => {
          const b = bare.get(`${r.n}/${r.version}`)!;
          return [
            `${r.n} questions`,
            r.version,
            ms(percentile(r.fresh, 50)),
            ms(percentile(r.fresh, 99)),
            ms(percentile(r.jobRow, 50)),
            ms(percentile(r.reused, 50)),
            ms(percentile(r.reused, 99)),
            ms(percentile(b.ms, 50)),
            ms(percentile(b.ms, 99)),
            (percentile(r.fresh, 50) / percentile(b.ms, 50)).toFixed(1),
            kb(r.bytes),
            kb(b.bytes),
          ];
        }),
        [
          `upload ${UPLOAD_MB} MiB, 10 q`,
          '1.2',
          ms(percentile(uploadTimes, 50)),
          ms(percentile(uploadTimes, 99)),
          '-',
          '-',
          '-',
          ms(percentile(bareUploadTimes, 50)),
          ms(percentile(bareUploadTimes, 99)),
          (percentile(uploadTimes, 50) / percentile(bareUploadTimes, 50)).toFixed(1),
          kb(uploadZipBytes),
          kb(bareUploadBytes),
        ],
      ]),
    );
    console.log(`  (${RUNS} runs each; the upload lesson ${uploadTimes.length}. fresh = POST export after an edit until a poll reads completed; job row = the job's created_at → finished_at;`);
    console.log(`   reused = the same POST with nothing changed, answered with the stored package; bare = the same contents zipped in-process with archiver)`);
    console.log(`   lesson.js before compression: ${SIZES.map((n) => `${n} questions ${kb(bare.get(`${n}/1.2`)!.lessonBytes)}`).join(', ')}; the player ${kb(player.reduce((t, f) => t + f.size, 0))}`);
    console.log('');
    console.log(
      `Burst: ${BURST} lessons of 50 questions (SCORM 1.2) exported at once: all done in ${ms(burstWall)} ms; per job p50 ${ms(percentile(burstTimes, 50))} ms, p99 ${ms(percentile(burstTimes, 99))} ms ` +
        `(job rows p50 ${ms(percentile(burstJobRows, 50))} ms, p99 ${ms(percentile(burstJobRows, 99))} ms)`,
    );
    console.log(`Bare burst: ${BURST} in-process zips at once: all done in ${ms(bareBurstWall)} ms; per zip p50 ${ms(percentile(bareBurstTimes, 50))} ms, p99 ${ms(percentile(bareBurstTimes, 99))} ms`);
    console.log('');
    const goalRows = rows.filter((r) => r.n === 50);
    const met = goalRows.every((r) => percentile(r.fresh, 50) <= GOAL_MS);
    console.log(
      `goal: 50 questions ≤ 0.3 s p50 (fresh build, end to end): ${goalRows.map((r) => `SCORM ${r.version} ${ms(percentile(r.fresh, 50))} ms`).join(', ')} → ${met ? 'MET' : 'NOT MET'}`,
    );
    console.log(`  ${playerNote}; load average at the end ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  } finally {
    await db.end();
    await stack.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

runBenchmark('EXPORT', main);
