import { type GradeResult, type Question, gradeAnswer } from '@veolearn/domain';
import {
  SCORM_2004_MAX_ATTEMPTS_PER_INTERACTION,
  SCORM_LOCATION_LIMIT,
  SCORM_MAX_SCORE_PER_QUESTION,
  SCORM_SUSPEND_DATA_LIMIT,
  type ScormVersion,
  scorm12MasteryPercent,
  scorm2004ScaledPassingScore,
  scormMaxScore,
} from './scorm-constants';
import { formatScormCorrectPattern, formatScormResponse, scormInteractionId, scormInteractionType, scormResult } from './scorm-interactions';
import { formatScorm12Time, formatScorm12Timespan, formatScorm2004Duration, formatScorm2004Timestamp } from './scorm-time';

/** The SCORM 1.2 API object an LMS puts on a window as `API`. Real LMSs return "true"/"false" strings. */
export interface Scorm12Api {
  LMSInitialize(parameter: ''): unknown;
  LMSFinish(parameter: ''): unknown;
  LMSGetValue(element: string): unknown;
  LMSSetValue(element: string, value: string): unknown;
  LMSCommit(parameter: ''): unknown;
  LMSGetLastError(): unknown;
  LMSGetErrorString?(code: string): unknown;
}

/** The SCORM 2004 API object an LMS puts on a window as `API_1484_11`. */
export interface Scorm2004Api {
  Initialize(parameter: ''): unknown;
  Terminate(parameter: ''): unknown;
  GetValue(element: string): unknown;
  SetValue(element: string, value: string): unknown;
  Commit(parameter: ''): unknown;
  GetLastError(): unknown;
  GetErrorString?(code: string): unknown;
}

/** The part of a `Window` the runtime uses; a real window fits. */
export interface ScormWindowLike {
  API?: unknown;
  API_1484_11?: unknown;
  parent?: ScormWindowLike | null;
  opener?: ScormWindowLike | null;
}

/** A found LMS API and its version. */
export type ScormApiHandle = { version: '1.2'; api: Scorm12Api } | { version: '2004'; api: Scorm2004Api };

/**
 * How many parents are searched. ADL's wrappers stop after 7 (1.2) and 500 (2004); LMS framesets nest
 * far less than 10, and a bounded walk stays finite on a broken parent chain.
 */
export const SCORM_API_SEARCH_DEPTH = 10;

const isFn = (v: unknown, name: string): boolean => typeof v === 'object' && v !== null && typeof (v as Record<string, unknown>)[name] === 'function';

/** Reads a property of a window that may belong to another origin (then access throws). */
function read<K extends keyof ScormWindowLike>(win: ScormWindowLike | null | undefined, key: K): ScormWindowLike[K] | undefined {
  try {
    return win ? win[key] : undefined;
  } catch {
    return undefined;
  }
}

function apiOn(win: ScormWindowLike, version: ScormVersion | undefined): ScormApiHandle | null {
  if (version !== '1.2') {
    const api = read(win, 'API_1484_11');
    if (isFn(api, 'Initialize') && isFn(api, 'SetValue')) return { version: '2004', api: api as Scorm2004Api };
  }
  if (version !== '2004') {
    const api = read(win, 'API');
    if (isFn(api, 'LMSInitialize') && isFn(api, 'LMSSetValue')) return { version: '1.2', api: api as Scorm12Api };
  }
  return null;
}

function searchUp(start: ScormWindowLike, version: ScormVersion | undefined): ScormApiHandle | null {
  let win: ScormWindowLike = start;
  for (let depth = 0; depth <= SCORM_API_SEARCH_DEPTH; depth++) {
    const found = apiOn(win, version);
    if (found) return found;
    const parent = read(win, 'parent');
    if (!parent || parent === win) return null;
    win = parent;
  }
  return null;
}

/**
 * Finds the LMS API like the ADL reference wrappers: on this window, then up its parents (at most
 * SCORM_API_SEARCH_DEPTH), then on the opener and its parents. `API_1484_11` is SCORM 2004, `API`
 * SCORM 1.2; with a version only that one is looked for, without one 2004 wins on the same window.
 * Cross-origin windows are skipped. null when there is no LMS.
 */
