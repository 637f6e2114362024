import type { ScormApiHandle, ScormVersion } from '@veolearn/scorm';
import { ApiError } from '../lib/session-client';
import type { AttemptView } from '../features/player/api/player-api';
import type { ScormLesson } from './lesson';
import { LocalAttemptBackend } from './local-attempt-backend';
import { PackageSession } from './package-session';

/**
 * A recording LMS: keeps what the package sets (as an LMS keeps a learner's data between launches) and
 * every call made. Interactions are counted from the indexes written.
 */
class FakeLms {
  data: Record<string, string> = {};
  calls: string[] = [];
  constructor(readonly version: ScormVersion) {}

  private get(element: string): string {
    if (element === 'cmi.interactions._count') {
      const indexes = new Set(Object.keys(this.data).flatMap((k) => /^cmi\.interactions\.(\d+)\./.exec(k)?.[1] ?? []));
      return String(indexes.size);
    }
    return this.data[element] ?? '';
  }

  /** The interactions written, as objects (index order). */
  interactions(): Array<Record<string, string>> {
    const list: Array<Record<string, string>> = [];
    for (const [key, value] of Object.entries(this.data)) {
      const match = /^cmi\.interactions\.(\d+)\.(.+)$/.exec(key);
      if (match) (list[Number(match[1])] ??= {})[match[2]] = value;
    }
    return list;
  }

  /** A new launch: what an LMS gives a returning learner. */
  relaunch(): void {
    this.calls = [];
    const exit = this.version === '1.2' ? 'cmi.core.exit' : 'cmi.exit';
    const entry = this.version === '1.2' ? 'cmi.core.entry' : 'cmi.entry';
    this.data[entry] = this.data[exit] === 'suspend' ? 'resume' : '';
    delete this.data[exit];
  }

  handle(): ScormApiHandle {
    const call = (name: string): string => {
      this.calls.push(`${name}()`);
      return 'true';
    };
    const set = (name: string, element: string, value: string): string => {
      this.calls.push(`${name}(${element}, ${value})`);
      this.data[element] = value;
      return 'true';
    };
    const get = (element: string) => this.get(element);
    if (this.version === '1.2') {
      return {
        version: '1.2',
        api: {
          LMSInitialize: () => call('LMSInitialize'),
          LMSFinish: () => call('LMSFinish'),
          LMSGetValue: get,
          LMSSetValue: (e: string, v: string) => set('LMSSetValue', e, v),
          LMSCommit: () => call('LMSCommit'),
          LMSGetLastError: () => '0',
        },
      };
    }
    return {
      version: '2004',
      api: {
        Initialize: () => call('Initialize'),
        Terminate: () => call('Terminate'),
        GetValue: get,
        SetValue: (e: string, v: string) => set('SetValue', e, v),
        Commit: () => call('Commit'),
        GetLastError: () => '0',
      },
    };
  }
}

const feedback = { correct: 'Well done.', incorrect: 'Not quite.', explanation: 'Because.' };

function lesson(version: ScormVersion, video: Partial<ScormLesson['video']> = {}): ScormLesson {
  return {
    video: {
      id: 7,
      title: 'Planets',
      type: 'upload',
      youtubeId: null,
      mediaFile: 'media/video.webm',
      duration: 30,
      skippingMode: 'free',
      requireCorrect: false,
      ...video,
    },
    questions: [
      // Deliberately out of playing order: the backend sorts by time like the player.
      { id: 12, type: 'multiple_choice', question: 'Gas giants?', options: ['Mars', 'Jupiter', 'Saturn'], correctAnswer: [1, 2], timestamp: 10, topicTitle: 'Giants', topicStartTime: 8, feedback },
      { id: 11, type: 'single_choice', question: 'Largest planet?', options: ['Mars', 'Jupiter', 'Venus'], correctAnswer: 1, timestamp: 4, topicTitle: 'Sizes', topicStartTime: 0, feedback },
      {
        id: 13,
        type: 'fill_gaps',
        question: 'Fill',
        options: { text: 'The {{1}} is a star.' },
        correctAnswer: [['Sun']],
        timestamp: 20,
        topicTitle: 'Stars',
        topicStartTime: 18,
        feedback,
      },
    ],
    scormVersion: version,
    masteryScore: 24,
    generatedAt: '2026-11-24T00:00:00.000Z',
  };
}

