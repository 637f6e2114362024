import { parseTranscript } from './parse-transcript';
import { paragraphs, readingChapters } from './reading-chapters';

const SRT = `1
00:00:00,500 --> 00:00:02,000
Welcome to the lesson.

2
00:00:02,000 --> 00:00:04,500
The sky looks blue at noon.

3
00:00:05,000 --> 00:00:07,000
Water boils at one hundred degrees.

4
00:00:08,000 --> 00:00:09,500
One comes before two.
`;

const q = (id: number, timestamp: number, topicTitle: string | null, topicStartTime: number | null) => ({ id, timestamp, topicTitle, topicStartTime });

describe('readingChapters', () => {
  it('cuts the transcript at the topics, from 0 to the end, without timings or cue numbers', () => {
    const { segments } = parseTranscript(SRT);
    const chapters = readingChapters(segments, [q(1, 3, 'Colours', 1), q(2, 4, 'Colours', 1), q(3, 6, 'Water', 5), q(4, 9, 'Numbers', 8)], 12);
    expect(chapters).toEqual([
      { title: 'Colours', startTime: 0, endTime: 5, text: 'Welcome to the lesson. The sky looks blue at noon.', questionIds: [1, 2] },
      { title: 'Water', startTime: 5, endTime: 8, text: 'Water boils at one hundred degrees.', questionIds: [3] },
      { title: 'Numbers', startTime: 8, endTime: 12, text: 'One comes before two.', questionIds: [4] },
    ]);
  });

  it('keeps chapters in order when a topic start is missing or out of place, and names topicless ones', () => {
    const { segments } = parseTranscript(SRT);
    const chapters = readingChapters(segments, [q(1, 3, null, null), q(2, 6, 'Water', 9), q(3, 7, null, null)]);
    expect(chapters.map((c) => [c.title, c.startTime, c.endTime])).toEqual([
      ['Part 1', 0, 6],
      ['Water', 6, 6],
      ['Part 2', 6, 9.5],
    ]);
    // Every piece of text lands in exactly one chapter.
    expect(chapters.map((c) => c.text).filter(Boolean).join(' ')).toBe(segments.map((s) => s.text).join(' '));
  });

  it('gives empty texts when there is no transcript, and the whole text as one chapter without questions', () => {
    expect(readingChapters([], [q(1, 3, 'A', 0)], 10)).toEqual([{ title: 'A', startTime: 0, endTime: 10, text: '', questionIds: [1] }]);
    const [only, ...more] = readingChapters(parseTranscript(SRT).segments, []);
    expect(more).toEqual([]);
    expect(only).toMatchObject({ title: 'Transcript', startTime: 0, endTime: 9.5, questionIds: [] });
    expect(only.text).toContain('Welcome to the lesson.');
    expect(readingChapters([], [])).toEqual([]);
  });
});

describe('paragraphs', () => {
  it('starts a new paragraph after a long pause at a sentence end', () => {
    expect(
      paragraphs([
        { start: 0, end: 2, text: 'First  sentence.' },
        { start: 2, end: 3, text: 'Still first' },
        { start: 6, end: 7, text: 'paragraph.' },
        { start: 10, end: 11, text: 'Second one.' },
      ]),
    ).toBe('First sentence. Still first paragraph.\n\nSecond one.');
  });
});