export function findApi(win: ScormWindowLike | null | undefined, version?: ScormVersion): ScormApiHandle | null {
  if (!win) return null;
  const found = searchUp(win, version);
  if (found) return found;
  const opener = read(win, 'opener');
  return opener && opener !== win ? searchUp(opener, version) : null;
}

/** What the session keeps about each answered question (and saves as suspend data). */
export interface ScormAnsweredQuestion {
  /** Answers given so far. */
  attempts: number;
  /** Score of the latest answer, 0..1 (partial credit as the domain graders give it). */
  score: number;
}

/** A learner's progress in a lesson: what a relaunch resumes from. */
export interface ScormProgress {
  /** Seconds into the video. */
  position: number;
  /** Keyed by interaction id (scormInteractionId). */
  answers: Record<string, ScormAnsweredQuestion>;
  /** The lesson was watched to the end. */
  completed: boolean;
}

/**
 * Suspend data, version 1: compact JSON `{"v":1,"p":position,"c":0|1,"q":{"<id>":[attempts,score]}}`,
 * position in whole seconds, score to 4 decimals. 50 questions take about 1 KB.
 */
export function serializeProgress(progress: ScormProgress): string {
  const q: Record<string, [number, number]> = {};
  for (const [id, a] of Object.entries(progress.answers)) q[id] = [a.attempts, Math.round(a.score * 1e4) / 1e4];
  return JSON.stringify({ v: 1, p: Math.max(0, Math.floor(progress.position)), c: progress.completed ? 1 : 0, q });
}

/** Reads suspend data written by serializeProgress; null for anything else (empty, foreign or damaged data). */
export function parseProgress(text: string): ScormProgress | null {
  try {
    const data: unknown = JSON.parse(text);
    if (typeof data !== 'object' || data === null) return null;
    const { v, p, c, q } = data as Record<string, unknown>;
    if (v !== 1 || typeof p !== 'number' || !Number.isFinite(p) || typeof q !== 'object' || q === null) return null;
    const answers: Record<string, ScormAnsweredQuestion> = {};
    for (const [id, entry] of Object.entries(q as Record<string, unknown>)) {
      if (!Array.isArray(entry) || entry.length !== 2) return null;
      const [attempts, score] = entry as unknown[];
      if (!Number.isInteger(attempts) || (attempts as number) < 0 || typeof score !== 'number' || !(score >= 0 && score <= 1)) return null;
      answers[id] = { attempts: attempts as number, score };
    }
    return { position: Math.max(0, p), answers, completed: c === 1 };
  } catch {
    return null;
  }
}

/** One answer for the LMS. */
export interface ScormAnswer {
  /** The full question (with its correct answer): the package grades with the domain graders. */
  question: Question;
  /** 0-based position of the question in the lesson; names the interaction when the question has no id. */
  index: number;
  /** The learner's response, shaped as gradeAnswer takes it. */
  response: unknown;
  /** Seconds from the question showing to the answer. */
  latencySeconds?: number;
}

/** What became of an answer. */
export interface ScormAnswerOutcome {
  grade: GradeResult;
  /** Written to the LMS as an interaction. */
  recorded: boolean;
  /** Why not: no LMS, the 2004 attempt limit, or the LMS refused a value (see ScormSession.errors). */
  reason?: 'not-connected' | 'attempt-limit' | 'lms-error';
  /** This answer's number for the question (1 = first), counted even without an LMS. */
  attempt: number;
  /** Answers left for the question (SCORM 2004: 3 per interaction); null when unlimited (1.2). */
  attemptsLeft: number | null;
}

export interface ScormSessionOptions {
  /** The version the package was built for: the API searched for and the data model written. */
  version: ScormVersion;
  questionCount: number;
  /** Milliseconds clock (Date.now by default); session time and answer times come from it. */
  now?: () => number;
}

/** The figures reported as the score. */
export interface ScormScore {
  /** Points: 10 per question times the question's score. */
  points: number;
  maxPoints: number;
  /** points / maxPoints (0 without questions). */
  scaled: number;
  passed: boolean;
}

const asBool = (v: unknown): boolean => v === true || String(v) === 'true';
const round = (v: number, digits: number): number => Math.round(v * 10 ** digits) / 10 ** digits;

