/**
 * @jest-environment jsdom
 */
// The LMS side is the real scorm-again runtime, loaded the way an LMS page loads it: its browser
// build evaluated in a (jsdom) window, which it registers itself on as window.Scorm12API / Scorm2004API.
import { readFileSync } from 'node:fs';
import type { Scorm12API, Scorm2004API } from 'scorm-again';
import { RIGHT_RESPONSES, SAMPLE_QUESTIONS, WRONG_RESPONSES } from '../testing/sample-questions';
import { type ScormWindowLike, ScormSession, parseProgress } from './scorm-runtime';

type Runtime12 = InstanceType<typeof Scorm12API>;
type Runtime2004 = InstanceType<typeof Scorm2004API>;
interface LmsGlobals {
  Scorm12API: typeof Scorm12API;
  Scorm2004API: typeof Scorm2004API;
}

const lms = (): LmsGlobals => window as unknown as LmsGlobals;

beforeAll(() => {
  const source = readFileSync(require.resolve('scorm-again'), 'utf8');
  new Function(source)();
  expect(typeof lms().Scorm12API).toBe('function');
});

/** A window whose parent holds the API, as in an LMS frameset. */
function frame(key: 'API' | 'API_1484_11', api: unknown): ScormWindowLike {
  const top: ScormWindowLike = { [key]: api };
  top.parent = top;
  return { parent: top };
}

interface Calls {
  commits: number;
  finishes: number;
}

function watch(api: Runtime12 | Runtime2004, commit: string, finish: string): Calls {
  const calls = { commits: 0, finishes: 0 };
  api.on(commit, () => calls.commits++);
  api.on(finish, () => calls.finishes++);
  return calls;
}

/** A clock the test moves. */
function clock(start = Date.parse('2026-11-24T06:00:00Z')): { now: () => number; advance: (seconds: number) => void } {
  let t = start;
  return { now: () => t, advance: (s) => (t += s * 1000) };
}

type Json = Record<string, unknown>;
const cmiOf = (api: Runtime12 | Runtime2004): Json => JSON.parse(JSON.stringify(api.cmi)) as Json;
const interactionsOf = (cmi: Json): Json[] => Object.values((cmi['interactions'] ?? {}) as Record<string, Json>);

