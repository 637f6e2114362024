import { parseTranscript } from '@veolearn/domain';
import { startStack, type RunningStack } from '@veolearn/testing';
import { api, expectErrorBody, RELAXED_LIMITS, signUp, sql } from './support';
import { waterCyclePlain, waterCycleSrt } from './fixtures/transcripts';

let stack: RunningStack;

beforeAll(async () => {
  stack = await startStack({ name: 'reading', env: RELAXED_LIMITS });
});

afterAll(async () => {
  await stack?.stop();
});

interface Account {
  id: number;
  token: string;
}

interface ReadingView {
  videoId: number;
  title: string;
  hasText: boolean;
  chapters: Array<{ title: string; startTime: number; endTime: number; text: string; questionIds: number[] }>;
}

const bearer = (account: Account) => ({ Authorization: `Bearer ${account.token}` });
const YOUTUBE_LINK = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

async function account(): Promise<Account> {
  const { user, body } = await signUp(stack);
  await sql(stack, 'UPDATE auth.users SET has_unlimited_access = true WHERE id = $1', [user.id]);
  const res = await api(stack).post('/api/auth/signin').send({ username: body.email, password: body.password }).expect(200);
  return { id: user.id, token: res.body.token as string };
}

const SRT = `1
00:00:00,500 --> 00:00:03,000
Light from the sun holds every colour.

2
00:00:03,000 --> 00:00:06,000
Air scatters the blue part of it most, so the sky looks blue.

3
00:00:08,000 --> 00:00:11,000
Water boils at one hundred degrees at sea level.

4
00:00:11,000 --> 00:00:14,000
Higher up, it boils at a lower temperature.

5
00:00:16,000 --> 00:00:19,000
Counting starts at one, then two, then three.
`;

function question(tag: string, timestamp: number, topicTitle: string, topicStartTime: number) {
  return {
    type: 'single_choice',
    question: `Question ${tag}?`,
    options: ['First', 'Second', 'Third'],
    correctAnswer: 1,
    timestamp,
    topicTitle,
    topicStartTime,
    feedback: { correct: `RIGHT-SECRET-${tag}`, incorrect: `WRONG-HINT-${tag}`, explanation: `EXPLAIN-SECRET-${tag}` },
  };
}

/** A private YouTube lesson of `owner` with the SRT as its captions and three chapters of questions. */
async function lesson(owner: Account, captions: string | null = SRT): Promise<{ videoId: number; ids: number[] }> {
  const created = await api(stack).post('/api/videos').set(bearer(owner)).send({ youtubeUrl: YOUTUBE_LINK, title: 'Sky, water, numbers' }).expect(201);
  const videoId = created.body.id as number;
  await api(stack).put(`/api/videos/${videoId}/settings`).set(bearer(owner)).send({ duration: 20 }).expect(200);
  if (captions) await api(stack).put(`/api/videos/${videoId}/captions`).set(bearer(owner)).send({ text: captions }).expect(200);
  const ids: number[] = [];
  for (const q of [question('A', 6, 'Colours', 0), question('B', 14, 'Water', 7), question('C', 19, 'Numbers', 15)]) {
    ids.push((await api(stack).post(`/api/videos/${videoId}/interactions`).set(bearer(owner)).send(q).expect(201)).body.id as number);
  }
  return { videoId, ids };
}

const reading = (videoId: number | string, as?: Account) => {
  const req = api(stack).get(`/api/play/${videoId}/reading`);
  return as ? req.set(bearer(as)) : req;
};

