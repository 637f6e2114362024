import { SAMPLE_QUESTIONS } from '../testing/sample-questions';
import {
  SCORM_API_SEARCH_DEPTH,
  type Scorm12Api,
  type Scorm2004Api,
  type ScormProgress,
  ScormSession,
  type ScormWindowLike,
  findApi,
  parseProgress,
  serializeProgress,
} from './scorm-runtime';

/** A minimal LMS recording every call; `refuse` makes SetValue of matching elements fail. */
function fake12(refuse: RegExp | null = null) {
  const data: Record<string, string> = {};
  const calls: string[] = [];
  const api: Scorm12Api = {
    LMSInitialize: () => (calls.push('init'), 'true'),
    LMSFinish: () => (calls.push('finish'), 'true'),
    LMSGetValue: (e) => data[e] ?? '',
    LMSSetValue: (e, v) => {
      if (refuse?.test(e)) return 'false';
      data[e] = v;
      return 'true';
    },
    LMSCommit: () => (calls.push('commit'), 'true'),
    LMSGetLastError: () => '405',
    LMSGetErrorString: () => 'Incorrect Data Type',
  };
  return { api, data, calls };
}

function fake2004() {
  const data: Record<string, string> = {};
  const calls: string[] = [];
  const api: Scorm2004Api = {
    Initialize: () => (calls.push('init'), 'true'),
    Terminate: () => (calls.push('terminate'), 'true'),
    GetValue: (e) => data[e] ?? '',
    SetValue: (e, v) => ((data[e] = v), 'true'),
    Commit: () => (calls.push('commit'), 'true'),
    GetLastError: () => '0',
  };
  return { api, data, calls };
}

/** A chain of windows: chain[0] is the content frame, chain[depth] the top. */
function chain(depth: number): ScormWindowLike[] {
  const wins: ScormWindowLike[] = [];
  for (let i = 0; i <= depth; i++) wins.push({});
  wins.forEach((w, i) => (w.parent = wins[Math.min(i + 1, depth)]));
  return wins;
}

describe('findApi', () => {
  it('finds API (1.2) and API_1484_11 (2004) on the window itself', () => {
    const { api } = fake12();
    expect(findApi({ API: api })).toEqual({ version: '1.2', api });
    const { api: api2004 } = fake2004();
    expect(findApi({ API_1484_11: api2004 })).toEqual({ version: '2004', api: api2004 });
  });

  it('searches the parents up to the depth limit', () => {
    const { api } = fake12();
    const near = chain(SCORM_API_SEARCH_DEPTH);
    near[SCORM_API_SEARCH_DEPTH].API = api;
    expect(findApi(near[0])?.api).toBe(api);
    const far = chain(SCORM_API_SEARCH_DEPTH + 1);
    far[SCORM_API_SEARCH_DEPTH + 1].API = api;
    expect(findApi(far[0])).toBeNull();
  });

  it('then searches the opener and its parents', () => {
    const { api } = fake2004();
    const lms = chain(2);
    lms[2].API_1484_11 = api;
    const popup: ScormWindowLike = { opener: lms[0] };
    popup.parent = popup;
    expect(findApi(popup)).toEqual({ version: '2004', api });
  });

  it('looks only for the asked version; without one 2004 wins on the same window', () => {
    const { api } = fake12();
    const { api: api2004 } = fake2004();
    const win: ScormWindowLike = { API: api, API_1484_11: api2004 };
    expect(findApi(win)?.version).toBe('2004');
    expect(findApi(win, '1.2')?.api).toBe(api);
    expect(findApi({ API: api }, '2004')).toBeNull();
  });

  it('skips cross-origin windows and objects that are not an API', () => {
    const { api } = fake12();
    const top: ScormWindowLike = { API: api };
    const crossOrigin = {
      get API(): unknown {
        throw new Error('SecurityError');
      },
      parent: top,
    };
    expect(findApi({ parent: crossOrigin })?.api).toBe(api);
    expect(findApi({ API: { LMSInitialize: 'no' } })).toBeNull();
    expect(findApi(null)).toBeNull();
    const self: ScormWindowLike = {};
    self.parent = self;
    self.opener = self;
    expect(findApi(self)).toBeNull();
  });
});