/** Element names that differ between the versions. */
const CMI: Readonly<Record<ScormVersion, Record<'entry' | 'location' | 'exit' | 'sessionTime' | 'score' | 'count' | 'response' | 'time', string>>> = {
  '1.2': {
    entry: 'cmi.core.entry',
    location: 'cmi.core.lesson_location',
    exit: 'cmi.core.exit',
    sessionTime: 'cmi.core.session_time',
    score: 'cmi.core.score',
    count: 'cmi.interactions._count',
    response: 'student_response',
    time: 'time',
  },
  '2004': {
    entry: 'cmi.entry',
    location: 'cmi.location',
    exit: 'cmi.exit',
    sessionTime: 'cmi.session_time',
    score: 'cmi.score',
    count: 'cmi.interactions._count',
    response: 'learner_response',
    time: 'timestamp',
  },
};

/** SCORM 2004 `cmi.interactions.n.description` (localized_string_type, SPM 250). */
const DESCRIPTION_MAX_LENGTH = 250;

/**
 * The content side of one launch: initialises with the LMS, records answers as `cmi.interactions`,
 * keeps progress in suspend data, reports score and status, and finishes once. Without an LMS API
 * every call is a no-op, `connected` is false, and grading and progress still work in memory, so the
 * launch page can play and say that progress is not being saved.
 */
export class ScormSession {
  readonly version: ScormVersion;
  readonly questionCount: number;
  /** Readable descriptions of the values the LMS refused (newest last). */
  readonly errors: string[] = [];

  private readonly handle: ScormApiHandle | null;
  private readonly now: () => number;
  private state: 'new' | 'running' | 'finished' | 'failed' = 'new';
  private startedAt = 0;
  private nextInteraction = 0;
  private lmsMastery: number | null = null;
  private savedLocation = '';
  /** The content wrote its own location (setLocation): the automatic bookmark stays out of its way. */
  private locationPinned = false;
  private wasResumed = false;
  private current: ScormProgress = { position: 0, answers: {}, completed: false };

  constructor(handle: ScormApiHandle | null, options: ScormSessionOptions) {
    this.version = options.version;
    this.questionCount = Math.max(0, Math.floor(options.questionCount));
    this.now = options.now ?? (() => Date.now());
    this.handle = handle && handle.version === options.version ? handle : null;
  }

  /** Finds the API of `options.version` from `win` (see findApi) and makes a session for it. */
  static connect(win: ScormWindowLike | null | undefined, options: ScormSessionOptions): ScormSession {
    return new ScormSession(findApi(win, options.version), options);
  }

  /** An LMS API was found and (once initialised) accepted the session. False means progress is not being saved. */
  get connected(): boolean {
    return this.handle !== null && this.state !== 'failed';
  }

  /** The session is initialised and not yet finished. */
  get active(): boolean {
    return this.state === 'running';
  }

  /** The previous launch's progress was restored from suspend data. */
  get resumed(): boolean {
    return this.wasResumed;
  }

  /** Current progress (a copy). */
  get progress(): ScormProgress {
    return { ...this.current, answers: Object.fromEntries(Object.entries(this.current.answers).map(([k, v]) => [k, { ...v }])) };
  }

  /** The lesson location the LMS had for this learner ('' when none). */
  get location(): string {
    return this.savedLocation;
  }

