import {
  type ScormApiHandle,
  type ScormScore,
  ScormSession,
  type ScormSessionOptions,
  SCORM_MAX_SCORE_PER_QUESTION,
  SCORM_SUSPEND_DATA_LIMIT,
  scorm12MasteryPercent,
  scorm2004ScaledPassingScore,
  scormMaxScore,
  serializeProgress,
} from '@veolearn/scorm';

/**
 * The launch page's LMS session: libs/scorm's ScormSession (interactions, score, status, session time,
 * commit, finish) with two things the player needs on top:
 * - suspend data carries the player's own state under `x` beside the session's `{v,p,c,q}` (which
 *   ScormSession reads back as before): the attempt id, each question's status (skips included),
 *   response, tries and time, the exact position and the watch time, so a relaunch resumes the
 *   attempt as it was;
 * - the score counts each question's first-try credit, as the attempts API does (the results screen
 *   and the LMS show the same figure). The pass mark is the LMS's mastery value when it gives one,
 *   else the package's (80 % of the points, rounded up).
 */
export class PackageSession extends ScormSession {
  /** The player's state to save with the progress (set by the local attempt backend). */
  extras: (() => unknown) | null = null;
  /** A smaller form of it for when the full one does not fit the version's limit (responses dropped). */
  compactExtras: (() => unknown) | null = null;
  /** First-try credits (0..1) of the answered questions; null: the session's own (latest answer) score. */
  credits: (() => number[]) | null = null;

  private readonly lms: ScormApiHandle | null;
  private rawSuspendData = '';
  private lmsMasteryValue: number | null = null;

  constructor(handle: ScormApiHandle | null, options: ScormSessionOptions) {
    super(handle, options);
    this.lms = handle && handle.version === options.version ? handle : null;
  }

  override initialize(): boolean {
    const ok = super.initialize();
    if (ok) {
      this.rawSuspendData = this.read('cmi.suspend_data');
      const mastery = Number.parseFloat(this.read(this.version === '1.2' ? 'cmi.student_data.mastery_score' : 'cmi.scaled_passing_score'));
      this.lmsMasteryValue = Number.isFinite(mastery) ? mastery : null;
    }
    return ok;
  }

  /** The player's state saved by the previous launch (the `x` of its suspend data), or null. */
  savedExtras(): unknown {
    if (!this.resumed || !this.rawSuspendData) return null;
    try {
      const data = JSON.parse(this.rawSuspendData) as Record<string, unknown>;
      return data['x'] ?? null;
    } catch {
      return null;
    }
  }

  override saveProgress(): boolean {
    const base = serializeProgress(this.progress);
    const limit = SCORM_SUSPEND_DATA_LIMIT[this.version];
    for (const make of [this.extras, this.compactExtras]) {
      if (!make) continue;
      const text = `${base.slice(0, -1)},"x":${JSON.stringify(make())}}`;
      if (text.length <= limit) return this.writeSuspendData(text);
    }
    return this.writeSuspendData(base);
  }

  override score(): ScormScore {
    if (!this.credits) return super.score();
    const maxPoints = scormMaxScore(this.questionCount);
    const sum = this.credits().reduce((acc, c) => acc + (Number.isFinite(c) ? Math.min(1, Math.max(0, c)) : 0), 0);
    const points = Math.min(maxPoints, sum * SCORM_MAX_SCORE_PER_QUESTION);
    const scaled = maxPoints === 0 ? 0 : points / maxPoints;
    let passed: boolean;
    if (maxPoints === 0) passed = true;
    else if (this.version === '1.2') passed = scaled * 100 >= (this.lmsMasteryValue ?? scorm12MasteryPercent(this.questionCount) ?? 0) - 1e-9;
    else passed = scaled >= (this.lmsMasteryValue ?? scorm2004ScaledPassingScore(this.questionCount) ?? 0) - 1e-9;
    return { points: Math.round(points * 100) / 100, maxPoints, scaled: Math.round(scaled * 1e4) / 1e4, passed };
  }

  private read(element: string): string {
    if (!this.lms || !this.active) return '';
    const value = this.lms.version === '1.2' ? this.lms.api.LMSGetValue(element) : this.lms.api.GetValue(element);
    return value == null ? '' : String(value);
  }
}
