import type { YouTubeSearchResult } from './api/create-api';
import {
  generationSummary,
  DETAILS_NOT_CONFIGURED,
  describeTranscript,
  embedCode,
  formatBytes,
  formatViews,
  generationProblem,
  durationToSend,
  generationRequest,
  isTabEnabled,
  nextTab,
  playerUrl,
  previousTab,
  selectionKey,
  transcriptStatus,
  videoFromLinkOnly,
  videoFromLookup,
  videoFromSearchResult,
  initialLessonTitle,
  libraryVideoId,
  videoFromLibrary,
  type SelectedVideo,
} from './wizard-rules';
import { DEFAULT_WIZARD_SETTINGS } from './wizard-settings';

const LINK = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const YOUTUBE: SelectedVideo = {
  kind: 'youtube',
  youtubeId: 'dQw4w9WgXcQ',
  url: LINK,
  title: 'The water cycle',
  channelTitle: 'Science Class',
  duration: '4:12',
  durationSeconds: 252,
  viewCount: '1523400',
  thumbnail: null,
  detailsNote: null,
};
const UPLOAD: SelectedVideo = {
  kind: 'upload',
  videoId: 42,
  title: 'Lab safety',
  filename: 'lab.mp4',
  sizeBytes: 1000,
  mediaUrl: '/api/media/42',
  durationSeconds: null,
};
const LONG = 'The sun warms the ocean and water evaporates into the air. '.repeat(5);

describe('tabs', () => {
  const empty = { transcript: '', generated: null };

  it('opens Edit Questions only once questions exist, and Share only after generation', () => {
    expect(isTabEnabled('interactions', empty)).toBe(true);
    expect(isTabEnabled('edit-questions', empty)).toBe(false);
    expect(isTabEnabled('share', empty)).toBe(false);
    const none = { transcript: '', generated: { videoId: 1, questionCount: 0 } };
    expect(isTabEnabled('edit-questions', none)).toBe(false);
    expect(isTabEnabled('share', none)).toBe(true);
    expect(isTabEnabled('edit-questions', { transcript: '', generated: { videoId: 1, questionCount: 3 } })).toBe(true);
  });

  it('needs a transcript to go on from the Transcript tab, and stops before closed tabs', () => {
    expect(nextTab('youtube', empty)).toBe('transcript');
    expect(nextTab('transcript', empty)).toBeNull();
    expect(nextTab('transcript', { transcript: '   ', generated: null })).toBeNull();
    expect(nextTab('transcript', { transcript: 'Hello', generated: null })).toBe('interactions');
    expect(nextTab('interactions', { transcript: 'Hello', generated: null })).toBeNull();
    expect(nextTab('interactions', { transcript: 'Hello', generated: { videoId: 1, questionCount: 2 } })).toBe('edit-questions');
    expect(nextTab('share', { transcript: 'Hello', generated: { videoId: 1, questionCount: 2 } })).toBeNull();
    expect(previousTab('youtube')).toBeNull();
    expect(previousTab('share')).toBe('edit-questions');
  });
});

describe('transcript status', () => {
  it('is ready with a character count above 200 characters, needed otherwise', () => {
    expect(transcriptStatus('x'.repeat(200))).toEqual({ ready: false, label: 'Transcript needed' });
    expect(transcriptStatus(`  ${'x'.repeat(201)}  `)).toEqual({ ready: true, label: 'Transcript ready (201 characters)' });
    expect(transcriptStatus('x'.repeat(1234)).label).toBe('Transcript ready (1,234 characters)');
  });

  it('names the format the server will read', () => {
    expect(describeTranscript('  ')).toBeNull();
    expect(describeTranscript('0:00\nHello there\n0:05\nThe water cycle')).toBe('YouTube transcript with timestamps · 2 timed lines');
    expect(describeTranscript('1\n00:00:01,000 --> 00:00:03,000\nHello\n')).toBe('SRT captions · 1 timed line');
    expect(describeTranscript('Just words here')).toMatch(/^Plain text/);
  });
});