  /**
   * Starts the session: LMSInitialize / Initialize, then reads the previous progress (suspend data),
   * the location and the LMS's mastery score, and marks a new attempt incomplete. True when the LMS
   * accepted; false without an LMS, when already started, or when the LMS refused.
   */
  initialize(): boolean {
    if (this.state !== 'new') return false;
    this.startedAt = this.now();
    if (!this.handle) return false;
    const ok = this.handle.version === '1.2' ? asBool(this.handle.api.LMSInitialize('')) : asBool(this.handle.api.Initialize(''));
    if (!ok) {
      this.state = 'failed';
      this.noteError('initialize');
      return false;
    }
    this.state = 'running';
    const count = Number(this.get(CMI[this.version].count));
    this.nextInteraction = Number.isInteger(count) && count > 0 ? count : 0;
    const saved = parseProgress(this.get('cmi.suspend_data'));
    if (saved) {
      this.current = saved;
      this.wasResumed = true;
    }
    this.savedLocation = this.get(CMI[this.version].location);
    const mastery = Number.parseFloat(this.get(this.version === '1.2' ? 'cmi.student_data.mastery_score' : 'cmi.scaled_passing_score'));
    this.lmsMastery = Number.isFinite(mastery) ? mastery : null;
    if (this.version === '1.2') {
      const status = this.get('cmi.core.lesson_status');
      if (status === '' || status === 'not attempted') this.set('cmi.core.lesson_status', 'incomplete');
    } else {
      const status = this.get('cmi.completion_status');
      if (status === '' || status === 'unknown' || status === 'not attempted') this.set('cmi.completion_status', 'incomplete');
    }
    return true;
  }

  /** Answers left for a question (SCORM 2004: 3 per interaction), null when unlimited (1.2). */
  attemptsLeft(question: Pick<Question, 'id'>, index: number): number | null {
    if (this.version !== '2004') return null;
    const used = this.current.answers[scormInteractionId(question, index)]?.attempts ?? 0;
    return Math.max(0, SCORM_2004_MAX_ATTEMPTS_PER_INTERACTION - used);
  }

  /**
   * Grades an answer with the domain graders, keeps it in the progress (the latest answer of a
   * question counts), and records it as a new `cmi.interactions.n` entry (a journal: one entry per
   * answer, same id): id, type, response, correct pattern, result, weighting 10, latency and time
   * (2004 also the question as description). Then reports the score, saves progress and commits.
   * In SCORM 2004 a fourth answer to a question is refused (attempt-limit) and changes nothing.
   */
  recordAnswer(answer: ScormAnswer): ScormAnswerOutcome {
    const { question, index } = answer;
    const grade = gradeAnswer(question, answer.response);
    const id = scormInteractionId(question, index);
    const before = this.current.answers[id]?.attempts ?? 0;
    const left = this.attemptsLeft(question, index);
    if (left === 0) return { grade, recorded: false, reason: 'attempt-limit', attempt: before, attemptsLeft: 0 };
    this.current.answers[id] = { attempts: before + 1, score: grade.score };
    const outcome: ScormAnswerOutcome = { grade, recorded: false, attempt: before + 1, attemptsLeft: left === null ? null : left - 1 };
    if (!this.active) return { ...outcome, reason: 'not-connected' };

    const n = this.nextInteraction++;
    const prefix = `cmi.interactions.${n}.`;
    const v = this.version;
    const at = new Date(this.now());
    const response = formatScormResponse(question, grade.normalizedResponse, v);
    const pattern = formatScormCorrectPattern(question, v);
    const values: [string, string | null][] = [
      ['id', id],
      ['type', scormInteractionType(question.type)],
      ['description', v === '2004' ? this.description(question.question) : null],
      [CMI[v].time, v === '1.2' ? formatScorm12Time(at) : formatScorm2004Timestamp(at)],
      ['weighting', String(SCORM_MAX_SCORE_PER_QUESTION)],
      ['correct_responses.0.pattern', pattern],
      [CMI[v].response, response],
      ['result', scormResult(grade, v)],
      [
        'latency',
        answer.latencySeconds === undefined || !(answer.latencySeconds >= 0)
          ? null
          : v === '1.2'
            ? formatScorm12Timespan(answer.latencySeconds)
            : formatScorm2004Duration(answer.latencySeconds),
      ],
    ];
    let ok = true;
    for (const [element, value] of values) {
      if (value !== null && value !== '') ok = this.set(prefix + element, value) && ok;
    }
    this.reportScore();
    this.saveProgress();
    this.commit();
    return ok ? { ...outcome, recorded: true } : { ...outcome, reason: 'lms-error' };
  }

