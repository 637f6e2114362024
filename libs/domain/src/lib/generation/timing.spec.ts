import { defaultFeedback } from '../questions/feedback';
import type { Question, SingleChoiceQuestion } from '../questions/types';
import type { Chapter } from '../transcripts';
import { finaliseQuestions } from './timing';

const CHAPTERS: Chapter[] = [
  { index: 0, title: 'Glycolysis', start: 0, end: 60, text: '' },
  { index: 1, title: 'Krebs Cycle', start: 60, end: 120, text: '' },
  { index: 2, title: 'Electron Transport', start: 120, end: 180, text: '' },
];

function question(timestamp: number, extra: Partial<SingleChoiceQuestion> = {}): SingleChoiceQuestion {
  return {
    type: 'single_choice',
    question: `Question at ${timestamp}?`,
    options: ['Right', 'Wrong'],
    correctAnswer: 0,
    timestamp,
    topicTitle: '',
    topicStartTime: 0,
    feedback: defaultFeedback('single_choice'),
    ...extra,
  };
}

const times = (qs: Question[]) => qs.map((q) => q.timestamp);

describe('finaliseQuestions', () => {
  it('sets the chapter from the timestamp and sorts by time', () => {
    const out = finaliseQuestions([question(130.04), question(30), question(75.55)], CHAPTERS, 180);
    expect(times(out)).toEqual([30, 75.6, 130]);
    expect(out.map((q) => [q.topicTitle, q.topicStartTime])).toEqual([
      ['Glycolysis', 0],
      ['Krebs Cycle', 60],
      ['Electron Transport', 120],
    ]);
  });

  it('keeps a given chapter that starts before the question', () => {
    const [q] = finaliseQuestions([question(61, { topicTitle: 'Glycolysis', topicStartTime: 0 })], CHAPTERS, 180);
    expect(q).toMatchObject({ topicTitle: 'Glycolysis', topicStartTime: 0, timestamp: 61 });
    const [later] = finaliseQuestions([question(30, { topicTitle: 'Krebs Cycle' })], CHAPTERS, 180);
    expect(later).toMatchObject({ topicTitle: 'Glycolysis', topicStartTime: 0 });
  });

  it('keeps timestamps inside the video: after 0 and at most one second before the end', () => {
    const out = finaliseQuestions([question(0), question(-5), question(500)], CHAPTERS, 180);
    for (const t of times(out)) {
      expect(t).toBeGreaterThan(0);
      expect(t).toBeLessThanOrEqual(179);
    }
    expect(Math.max(...times(out))).toBe(179);
  });

  it('moves questions at least 2 s apart, later first and earlier only at the end of the video', () => {
    const out = finaliseQuestions([question(50), question(50), question(50.5), question(179), question(179)], CHAPTERS, 180);
    expect(times(out)).toEqual([50, 52, 54, 177, 179]);
    const gapped = finaliseQuestions([question(10), question(10)], CHAPTERS, 180, { minGapSeconds: 5 });
    expect(times(gapped)).toEqual([10, 15]);
  });

  it('spaces questions evenly in a video too short for 2 s gaps, never giving two the same time', () => {
    const out = finaliseQuestions([question(1), question(1), question(1), question(1)], [], 4);
    expect(out).toHaveLength(4);
    const t = times(out);
    expect(new Set(t).size).toBe(4);
    expect(t).toEqual([...t].sort((a, b) => a - b));
    expect(t.every((x) => x > 0 && x <= 3)).toBe(true);
  });

  it('drops questions that fail validation and returns clean copies', () => {
    const broken = { ...question(20), options: ['Only one'] } as SingleChoiceQuestion;
    const out = finaliseQuestions([broken, question(40, { question: '  Padded?  ' })], CHAPTERS, 180);
    expect(out).toHaveLength(1);
    expect(out[0].question).toBe('Padded?');
  });

  it('names the topic "Whole video" when there are no chapters', () => {
    const [q] = finaliseQuestions([question(12)], [], 100);
    expect(q).toMatchObject({ topicTitle: 'Whole video', topicStartTime: 0, timestamp: 12 });
  });

  it('uses the chapters to bound the video when the duration is unknown', () => {
    const out = finaliseQuestions([question(500)], CHAPTERS, Number.NaN);
    expect(times(out)).toEqual([179]);
  });
});