describe('generation', () => {
  const settings = DEFAULT_WIZARD_SETTINGS;

  it('asks for a question type first', () => {
    expect(generationProblem({ selected: YOUTUBE, transcript: LONG, settings: { ...settings, questionTypes: [] } })?.title).toBe(
      'Select at least one question type',
    );
  });

  it('says Missing Content without a video and without a transcript', () => {
    expect(generationProblem({ selected: null, transcript: '  ', settings })).toMatchObject({
      title: 'Missing Content',
      description: 'Please add a video or transcript content first',
    });
  });

  it('says Add Transcript First for a transcript of 50 characters or fewer, with or without a video', () => {
    expect(generationProblem({ selected: YOUTUBE, transcript: '', settings })?.title).toBe('Add Transcript First');
    expect(generationProblem({ selected: null, transcript: 'x'.repeat(50), settings })?.title).toBe('Add Transcript First');
    expect(generationProblem({ selected: null, transcript: 'x'.repeat(51), settings })).toBeNull();
    expect(generationProblem({ selected: YOUTUBE, transcript: LONG, settings })).toBeNull();
  });

  it("sends the link twice (youtubeUrl and videoUrl), the title, YouTube's length and the count capped at 8", () => {
    const body = generationRequest(YOUTUBE, `  ${LONG}  `, { ...settings, interactionCount: 20, questionTypes: ['fillGap', 'single'], questionsPerChapter: 3 });
    expect(body).toEqual({
      youtubeUrl: LINK,
      videoUrl: LINK,
      title: 'The water cycle',
      duration: 252,
      transcript: LONG.trim(),
      interactionCount: 8,
      questionTypes: ['fillGap', 'single'],
      questionsPerTopic: 3,
      questionsPerChapter: 3,
      feedbackEnabled: true,
      animationsEnabled: true,
      detailedSummary: false,
      smartTopicReturn: true,
    });
  });

  it('sends videoId for an upload, nothing for a transcript-only lesson, and videoId for a retry', () => {
    const upload = generationRequest(UPLOAD, LONG, settings);
    expect(upload.videoId).toBe(42);
    expect(upload.youtubeUrl).toBeUndefined();
    const plain = generationRequest(null, LONG, settings);
    expect(plain).not.toHaveProperty('videoId');
    expect(plain).not.toHaveProperty('youtubeUrl');
    const retry = generationRequest(YOUTUBE, LONG, settings, 9);
    expect(retry.videoId).toBe(9);
    expect(retry.youtubeUrl).toBeUndefined();
  });

  it("sends the length the wizard knows (YouTube's, or the file's metadata), on a retry too, and never a guess", () => {
    expect(generationRequest(YOUTUBE, LONG, settings, 9).duration).toBe(252);
    expect(generationRequest({ ...UPLOAD, durationSeconds: 95.48 }, LONG, settings)).toMatchObject({ videoId: 42, duration: 95.48 });
    expect(generationRequest(UPLOAD, LONG, settings)).not.toHaveProperty('duration');
    expect(generationRequest(null, LONG, settings)).not.toHaveProperty('duration');
    expect(generationRequest(videoFromLinkOnly('dQw4w9WgXcQ', LINK, 'offline'), LONG, settings)).not.toHaveProperty('duration');
    for (const bad of [null, 0, 0.4, Number.NaN, Number.POSITIVE_INFINITY, 86_401]) {
      expect(durationToSend({ ...UPLOAD, durationSeconds: bad })).toBeUndefined();
      expect(durationToSend({ ...YOUTUBE, durationSeconds: bad })).toBeUndefined();
    }
    expect(durationToSend({ ...YOUTUBE, durationSeconds: 86_400 })).toBe(86_400);
    expect(durationToSend(null)).toBeUndefined();
  });

  it('tells selections apart so a retry reuses only the same one', () => {
    expect(selectionKey(null)).toBe('transcript');
    expect(selectionKey(YOUTUBE)).toBe('youtube:dQw4w9WgXcQ');
    expect(selectionKey(UPLOAD)).toBe('upload:42');
  });
});

describe('selected videos', () => {
  it('takes the details of a search result', () => {
    const result: YouTubeSearchResult = {
      id: 'stubVid0002',
      title: 'Photosynthesis Explained',
      url: 'https://www.youtube.com/watch?v=stubVid0002',
      thumbnails: { high: { url: 'https://i.ytimg.com/vi/stubVid0002/hqdefault.jpg' }, medium: { url: 'm' }, default: { url: 'd' } },
      channelTitle: 'Science Class',
      duration: '8:45',
      durationSeconds: 525,
      viewCount: '2048000',
      description: '',
      publishedAt: null,
    };
    expect(videoFromSearchResult(result)).toMatchObject({
      youtubeId: 'stubVid0002',
      title: 'Photosynthesis Explained',
      duration: '8:45',
      durationSeconds: 525,
      thumbnail: 'https://i.ytimg.com/vi/stubVid0002/hqdefault.jpg',
      detailsNote: null,
    });
    expect(videoFromSearchResult({ ...result, durationSeconds: null, duration: '0:00' })).toMatchObject({ duration: null, durationSeconds: null });
  });

  it('says the details are not available for a link-only lookup, without inventing any', () => {
    const video = videoFromLookup({
      id: 'dQw4w9WgXcQ',
      url: LINK,
      title: null,
      channelTitle: null,
      duration: null,
      durationSeconds: null,
      viewCount: null,
      description: null,
      thumbnail: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
      source: 'link',
    });
    expect(video).toMatchObject({ title: null, channelTitle: null, duration: null, durationSeconds: null, viewCount: null, detailsNote: DETAILS_NOT_CONFIGURED });
  });
});

