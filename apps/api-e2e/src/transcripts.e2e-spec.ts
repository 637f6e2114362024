import { parseTranscript } from '@veolearn/domain';
import { startStack, type RunningStack } from '@veolearn/testing';
import { api, expectErrorBody, RELAXED_LIMITS, signUp, sql } from './support';
import { waterCycleSrt } from './fixtures/transcripts';

/**
 * Transcript-paste end to end with the formats creators copy from elsewhere (WebVTT files, the
 * text of YouTube's "Show transcript" panel): the timing they carry reaches the saved captions,
 * the video's length and the questions' times. And a paste for somebody else's video is refused.
 */

const TRANSPORT = process.env['TEST_TRANSPORT'] === 'nats' ? 'nats' : 'tcp';
const YOUTUBE_LINK = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

interface Account {
  id: number;
  token: string;
}

interface JobView {
  id: string;
  videoId: number;
  state: string;
  questionCount: number;
  questions?: Array<Record<string, unknown>>;
}

interface Cue {
  start: string;
  end: string;
  text: string;
}

/** The lecture's sentences (the SRT fixture has one per cue). */
const SENTENCES = parseTranscript(waterCycleSrt()).segments.map((s) => s.text);

const bearer = (account: Account) => ({ Authorization: `Bearer ${account.token}` });