describe('GET /api/play/{id}/reading', () => {
  it('gives the owner of a private lesson its chapters as clean text; others get 404 until it is shared', async () => {
    const owner = await account();
    const stranger = await account();
    const { videoId, ids } = await lesson(owner);

    // Private: only its owner reads it, like playback.
    expect(expectErrorBody((await reading(videoId).expect(404)).body, 404)).toBe('Video not found');
    expect(expectErrorBody((await reading(videoId, stranger).expect(404)).body, 404)).toBe('Video not found');
    await api(stack).get(`/api/play/${videoId}`).expect(404);

    const own = await reading(videoId, owner).expect(200);
    expect(own.body as ReadingView).toEqual({
      videoId,
      title: 'Sky, water, numbers',
      hasText: true,
      chapters: [
        {
          title: 'Colours',
          startTime: 0,
          endTime: 7,
          text: 'Light from the sun holds every colour. Air scatters the blue part of it most, so the sky looks blue.',
          questionIds: [ids[0]],
        },
        {
          title: 'Water',
          startTime: 7,
          endTime: 15,
          text: 'Water boils at one hundred degrees at sea level. Higher up, it boils at a lower temperature.',
          questionIds: [ids[1]],
        },
        { title: 'Numbers', startTime: 15, endTime: 20, text: 'Counting starts at one, then two, then three.', questionIds: [ids[2]] },
      ],
    });
    // Nothing of the answers: no correct answer, no feedback, not even the question texts.
    expect(JSON.stringify(own.body)).not.toMatch(/SECRET|HINT|correctAnswer|feedback|Question A/);

    // Shared: anyone reads it, exactly as anyone may play it.
    await api(stack).put(`/api/videos/${videoId}/sharing`).set(bearer(owner)).send({ published: true }).expect(200);
    expect((await reading(videoId).expect(200)).body).toEqual(own.body);
    expect((await reading(videoId, stranger).expect(200)).body).toEqual(own.body);

    // Private again: 404 for everyone but the owner.
    await api(stack).put(`/api/videos/${videoId}/sharing`).set(bearer(owner)).send({ published: false }).expect(200);
    await reading(videoId).expect(404);
    await reading(videoId, stranger).expect(404);
    await reading(videoId, owner).expect(200);
  });

  it('answers 404 for a missing or deleted lesson and 400 for an id that is not a number', async () => {
    const owner = await account();
    expect(expectErrorBody((await reading(2_000_000_000).expect(404)).body, 404)).toBe('Video not found');
    expectErrorBody((await reading('abc').expect(400)).body, 400);
    const { videoId } = await lesson(owner);
    await api(stack).delete(`/api/videos/${videoId}`).set(bearer(owner)).expect((res) => expect([200, 204]).toContain(res.status));
    await reading(videoId, owner).expect(404);
  });

  it('a lesson without a transcript still lists its chapters and questions, with no text', async () => {
    const owner = await account();
    const { videoId, ids } = await lesson(owner, null);
    const res = await reading(videoId, owner).expect(200);
    expect(res.body.hasText).toBe(false);
    expect((res.body as ReadingView).chapters.map((c) => [c.title, c.text, c.questionIds])).toEqual([
      ['Colours', '', [ids[0]]],
      ['Water', '', [ids[1]]],
      ['Numbers', '', [ids[2]]],
    ]);
  });

  it.each([
    ['an SRT transcript (captions built from its timing)', waterCycleSrt(), true],
    ['a plain-text transcript (no timing, so no captions)', waterCyclePlain(), false],
  ])('a generated lesson reads %s, chapter by chapter, every sentence once and in order', async (_, transcript, timed) => {
    const owner = await account();
    const pasted = await api(stack)
      .post('/api/youtube/transcript-paste')
      .set(bearer(owner))
      .send({ youtubeUrl: YOUTUBE_LINK, videoUrl: YOUTUBE_LINK, transcript, interactionCount: 4, questionTypes: ['single', 'trueFalse'], questionsPerTopic: 1 })
      .expect(202);
    const deadline = Date.now() + 60_000;
    for (;;) {
      const job = await api(stack).get(`/api/generation/jobs/${pasted.body.job.id}`).set(bearer(owner)).expect(200);
      if (job.body.state === 'completed') break;
      if (job.body.state === 'failed' || Date.now() > deadline) throw new Error(`generation did not complete: ${JSON.stringify(job.body)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const videoId = pasted.body.video.id as number;
    const play = await api(stack).get(`/api/play/${videoId}`).set(bearer(owner)).expect(200);
    expect(play.body.video.hasCaptions).toBe(timed);
    const res = await reading(videoId, owner).expect(200);
    const view = res.body as ReadingView;
    expect(view.hasText).toBe(true);
    expect(view.chapters.length).toBeGreaterThanOrEqual(2);
    // Every question once, in playing order, each after the text of its chapter.
    expect(view.chapters.flatMap((c) => c.questionIds)).toEqual((play.body.questions as Array<{ id: number }>).map((q) => q.id));
    // The text is the transcript's, without cue numbers or timings.
    const spoken = parseTranscript(transcript).segments.map((s) => s.text).join(' ');
    expect(view.chapters.map((c) => c.text.replace(/\n\n/g, ' ')).filter(Boolean).join(' ')).toBe(spoken);
    for (const chapter of view.chapters) {
      expect(chapter.text).not.toMatch(/-->|\d\d:\d\d|^\d+$/m);
      expect(chapter.endTime).toBeGreaterThanOrEqual(chapter.startTime);
    }
  });
});