describe('ScormSession without an LMS', () => {
  it('is not connected, grades in memory and writes nothing', () => {
    const session = ScormSession.connect({}, { version: '1.2', questionCount: 2 });
    expect(session.connected).toBe(false);
    expect(session.initialize()).toBe(false);
    const outcome = session.recordAnswer({ question: SAMPLE_QUESTIONS[0], index: 0, response: 1 });
    expect(outcome).toMatchObject({ recorded: false, reason: 'not-connected', attempt: 1, grade: { correct: true } });
    expect(session.score()).toEqual({ points: 10, maxPoints: 20, scaled: 0.5, passed: false });
    expect(session.setLocation('x')).toBe(false);
    expect(session.saveProgress()).toBe(false);
    expect(session.reportScore()).toBe(false);
    expect(session.complete()).toBe(false);
    expect(session.commit()).toBe(false);
    expect(session.finish()).toBe(false);
    expect(session.progress.completed).toBe(true);
    expect(session.errors).toEqual([]);
  });

  it('ignores an API of the other version', () => {
    const { api } = fake12();
    expect(new ScormSession({ version: '1.2', api }, { version: '2004', questionCount: 1 }).connected).toBe(false);
  });
});

describe('ScormSession with an LMS', () => {
  it('is not connected when the LMS refuses to initialise', () => {
    const { api } = fake12();
    api.LMSInitialize = () => 'false';
    const session = ScormSession.connect({ API: api }, { version: '1.2', questionCount: 1 });
    expect(session.connected).toBe(true);
    expect(session.initialize()).toBe(false);
    expect(session.connected).toBe(false);
    expect(session.errors).toEqual(['LMS refused initialize: error 405 (Incorrect Data Type)']);
  });

  it('initialises once, finishes once, and keeps the LMS status of a resumed attempt', () => {
    const { api, data, calls } = fake12();
    data['cmi.core.lesson_status'] = 'failed';
    const session = ScormSession.connect({ API: api }, { version: '1.2', questionCount: 1 });
    expect(session.initialize()).toBe(true);
    expect(session.initialize()).toBe(false);
    expect(data['cmi.core.lesson_status']).toBe('failed');
    expect(session.finish()).toBe(true);
    expect(session.finish()).toBe(false);
    expect(calls.filter((c) => c === 'init' || c === 'finish')).toEqual(['init', 'finish']);
    expect(session.recordAnswer({ question: SAMPLE_QUESTIONS[0], index: 0, response: 1 }).recorded).toBe(false);
  });

  it('reports values the LMS refused', () => {
    const { api } = fake12(/result$/);
    const session = ScormSession.connect({ API: api }, { version: '1.2', questionCount: 1 });
    session.initialize();
    expect(session.recordAnswer({ question: SAMPLE_QUESTIONS[0], index: 0, response: 0 })).toMatchObject({ recorded: false, reason: 'lms-error' });
    expect(session.errors).toEqual(['LMS refused set cmi.interactions.0.result: error 405 (Incorrect Data Type)']);
  });

  it('without questions only completes: no score, 1.2 completed, 2004 success left unknown', () => {
    const one = fake12();
    const s12 = ScormSession.connect({ API: one.api }, { version: '1.2', questionCount: 0 });
    s12.initialize();
    s12.complete();
    expect(one.data['cmi.core.lesson_status']).toBe('completed');
    expect(one.data['cmi.core.score.raw']).toBeUndefined();
    const two = fake2004();
    const s2004 = ScormSession.connect({ API_1484_11: two.api }, { version: '2004', questionCount: 0 });
    s2004.initialize();
    s2004.complete();
    expect(two.data['cmi.completion_status']).toBe('completed');
    expect(two.data['cmi.success_status']).toBeUndefined();
    expect(two.data['cmi.score.raw']).toBeUndefined();
  });

  it('passes exactly at the mastery score (80 % of 10 per question) without an LMS value', () => {
    const { api, data } = fake2004();
    const session = ScormSession.connect({ API_1484_11: api }, { version: '2004', questionCount: 5 });
    session.initialize();
    SAMPLE_QUESTIONS.slice(0, 4).forEach((question, index) => session.recordAnswer({ question, index, response: [1, [0, 2], true, 1][index] }));
    session.complete();
    expect(data['cmi.score.raw']).toBe('40');
    expect(data['cmi.score.max']).toBe('50');
    expect(data['cmi.score.scaled']).toBe('0.8');
    expect(data['cmi.success_status']).toBe('passed');
  });

  it('refuses a location over the version limit', () => {
    const { api, data } = fake12();
    const session = ScormSession.connect({ API: api }, { version: '1.2', questionCount: 1 });
    session.initialize();
    expect(session.setLocation('x'.repeat(256))).toBe(false);
    expect(data['cmi.core.lesson_location']).toBeUndefined();
    expect(session.setLocation('x'.repeat(255))).toBe(true);
    expect(session.location).toHaveLength(255);
  });

  it('keeps the LMS bookmark at the second of the video the learner reached, in both versions', () => {
    const old = fake12();
    const session12 = ScormSession.connect({ API: old.api }, { version: '1.2', questionCount: 1 });
    session12.initialize();
    session12.setPosition(42.7);
    expect(session12.saveProgress()).toBe(true);
    expect(old.data['cmi.core.lesson_location']).toBe('42');
    const next = fake2004();
    const session2004 = ScormSession.connect({ API_1484_11: next.api }, { version: '2004', questionCount: 1 });
    session2004.initialize();
    session2004.setPosition(95);
    session2004.saveProgress();
    expect(next.data['cmi.location']).toBe('95');
    expect(session2004.location).toBe('95');
  });

  it('measures session time from initialize to finish with the given clock', () => {
    let t = 1_000_000;
    const { api, data } = fake2004();
    const session = ScormSession.connect({ API_1484_11: api }, { version: '2004', questionCount: 1, now: () => t });
    session.initialize();
    t += 61_500;
    session.finish();
    expect(data['cmi.session_time']).toBe('PT0H1M1.5S');
    expect(data['cmi.exit']).toBe('suspend');
  });
});