  /** The score from the progress: points, maximum, scaled and whether it reaches mastery (the LMS's mastery value when it gave one). */
  score(): ScormScore {
    const maxPoints = scormMaxScore(this.questionCount);
    const points = Math.min(
      maxPoints,
      Object.values(this.current.answers).reduce((sum, a) => sum + a.score * SCORM_MAX_SCORE_PER_QUESTION, 0),
    );
    const scaled = maxPoints === 0 ? 0 : points / maxPoints;
    let passed: boolean;
    if (maxPoints === 0) passed = true;
    else if (this.version === '1.2') passed = scaled * 100 >= (this.lmsMastery ?? scorm12MasteryPercent(this.questionCount) ?? 0) - 1e-9;
    else passed = scaled >= (this.lmsMastery ?? scorm2004ScaledPassingScore(this.questionCount) ?? 0) - 1e-9;
    return { points: round(points, 2), maxPoints, scaled: round(scaled, 4), passed };
  }

  /**
   * Writes the score. 1.2: raw is a percentage (min 0, max 100), because LMSs compare it with the
   * 0–100 mastery score and reject raw scores above 100; 2004: raw in points (min 0, max 10 per
   * question) and scaled. Nothing for a lesson without questions.
   */
  reportScore(): boolean {
    if (!this.active || this.questionCount === 0) return false;
    const s = this.score();
    const base = CMI[this.version].score;
    if (this.version === '1.2') {
      return [
        this.set(`${base}.raw`, String(round(s.scaled * 100, 2))),
        this.set(`${base}.min`, '0'),
        this.set(`${base}.max`, '100'),
      ].every(Boolean);
    }
    return [
      this.set(`${base}.raw`, String(s.points)),
      this.set(`${base}.min`, '0'),
      this.set(`${base}.max`, String(s.maxPoints)),
      this.set(`${base}.scaled`, String(s.scaled)),
    ].every(Boolean);
  }

  /** Remembers where the learner is in the video (saved with the next saveProgress). */
  setPosition(seconds: number): void {
    if (Number.isFinite(seconds) && seconds >= 0) this.current.position = seconds;
  }

  /**
   * The lesson was watched to the end: completed, with the score and, when there are questions,
   * passed or failed against the mastery score (1.2 lesson_status; 2004 completion and success
   * status). Saves progress and commits.
   */
  complete(): boolean {
    this.current.completed = true;
    if (!this.active) return false;
    this.reportScore();
    this.reportStatus();
    this.saveProgress();
    return this.commit();
  }

  private reportStatus(): void {
    const { passed } = this.score();
    const graded = this.questionCount > 0;
    if (this.version === '1.2') {
      const status = !this.current.completed ? 'incomplete' : !graded ? 'completed' : passed ? 'passed' : 'failed';
      this.set('cmi.core.lesson_status', status);
    } else {
      this.set('cmi.completion_status', this.current.completed ? 'completed' : 'incomplete');
      if (graded && this.current.completed) this.set('cmi.success_status', passed ? 'passed' : 'failed');
    }
  }

  /**
   * Writes the progress as suspend data (serializeProgress). Refuses, writing nothing, when the text
   * is over the version's limit (4096 characters in 1.2, 64000 in 2004).
   */
  saveProgress(): boolean {
    return this.writeSuspendData(serializeProgress(this.current));
  }

  /** Writes raw suspend data; refused (false, nothing written) above the version's limit. */
  writeSuspendData(text: string): boolean {
    const limit = SCORM_SUSPEND_DATA_LIMIT[this.version];
    if (text.length > limit) {
      this.errors.push(`suspend data of ${text.length} characters is over the SCORM ${this.version} limit of ${limit}; not written`);
      return false;
    }
    if (!this.active || !this.set('cmi.suspend_data', text)) return false;
    this.writeBookmark();
    return true;
  }

  /**
   * The LMS's bookmark: the whole second of the video the learner reached (what an LMS shows as
   * "resume at"), unless the content set a location of its own this session.
   */
  private writeBookmark(): void {
    if (this.locationPinned) return;
    const bookmark = String(Math.floor(Math.max(0, this.current.position)));
    if (bookmark !== this.savedLocation && this.set(CMI[this.version].location, bookmark)) this.savedLocation = bookmark;
  }