function setup(version: ScormVersion, video: Partial<ScormLesson['video']> = {}, lms: FakeLms | null = new FakeLms(version)) {
  let clock = 1_000_000;
  const now = () => clock;
  const data = lesson(version, video);
  const session = new PackageSession(lms ? lms.handle() : null, { version, questionCount: data.questions.length, now });
  const connected = session.initialize();
  let ids = 0;
  const backend = new LocalAttemptBackend({ lesson: data, session, now, newId: () => `attempt-${++ids}` });
  return {
    lms,
    backend,
    session,
    connected,
    tick: (seconds: number) => {
      clock += seconds * 1000;
    },
  };
}

async function statusOf(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 0;
  } catch (error) {
    return error instanceof ApiError ? error.status : -1;
  }
}

describe('LocalAttemptBackend (SCORM 2004)', () => {
  it('grades with the domain graders and records each answer as an interaction with score, scaled score and commit', async () => {
    const { lms, backend } = setup('2004');
    const attempt = await backend.start();
    expect(attempt).toMatchObject({ id: 'attempt-1', status: 'in_progress', totalQuestions: 3, answers: [], score: 0 });

    const right = await backend.answer(attempt, 11, 1, 2500);
    expect(right).toMatchObject({ correct: true, credit: 1, correctAnswer: 1, feedback });
    const wrong = await backend.answer(right.attempt, 12, [1], 4000);
    expect(wrong).toMatchObject({ correct: false, credit: 0, correctAnswer: [1, 2], feedback });
    expect(wrong.attempt).toMatchObject({ answeredCount: 2, correctCount: 1, score: 33.3 });
    expect(wrong.attempt.answers.map((a) => [a.interactionId, a.status])).toEqual([
      [11, 'correct'],
      [12, 'incorrect'],
    ]);

    const [first, second] = lms!.interactions();
    expect(first).toMatchObject({ id: 'q11', type: 'choice', learner_response: '1', result: 'correct', 'correct_responses.0.pattern': '1', weighting: '10', latency: 'PT0H0M2.5S' });
    expect(first.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d\dZ$/);
    expect(second).toMatchObject({ id: 'q12', type: 'choice', learner_response: '1', result: 'incorrect', 'correct_responses.0.pattern': '1[,]2' });
    expect(lms!.data).toMatchObject({ 'cmi.score.raw': '10', 'cmi.score.min': '0', 'cmi.score.max': '30', 'cmi.score.scaled': '0.3333', 'cmi.completion_status': 'incomplete' });
    expect(lms!.calls.filter((c) => c === 'Commit()').length).toBeGreaterThanOrEqual(2);
    // One answer per question without "require correct".
    expect(await statusOf(backend.answer(wrong.attempt, 12, [1, 2], 1000))).toBe(409);
  });

  it('finishing skips what is left (free mode), reports completion, success and session time, and terminates', async () => {
    const { lms, backend, tick } = setup('2004');
    const attempt = await backend.start();
    await backend.answer(attempt, 11, 1, 1000);
    await backend.answer(attempt, 12, [1, 2], 1000);
    const skipped = await backend.skip(attempt, 13);
    expect(skipped).toMatchObject({ correct: false, correctAnswer: [['Sun']], feedback });
    tick(90);
    const done = await backend.complete(attempt);
    expect(done).toMatchObject({ status: 'completed', answeredCount: 2, correctCount: 2, skippedCount: 1, score: 66.7 });
    expect(lms!.data).toMatchObject({
      'cmi.completion_status': 'completed',
      'cmi.success_status': 'failed',
      'cmi.score.raw': '20',
      'cmi.score.scaled': '0.6667',
      'cmi.exit': 'normal',
      'cmi.session_time': 'PT0H1M30S',
    });
    expect(lms!.calls.at(-1)).toBe('Terminate()');
    const results = await backend.results(done);
    expect(results.rows.map((r) => [r.interactionId, r.status])).toEqual([
      [11, 'correct'],
      [12, 'correct'],
      [13, 'skipped'],
    ]);
  });

  it('with "require correct": no skipping, feedback held back, 3 tries per question, then the answer shows and the question is settled', async () => {
    const { lms, backend } = setup('2004', { requireCorrect: true });
    const attempt = await backend.start();
    expect(await statusOf(backend.skip(attempt, 11))).toBe(409);
    const first = await backend.answer(attempt, 11, 0, 1000);
    expect(first).toMatchObject({ correct: false, correctAnswer: null, feedback: { incorrect: 'Not quite.' } });
    expect(first.final).toBeUndefined();
    await backend.answer(attempt, 11, 2, 1000);
    const third = await backend.answer(attempt, 11, 0, 1000);
    expect(third).toMatchObject({ correct: false, final: true, correctAnswer: 1, feedback });
    expect(third.attempt.answers[0]).toMatchObject({ interactionId: 11, status: 'incorrect', attempts: 3, final: true, credit: 0 });
    expect(await statusOf(backend.answer(attempt, 11, 1, 1000))).toBe(409);
    expect(lms!.interactions().map((i) => [i.id, i.result])).toEqual([
      ['q11', 'incorrect'],
      ['q11', 'incorrect'],
      ['q11', 'incorrect'],
    ]);
    // Open questions hold the completion back; a settled one (no tries left) does not.
    expect(await statusOf(backend.complete(attempt))).toBe(409);
    const wrongThenRight = await backend.answer(attempt, 12, [1], 1000);
    expect(wrongThenRight.correct).toBe(false);
    const right = await backend.answer(attempt, 12, [1, 2], 1000);
    // The first try keeps the credit, as on the server.
    expect(right).toMatchObject({ correct: true, credit: 1 });
    expect(right.attempt.answers[1]).toMatchObject({ status: 'correct', credit: 0, attempts: 2 });
    await backend.answer(attempt, 13, ['sun'], 1000);
    const done = await backend.complete(attempt);
    expect(done).toMatchObject({ status: 'completed', score: 33.3 });
    expect(lms!.data['cmi.score.raw']).toBe('10');
  });

  it('refuses progress past an open question in no_skip_forward, with the position to go back to', async () => {
    const { backend, tick } = setup('2004', { skippingMode: 'no_skip_forward' });
    const attempt = await backend.start();
    expect(attempt.maxAllowedPosition).toBe(5);
    tick(3);
    expect(await backend.progress(attempt, { position: 3, watchedSeconds: 3 })).toMatchObject({ attempt: { lastPosition: 3, watchTimeSeconds: 3 } });
    tick(10);
    const outcome = await backend.progress(attempt, { position: 12, watchedSeconds: 9 });
    expect(outcome).toEqual({ refused: { allowedPosition: 5, message: 'Answer the question at 0:04 before moving on.' } });
    expect(await statusOf(backend.skip(attempt, 11))).toBe(409);
  });

  it('keeps the attempt in suspend data and resumes it after a relaunch (position, answers, tries, score)', async () => {
    const lms = new FakeLms('2004');
    const one = setup('2004', { requireCorrect: true }, lms);
    const attempt = await one.backend.start();
    await one.backend.answer(attempt, 11, 1, 1000);
    await one.backend.answer(attempt, 12, [0], 1000);
    await one.backend.answer(attempt, 12, [0, 1], 1000);
    one.tick(12);
    await one.backend.progress(attempt, { position: 10, watchedSeconds: 11 });
    // Question 12 (at 0:10) must still be answered correctly: the position may not pass 0:11.
    one.backend.watchPosition(() => 10.5);
    one.backend.exit();
    expect(lms.data['cmi.exit']).toBe('suspend');
    expect(lms.data['cmi.session_time']).toBe('PT0H0M12S');
    expect(lms.calls.at(-1)).toBe('Terminate()');
    const saved = JSON.parse(lms.data['cmi.suspend_data']);
    expect(saved).toMatchObject({ v: 1, p: 10, c: 0, q: { q11: [1, 1], q12: [2, 0] }, x: { a: 'attempt-1', l: 10.5, w: 11 } });

    lms.relaunch();
    const two = setup('2004', { requireCorrect: true }, lms);
    expect(two.session.resumed).toBe(true);
    const resumed = await two.backend.start();
    expect(resumed).toMatchObject({ id: 'attempt-1', lastPosition: 10.5, watchTimeSeconds: 11, answeredCount: 2, correctCount: 1, score: 33.3 });
    expect(resumed.answers.map((a: AttemptView['answers'][number]) => [a.interactionId, a.status, a.attempts, a.response])).toEqual([
      [11, 'correct', 1, 1],
      [12, 'incorrect', 2, [0, 1]],
    ]);
    // The tries go on counting: one left for question 12.
    const last = await two.backend.answer(resumed, 12, [0], 1000);
    expect(last.final).toBe(true);
    // New interactions follow the ones the LMS already has.
    expect(Object.keys(lms.data).some((k) => k.startsWith('cmi.interactions.3.'))).toBe(true);
    expect(lms.data['cmi.score.raw']).toBe('10');
  });
});