describe('ScormSession against scorm-again (SCORM 1.2)', () => {
  function launch(preload?: (api: Runtime12) => void) {
    const api = new (lms().Scorm12API)({ logLevel: 5 });
    preload?.(api);
    const calls = watch(api, 'LMSCommit', 'LMSFinish');
    const time = clock();
    const session = ScormSession.connect(frame('API', api), { version: '1.2', questionCount: SAMPLE_QUESTIONS.length, now: time.now });
    return { api, calls, time, session };
  }

  it('records every question type as an interaction, then score, status, suspend data, session time, commit and finish', () => {
    const { api, calls, time, session } = launch();
    expect(session.connected).toBe(true);
    expect(session.initialize()).toBe(true);
    expect(api.LMSGetValue('cmi.core.lesson_status')).toBe('incomplete');

    SAMPLE_QUESTIONS.forEach((question, index) => {
      time.advance(7);
      const response = index % 2 === 0 ? RIGHT_RESPONSES[index] : WRONG_RESPONSES[index];
      const outcome = session.recordAnswer({ question, index, response, latencySeconds: 5.5 });
      expect(outcome).toMatchObject({ recorded: true, attempt: 1, attemptsLeft: null });
    });
    session.setPosition(321.7);
    expect(session.setLocation('q10')).toBe(true);
    time.advance(60);
    session.complete();
    expect(session.finish()).toBe(true);
    expect(session.finish()).toBe(false);
    expect(session.errors).toEqual([]);

    const cmi = cmiOf(api);
    const core = cmi['core'] as Json;
    const interactions = interactionsOf(cmi);
    expect(interactions.map((i) => [i['id'], i['type'], i['student_response'], i['result']])).toEqual([
      ['q1', 'choice', '1', 'correct'],
      ['q2', 'choice', '0', 'wrong'],
      ['q3', 'true-false', 't', 'correct'],
      ['q4', 'choice', '0', 'wrong'],
      ['q5', 'matching', '0.1,1.2,2.0', 'correct'],
      ['q6', 'sequencing', '0,1,2', 'wrong'],
      ['q7', 'matching', '0.0,1.1,2.0,3.1,4.0,5.1,6.0,7.1,8.0,9.1,a.0,b.1', 'correct'],
      ['q8', 'fill-in', 'sea,green', 'wrong'],
      ['q9', 'matching', '0.1,1.0', 'correct'],
      ['q10', 'sequencing', '0,1,2', 'wrong'],
    ]);
    expect(interactions[1]).toMatchObject({ weighting: '10', time: '06:00:14', correct_responses: { '0': { pattern: '0,2' } } });
    expect(interactions[0]['latency']).toMatch(/^0{2,4}:00:05(\.5|\.50)?$/);
    // 5 right (50 points) + partial credit: q2 0, q4 0, q6 1/3, q8 0, q10 1/3 of pairs → 50 + 3.33 + 3.33 of 100.
    expect(core['score']).toEqual({ raw: '56.67', min: '0', max: '100' });
    expect(core['lesson_status']).toBe('failed');
    expect(core['lesson_location']).toBe('q10');
    expect(core['exit']).toBe('');
    expect(core['session_time']).toMatch(/^0{2,4}:02:10(\.0+)?$/);
    expect(parseProgress(cmi['suspend_data'] as string)).toMatchObject({ position: 321, completed: true });
    expect(Object.keys(parseProgress(cmi['suspend_data'] as string)!.answers)).toHaveLength(10);
    expect(calls.commits).toBeGreaterThanOrEqual(11);
    expect(calls.finishes).toBe(1);
    expect(api.isTerminated()).toBe(true);
  });

  it('passes at the 80 % mastery score the LMS gives and resumes from suspend data on relaunch', () => {
    const first = launch((api) => api.loadFromJSON({ student_data: { mastery_score: '80' } }, 'cmi'));
    first.session.initialize();
    SAMPLE_QUESTIONS.slice(0, 8).forEach((question, index) => first.session.recordAnswer({ question, index, response: RIGHT_RESPONSES[index] }));
    first.session.setPosition(200);
    first.session.finish();
    const saved = cmiOf(first.api);
    expect((saved['core'] as Json)['exit']).toBe('suspend');
    expect((saved['core'] as Json)['lesson_status']).toBe('incomplete');
    expect((saved['core'] as Json)['score']).toMatchObject({ raw: '80' });

    const second = launch((api) => api.loadFromJSON({ suspend_data: saved['suspend_data'], core: { entry: 'resume', lesson_status: 'incomplete' } }, 'cmi'));
    second.session.initialize();
    expect(second.session.resumed).toBe(true);
    expect(second.session.progress.position).toBe(200);
    expect(Object.keys(second.session.progress.answers)).toEqual(['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7', 'q8']);
    second.session.complete();
    second.session.finish();
    const core = cmiOf(second.api)['core'] as Json;
    expect(core['score']).toMatchObject({ raw: '80' });
    expect(core['lesson_status']).toBe('passed');
  });

  it('refuses suspend data over 4096 characters and writes nothing', () => {
    const { api, session } = launch();
    session.initialize();
    expect(session.writeSuspendData('x'.repeat(4097))).toBe(false);
    expect(api.LMSGetValue('cmi.suspend_data')).toBe('');
    expect(session.writeSuspendData('x'.repeat(4096))).toBe(true);
    expect(api.LMSGetValue('cmi.suspend_data')).toHaveLength(4096);
  });
});

