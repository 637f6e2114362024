import { PROGRESS_EVERY_MS, ProgressWriter } from './progress-writer';

describe('ProgressWriter', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function setup() {
    let clock = 1_000_000;
    const written: number[] = [];
    const writer = new ProgressWriter(
      async (step) => void written.push(step.percent),
      undefined,
      () => clock,
    );
    const advance = async (ms: number) => {
      clock += ms;
      await jest.advanceTimersByTimeAsync(ms);
    };
    return { writer, written, advance };
  }

  it('writes a step at once when the period since the last write is over', async () => {
    const { writer, written, advance } = setup();
    await writer.report({ percent: 5, stage: 'Reading' });
    await advance(PROGRESS_EVERY_MS);
    await writer.report({ percent: 15, stage: 'Chapters' });
    expect(written).toEqual([5, 15]);
  });

  it('holds the steps of a fast job and writes only the newest at the end of the period', async () => {
    const { writer, written, advance } = setup();
    writer.wrote();
    await writer.report({ percent: 15, stage: 'Chapters' });
    await writer.report({ percent: 25, stage: 'Writing' });
    await writer.report({ percent: 60, stage: 'Writing' });
    expect(written).toEqual([]);
    await advance(PROGRESS_EVERY_MS);
    expect(written).toEqual([60]);
  });

  it('writes nothing held once the job has ended (a job of a few milliseconds writes its start and its end only)', async () => {
    const { writer, written, advance } = setup();
    writer.wrote();
    await writer.report({ percent: 15, stage: 'Chapters' });
    await writer.report({ percent: 95, stage: 'Saving' });
    writer.end();
    await advance(PROGRESS_EVERY_MS * 3);
    await writer.report({ percent: 99, stage: 'late' });
    expect(written).toEqual([]);
    expect(writer.isEnded).toBe(true);
  });

  it('keeps the steps it writes in order: a write made now drops the step it was holding', async () => {
    const { writer, written, advance } = setup();
    writer.wrote();
    await writer.report({ percent: 15, stage: 'Chapters' });
    await advance(PROGRESS_EVERY_MS - 1);
    expect(written).toEqual([]);
    await advance(1);
    expect(written).toEqual([15]);
    await advance(PROGRESS_EVERY_MS);
    await writer.report({ percent: 85, stage: 'Checking' });
    await advance(PROGRESS_EVERY_MS * 2);
    expect(written).toEqual([15, 85]);
  });
});