describe('LocalAttemptBackend (SCORM 1.2)', () => {
  it('writes 1.2 interactions (single characters, "wrong"), a percentage score and lesson status; tries are unlimited', async () => {
    const { lms, backend } = setup('1.2', { requireCorrect: true });
    const attempt = await backend.start();
    for (let i = 0; i < 4; i++) expect((await backend.answer(attempt, 11, 0, 1000)).final).toBeUndefined();
    await backend.answer(attempt, 11, 1, 1000);
    await backend.answer(attempt, 12, [1, 2], 1000);
    await backend.answer(attempt, 13, ['Sun'], 1000);
    const interactions = lms!.interactions();
    expect(interactions).toHaveLength(7);
    expect(interactions[0]).toMatchObject({ id: 'q11', type: 'choice', student_response: '0', result: 'wrong', 'correct_responses.0.pattern': '1' });
    expect(interactions[4]).toMatchObject({ id: 'q11', result: 'correct' });
    expect(interactions[5]).toMatchObject({ id: 'q12', student_response: '1,2', result: 'correct' });
    expect(interactions[6]).toMatchObject({ id: 'q13', type: 'fill-in', student_response: 'sun', result: 'correct' });
    expect(interactions[0].time).toMatch(/^\d\d:\d\d:\d\d$/);
    const done = await backend.complete(attempt);
    expect(done.score).toBe(66.7);
    expect(lms!.data).toMatchObject({
      'cmi.core.score.raw': '66.67',
      'cmi.core.score.min': '0',
      'cmi.core.score.max': '100',
      'cmi.core.lesson_status': 'failed',
      'cmi.core.exit': '',
    });
    expect(lms!.data['cmi.core.session_time']).toMatch(/^\d{4}:\d\d:\d\d\.\d\d$/);
    expect(lms!.calls.at(-1)).toBe('LMSFinish()');
  });

  it('passes at the mastery score', async () => {
    const { lms, backend } = setup('1.2');
    const attempt = await backend.start();
    await backend.answer(attempt, 11, 1, 1000);
    await backend.answer(attempt, 12, [1, 2], 1000);
    await backend.answer(attempt, 13, ['sun'], 1000);
    await backend.complete(attempt);
    expect(lms!.data).toMatchObject({ 'cmi.core.score.raw': '100', 'cmi.core.lesson_status': 'passed' });
  });

  it('keeps the suspend data within the 1.2 limit (responses are dropped first)', async () => {
    const { lms, backend } = setup('1.2');
    const attempt = await backend.start();
    await backend.answer(attempt, 13, ['x'.repeat(5000)], 1000);
    const text = lms!.data['cmi.suspend_data'];
    expect(text.length).toBeLessThanOrEqual(4096);
    expect(JSON.parse(text).x.n[0]).toEqual([13, 'i', 0, 1, null, 1000, 1_000_000, 0]);
  });
});

describe('LocalAttemptBackend without an LMS', () => {
  it('still plays: grades, skips, finishes and starts over, with no session', async () => {
    const { backend, connected, session } = setup('2004', {}, null);
    expect(connected).toBe(false);
    expect(session.connected).toBe(false);
    const attempt = await backend.start();
    expect((await backend.answer(attempt, 11, 1, 1000)).correct).toBe(true);
    await backend.skip(attempt, 12);
    const done = await backend.complete(attempt);
    expect(done).toMatchObject({ status: 'completed', skippedCount: 2, score: 33.3 });
    const again = await backend.start(true);
    expect(again).toMatchObject({ id: 'attempt-2', status: 'in_progress', answers: [] });
  });

  it('refuses to start over inside an LMS', async () => {
    const { backend } = setup('2004');
    await backend.start();
    expect(await statusOf(backend.start(true))).toBe(409);
  });
});