describe('ScormSession against scorm-again (SCORM 2004)', () => {
  function launch(preload?: (api: Runtime2004) => void) {
    const api = new (lms().Scorm2004API)({ logLevel: 5 });
    preload?.(api);
    const calls = watch(api, 'Commit', 'Terminate');
    const time = clock();
    const session = ScormSession.connect(frame('API_1484_11', api), { version: '2004', questionCount: SAMPLE_QUESTIONS.length, now: time.now });
    return { api, calls, time, session };
  }

  it('records every question type with 2004 delimiters, then score, statuses, suspend data, session time, commit and terminate', () => {
    const { api, calls, time, session } = launch();
    expect(session.initialize()).toBe(true);
    expect(api.GetValue('cmi.completion_status')).toBe('incomplete');
    SAMPLE_QUESTIONS.forEach((question, index) => {
      time.advance(3);
      expect(session.recordAnswer({ question, index, response: RIGHT_RESPONSES[index], latencySeconds: 4.25 })).toMatchObject({ recorded: true, attemptsLeft: 2 });
    });
    time.advance(3725 - 30);
    session.complete();
    expect(session.finish()).toBe(true);
    expect(session.finish()).toBe(false);
    expect(session.errors).toEqual([]);

    const cmi = cmiOf(api);
    const interactions = interactionsOf(cmi);
    expect(interactions.map((i) => [i['id'], i['type'], i['learner_response'], i['result']])).toEqual([
      ['q1', 'choice', '1', 'correct'],
      ['q2', 'choice', '0[,]2', 'correct'],
      ['q3', 'true-false', 'true', 'correct'],
      ['q4', 'choice', '1', 'correct'],
      ['q5', 'matching', '0[.]1[,]1[.]2[,]2[.]0', 'correct'],
      ['q6', 'sequencing', '1[,]0[,]2', 'correct'],
      ['q7', 'matching', '0[.]0[,]1[.]1[,]2[.]0[,]3[.]1[,]4[.]0[,]5[.]1[,]6[.]0[,]7[.]1[,]8[.]0[,]9[.]1[,]10[.]0[,]11[.]1', 'correct'],
      ['q8', 'fill-in', 'sky[,]blue', 'correct'],
      ['q9', 'matching', '0[.]1[,]1[.]0', 'correct'],
      ['q10', 'sequencing', '1[,]2[,]0', 'correct'],
    ]);
    expect(interactions[0]).toMatchObject({
      weighting: '10',
      latency: 'PT0H0M4.25S',
      timestamp: '2026-11-24T06:00:03.00Z',
      description: 'Pick B',
      correct_responses: { '0': { pattern: '1' } },
    });
    expect(interactions[7]['correct_responses']).toEqual({ '0': { pattern: 'sky[,]blue' } });
    expect(cmi['score']).toEqual({ raw: '100', min: '0', max: '100', scaled: '1' });
    expect(cmi['completion_status']).toBe('completed');
    expect(cmi['success_status']).toBe('passed');
    expect(cmi['exit']).toBe('normal');
    expect(cmi['session_time']).toBe('PT1H2M5S');
    expect(parseProgress(cmi['suspend_data'] as string)?.completed).toBe(true);
    expect(calls.commits).toBeGreaterThanOrEqual(11);
    expect(calls.finishes).toBe(1);
    expect(api.isTerminated()).toBe(true);
  });

  it('allows 3 answers per question, journals each, and fails below the scaled passing score', () => {
    const { api, session } = launch((lmsApi) => lmsApi.loadFromJSON({ scaled_passing_score: '0.8' }, 'cmi'));
    session.initialize();
    const [question] = SAMPLE_QUESTIONS;
    expect(session.recordAnswer({ question, index: 0, response: 0 })).toMatchObject({ recorded: true, attempt: 1, attemptsLeft: 2 });
    expect(session.recordAnswer({ question, index: 0, response: 2 })).toMatchObject({ recorded: true, attempt: 2, attemptsLeft: 1 });
    expect(session.recordAnswer({ question, index: 0, response: 1 })).toMatchObject({ recorded: true, attempt: 3, attemptsLeft: 0 });
    expect(session.recordAnswer({ question, index: 0, response: 0 })).toMatchObject({ recorded: false, reason: 'attempt-limit', attempt: 3 });
    session.complete();
    session.finish();
    const cmi = cmiOf(api);
    expect(interactionsOf(cmi).map((i) => [i['id'], i['result']])).toEqual([
      ['q1', 'incorrect'],
      ['q1', 'incorrect'],
      ['q1', 'correct'],
    ]);
    expect(cmi['score']).toEqual({ raw: '10', min: '0', max: '100', scaled: '0.1' });
    expect(cmi['success_status']).toBe('failed');
  });

  it('resumes on relaunch and keeps counting interactions after the saved ones', () => {
    const first = launch();
    first.session.initialize();
    first.session.recordAnswer({ question: SAMPLE_QUESTIONS[0], index: 0, response: 1 });
    first.session.setPosition(42);
    first.session.finish();
    const saved = cmiOf(first.api);
    expect(saved['exit']).toBe('suspend');
    expect(saved['completion_status']).toBe('incomplete');

    const second = launch((api) => {
      api.loadFromJSON({ suspend_data: saved['suspend_data'], entry: 'resume' }, 'cmi');
      api.loadFromJSON({ interactions: { '0': { id: 'q1', type: 'choice' } } }, 'cmi');
    });
    second.session.initialize();
    expect(second.session.progress).toEqual({ position: 42, completed: false, answers: { q1: { attempts: 1, score: 1 } } });
    second.session.recordAnswer({ question: SAMPLE_QUESTIONS[1], index: 1, response: [0, 2] });
    second.session.finish();
    const ids = interactionsOf(cmiOf(second.api)).map((i) => i['id']);
    expect(ids).toEqual(['q1', 'q2']);
    expect(cmiOf(second.api)['score']).toMatchObject({ raw: '20', scaled: '0.2' });
  });

  it('refuses suspend data over 64000 characters', () => {
    const { api, session } = launch();
    session.initialize();
    expect(session.writeSuspendData('x'.repeat(64001))).toBe(false);
    expect(api.GetValue('cmi.suspend_data')).toBe('');
    expect(session.writeSuspendData('x'.repeat(64000))).toBe(true);
  });

  it('finishes when the page is hidden', () => {
    const { api, calls, session } = launch();
    session.initialize();
    const stop = session.finishOnExit(window);
    window.dispatchEvent(new Event('pagehide'));
    window.dispatchEvent(new Event('beforeunload'));
    stop();
    expect(calls.finishes).toBe(1);
    expect(api.isTerminated()).toBe(true);
  });
});