describe('formatting and share codes', () => {
  it('formats views and sizes', () => {
    expect(formatViews('1523400')).toBe('1,523,400 views');
    expect(formatViews('1')).toBe('1 view');
    expect(formatViews(null)).toBeNull();
    expect(formatViews('')).toBeNull();
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(25 * 1024 * 1024)).toBe('25 MB');
  });

  it('builds the player URL and a 100% × 600 embed with an escaped title', () => {
    expect(playerUrl('https://veolearn.app', 7)).toBe('https://veolearn.app/player/7');
    const code = embedCode('https://veolearn.app', 7, 'Salt & "pepper" <b>');
    expect(code).toContain('src="https://veolearn.app/embed/7"');
    expect(code).toContain('width="100%" height="600"');
    expect(code).toContain('title="Salt &amp; &quot;pepper&quot; &lt;b>"');
  });
});

describe('generationSummary', () => {
  it('says how many questions are ready and what the writer could not do', () => {
    expect(generationSummary({ questionCount: 1 })).toBe('1 question is ready to review.');
    const text = generationSummary({
      questionCount: 7,
      notes: [
        { code: 'type_substituted', message: 'No ordering question: the transcript describes no sequence of steps or dated events.' },
        { code: 'extra_per_chapter', message: 'Some chapters have up to 2 questions.' },
      ],
    });
    expect(text).toBe('7 questions are ready to review. No ordering question: the transcript describes no sequence of steps or dated events.');
  });
});

describe('a video already in the library (the dashboard\'s "Generate questions")', () => {
  const LIBRARY = { id: 12, title: 'Cells', type: 'youtube', youtubeId: 'dQw4w9WgXcQ', url: LINK, thumbnailUrl: null, duration: 75 };

  it('is generated for by its id, never as a new video, with the title typed in the wizard', () => {
    const selected = videoFromLibrary(LIBRARY);
    expect(selected).toMatchObject({ kind: 'youtube', existingVideoId: 12, title: 'Cells', duration: '1:15', durationSeconds: 75 });
    expect(libraryVideoId(selected)).toBe(12);
    expect(selectionKey(selected)).toBe('library:12');
    expect(initialLessonTitle(selected)).toBe('Cells');
    const body = generationRequest(selected, 'x'.repeat(80), DEFAULT_WIZARD_SETTINGS, null, 'Cells and tissues');
    expect(body).toMatchObject({ videoId: 12, duration: 75 });
    expect(body).not.toHaveProperty('youtubeUrl');
  });

  it('an uploaded library video is an upload without a known size', () => {
    const selected = videoFromLibrary({ ...LIBRARY, type: 'upload', youtubeId: null, url: '/api/media/12', filename: 'cells.mp4', mediaUrl: '/api/media/12' });
    expect(selected).toMatchObject({ kind: 'upload', videoId: 12, filename: 'cells.mp4', sizeBytes: null });
    expect(libraryVideoId(selected)).toBe(12);
  });

  it('a new YouTube video or a transcript alone sends the typed title', () => {
    expect(generationRequest(YOUTUBE, 'x'.repeat(80), DEFAULT_WIZARD_SETTINGS, null, '  My own title  ')).toMatchObject({ title: 'My own title', youtubeUrl: LINK });
    expect(generationRequest(null, 'x'.repeat(80), DEFAULT_WIZARD_SETTINGS, null, 'Water cycle')).toMatchObject({ title: 'Water cycle' });
    expect(generationRequest(null, 'x'.repeat(80), DEFAULT_WIZARD_SETTINGS)).not.toHaveProperty('title');
    expect(libraryVideoId(YOUTUBE)).toBeNull();
  });
});
