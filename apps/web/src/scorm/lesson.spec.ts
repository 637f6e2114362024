import { isPackagePath, readLesson, toPlaybackView } from './lesson';

const LESSON = {
  video: { id: 3, title: 'T', type: 'upload', youtubeId: null, mediaFile: 'media/v.webm', duration: 20, skippingMode: 'no_seek', requireCorrect: true },
  questions: [
    {
      id: 9,
      videoId: 3,
      type: 'single_choice',
      question: 'Q?',
      options: ['a', 'b'],
      correctAnswer: 1,
      timestamp: 4,
      topicTitle: '',
      topicStartTime: 0,
      feedback: { correct: 'c', incorrect: 'i' },
    },
  ],
  scormVersion: '2004',
  masteryScore: 8,
  generatedAt: '2026-11-24T00:00:00.000Z',
};

describe('readLesson', () => {
  it('takes what lesson.js set', () => {
    expect('lesson' in readLesson(LESSON)).toBe(true);
  });

  it.each([
    [undefined, 'lesson.js is missing or did not set window.VEOLEARN_LESSON.'],
    [{ ...LESSON, scormVersion: '3' }, 'The lesson names no SCORM version.'],
    [{ ...LESSON, questions: [{ id: 'x' }] }, 'The lesson questions are damaged.'],
    [{ ...LESSON, video: { ...LESSON.video, mediaFile: 'https://example.com/v.webm' } }, 'The lesson video must be a file inside the package.'],
    [{ ...LESSON, video: { ...LESSON.video, mediaFile: '../v.webm' } }, 'The lesson video must be a file inside the package.'],
  ])('refuses %p', (value, error) => {
    expect(readLesson(value)).toEqual({ error });
  });
});

describe('toPlaybackView', () => {
  it("is the learner's view: no answers, no feedback, the media from the package, no captions link", () => {
    const read = readLesson(LESSON);
    if (!('lesson' in read)) throw new Error(read.error);
    const view = toPlaybackView(read.lesson);
    expect(view.video).toMatchObject({ id: 3, mediaUrl: 'media/v.webm', youtubeId: null, captionsUrl: '', skippingMode: 'no_seek', requireCorrect: true });
    expect(view.questions).toEqual([{ id: 9, type: 'single_choice', question: 'Q?', options: ['a', 'b'], timestamp: 4, topicTitle: null, topicStartTime: 0 }]);
  });

  it('plays a YouTube lesson through its id', () => {
    const view = toPlaybackView({ ...LESSON, video: { ...LESSON.video, type: 'youtube', youtubeId: 'abcdefghijk', mediaFile: null } } as never);
    expect(view.video).toMatchObject({ mediaUrl: null, youtubeId: 'abcdefghijk' });
  });
});

describe('isPackagePath', () => {
  it.each([
    ['media/v.webm', true],
    ['v.mp4', true],
    ['/v.mp4', false],
    ['//cdn/v.mp4', false],
    ['data:video/mp4;base64,AA', false],
    ['a/../../v.mp4', false],
    ['', false],
  ])('%p → %p', (path, ok) => {
    expect(isPackagePath(path)).toBe(ok);
  });
});