function clock(seconds: number): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(seconds / 3600))}:${two(Math.floor((seconds % 3600) / 60))}:${two(seconds % 60)}.000`;
}

/** The lecture as a WebVTT file: header metadata, a NOTE, cue ids, cue settings, voice and class tags. */
function lectureVtt(): { text: string; cues: Cue[] } {
  const cues = SENTENCES.map((sentence, i) => ({ start: clock(2 + i * 10), end: clock(9 + i * 10), text: sentence }));
  const blocks = cues.map((cue, i) => {
    const body = i % 2 === 0 ? `<v Teacher>${cue.text}</v>` : `<c.yellow>${cue.text}</c>`;
    return `cue-${i + 1}\n${cue.start} --> ${cue.end} align:start position:10%\n${body}`;
  });
  return { text: ['WEBVTT\nKind: captions\nLanguage: en', 'NOTE written by the teacher, not spoken', ...blocks].join('\n\n') + '\n', cues };
}

/** The lecture as copied from YouTube's transcript panel: "m:ss", the spoken time label, then the text (or "m:ss text"). */
function lectureYouTubeCopy(): string {
  const lines: string[] = [];
  SENTENCES.forEach((sentence, i) => {
    const seconds = i * 10;
    const stamp = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
    if (i % 2 === 0) {
      const label = seconds >= 60 ? `${Math.floor(seconds / 60)} minute${seconds >= 120 ? 's' : ''}, ${seconds % 60} seconds` : `${seconds} seconds`;
      lines.push(stamp, label, sentence);
    } else {
      lines.push(`${stamp} ${sentence}`);
    }
  });
  return lines.join('\n');
}

/** The cues of a WebVTT text. */
function cuesOf(vtt: string): Cue[] {
  return [...vtt.matchAll(/^(\d\d:\d\d:\d\d\.\d{3}) --> (\d\d:\d\d:\d\d\.\d{3})[^\n]*\n([^\n]+)/gm)].map((m) => ({ start: m[1], end: m[2], text: m[3] }));
}

function seconds(time: string): number {
  const [h, m, s] = time.split(':');
  return Number(h) * 3600 + Number(m) * 60 + Number(s);
}

describe(`transcript-paste with timed formats and other people's videos (${TRANSPORT})`, () => {
  let stack: RunningStack;
  let owner: Account;
  let other: Account;

  async function account(): Promise<Account> {
    const { user, body } = await signUp(stack);
    await sql(stack, 'UPDATE auth.users SET has_unlimited_access = true WHERE id = $1', [user.id]);
    const res = await api(stack).post('/api/auth/signin').send({ username: body.email, password: body.password }).expect(200);
    return { id: user.id, token: res.body.token as string };
  }

  async function waitForJob(who: Account, jobId: string): Promise<JobView> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const res = await api(stack).get(`/api/generation/jobs/${jobId}`).set(bearer(who)).expect(200);
      if (res.body.state === 'completed' || res.body.state === 'failed') return res.body as JobView;
      if (Date.now() > deadline) throw new Error(`job ${jobId} did not finish: ${JSON.stringify(res.body)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  function questionsOf(job: JobView): Array<Record<string, unknown>> {
    expect(job.questions?.length ?? 0).toBeGreaterThan(0);
    return job.questions ?? [];
  }

  async function captions(who: Account, videoId: number): Promise<string> {
    const res = await api(stack).get(`/api/videos/${videoId}/captions.vtt`).set(bearer(who)).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/vtt/);
    return res.text;
  }

  beforeAll(async () => {
    stack = await startStack({ name: `transcripts_${TRANSPORT}`, env: RELAXED_LIMITS });
    owner = await account();
    other = await account();
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('makes a lesson from a pasted WebVTT file, keeping each cue’s timing and dropping its markup', async () => {
    const { text, cues } = lectureVtt();
    const res = await api(stack)
      .post('/api/youtube/transcript-paste')
      .set(bearer(owner))
      .send({ youtubeUrl: YOUTUBE_LINK, transcript: text, interactionCount: 5 })
      .expect(202);
    expect(res.body.video).toMatchObject({ youtubeId: 'dQw4w9WgXcQ', status: 'processing', duration: null });
    expect(res.body.job).toMatchObject({ state: 'queued', videoId: res.body.video.id });

    const job = await waitForJob(owner, res.body.job.id);
    expect(job).toMatchObject({ state: 'completed', videoId: res.body.video.id });
    expect(job.questionCount).toBeGreaterThan(0);

    // The captions are the file's cues, with their own start and end, without ids, settings, tags or the NOTE.
    const vtt = await captions(owner, job.videoId);
    expect(cuesOf(vtt)).toEqual(cues);
    expect(vtt).not.toMatch(/<v |<c|cue-\d|align:|NOTE written|Kind: captions/);

    // The video's length is the last cue's end (189 s), and every question sits inside the timed lecture.
    const video = await api(stack).get(`/api/videos/${job.videoId}`).set(bearer(owner)).expect(200);
    expect(video.body).toMatchObject({ status: 'ready', duration: 189, questionCount: job.questionCount });
    for (const q of questionsOf(job)) {
      expect(q['timestamp']).toBeGreaterThan(2);
      expect(q['timestamp']).toBeLessThanOrEqual(189);
    }
  });

  it('makes a lesson from a copy of YouTube’s transcript panel, each line ending where the next starts', async () => {
    const res = await api(stack)
      .post('/api/youtube/transcript-paste')
      .set(bearer(owner))
      .send({ youtubeUrl: YOUTUBE_LINK, transcript: lectureYouTubeCopy(), duration: 200, interactionCount: 5 })
      .expect(202);
    expect(res.body.video).toMatchObject({ status: 'processing', duration: 200 });
    const job = await waitForJob(owner, res.body.job.id);
    expect(job.state).toBe('completed');

    const cues = cuesOf(await captions(owner, job.videoId));
    expect(cues.map((c) => c.text)).toEqual(SENTENCES);
    // Every cue starts at its copied time and ends at the next one; the spoken labels ("1 minute, 10 seconds") are not text.
    cues.slice(0, -1).forEach((cue, i) => {
      expect({ i, start: cue.start, end: cue.end }).toEqual({ i, start: clock(i * 10), end: clock((i + 1) * 10) });
    });
    const last = cues.at(-1)!;
    expect(last.start).toBe(clock(180));
    expect(seconds(last.end)).toBeGreaterThan(180);
    expect(seconds(last.end)).toBeLessThanOrEqual(200);

    const video = await api(stack).get(`/api/videos/${job.videoId}`).set(bearer(owner)).expect(200);
    expect(video.body).toMatchObject({ status: 'ready', duration: 200 });
    for (const q of questionsOf(job)) expect(q['timestamp']).toBeLessThanOrEqual(seconds(last.end));
  });

  it("refuses a paste for another user's video as 404, like a missing one, and changes nothing of it", async () => {
    const made = await api(stack)
      .post('/api/youtube/transcript-paste')
      .set(bearer(owner))
      .send({ youtubeUrl: YOUTUBE_LINK, transcript: waterCycleSrt(), interactionCount: 3 })
      .expect(202);
    const job = await waitForJob(owner, made.body.job.id);
    expect(job.state).toBe('completed');
    const videoId = job.videoId;

    const snapshot = async () => ({
      video: await sql(stack, 'SELECT * FROM library.videos WHERE id = $1', [videoId]),
      interactions: await sql(stack, 'SELECT * FROM library.interactions WHERE video_id = $1 ORDER BY id', [videoId]),
      jobs: await sql(stack, 'SELECT id, owner_id, state FROM generation.jobs WHERE video_id = $1 ORDER BY id', [videoId]),
      otherJobs: await sql(stack, 'SELECT id FROM generation.jobs WHERE owner_id = $1', [other.id]),
      otherVideos: await sql(stack, 'SELECT id FROM library.videos WHERE owner_id = $1', [other.id]),
    });
    const before = await snapshot();
    expect(before.interactions).toHaveLength(job.questionCount);

    const missing = await api(stack)
      .post('/api/youtube/transcript-paste')
      .set(bearer(other))
      .send({ videoId: 99_999_999, transcript: waterCycleSrt() })
      .expect(404);
    const refused = await api(stack)
      .post('/api/youtube/transcript-paste')
      .set(bearer(other))
      .send({ videoId, transcript: waterCycleSrt(), interactionCount: 2, questionTypes: ['true_false'] })
      .expect(404);
    expect(refused.body).toEqual(missing.body);
    expectErrorBody(refused.body, 404);

    // Give a wrongly queued job the time to run: still nothing changed.
    await new Promise((r) => setTimeout(r, 1500));
    expect(await snapshot()).toEqual(before);
    const still = await api(stack).get(`/api/videos/${videoId}`).set(bearer(owner)).expect(200);
    expect(still.body).toMatchObject({ status: 'ready', questionCount: job.questionCount });
  });
});
