import type { GenerationProgress } from '@veolearn/queues';

/** Shortest time between two progress writes of one job (the row and the queue job). */
export const PROGRESS_EVERY_MS = 200;

/**
 * A running job's progress, written at most every PROGRESS_EVERY_MS: a step reported sooner after the
 * last write is held and written when the period is over (only the newest held step), unless the job
 * has ended by then. A job of a few milliseconds writes its first step and its end; a long one (a
 * model call of seconds) shows every stage it stays in. Eight writes per job were most of a small
 * job's cost.
 */
export class ProgressWriter {
  private lastWrite = Number.NEGATIVE_INFINITY;
  private held: GenerationProgress | null = null;
  private timer: NodeJS.Timeout | null = null;
  private ended = false;

  constructor(
    private readonly write: (step: GenerationProgress) => Promise<void>,
    private readonly onHeldWriteError: (error: unknown) => void = () => undefined,
    private readonly now: () => number = Date.now,
  ) {}

  /** A step written now, or held for the end of the period. */
  async report(step: GenerationProgress): Promise<void> {
    if (this.ended) return;
    const wait = this.lastWrite + PROGRESS_EVERY_MS - this.now();
    if (wait <= 0) {
      this.cancelHeld();
      await this.writeNow(step);
      return;
    }
    this.held = step;
    this.timer ??= setTimeout(() => {
      this.timer = null;
      const next = this.held;
      this.held = null;
      if (next && !this.ended) this.writeNow(next).catch(this.onHeldWriteError);
    }, wait);
  }

  /** Counts a write made elsewhere (the row's start) as this period's. */
  wrote(): void {
    this.lastWrite = this.now();
  }

  /** True once the job has ended. */
  get isEnded(): boolean {
    return this.ended;
  }

  /** The job ended (done, failed or handed back): nothing held is written after this. */
  end(): void {
    this.ended = true;
    this.cancelHeld();
  }

  private cancelHeld(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.held = null;
  }

  private async writeNow(step: GenerationProgress): Promise<void> {
    this.lastWrite = this.now();
    await this.write(step);
  }
}