describe('suspend data', () => {
  const progress: ScormProgress = { position: 123.9, completed: false, answers: { q1: { attempts: 2, score: 1 }, n3: { attempts: 1, score: 1 / 3 } } };

  it('is compact JSON that round-trips', () => {
    const text = serializeProgress(progress);
    expect(text).toBe('{"v":1,"p":123,"c":0,"q":{"q1":[2,1],"n3":[1,0.3333]}}');
    expect(parseProgress(text)).toEqual({ position: 123, completed: false, answers: { q1: { attempts: 2, score: 1 }, n3: { attempts: 1, score: 0.3333 } } });
  });

  it('keeps 50 answered questions well inside the 1.2 limit of 4096 characters', () => {
    const answers = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`q${100000 + i}`, { attempts: 3, score: 0.6667 }]));
    expect(serializeProgress({ position: 36000, completed: true, answers }).length).toBeLessThan(1500);
  });

  it.each(['', 'not json', 'null', '[]', '{"v":2,"p":1,"q":{}}', '{"v":1,"p":"1","q":{}}', '{"v":1,"p":1,"q":{"a":[1]}}', '{"v":1,"p":1,"q":{"a":[1,2]}}'])(
    'ignores foreign or damaged data %p',
    (text) => {
      expect(parseProgress(text)).toBeNull();
    },
  );

  it('refuses to write progress over the limit', () => {
    const { api, data } = fake12();
    const session = ScormSession.connect({ API: api }, { version: '1.2', questionCount: 1 });
    session.initialize();
    expect(session.writeSuspendData('y'.repeat(4097))).toBe(false);
    expect(data['cmi.suspend_data']).toBeUndefined();
    expect(session.errors).toEqual(['suspend data of 4097 characters is over the SCORM 1.2 limit of 4096; not written']);
  });
});