  /** Writes the lesson location (1.2 `cmi.core.lesson_location`, ≤255; 2004 `cmi.location`, ≤1000); refused above the limit. */
  setLocation(location: string): boolean {
    const limit = SCORM_LOCATION_LIMIT[this.version];
    if (location.length > limit) {
      this.errors.push(`location of ${location.length} characters is over the SCORM ${this.version} limit of ${limit}; not written`);
      return false;
    }
    if (!this.active) return false;
    const ok = this.set(CMI[this.version].location, location);
    if (ok) {
      this.savedLocation = location;
      this.locationPinned = true;
    }
    return ok;
  }

  /** Asks the LMS to store what it has (LMSCommit / Commit). */
  commit(): boolean {
    if (!this.active || !this.handle) return false;
    const ok = this.handle.version === '1.2' ? asBool(this.handle.api.LMSCommit('')) : asBool(this.handle.api.Commit(''));
    if (!ok) this.noteError('commit');
    return ok;
  }

  /** Seconds since initialize. */
  sessionSeconds(): number {
    return this.state === 'new' ? 0 : Math.max(0, (this.now() - this.startedAt) / 1000);
  }

  /**
   * Ends the session once (later calls do nothing and return false): session time, exit (`suspend`
   * until the lesson is completed so that a relaunch resumes; then 1.2 `` / 2004 `normal`), score,
   * status, suspend data, commit, then LMSFinish / Terminate.
   */
  finish(): boolean {
    if (!this.active || !this.handle) {
      if (this.state === 'new' || this.state === 'running') this.state = 'finished';
      return false;
    }
    const seconds = this.sessionSeconds();
    this.set(CMI[this.version].sessionTime, this.version === '1.2' ? formatScorm12Timespan(seconds) : formatScorm2004Duration(seconds));
    const exit = this.current.completed ? (this.version === '1.2' ? '' : 'normal') : 'suspend';
    this.set(CMI[this.version].exit, exit);
    this.reportScore();
    this.reportStatus();
    this.saveProgress();
    this.commit();
    this.state = 'finished';
    const ok = this.handle.version === '1.2' ? asBool(this.handle.api.LMSFinish('')) : asBool(this.handle.api.Terminate(''));
    if (!ok) this.noteError('finish');
    return ok;
  }

  /**
   * Finishes when the page goes away (`pagehide`, and `beforeunload` for browsers that skip it).
   * Returns a function that removes the listeners.
   */
  finishOnExit(win: { addEventListener(type: string, listener: () => void): void; removeEventListener(type: string, listener: () => void): void }): () => void {
    const listener = (): void => {
      this.finish();
    };
    win.addEventListener('pagehide', listener);
    win.addEventListener('beforeunload', listener);
    return () => {
      win.removeEventListener('pagehide', listener);
      win.removeEventListener('beforeunload', listener);
    };
  }

  private description(text: string): string {
    const clean = Array.from(text.replace(/\s+/g, ' ').trim()).slice(0, DESCRIPTION_MAX_LENGTH).join('');
    // A leading "{lang=…}" would be read as a language tag; a space keeps the text as text.
    return clean.startsWith('{') ? ` ${Array.from(clean).slice(0, DESCRIPTION_MAX_LENGTH - 1).join('')}` : clean;
  }

  private get(element: string): string {
    if (!this.handle || this.state !== 'running') return '';
    const value = this.handle.version === '1.2' ? this.handle.api.LMSGetValue(element) : this.handle.api.GetValue(element);
    return value == null ? '' : String(value);
  }

  private set(element: string, value: string): boolean {
    if (!this.handle || this.state !== 'running') return false;
    const ok = this.handle.version === '1.2' ? asBool(this.handle.api.LMSSetValue(element, value)) : asBool(this.handle.api.SetValue(element, value));
    if (!ok) this.noteError(`set ${element}`);
    return ok;
  }

  private noteError(action: string): void {
    if (!this.handle) return;
    const api = this.handle.api;
    const code = String(this.handle.version === '1.2' ? (api as Scorm12Api).LMSGetLastError() : (api as Scorm2004Api).GetLastError());
    const getString = this.handle.version === '1.2' ? (api as Scorm12Api).LMSGetErrorString?.bind(api) : (api as Scorm2004Api).GetErrorString?.bind(api);
    const text = getString ? String(getString(code)) : '';
    this.errors.push(`LMS refused ${action}: error ${code}${text ? ` (${text})` : ''}`);
  }
}
